import { randomBytes } from 'node:crypto';
import { PrivatePostgres } from '../support/private-postgres';
import { PrivateRedis } from '../support/private-redis';
import {
  ApiProcess,
  createConsoleCustomer,
  eventually,
  http,
  HttpAnswer,
  migrateDatabase,
  serviceEnv,
  sleep,
  startApi,
  stopWithin,
  submitBook,
} from '../support/service-cluster';

const OUTAGE_MS = 10_000;

/** No stack trace, SQL, driver message or address of a backing service may leave in an answer. */
function expectNoInternals(answer: HttpAnswer): void {
  expect(answer.text).not.toMatch(
    /\n\s+at |ECONNREFUSED|QueryFailedError|SELECT |INSERT |127\.0\.0\.1:\d+|postgres:\/\//,
  );
}

/**
 * DESIGN.md section 1: PostgreSQL is the source of truth. While it is down,
 * the API refuses cleanly (503, never a 500 or a 202 for a job it did not
 * store), says it is not ready while still alive, and recovers by itself.
 */
describe('PostgreSQL stopped under a running API process', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([PrivatePostgres.create(), PrivateRedis.create()]);
    await migrateDatabase(postgres.url());
  }, 120_000);

  afterAll(async () => {
    if (process.env.FAULT_DEBUG && api) process.stderr.write(api.output());
    if (api) await stopWithin(api, 'SIGKILL');
    await redis?.stop();
    await postgres?.remove();
  });

  it('answers 503 (never 500, never a 202 for an unstored job) for 10 s, then recovers without a restart', async () => {
    const customer = await createConsoleCustomer(postgres.url(), { credits: 10_000 });
    const apiKey = customer.apiKeys[0]!;
    api = await startApi(
      serviceEnv({
        databaseUrl: postgres.url(),
        redisUrl: redis.url,
        redisPrefix: `fault-pg-${randomBytes(4).toString('hex')}`,
      }),
    );
    const origin = api.origin;

    // Before the outage: a job is stored (and stays queued: no worker runs).
    const before = await submitBook(origin, apiKey);
    expect(before.status).toBe(202);
    const queuedId = before.json.requestId as string;
    expect((await http(`${origin}/v1/status/${queuedId}`)).status).toBe(200);
    expect((await http(`${origin}/health/ready`)).status).toBe(200);

    await postgres.stop('fast');
    const outageEnds = Date.now() + OUTAGE_MS;
    const submissions: HttpAnswer[] = [];
    const statuses: HttpAnswer[] = [];
    const readiness: HttpAnswer[] = [];
    const liveness: HttpAnswer[] = [];
    while (Date.now() < outageEnds) {
      submissions.push(await submitBook(origin, apiKey, { prompt: 'Written while the database is away' }));
      statuses.push(await http(`${origin}/v1/status/${queuedId}`));
      readiness.push(await http(`${origin}/health/ready`));
      liveness.push(await http(`${origin}/health/live`));
      await sleep(500);
    }
    await postgres.start();

    // After the restart the same process recovers by itself (asserted below, with the outage's answers).
    const recovered = await eventually(
      'readiness after the restart',
      async () => ((await http(`${origin}/health/ready`)).status === 200 ? true : undefined),
      30_000,
    ).catch(() => false);
    const after = await eventually(
      'a 202 after the restart',
      async () => {
        const answer = await submitBook(origin, apiKey, { prompt: 'Written after the database came back' });
        return answer.status === 202 ? answer : undefined;
      },
      30_000,
    ).catch(() => undefined);

    // One comparison shows every endpoint's behaviour at once when something is off.
    const kinds = (answers: HttpAnswer[]) => [
      ...new Set(answers.map((a) => `${a.status} ${a.json?.errorCode ?? ''}`.trim())),
    ];
    expect({
      submissions: kinds(submissions),
      statuses: kinds(statuses),
      readiness: kinds(readiness),
      liveness: kinds(liveness),
      readyAfterRestart: recovered,
      acceptedAfterRestart: after?.status,
      apiStillRunning: api.process.exitCode === null && api.process.signalCode === null,
    }).toEqual({
      submissions: ['503 JOB_START_FAILED'],
      statuses: ['503 SERVICE_UNAVAILABLE'],
      readiness: ['503 SERVICE_UNAVAILABLE'],
      liveness: ['200'],
      readyAfterRestart: true,
      acceptedAfterRestart: 202,
      apiStillRunning: true,
    });

    // The refusals are the documented envelope, with nothing internal in them.
    expect(submissions.length).toBeGreaterThanOrEqual(3);
    for (const answer of [...submissions, ...statuses, ...readiness]) {
      expect(answer.json).toEqual({
        success: false,
        error: expect.any(String),
        details: expect.any(String),
        errorCode: expect.any(String),
      });
      expectNoInternals(answer);
    }
    for (const answer of submissions) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    for (const answer of readiness) expect(answer.json.details).toContain('database');

    const status = await http(`${origin}/v1/status/${after!.json.requestId}`);
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ requestId: after!.json.requestId, status: 'queued' });
    expect((await http(`${origin}/v1/status/${queuedId}`)).status).toBe(200);

    // Exactly the jobs answered 202 exist: nothing was stored (or reserved) for the refused attempts.
    const jobs = await postgres.query<{ id: string }>(
      `SELECT id FROM book_jobs WHERE account_id = $1 ORDER BY created_at`,
      [customer.accountId],
    );
    expect(jobs.map((job) => job.id).sort()).toEqual([queuedId, after!.json.requestId].sort());
    const reservations = await postgres.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'reserve'`,
      [customer.accountId],
    );
    expect(reservations[0]!.n).toBe(2);
  }, 120_000);
});
