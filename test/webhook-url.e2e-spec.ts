import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import type { LookupFunction } from 'node:net';
import { DataSource } from 'typeorm';
import { QueueName } from '../src/queues/queue-names';
import { Customer, startTestApp, TestApp } from './support/test-app';

/**
 * `webhook_url` rules at submission (DESIGN.md, Webhooks; spec 6.4) through the
 * HTTP interface: only port 443 unless WEBHOOK_ALLOWED_PORTS says otherwise,
 * at most 2,048 characters, and a refused URL leaves nothing behind. The
 * hostile-URL table itself is the unit spec of WebhookUrlPolicy.
 */
describe('POST /v1/book webhook_url rules', () => {
  /** What a request may leave behind for one account: jobs, credit reservations, deliveries, queue entries. */
  const footprint = async (t: TestApp, customer: Customer) => {
    const [row] = await t.app.get(DataSource).query(
      `SELECT (SELECT count(*) FROM book_jobs WHERE account_id = $1)::int AS jobs,
              (SELECT count(*) FROM credit_ledger WHERE account_id = $1 AND kind = 'reserve')::int AS reservations,
              (SELECT count(*) FROM webhook_deliveries d JOIN book_jobs j ON j.id = d.job_id
                WHERE j.account_id = $1)::int AS deliveries`,
      [customer.accountId],
    );
    const counts = await t.app.get<Queue>(getQueueToken(QueueName.Generation), { strict: false }).getJobCounts();
    return { ...row, queued: counts.waiting + counts.active + counts.delayed };
  };

  const expectRefused = async (t: TestApp, customer: Customer, webhookUrl: string, details: RegExp) => {
    const response = await t.submitBook(customer.apiKey, { webhook_url: webhookUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid webhook_url',
      details: expect.stringMatching(details),
      errorCode: 'INVALID_WEBHOOK_URL',
    });
  };

  const expectAccepted = async (t: TestApp, customer: Customer, webhookUrl: string) => {
    const response = await t.submitBook(customer.apiKey, { webhook_url: webhookUrl });
    expect(response.statusCode).toBe(202);
  };

  /** API only, so an accepted job stays queued and the footprint counts exactly what was submitted. */
  const startApi = (settings: Record<string, string> = {}) => startTestApp({ ROLE: 'api', ...settings });

  /** Jobs left queued would be picked up by another suite's reconciler: end them. */
  const endQueuedJobs = (t: TestApp, customer: Customer) =>
    t.app.get(DataSource).query(
      `UPDATE book_jobs SET status = 'failed', error = 'test cleanup', completed_at = now()
          WHERE account_id = $1 AND status IN ('queued', 'processing')`,
      [customer.accountId],
    );

  describe('with the default settings (443 only)', () => {
    let t: TestApp;
    let customer: Customer;

    beforeAll(async () => {
      t = await startApi();
      customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 1_000 } });
    });
    afterAll(async () => {
      await endQueuedJobs(t, customer);
      await t.close();
    });

    it.each(['22', '6379', '8443', '80', '0', '65535'])(
      'refuses a webhook_url on port %s with 400 INVALID_WEBHOOK_URL naming the allowed ports, storing nothing',
      async (port) => {
        const before = await footprint(t, customer);
        await expectRefused(
          t,
          customer,
          `https://hooks.example.com:${port}/books`,
          new RegExp(`^webhook_url port ${port} is not allowed; allowed ports: 443$`),
        );
        expect(await footprint(t, customer)).toEqual(before);
      },
    );

    it('refuses a 5,000-character webhook_url with 400 INVALID_WEBHOOK_URL naming the limit, storing nothing', async () => {
      const before = await footprint(t, customer);
      const url = `https://hooks.example.com/${'a'.repeat(5_000 - 'https://hooks.example.com/'.length)}`;
      expect(url).toHaveLength(5_000);
      await expectRefused(t, customer, url, /^webhook_url must be at most 2048 characters$/);
      await expectRefused(t, customer, `${url.slice(0, 2_048)}b`, /at most 2048 characters/);
      expect(await footprint(t, customer)).toEqual(before);
    });

    it('accepts a public https webhook_url on 443, written or not, and one of exactly 2,048 characters', async () => {
      const before = await footprint(t, customer);
      await expectAccepted(t, customer, 'https://hooks.example.com/books');
      await expectAccepted(t, customer, 'https://hooks.example.com:443/books');
      const longest = `https://hooks.example.com/${'a'.repeat(2_048 - 'https://hooks.example.com/'.length)}`;
      expect(longest).toHaveLength(2_048);
      await expectAccepted(t, customer, longest);
      const after = await footprint(t, customer);
      expect(after.jobs).toBe(before.jobs + 3);
      expect(after.queued).toBe(before.queued + 3);
    });
  });

  describe('with WEBHOOK_ALLOWED_PORTS=443,8443', () => {
    let t: TestApp;
    let customer: Customer;

    beforeAll(async () => {
      t = await startApi({ WEBHOOK_ALLOWED_PORTS: '443,8443' });
      customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 1_000 } });
    });
    afterAll(async () => {
      await endQueuedJobs(t, customer);
      await t.close();
    });

    it('accepts the listed ports and refuses any other, naming the list', async () => {
      await expectAccepted(t, customer, 'https://hooks.example.com:8443/books');
      await expectAccepted(t, customer, 'https://hooks.example.com/books');
      const before = await footprint(t, customer);
      await expectRefused(
        t,
        customer,
        'https://hooks.example.com:8080/books',
        /^webhook_url port 8080 is not allowed; allowed ports: 443, 8443$/,
      );
      expect(await footprint(t, customer)).toEqual(before);
    });
  });

  describe('at delivery', () => {
    it('does not call a stored webhook_url whose port WEBHOOK_ALLOWED_PORTS no longer allows, and records why', async () => {
      // Should the port check be missing, the client would still find only loopback here and refuse: no network.
      const loopbackOnly = ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as LookupFunction;
      const t = await startTestApp(
        { WEBHOOK_ALLOWED_PORTS: '443', WEBHOOK_RETRY_DELAYS_SECONDS: '1' },
        { webhookLookup: loopbackOnly },
      );
      const generation = t.app.get<Queue>(getQueueToken(QueueName.Generation), { strict: false });
      const database = t.app.get(DataSource);
      try {
        const customer = await t.createCustomer();
        // No worker takes the job while its queue is paused: it stays queued until cancelled.
        await generation.pause();
        const response = await t.submitBook(customer.apiKey, { webhook_url: 'https://hooks.example.com/books' });
        expect(response.statusCode).toBe(202);
        const requestId = response.json().requestId as string;
        // As if accepted under an earlier WEBHOOK_ALLOWED_PORTS that listed 6379.
        await database.query(`UPDATE book_jobs SET webhook_url = $2 WHERE id = $1`, [
          requestId,
          'https://hooks.example.com:6379/books',
        ]);
        const cancelled = await t.app.inject({
          method: 'POST',
          url: `/v1/book/${requestId}/cancel`,
          headers: { 'x-api-key': customer.apiKey },
        });
        expect(cancelled.statusCode).toBe(200);

        const deadline = Date.now() + 15_000;
        let attempts: Array<{ error: string | null; status_code: number | null }> = [];
        while (attempts.length < 2 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          attempts = await database.query(
            `SELECT a.error, a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
              WHERE d.job_id = $1 ORDER BY a.attempt_number`,
            [requestId],
          );
        }
        expect(attempts).toEqual([
          { status_code: null, error: 'webhook_url port 6379 is not allowed; allowed ports: 443' },
          { status_code: null, error: 'webhook_url port 6379 is not allowed; allowed ports: 443' },
        ]);
      } finally {
        await generation.resume();
        await t.close();
      }
    });
  });
});
