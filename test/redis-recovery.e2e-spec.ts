import { randomBytes } from 'node:crypto';
import { createIsolatedDatabase } from './support/isolated-database';
import { deleteRedisKeys, startTestApp, waitForTerminal } from './support/test-app';

/** DESIGN.md section 1: PostgreSQL is the source of truth, Redis is disposable. */
describe('A job survives the loss of Redis data', () => {
  it('is processed after its queue entry was wiped between submission and processing', async () => {
    const prefix = `test-recovery-${randomBytes(4).toString('hex')}`;
    // A database of its own: the reconciler re-queues every unfinished job it finds, and other suites leave some.
    const database = await createIsolatedDatabase('recovery');
    const api = await startTestApp({ ROLE: 'api', REDIS_PREFIX: prefix, DATABASE_URL: database.url });
    let worker: Awaited<ReturnType<typeof startTestApp>> | undefined;
    try {
      const customer = await api.createCustomer();
      const accepted = await api.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      expect(accepted.statusCode).toBe(202);
      const { requestId } = accepted.json();

      // An API-only process takes no jobs: the job waits, then Redis forgets it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await api.app.inject({ method: 'GET', url: `/v1/status/${requestId}` })).json().status).toBe('queued');
      await deleteRedisKeys(api.config.REDIS_URL, prefix);

      // A worker that starts afterwards finds the job in PostgreSQL.
      worker = await startTestApp({
        ROLE: 'worker',
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        RECONCILER_ENABLED: 'true',
        RECONCILER_INTERVAL_SECONDS: '2',
      });
      const status = await waitForTerminal(api.app, requestId, 100_000);
      expect(status.status).toBe('completed');
    } finally {
      await worker?.close();
      await api.close();
      await database.drop();
    }
  }, 120_000);
});
