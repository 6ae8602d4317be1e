import { randomBytes } from 'node:crypto';
import { HttpsReceiver, localhostCertificate } from '../support/https-receiver';
import { PrivatePostgres } from '../support/private-postgres';
import { PrivateRedis } from '../support/private-redis';
import {
  ApiProcess,
  createConsoleCustomer,
  eventually,
  http,
  migrateDatabase,
  receiverCaFile,
  serviceEnv,
  startApi,
  startWorker,
  stopWithin,
  submitBook,
  WorkerProcess,
} from '../support/service-cluster';

/** Jobs that finish before the flush, each owing a webhook whose first attempt failed. */
const FINISHED = 3;
/** Jobs accepted while no worker runs: only their queue entries say they wait. */
const QUEUED = 3;

/**
 * DESIGN.md section 1: PostgreSQL is the source of truth, Redis is
 * disposable. After FLUSHALL wipes every queue entry (waiting jobs and
 * scheduled webhook retries), a worker's reconciler finds the unfinished
 * work in PostgreSQL: every job finishes and every webhook arrives.
 */
describe('FLUSHALL on Redis with jobs waiting and webhook retries scheduled', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  // The first attempt of each early delivery fails; every later request succeeds.
  const receiver = new HttpsReceiver([...Array<number>(FINISHED).fill(500), 200]);
  const services: Array<ApiProcess | WorkerProcess> = [];
  const trustedCa = receiverCaFile(localhostCertificate().cert);

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([PrivatePostgres.create(), PrivateRedis.create()]);
    await migrateDatabase(postgres.url());
  }, 120_000);

  afterAll(async () => {
    if (process.env.FAULT_DEBUG) for (const service of services) process.stderr.write(service.output());
    await Promise.all(services.map((service) => stopWithin(service, 'SIGKILL')));
    await receiver.stop();
    trustedCa.remove();
    await redis?.stop();
    await postgres?.remove();
  });

  it('loses nothing: every job completes and every delivery arrives once a reconciling worker starts', async () => {
    const customer = await createConsoleCustomer(postgres.url(), { credits: 10_000 });
    const apiKey = customer.apiKeys[0]!;
    const hookUrl = await receiver.start();
    const env = serviceEnv(
      {
        databaseUrl: postgres.url(),
        redisUrl: redis.url,
        redisPrefix: `fault-flush-${randomBytes(4).toString('hex')}`,
      },
      {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NODE_EXTRA_CA_CERTS: trustedCa.path,
        // Long enough that the first retries are still scheduled in Redis when it is flushed.
        WEBHOOK_RETRY_DELAYS_SECONDS: '12,2,2',
        RECONCILER_ENABLED: 'false',
      },
    );
    const api = await startApi(env);
    services.push(api);
    const submit = async (prompt: string) => {
      const accepted = await submitBook(api.origin, apiKey, { prompt, webhook_url: hookUrl, output_format: 'txt' });
      expect(accepted.status).toBe(202);
      return accepted.json.requestId as string;
    };

    // Phase 1: a worker finishes some jobs; their first webhook attempts fail and retries are scheduled.
    const first = await startWorker(env);
    services.push(first);
    const finishedIds: string[] = [];
    for (let index = 0; index < FINISHED; index += 1) finishedIds.push(await submit(`Finished early ${index + 1}`));
    await eventually('the first attempts, failed and recorded', async () => {
      const rows = await postgres.query<{ status_code: number | null; attempt_count: number }>(
        `SELECT a.status_code, d.attempt_count FROM webhook_attempts a
           JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.status = 'pending'`,
      );
      return rows.length === FINISHED && rows.every((row) => row.status_code === 500 && row.attempt_count === 1)
        ? rows
        : undefined;
    });
    await stopWithin(first, 'SIGTERM');
    expect(receiver.deliveries).toHaveLength(FINISHED);

    // Phase 2: with no worker running, more jobs are accepted and wait in the queue.
    const queuedIds: string[] = [];
    for (let index = 0; index < QUEUED; index += 1) queuedIds.push(await submit(`Accepted while idle ${index + 1}`));
    for (const id of queuedIds) {
      expect((await http(`${api.origin}/v1/status/${id}`)).json.status).toBe('queued');
    }

    // Just before the fault PostgreSQL holds the truth: deliveries owed, jobs waiting.
    const owed = await postgres.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`,
    );
    expect(owed[0]!.n).toBe(FINISHED);

    // The fault: Redis forgets everything, queue entries and scheduled retries alike.
    expect(await redis.dbSize()).toBeGreaterThan(0);
    await redis.flushAll();
    expect(await redis.dbSize()).toBe(0);

    // Phase 3: a worker with the reconciler starts and finds the unfinished work in PostgreSQL.
    const second = await startWorker({ ...env, RECONCILER_ENABLED: 'true', RECONCILER_INTERVAL_SECONDS: '2' });
    services.push(second);
    const allIds = [...finishedIds, ...queuedIds];
    for (const id of allIds) {
      const status = await eventually(
        `job ${id} completed`,
        async () => {
          const body = (await http(`${api.origin}/v1/status/${id}`)).json;
          return body.status === 'completed' || body.status === 'failed' ? body : undefined;
        },
        60_000,
        250,
      );
      expect(status.status).toBe('completed');
    }
    const deliveries = await eventually(
      'every delivery delivered',
      async () => {
        const rows = await postgres.query<{ id: string; job_id: string; status: string }>(
          `SELECT id, job_id, status FROM webhook_deliveries WHERE account_id = $1`,
          [customer.accountId],
        );
        return rows.length === allIds.length && rows.every((row) => row.status === 'delivered') ? rows : undefined;
      },
      60_000,
      250,
    );
    expect(deliveries.map((row) => row.job_id).sort()).toEqual([...allIds].sort());

    // The receiver saw, per delivery id, exactly one successful request (the failed firsts answered 500).
    const answered = receiver.deliveries.map((delivery, index) => ({
      deliveryId: delivery.headers['x-scriptorium-delivery'],
      requestId: JSON.parse(delivery.rawBody).requestId as string,
      status: index < FINISHED ? 500 : 200,
    }));
    for (const delivery of deliveries) {
      const successes = answered.filter((a) => a.deliveryId === delivery.id && a.status === 200);
      expect(successes).toEqual([{ deliveryId: delivery.id, requestId: delivery.job_id, status: 200 }]);
    }

    // And credits moved exactly once per job.
    const charges = await postgres.query<{ job_id: string; n: number }>(
      `SELECT job_id, count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'charge' GROUP BY job_id`,
      [customer.accountId],
    );
    expect(charges.map((row) => [row.job_id, row.n]).sort()).toEqual(allIds.map((id) => [id, 1]).sort());
  }, 150_000);
});
