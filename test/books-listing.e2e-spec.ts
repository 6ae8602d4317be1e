import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiKeysService } from '../src/auth/api-keys.service';
import type { JobStatus } from '../src/jobs/entities/book-job.entity';
import { Customer, startTestApp, TestApp } from './support/test-app';

interface StoredJob {
  id: string;
  /** A PostgreSQL timestamptz literal: microseconds are kept, as the service stores them. */
  createdAt: string;
  status: JobStatus;
}

/** Issue 15: GET /v1/books lists a key's (or its account's) jobs, newest first, a page at a time. */
describe('GET /v1/books', () => {
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    // No workers: stored jobs keep the status a test gives them.
    t = await startTestApp({ ROLE: 'api' });
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const list = (apiKey: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/v1/books${query}`, headers: { 'x-api-key': apiKey } });

  /** Another key of the customer's account, with its id. */
  const secondKey = (customer: Customer) =>
    t.app.get(ApiKeysService, { strict: false }).create({ accountId: customer.accountId, name: 'second key' });

  /** Stores jobs as admission and the worker would leave them, with the creation times a test needs. */
  async function storeJobs(
    owner: { accountId: string; keyId: string },
    jobs: Array<{ createdAt: string; status?: JobStatus }>,
  ): Promise<StoredJob[]> {
    const stored = jobs.map((job) => ({ id: randomUUID(), createdAt: job.createdAt, status: job.status ?? 'queued' }));
    await dataSource.query(
      `INSERT INTO book_jobs (id, account_id, api_key_id, status, progress, messages, parameters,
                              credits_reserved, credits_used, error, created_at, completed_at)
       SELECT job.id, $1, $2, job.status,
              CASE job.status WHEN 'completed' THEN 100 WHEN 'processing' THEN 40 ELSE 0 END,
              ARRAY['Request accepted and queued'], '{}'::jsonb, 250,
              CASE job.status WHEN 'completed' THEN 262 ELSE 0 END,
              CASE job.status WHEN 'failed' THEN 'Insufficient credits' END,
              job.created_at,
              CASE WHEN job.status IN ('completed', 'failed') THEN job.created_at + interval '3 minutes' END
         FROM unnest($3::uuid[], $4::varchar[], $5::timestamptz[]) AS job(id, status, created_at)`,
      [
        owner.accountId,
        owner.keyId,
        stored.map((job) => job.id),
        stored.map((job) => job.status),
        stored.map((job) => job.createdAt),
      ],
    );
    return stored;
  }

  /** created_at DESC, id DESC, as the listing promises (PostgreSQL orders UUIDs as their lowercase hex). */
  const newestFirst = (jobs: StoredJob[]): string[] =>
    [...jobs]
      .sort((a, b) => compareTimestamps(b.createdAt, a.createdAt) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
      .map((job) => job.id);

  /** Follows nextStartingAfter to the end; every page but the last says hasMore. */
  async function allPages(apiKey: string, query: string): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(apiKey, `?${query}${cursor ? `&starting_after=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      pages += 1;
      ids.push(...page.data.map((job: { requestId: string }) => job.requestId));
      if (page.hasMore) {
        expect(page.nextStartingAfter).toBe(page.data.at(-1).requestId);
      } else {
        expect(page.nextStartingAfter).toBeNull();
      }
      cursor = page.nextStartingAfter;
      if (pages > 100) throw new Error('the listing does not end');
    } while (cursor);
    return { ids, pages };
  }

  it("lists the calling key's jobs newest first, each exactly as GET /v1/status answers it", async () => {
    const customer = await t.createCustomer();
    const other = await secondKey(customer);
    const jobs = await storeJobs(customer, [
      { createdAt: '2026-01-01T10:00:00Z', status: 'completed' },
      { createdAt: '2026-01-01T11:00:00Z', status: 'failed' },
      { createdAt: '2026-01-01T12:00:00Z', status: 'processing' },
      { createdAt: '2026-01-01T13:00:00Z', status: 'queued' },
    ]);
    await storeJobs({ accountId: customer.accountId, keyId: other.keyId }, [{ createdAt: '2026-01-01T12:30:00Z' }]);

    const response = await list(customer.apiKey);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((job: { requestId: string }) => job.requestId)).toEqual(newestFirst(jobs));
    expect(body).toMatchObject({ hasMore: false, nextStartingAfter: null });
    for (const item of body.data) {
      const status = await t.app.inject({ method: 'GET', url: `/v1/status/${item.requestId}` });
      expect(item).toEqual(status.json());
    }
    expect(body.data[3]).toMatchObject({ status: 'completed', resultUrl: expect.stringContaining('/download/') });
    expect(body.data[2]).toMatchObject({ status: 'failed', error: 'Insufficient credits' });
  });

  it('lists a job submitted through POST /v1/book', async () => {
    const customer = await t.createCustomer();
    const accepted = await t.submitBook(customer.apiKey, { prompt: 'A listed book' });
    expect(accepted.statusCode).toBe(202);
    const body = (await list(customer.apiKey)).json();
    expect(body.data).toEqual([expect.objectContaining({ requestId: accepted.json().requestId, status: 'queued' })]);
  });

  it('pages through jobs sharing a creation time, microseconds apart, with no duplicate and no gap', async () => {
    const customer = await t.createCustomer();
    // 24 jobs in one instant and 12 a microsecond apart: a cursor that lost its microseconds would skip or repeat.
    const jobs = await storeJobs(customer, [
      ...Array.from({ length: 24 }, () => ({ createdAt: '2026-02-01T00:00:00.000000Z' })),
      ...Array.from({ length: 12 }, (_, i) => ({ createdAt: `2026-02-01T00:00:00.00000${(i % 3) + 1}Z` })),
      ...Array.from({ length: 5 }, (_, i) => ({ createdAt: `2026-01-${10 + i}T00:00:00Z` })),
    ]);

    const { ids, pages } = await allPages(customer.apiKey, 'limit=7');
    expect(ids).toEqual(newestFirst(jobs));
    expect(pages).toBe(6);
  });

  it('answers 20 jobs by default and at most 100', async () => {
    const customer = await t.createCustomer();
    await storeJobs(
      customer,
      Array.from({ length: 105 }, (_, i) => ({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })),
    );
    const first = (await list(customer.apiKey)).json();
    expect(first.data).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const full = (await list(customer.apiKey, '?limit=100')).json();
    expect(full.data).toHaveLength(100);
    expect(full.hasMore).toBe(true);
    const rest = (await list(customer.apiKey, `?limit=100&starting_after=${full.nextStartingAfter}`)).json();
    expect(rest.data).toHaveLength(5);
    expect(rest).toMatchObject({ hasMore: false, nextStartingAfter: null });
  });

  it('filters by status, across pages', async () => {
    const customer = await t.createCustomer();
    const statuses: JobStatus[] = ['queued', 'processing', 'completed', 'failed'];
    const jobs = await storeJobs(
      customer,
      Array.from({ length: 22 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 2, 1, i)).toISOString(),
        status: statuses[i % 4]!,
      })),
    );
    for (const status of statuses) {
      const { ids } = await allPages(customer.apiKey, `status=${status}&limit=2`);
      expect(ids).toEqual(newestFirst(jobs.filter((job) => job.status === status)));
    }
  });

  it('filters by creation time, both bounds exclusive, offsets honoured', async () => {
    const customer = await t.createCustomer();
    const [jan1, jan2, jan3, jan4] = await storeJobs(customer, [
      { createdAt: '2026-01-01T00:00:00Z' },
      { createdAt: '2026-01-02T00:00:00Z' },
      { createdAt: '2026-01-03T00:00:00Z' },
      { createdAt: '2026-01-04T00:00:00Z' },
    ]);
    const ids = async (query: string) =>
      (await list(customer.apiKey, query)).json().data.map((job: { requestId: string }) => job.requestId);

    expect(await ids('?created_after=2026-01-02T00:00:00Z')).toEqual([jan4!.id, jan3!.id]);
    expect(await ids('?created_before=2026-01-03T00:00:00.000Z')).toEqual([jan2!.id, jan1!.id]);
    // 2026-01-02T01:00:00+01:00 is 2026-01-02T00:00:00Z.
    expect(await ids('?created_after=2026-01-01T12:00:00Z&created_before=2026-01-02T01:00:00%2B01:00')).toEqual([]);
    expect(await ids('?created_after=2026-01-01T12:00:00Z&created_before=2026-01-03T12:00:00Z')).toEqual([
      jan3!.id,
      jan2!.id,
    ]);
    expect(await ids('?created_after=2026-01-03T00:00:00Z&created_before=2026-01-01T00:00:00Z')).toEqual([]);
  });

  it('scope=key leaves out the other keys of the account; scope=account includes them, never another account', async () => {
    const customer = await t.createCustomer();
    const other = await secondKey(customer);
    const stranger = await t.createCustomer();
    const mine = await storeJobs(customer, [
      { createdAt: '2026-04-01T00:00:00Z' },
      { createdAt: '2026-04-03T00:00:00Z', status: 'completed' },
    ]);
    const colleague = await storeJobs({ accountId: customer.accountId, keyId: other.keyId }, [
      { createdAt: '2026-04-02T00:00:00Z' },
      { createdAt: '2026-04-04T00:00:00Z', status: 'completed' },
    ]);
    await storeJobs(stranger, [{ createdAt: '2026-04-02T12:00:00Z' }, { createdAt: '2026-04-05T00:00:00Z' }]);

    expect((await allPages(customer.apiKey, 'limit=1')).ids).toEqual(newestFirst(mine));
    expect((await allPages(customer.apiKey, 'scope=key&limit=1')).ids).toEqual(newestFirst(mine));
    expect((await allPages(other.apiKey, 'limit=1')).ids).toEqual(newestFirst(colleague));
    const account = newestFirst([...mine, ...colleague]);
    expect((await allPages(customer.apiKey, 'scope=account&limit=1')).ids).toEqual(account);
    expect((await allPages(other.apiKey, 'scope=account&limit=3')).ids).toEqual(account);
    expect((await allPages(customer.apiKey, 'scope=account&status=completed')).ids).toEqual(
      newestFirst([mine[1]!, colleague[1]!]),
    );
  });

  it('refuses a starting_after that is not a job of the listing: 400 naming starting_after', async () => {
    const customer = await t.createCustomer();
    const other = await secondKey(customer);
    const stranger = await t.createCustomer();
    const [colleagueJob] = await storeJobs({ accountId: customer.accountId, keyId: other.keyId }, [
      { createdAt: '2026-05-02T00:00:00Z' },
    ]);
    const [strangerJob] = await storeJobs(stranger, [{ createdAt: '2026-05-01T00:00:00Z' }]);
    const [mine] = await storeJobs(customer, [{ createdAt: '2026-05-03T00:00:00Z' }]);

    for (const query of [
      `?starting_after=${strangerJob!.id}`,
      `?starting_after=${strangerJob!.id}&scope=account`,
      `?starting_after=${colleagueJob!.id}`,
      `?starting_after=${randomUUID()}`,
    ]) {
      const response = await list(customer.apiKey, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
      expect(response.json().error).toContain('starting_after');
    }
    // Another key's job is a valid cursor of the account's listing, and the page after it holds the older jobs.
    const after = await list(customer.apiKey, `?scope=account&starting_after=${colleagueJob!.id.toUpperCase()}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toEqual([]);
    const afterMine = await list(customer.apiKey, `?scope=account&starting_after=${mine!.id}`);
    expect(afterMine.json().data.map((job: { requestId: string }) => job.requestId)).toEqual([colleagueJob!.id]);
  });

  it.each([
    ['status', '?status=done'],
    ['status', '?status='],
    ['status', '?status=queued&status=failed'],
    ['limit', '?limit=0'],
    ['limit', '?limit=101'],
    ['limit', '?limit=abc'],
    ['limit', '?limit=2.5'],
    ['limit', '?limit=-1'],
    ['limit', '?limit='],
    ['created_after', '?created_after=yesterday'],
    ['created_after', '?created_after=2026-01-01'],
    ['created_after', '?created_after=2026-01-01T00:00:00'],
    ['created_before', '?created_before=2026-13-01T00:00:00Z'],
    ['created_before', '?created_before=2026-02-30T00:00:00Z'],
    ['starting_after', '?starting_after=not-a-uuid'],
    ['scope', '?scope=all'],
    ['sort', '?sort=asc'],
    ['api_key', '?api_key=bk_live_x'],
  ])('answers 400 INVALID_PARAMETER naming %s for %s', async (name, query) => {
    const customer = await t.createCustomer();
    const response = await list(customer.apiKey, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({
      success: false,
      error: expect.any(String),
      details: expect.any(String),
      errorCode: 'INVALID_PARAMETER',
    });
    expect(body.error).toContain(`'${name}'`);
  });

  it('names every bad parameter of a request in one answer', async () => {
    const customer = await t.createCustomer();
    const body = (await list(customer.apiKey, '?limit=0&scope=all&colour=red')).json();
    expect(body.errorCode).toBe('INVALID_PARAMETER');
    for (const name of ['limit', 'scope', 'colour']) expect(body.details).toContain(`'${name}'`);
  });

  it('answers 401 without a key, 403 for a revoked key and for a key without usage:read', async () => {
    const customer = await t.createCustomer();
    const missing = await t.app.inject({ method: 'GET', url: '/v1/books' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'AUTH_REQUIRED' });

    const writeOnly = await t.createKey(customer.accountId, { scopes: ['books:write'] });
    const unscoped = await list(writeOnly);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });

    expect((await list(customer.apiKey)).statusCode).toBe(200);
    await t.app.get(ApiKeysService, { strict: false }).revoke(customer.keyId);
    const revoked = await list(customer.apiKey);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', error: 'API key revoked' });
  });

  it('is not rate-limited and uses none of the POST /v1/book allowance', async () => {
    const customer = await t.createCustomer({ key: { dailyLimit: 1, minIntervalSeconds: 60 } });
    for (let i = 0; i < 20; i += 1) {
      const response = await list(customer.apiKey);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
    const accepted = await t.submitBook(customer.apiKey);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers['ratelimit-remaining']).toBe('0');
  });
});

/** Compares timestamptz literals by their instant, to the microsecond. */
function compareTimestamps(a: string, b: string): number {
  const micros = (text: string): bigint => {
    const [, seconds, fraction = ''] = /^(.*?:\d{2})(?:\.(\d+))?Z$/.exec(text)!;
    return BigInt(Date.parse(`${seconds}Z`)) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  };
  const difference = micros(a) - micros(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
