import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { eventually } from './support/service-cluster';
import { Customer, startTestApp, TestApp } from './support/test-app';

/** Spec section 5 and DESIGN.md (Authentication) on both authenticated endpoints. */
describe('API key authentication', () => {
  let t: TestApp;
  let customer: Customer;

  beforeAll(async () => {
    t = await startTestApp();
    customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
  });
  afterAll(() => t.close());

  const endpoints = [
    { method: 'POST' as const, url: '/v1/book' },
    { method: 'GET' as const, url: '/v1/usage' },
  ];

  describe.each(endpoints)('$method $url', ({ method, url }) => {
    it('answers 401 AUTH_REQUIRED without the header', async () => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        error: 'API key required',
        details: expect.any(String),
        errorCode: 'AUTH_REQUIRED',
      });
    });

    it.each(['garbage', 'bk_live_short'])(
      'answers 401 AUTH_REQUIRED for a value that is not a key (%s)',
      async (key) => {
        const response = await t.app.inject({ method, url, headers: { 'x-api-key': key } });
        expect(response.statusCode).toBe(401);
        expect(response.json().errorCode).toBe('AUTH_REQUIRED');
      },
    );

    it('answers an unknown key id and a wrong secret alike: 401 AUTH_FAILED, the same body', async () => {
      const wrongSecret = customer.apiKey.slice(0, -4) + (customer.apiKey.endsWith('aaaa') ? 'bbbb' : 'aaaa');
      const unknownId = `bk_live_${'A'.repeat(12)}_${'b'.repeat(32)}`;
      const wrong = await t.app.inject({ method, url, headers: { 'x-api-key': wrongSecret } });
      const unknown = await t.app.inject({ method, url, headers: { 'x-api-key': unknownId } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ success: false, errorCode: 'AUTH_FAILED' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
    });
  });

  it('answers 403 FORBIDDEN once a key is revoked, immediately', async () => {
    const other = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    const before = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': other.apiKey } });
    expect(before.statusCode).toBe(200);

    await t.app.get(ApiKeysService, { strict: false }).revoke(other.keyId);

    for (const request of endpoints) {
      const response = await t.app.inject({ ...request, headers: { 'x-api-key': other.apiKey } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    }
  });

  it('refuses a key revoked by another process at once, even where the key is read from memory', async () => {
    const other = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    // The submission route reads keys from memory: this one is now remembered.
    expect((await t.submitBook(other.apiKey)).statusCode).toBe(202);
    // The console (another process) revokes it: this process's memory is not told.
    await t.app.get(DataSource).query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [other.keyId]);

    const refused = await t.submitBook(other.apiKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', error: 'API key revoked' });
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': other.apiKey } });
    expect(usage.statusCode).toBe(403);
    // Nothing was stored, charged or counted for the refused request.
    const [{ jobs }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS jobs FROM book_jobs WHERE api_key_id = $1`, [other.keyId]);
    expect(jobs).toBe(1);
    const [{ total_requests }] = await t.app
      .get(DataSource)
      .query(`SELECT total_requests FROM api_key_usage WHERE api_key_id = $1`, [other.keyId]);
    expect(Number(total_requests)).toBe(1);
    expect(refused.headers['ratelimit-remaining']).toBe('14');
  });

  it('says "Account suspended" for a remembered key whose account another process suspended', async () => {
    const other = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    expect((await t.submitBook(other.apiKey)).statusCode).toBe(202);
    await t.app.get(DataSource).query(`UPDATE accounts SET suspended_at = now() WHERE id = $1`, [other.accountId]);

    const refused = await t.submitBook(other.apiKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN', error: 'Account suspended' });
    const [{ jobs }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS jobs FROM book_jobs WHERE api_key_id = $1`, [other.keyId]);
    expect(jobs).toBe(1);
  });

  it('admits nothing for an account suspended while its admission waits for the account lock', async () => {
    const other = await t.createCustomer();
    const db = t.app.get(DataSource);
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      // Another transaction holds the account row (a concurrent admission or settlement would): the admission checks
      // the key, then waits for the row, and the suspension commits meanwhile.
      await holder.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [other.accountId]);
      const job = {
        id: randomUUID(),
        accountId: other.accountId,
        apiKeyId: other.keyId,
        webhookUrl: null,
        estimatedCost: 100,
        parameters: {
          prompt: 'Too late',
          style: 'automatic' as const,
          type: 'automatic' as const,
          images: false,
          author: 'x',
          customTone: '',
          model: '2.0' as const,
          outputFormat: 'txt' as const,
        },
      };
      const admission = t.app.get(JobsRepository, { strict: false }).createQueuedBatch([job]);
      // Blocked by the holder itself: other suites' admissions may be waiting on locks of their own meanwhile.
      const [{ pid: holderPid }] = await holder.query(`SELECT pg_backend_pid() AS pid`);
      await eventually('the admission to wait for the account row', async () => {
        const [{ waiting }] = await db.query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE $1 = ANY(pg_blocking_pids(pid)) AND query LIKE '%admit_book_jobs%'`,
          [holderPid],
        );
        return waiting > 0 || undefined;
      });
      await holder.query(`UPDATE accounts SET suspended_at = now() WHERE id = $1`, [other.accountId]);
      await holder.commitTransaction();

      await expect(admission).resolves.toEqual([{ reserved: false, refused: 'account_suspended' }]);
      const [{ jobs, holds }] = await db.query(
        `SELECT (SELECT count(*)::int FROM book_jobs WHERE id = $1) AS jobs,
                (SELECT count(*)::int FROM credit_ledger WHERE job_id = $1) AS holds`,
        [job.id],
      );
      expect({ jobs, holds }).toEqual({ jobs: 0, holds: 0 });
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('answers 403 FORBIDDEN for a key without the needed scope', async () => {
    const keys = t.app.get(ApiKeysService, { strict: false });
    const usageOnly = await keys.create({ accountId: customer.accountId, name: 'read only', scopes: ['usage:read'] });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'x-api-key': usageOnly.apiKey },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'FORBIDDEN', details: expect.stringContaining('books:write') });
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': usageOnly.apiKey } });
    expect(usage.statusCode).toBe(200);
  });

  it('checks the key before the body: an invalid body without a key is a 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ style: 'pirate' }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('never echoes the key in any answer', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
    expect(response.body).not.toContain(customer.apiKey);
  });

  it('needs no key for the public endpoints', async () => {
    for (const url of ['/v1/configuration', '/v1/models', '/v1/status/00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([200, 404]).toContain(response.statusCode);
      expect(response.statusCode).not.toBe(401);
    }
  });
});
