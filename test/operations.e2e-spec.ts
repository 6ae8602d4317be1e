import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { ReconcilerService } from '../src/worker/reconciler.service';
import { startTestApp, TestApp, waitForTerminal } from './support/test-app';

/** Issue 7 (Observe): health, metrics, request ids; and the reconciler's deadline. */
describe('Operations endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up', queues: 'up' } });
  });

  it('exposes Prometheus metrics for requests, jobs, queues, webhooks and credits', async () => {
    const customer = await t.createCustomer();
    const accepted = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
    const status = await waitForTerminal(t.app, accepted.json().requestId);
    await t.app.inject({ method: 'GET', url: `/v1/status/${status.requestId}` });

    // A job's counters move just after its terminal commit, which the status can already show: scrape until they do.
    let response = await t.app.inject({ method: 'GET', url: '/metrics' });
    const counted = (body: string) =>
      [
        /scriptorium_jobs_finished_total\{status="completed"\} [1-9]/,
        /scriptorium_credits_charged_total [1-9]/,
        /scriptorium_generation_duration_seconds_count\{model="2.0",type="automatic"\} [1-9]/,
      ].every((pattern) => pattern.test(body));
    for (let tries = 0; tries < 100 && !counted(response.body); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await t.app.inject({ method: 'GET', url: '/metrics' });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/scriptorium_http_requests_total\{route="\/v1\/book",method="POST",status="202"\} \d+/);
    expect(text).toMatch(
      /scriptorium_http_requests_total\{route="\/v1\/status\/:requestId",method="GET",status="200"\} \d+/,
    );
    expect(text).toContain('scriptorium_http_request_duration_seconds_bucket');
    expect(text).toMatch(/scriptorium_jobs_finished_total\{status="completed"\} [1-9]/);
    expect(text).toMatch(/scriptorium_generation_duration_seconds_count\{model="2.0",type="automatic"\} [1-9]/);
    expect(text).toMatch(/scriptorium_credits_charged_total [1-9]/);
    expect(text).toMatch(/scriptorium_jobs\{state="queued"\} \d+/);
    expect(text).toMatch(/scriptorium_queue_depth\{queue="book-generation",state="waiting"\} \d+/);
    expect(text).toMatch(/scriptorium_queue_oldest_waiting_seconds\{queue="book-generation"\} [\d.]+/);
    expect(text).toContain('scriptorium_webhook_attempts_total');
    expect(text).not.toContain(status.requestId);
  });

  it('answers every request with an X-Request-Id, keeping a well-formed one the client sent', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/v1/models' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/v1/models',
      headers: { 'x-request-id': 'client-trace-42' },
    });
    expect(kept.headers['x-request-id']).toBe('client-trace-42');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves a finished job from memory: a later poll does not touch the database', async () => {
    const customer = await t.createCustomer();
    const accepted = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
    const finished = await waitForTerminal(t.app, accepted.json().requestId);
    const books = t.app.get(JobsRepository, { strict: false });
    const lookup = jest.spyOn(books, 'findById');
    try {
      const again = await t.app.inject({ method: 'GET', url: `/v1/status/${finished.requestId}` });
      expect(again.json()).toEqual(finished);
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });
});

describe('Reconciler deadline', () => {
  it('fails a job stuck past the deadline with a clear error, a refund and its webhook', async () => {
    const api = await startTestApp({ ROLE: 'api', REDIS_PREFIX: `test-deadline-${randomBytes(4).toString('hex')}` });
    const worker = await startTestApp({
      ROLE: 'worker',
      REDIS_PREFIX: `test-deadline-w-${randomBytes(4).toString('hex')}`,
      JOB_DEADLINE_MINUTES: '1',
    });
    try {
      const customer = await api.createCustomer({ credits: 500 });
      const accepted = await api.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      const requestId = accepted.json().requestId;
      await api.app
        .get(DataSource)
        .query(`UPDATE book_jobs SET created_at = now() - interval '2 minutes' WHERE id = $1`, [requestId]);

      await worker.app.get(ReconcilerService).reconcile(30);
      const status = (await api.app.inject({ method: 'GET', url: `/v1/status/${requestId}` })).json();
      expect(status).toMatchObject({
        status: 'failed',
        creditsUsed: 0,
        error: 'Generation did not finish within 1 minutes',
      });
      const [{ credit_balance }] = await api.app
        .get(DataSource)
        .query('SELECT credit_balance FROM accounts WHERE id = $1', [customer.accountId]);
      expect(Number(credit_balance)).toBe(500);
    } finally {
      await worker.close();
      await api.close();
    }
  });
});
