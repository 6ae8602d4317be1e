import { DataSource } from 'typeorm';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { JobListingQuery, JobListingRepository } from '../src/jobs/job-listing.repository';
import { Customer, startTestApp, TestApp } from './support/test-app';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** What one page of the listing cost PostgreSQL. */
interface PageCost {
  /** Index entries the scans returned, and rows a filter then threw away: what the page examined. */
  rowsExamined: number;
  /** Shared buffers touched, whether cached or read. */
  buffers: number;
  indexes: string[];
  nodeTypes: string[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

const LIMIT = 20;
/** limit + 1 entries from each of the four statuses' ranges, and the cursor's own row. */
const MAX_ROWS_EXAMINED = 4 * (LIMIT + 1) + 1;
/** A heap page per row examined at worst, and each of the five index lookups a root-to-leaf path and a next leaf. */
const MAX_BUFFERS = MAX_ROWS_EXAMINED + 5 * 5;

/**
 * Issue 15: a page of GET /v1/books is served through an index, at a cost that
 * does not grow with the history: a key with 100,000 jobs and a key with 60
 * stay within the same bounds, set by the limit alone, whatever the filters
 * and however deep the cursor. Measured in rows examined and buffers
 * (EXPLAIN ANALYZE), never in time.
 */
describe('GET /v1/books over a long history', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let listing: JobListingRepository;
  let large: Customer;
  let small: Customer;
  let largeColleagueKeyId: string;

  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
    dataSource = t.app.get(DataSource);
    listing = t.app.get(JobListingRepository, { strict: false });
    large = await t.createCustomer();
    small = await t.createCustomer();
    largeColleagueKeyId = (
      await t.app.get(ApiKeysService, { strict: false }).create({ accountId: large.accountId, name: 'colleague' })
    ).keyId;
    // 100,000 jobs of one key, every 10,000th failed and the newest few queued; a second key of the same
    // account with 1,000 more; and a short history of 60 jobs in the same shape for comparison.
    await storeHistory(large.accountId, large.keyId, 100_000);
    await storeHistory(large.accountId, largeColleagueKeyId, 1_000);
    await storeHistory(small.accountId, small.keyId, 60);
    await dataSource.query('ANALYZE book_jobs');
  }, 120_000);
  afterAll(() => t.close());

  async function storeHistory(accountId: string, keyId: string, count: number): Promise<void> {
    await dataSource.query(
      `INSERT INTO book_jobs (id, account_id, api_key_id, status, progress, parameters, credits_reserved, credits_used,
                              created_at, completed_at)
       SELECT gen_random_uuid(), $1, $2, kind.status, 0, '{}'::jsonb, 250, 0,
              timestamptz '2026-06-01T00:00:00Z' - make_interval(secs => g), NULL
         FROM generate_series(1, $3::int) AS g,
              LATERAL (SELECT CASE WHEN g % 10000 = 0 OR g = $3 THEN 'failed'
                                   WHEN g <= 3 THEN 'queued' ELSE 'completed' END AS status) AS kind`,
      [accountId, keyId, count],
    );
  }

  /** The id of the owner's n-th newest job: a cursor that deep into the history. */
  async function nthNewest(keyId: string, n: number): Promise<string> {
    const [{ id }] = await dataSource.query(
      `SELECT id FROM book_jobs WHERE api_key_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [keyId, n - 1],
    );
    return id;
  }

  async function pageCost(query: JobListingQuery): Promise<PageCost> {
    const [sql, parameters] = listing.pageStatement(query);
    const [{ 'QUERY PLAN': plans }] = await dataSource.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
      parameters,
    );
    const nodes = flatten(plans[0].Plan);
    const scans = nodes.filter((node) => node['Node Type'].includes('Index'));
    return {
      rowsExamined: scans.reduce(
        (sum, node) => sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
        0,
      ),
      buffers: plans[0].Plan['Shared Hit Blocks'] + plans[0].Plan['Shared Read Blocks'],
      indexes: [...new Set(scans.map((node) => node['Index Name']!))],
      nodeTypes: nodes.map((node) => node['Node Type']),
    };
  }

  /**
   * The same page for the long and the short history, both within bounds set
   * by the limit alone: at most limit + 1 index entries per status (and the
   * cursor's row), and a heap page per row plus a few index pages per scan.
   */
  async function expectHistoryIndependent(
    page: (owner: { customer: Customer; keyId: string }) => JobListingQuery | Promise<JobListingQuery>,
    index: string,
  ): Promise<void> {
    for (const owner of [
      { customer: large, keyId: large.keyId },
      { customer: small, keyId: small.keyId },
    ]) {
      const cost = await pageCost(await page(owner));
      expect(cost.nodeTypes).not.toContain('Seq Scan');
      expect(cost.indexes).toContain(index);
      expect(cost.rowsExamined).toBeLessThanOrEqual(MAX_ROWS_EXAMINED);
      expect(cost.buffers).toBeLessThanOrEqual(MAX_BUFFERS);
    }
  }

  it('holds a history far larger than a page may touch', async () => {
    const [{ pages }] = await dataSource.query(
      `SELECT count(DISTINCT (ctid::text::point)[0]) AS pages FROM book_jobs WHERE api_key_id = $1`,
      [large.keyId],
    );
    expect(Number(pages)).toBeGreaterThan(5 * MAX_BUFFERS);
  });

  it('reads the newest page of one key from idx_book_jobs_key_status_recent, as cheaply as for a short history', async () => {
    await expectHistoryIndependent(
      ({ customer, keyId }) => ({ accountId: customer.accountId, apiKeyId: keyId, limit: LIMIT }),
      'idx_book_jobs_key_status_recent',
    );
  });

  it('finds the rare failed jobs without walking past the completed ones', async () => {
    await expectHistoryIndependent(
      ({ customer, keyId }) => ({
        accountId: customer.accountId,
        apiKeyId: keyId,
        status: 'failed',
        limit: LIMIT,
      }),
      'idx_book_jobs_key_status_recent',
    );
  });

  it('continues from a cursor deep in the history at the cost of the first page', async () => {
    await expectHistoryIndependent(
      async ({ customer, keyId }) => ({
        accountId: customer.accountId,
        apiKeyId: keyId,
        startingAfter: await nthNewest(keyId, customer === large ? 50_000 : 30),
        limit: LIMIT,
      }),
      'idx_book_jobs_key_status_recent',
    );
  });

  it('reads an account page from idx_book_jobs_account_status_recent, with filters, at a bounded cost', async () => {
    await expectHistoryIndependent(
      ({ customer }) => ({
        accountId: customer.accountId,
        createdBefore: '2026-05-31T23:59:30Z',
        limit: LIMIT,
      }),
      'idx_book_jobs_account_status_recent',
    );
    await expectHistoryIndependent(
      ({ customer }) => ({ accountId: customer.accountId, status: 'queued', limit: LIMIT }),
      'idx_book_jobs_account_status_recent',
    );
  });

  it('answers the pages over HTTP', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/books${query}`, headers: { 'x-api-key': large.apiKey } })).json();
    const first = await get('?limit=100');
    expect(first.data).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    const failed = await get('?status=failed&limit=100');
    // Every 10,000th job of 100,000, the oldest among them.
    expect(failed.data).toHaveLength(10);
    expect(failed.hasMore).toBe(false);
    const account = await get('?scope=account&status=failed&limit=100');
    // The second key's 1,000 jobs add its oldest, failed.
    expect(account.data).toHaveLength(11);
  });
});
