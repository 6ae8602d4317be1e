import { randomBytes } from 'node:crypto';
import { verifyWebhookSignature } from '../../src/webhooks/receiver/verify-webhook-signature';
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

const GRANT = 10_000;
const JOBS = 2;

/**
 * DESIGN.md section 3 (Jobs): a worker that dies mid-job does not lose the
 * job; another worker takes it over, credits are charged exactly once and
 * the webhook is delivered once.
 */
describe('A worker killed (SIGKILL) in the middle of a job', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  const receiver = new HttpsReceiver([200]);
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

  it('is finished by another worker: completed, charged once, delivered once, balance = grant - charges', async () => {
    const customer = await createConsoleCustomer(postgres.url(), { credits: GRANT });
    const hookUrl = await receiver.start();
    const env = serviceEnv(
      {
        databaseUrl: postgres.url(),
        redisUrl: redis.url,
        redisPrefix: `fault-kill-${randomBytes(4).toString('hex')}`,
      },
      {
        // A dead worker's claim lapses after about twice this.
        QUEUE_LOCK_SECONDS: '2',
        // Each section of a book takes this long, so the job is still running when the worker dies.
        BUILTIN_SECTION_DELAY_MS: '1500',
        RECONCILER_ENABLED: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NODE_EXTRA_CA_CERTS: trustedCa.path,
      },
    );
    const api = await startApi(env);
    services.push(api);
    const doomed = await startWorker(env);
    services.push(doomed);

    const requestIds: string[] = [];
    for (let index = 0; index < JOBS; index += 1) {
      const accepted = await submitBook(api.origin, customer.apiKeys[0]!, {
        prompt: `Mara and the lighthouse, part ${index + 1}`,
        webhook_url: hookUrl,
        output_format: 'md',
      });
      expect(accepted.status).toBe(202);
      requestIds.push(accepted.json.requestId as string);
    }
    const statusOf = async (id: string) => (await http(`${api.origin}/v1/status/${id}`)).json;
    for (const id of requestIds) {
      await eventually(`job ${id} processing`, async () =>
        (await statusOf(id)).status === 'processing' ? true : undefined,
      );
    }

    // The first worker is frozen at once (SIGSTOP), so the jobs are surely still in its hands; a second
    // worker starts; then the first one dies without a chance to hand anything back (SIGKILL).
    doomed.process.kill('SIGSTOP');
    const survivor = await startWorker(env);
    services.push(survivor);
    await stopWithin(doomed, 'SIGKILL');
    for (const id of requestIds) {
      const status = await statusOf(id);
      expect(status.status).toBe('processing');
      expect(status.progress).toBeLessThan(100);
    }

    const finals = await Promise.all(
      requestIds.map((id) =>
        eventually(
          `job ${id} terminal`,
          async () => {
            const status = await statusOf(id);
            return status.status === 'completed' || status.status === 'failed' ? status : undefined;
          },
          90_000,
          250,
        ),
      ),
    );
    for (const status of finals) {
      expect(status).toMatchObject({ status: 'completed', progress: 100 });
      expect(status.creditsUsed).toBeGreaterThan(0);
    }

    // The crash shows in the job rows: each was started again after the kill.
    const jobs = await postgres.query<{ id: string; attempts: number }>(
      `SELECT id, attempts FROM book_jobs WHERE id = ANY($1::uuid[])`,
      [requestIds],
    );
    for (const job of jobs) expect(job.attempts).toBeGreaterThanOrEqual(2);

    // Credits: per job one reserve, one release, exactly one charge, no refund; the pool balances.
    const ledger = await postgres.query<{ job_id: string | null; kind: string; amount: string }>(
      `SELECT job_id, kind, amount FROM credit_ledger WHERE account_id = $1 ORDER BY id`,
      [customer.accountId],
    );
    for (const [index, id] of requestIds.entries()) {
      const rows = ledger.filter((row) => row.job_id === id);
      expect(rows.map((row) => row.kind).sort()).toEqual(['charge', 'release', 'reserve']);
      expect(-Number(rows.find((row) => row.kind === 'charge')!.amount)).toBe(finals[index]!.creditsUsed);
    }
    const charged = finals.reduce((sum, status) => sum + (status.creditsUsed as number), 0);
    const [account] = await postgres.query<{ credit_balance: string }>(
      `SELECT credit_balance FROM accounts WHERE id = $1`,
      [customer.accountId],
    );
    expect(Number(account!.credit_balance)).toBe(GRANT - charged);
    expect(ledger.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(GRANT - charged);

    // Webhooks: one delivery row per job, delivered, and exactly one request received for it.
    const deliveries = await eventually('both deliveries recorded as delivered', async () => {
      const rows = await postgres.query<{ id: string; job_id: string; status: string }>(
        `SELECT id, job_id, status FROM webhook_deliveries WHERE job_id = ANY($1::uuid[])`,
        [requestIds],
      );
      return rows.length === JOBS && rows.every((row) => row.status === 'delivered') ? rows : undefined;
    });
    for (const delivery of deliveries) {
      const received = receiver.deliveries.filter((d) => d.headers['x-scriptorium-delivery'] === delivery.id);
      expect(received).toHaveLength(1);
      const body = JSON.parse(received[0]!.rawBody);
      expect(body).toMatchObject({ requestId: delivery.job_id, status: 'completed' });
      expect(
        verifyWebhookSignature({
          header: received[0]!.headers['x-service-signature'],
          rawBody: received[0]!.rawBody,
          secrets: customer.webhookSecret,
        }),
      ).toMatchObject({ ok: true });
    }
    expect(receiver.deliveries).toHaveLength(JOBS);
    expect(survivor.process.exitCode).toBeNull();
  }, 150_000);
});
