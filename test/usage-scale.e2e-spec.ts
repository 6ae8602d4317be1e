import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Issue 3: GET /usage answers from indexed queries whose cost does not grow with the key's history. */
describe('GET /v1/usage over a long history', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('reads the 50 newest of 100,000 jobs with a bounded index scan and the totals from one row', async () => {
    const customer = await t.createCustomer();
    const dataSource = t.app.get(DataSource);
    await dataSource.query(
      `INSERT INTO book_jobs (id, account_id, api_key_id, status, progress, parameters, credits_reserved, credits_used, created_at, completed_at)
       SELECT gen_random_uuid(), $1, $2, 'completed', 100, '{}'::jsonb, 250, 250,
              now() - make_interval(secs => g), now() - make_interval(secs => g)
         FROM generate_series(1, 100000) AS g`,
      [customer.accountId, customer.keyId],
    );
    await dataSource.query(
      `INSERT INTO api_key_usage (api_key_id, total_requests, total_credits_used) VALUES ($1, 100000, 25000000)`,
      [customer.keyId],
    );
    await dataSource.query('ANALYZE book_jobs');

    const [{ 'QUERY PLAN': plans }] = await dataSource.query(
      `EXPLAIN (FORMAT JSON) SELECT id, status, created_at, credits_used FROM book_jobs
        WHERE api_key_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
      [customer.keyId],
    );
    const nodes = flatten(plans[0].Plan);
    expect(nodes[0]!['Node Type']).toBe('Limit');
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
    expect(nodes.some((node) => node['Node Type'] === 'Sort')).toBe(false);
    expect(nodes.find((node) => node['Index Name'] === 'idx_book_jobs_key_recent')?.['Scan Direction']).toBe(
      'Backward',
    );

    const response = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } });
    const body = response.json();
    expect(body.totalRequests).toBe(100_000);
    expect(body.totalCreditsUsed).toBe(25_000_000);
    expect(body.recentRequests).toHaveLength(50);
  });
});
