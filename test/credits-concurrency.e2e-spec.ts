import { DataSource } from 'typeorm';
import { GenerationProcessor } from '../src/worker/generation.processor';
import { CreditsService } from '../src/credits/credits.service';
import { startTestApp, TestApp, waitForTerminal } from './support/test-app';

/** Issue 3: money-like state stays exact under concurrency and redelivery. */
describe('Credits under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ GENERATION_CONCURRENCY: '8' });
  });
  afterAll(() => t.close());

  const ledgerOf = async (jobId: string) => {
    const rows: Array<{ kind: string; amount: string }> = await t.app
      .get(DataSource)
      .query('SELECT kind, amount FROM credit_ledger WHERE job_id = $1', [jobId]);
    return rows.map((row) => ({ kind: row.kind, amount: Number(row.amount) }));
  };

  it('40 concurrent submissions from 4 keys on a pool covering exactly 7 books: 7 complete, the rest fail, the balance is exact', async () => {
    const customer = await t.createCustomer({ credits: 7 * 250, key: { minIntervalSeconds: 0, dailyLimit: 100 } });
    const keys = [
      customer.apiKey,
      ...(await Promise.all(
        [1, 2, 3].map(() => t.createKey(customer.accountId, { minIntervalSeconds: 0, dailyLimit: 100 })),
      )),
    ];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': keys[i % 4]! } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(40).fill(202));

    const statuses = await Promise.all(responses.map((r) => waitForTerminal(t.app, r.json().requestId, 60_000)));
    const completed = statuses.filter((s) => s.status === 'completed');
    const failed = statuses.filter((s) => s.status === 'failed');
    expect(completed).toHaveLength(7);
    expect(failed).toHaveLength(33);
    for (const job of failed) expect(job).toMatchObject({ error: 'Insufficient credits', creditsUsed: 0 });

    const used = completed.reduce((sum, job) => sum + job.creditsUsed, 0);
    const balance = await t.app.get(CreditsService, { strict: false }).balance(customer.accountId);
    expect(balance).toBe(7 * 250 - used);
    expect(balance).toBeGreaterThanOrEqual(0);

    for (const job of statuses) {
      const ledger = await ledgerOf(job.requestId);
      expect(ledger.reduce((sum, row) => sum + row.amount, 0) + job.creditsUsed).toBe(0);
      // At most one row of each kind per job: the unique index holds.
      expect(new Set(ledger.map((row) => row.kind)).size).toBe(ledger.length);
    }
  });

  it("admits a key's new books while its earlier books finish (admission and settlement lock in one order)", async () => {
    // Admission and a finishing job both write the account row and the key's usage row: taken in opposite
    // orders they deadlock, and a submission answers 503. Waves of submissions overlap the completions.
    const customer = await t.createCustomer({ credits: 1_000_000, key: { minIntervalSeconds: 0, dailyLimit: 1_000 } });
    const accepted: string[] = [];
    for (let wave = 0; wave < 8; wave += 1) {
      const responses = await Promise.all(Array.from({ length: 6 }, () => t.submitBook(customer.apiKey)));
      expect(responses.map((r) => [r.statusCode, r.statusCode === 202 ? '' : r.body])).toEqual(
        Array(6).fill([202, '']),
      );
      accepted.push(...responses.map((r) => r.json().requestId as string));
    }
    const statuses = await Promise.all(accepted.map((id) => waitForTerminal(t.app, id, 60_000)));
    expect(statuses.filter((s) => s.status !== 'completed')).toEqual([]);
  });

  it('charges once when the same generation job is delivered twice at the same time', async () => {
    const api = await startTestApp({ ROLE: 'api' });
    try {
      const customer = await api.createCustomer({ credits: 1_000 });
      const accepted = await api.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      const requestId = accepted.json().requestId;

      // Two redeliveries of one queue entry, processed side by side by a worker.
      const processor = t.app.get(GenerationProcessor, { strict: false });
      const redelivery = { data: { jobId: requestId }, attemptsMade: 0, opts: { attempts: 3 } } as any;
      await Promise.all([processor.process(redelivery), processor.process(redelivery)]);
      await processor.process(redelivery);

      const status = await waitForTerminal(t.app, requestId);
      expect(status.status).toBe('completed');
      const ledger = await ledgerOf(requestId);
      expect(ledger.filter((row) => row.kind === 'charge')).toHaveLength(1);
      expect(ledger.filter((row) => row.kind === 'reserve')).toHaveLength(1);
      expect(ledger.reduce((sum, row) => sum + row.amount, 0) + status.creditsUsed).toBe(0);
      expect(await t.app.get(CreditsService, { strict: false }).balance(customer.accountId)).toBe(
        1_000 - status.creditsUsed,
      );
      const usage = (
        await api.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } })
      ).json();
      expect(usage.totalCreditsUsed).toBe(status.creditsUsed);
    } finally {
      await api.close();
    }
  });

  it('refuses a movement that would take the balance below zero at the database level', async () => {
    const customer = await t.createCustomer({ credits: 10 });
    await expect(
      t.app
        .get(DataSource)
        .query('UPDATE accounts SET credit_balance = credit_balance - 11 WHERE id = $1', [customer.accountId]),
    ).rejects.toThrow(/ck_accounts_credit_balance_non_negative/);
  });
});
