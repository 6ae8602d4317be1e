import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { estimateCost } from '../src/catalog/catalog';
import { CreditsService } from '../src/credits/credits.service';
import { GenerationMeter } from '../src/generation/generation-report';
import { startTestApp, TestApp } from './support/test-app';

type Command =
  | { kind: 'grant'; amount: number }
  | { kind: 'submit'; model: '2.0' | '3.0'; images: boolean; together: number }
  | { kind: 'complete'; job: number; priceFactor: number }
  | { kind: 'fail'; job: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 1_500 }) }),
  fc.record({
    kind: fc.constant('submit' as const),
    model: fc.constantFrom('2.0' as const, '3.0' as const),
    images: fc.boolean(),
    // Jobs admitted in one batch, as concurrent submissions are.
    together: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('complete' as const),
    job: fc.nat(),
    priceFactor: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('fail' as const), job: fc.nat() }),
);

/** Property: for any sequence of grants, submissions, completions and failures, balance = grants - charges >= 0. */
describe('Credit ledger invariants (property-based, real PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  it('keeps balance = grants - charges, never negative, each job netting to its creditsUsed', async () => {
    const books = t.app.get(JobsRepository, { strict: false });
    const credits = t.app.get(CreditsService, { strict: false });
    const dataSource = t.app.get(DataSource);

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const customer = await t.createCustomer({ credits: 0 });
        const jobs: string[] = [];
        let granted = 0;
        for (const step of commands) {
          switch (step.kind) {
            case 'grant':
              await credits.grant(customer.accountId, step.amount);
              granted += step.amount;
              break;
            case 'submit': {
              const batch = Array.from({ length: step.together }, () => ({
                id: randomUUID(),
                accountId: customer.accountId,
                apiKeyId: customer.keyId,
                webhookUrl: null,
                estimatedCost: estimateCost(step.model, step.images),
                parameters: {
                  prompt: '',
                  style: 'automatic' as const,
                  type: 'automatic' as const,
                  images: step.images,
                  author: 'x',
                  customTone: '',
                  model: step.model,
                  outputFormat: 'txt' as const,
                },
              }));
              const before = (await credits.balance(customer.accountId))!;
              const outcome = await books.createQueuedBatch(batch);
              // In arrival order: a job is covered exactly when what the earlier ones left covers it.
              let left = before;
              for (const [index, job] of batch.entries()) {
                expect(outcome[index]!.reserved).toBe(left >= job.estimatedCost);
                if (outcome[index]!.reserved) left -= job.estimatedCost;
              }
              jobs.push(...batch.map((job) => job.id));
              break;
            }
            case 'complete':
            case 'fail': {
              if (jobs.length === 0) break;
              const id = jobs[step.job % jobs.length]!;
              const job = await books.findById(id);
              if (step.kind === 'fail' || job!.creditsReserved === 0) {
                await books.fail(id, 'test failure');
              } else {
                await books.complete(
                  id,
                  {
                    title: 't',
                    price: Math.round(job!.creditsReserved * step.priceFactor),
                    generation: new GenerationMeter('test', { planner: 'none', writer: 'none' }).snapshot(),
                  },
                  'done',
                );
              }
              break;
            }
          }
          const balance = (await credits.balance(customer.accountId))!;
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const [{ charged }] = await dataSource.query(
          `SELECT COALESCE(-sum(amount), 0)::bigint AS charged FROM credit_ledger WHERE account_id = $1 AND kind = 'charge'`,
          [customer.accountId],
        );
        const [{ held }] = await dataSource.query(
          `SELECT COALESCE(sum(credits_reserved), 0)::bigint AS held FROM book_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`,
          [customer.accountId],
        );
        const balance = (await credits.balance(customer.accountId))!;
        // Unfinished jobs still hold their reservation; everything else is settled.
        expect(balance).toBe(granted - Number(charged) - Number(held));
        const perJob: Array<{ net: string; credits_used: number; status: string }> = await dataSource.query(
          `SELECT COALESCE(sum(l.amount), 0) AS net, j.credits_used, j.status
             FROM book_jobs j LEFT JOIN credit_ledger l ON l.job_id = j.id
            WHERE j.account_id = $1 GROUP BY j.id`,
          [customer.accountId],
        );
        for (const job of perJob) {
          if (job.status === 'completed' || job.status === 'failed') expect(Number(job.net) + job.credits_used).toBe(0);
        }
        // Every ledger row states the balance right after its movement.
        const rows: Array<{ amount: string; balance_after: string }> = await dataSource.query(
          `SELECT amount, balance_after FROM credit_ledger WHERE account_id = $1 ORDER BY id`,
          [customer.accountId],
        );
        let running = 0;
        for (const row of rows) {
          running += Number(row.amount);
          expect(Number(row.balance_after)).toBe(running);
        }
      }),
      { numRuns: 40 },
    );
  });
});
