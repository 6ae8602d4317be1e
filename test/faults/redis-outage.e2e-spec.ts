import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PrivateRedis } from '../support/private-redis';
import {
  ApiProcess,
  createConsoleCustomer,
  eventually,
  http,
  serviceEnv,
  startApi,
  stopWithin,
  submitBook,
} from '../support/service-cluster';
import { testDatabaseUrl } from '../setup/test-database';

/**
 * DESIGN.md section 1: Redis is disposable. With Redis gone a running API
 * process refuses new books with 503 JOB_START_FAILED (never unlimited
 * traffic, never a 500), keeps answering status from PostgreSQL, and takes
 * books again once Redis is back, without a restart.
 */
describe('Redis stopped under a running API process', () => {
  let redis: PrivateRedis;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    redis = await PrivateRedis.create();
  });

  afterAll(async () => {
    if (process.env.FAULT_DEBUG && api) process.stderr.write(api.output());
    if (api) await stopWithin(api, 'SIGKILL');
    await redis?.stop();
  });

  const jobIdsOf = async (accountId: string): Promise<string[]> => {
    const client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const result = await client.query<{ id: string }>(`SELECT id FROM book_jobs WHERE account_id = $1`, [accountId]);
      return result.rows.map((row) => row.id).sort();
    } finally {
      await client.end();
    }
  };

  it('answers 503 to POST /v1/book, still serves status from PostgreSQL, and recovers when Redis returns', async () => {
    const customer = await createConsoleCustomer(testDatabaseUrl(), { credits: 10_000 });
    const apiKey = customer.apiKeys[0]!;
    api = await startApi(
      serviceEnv({
        databaseUrl: testDatabaseUrl(),
        redisUrl: redis.url,
        redisPrefix: `fault-redis-${randomBytes(4).toString('hex')}`,
      }),
    );
    const origin = api.origin;

    const before = await submitBook(origin, apiKey);
    expect(before.status).toBe(202);
    const queuedId = before.json.requestId as string;

    await redis.stop();

    const refused = await submitBook(origin, apiKey, { prompt: 'Sent while Redis is away' });
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({
      success: false,
      error: expect.any(String),
      details: expect.any(String),
      errorCode: 'JOB_START_FAILED',
    });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.text).not.toMatch(/\n\s+at |ECONNREFUSED|redis:\/\//i);

    // A second refusal, once the client has surely noticed: still 503, never a 500 or a hang.
    const again = await submitBook(origin, apiKey, { prompt: 'Sent while Redis is away, again' });
    expect(again.status).toBe(503);
    expect(again.json).toMatchObject({ success: false, errorCode: 'JOB_START_FAILED' });

    const status = await http(`${origin}/v1/status/${queuedId}`);
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ requestId: queuedId, status: 'queued' });
    expect((await http(`${origin}/health/live`)).status).toBe(200);
    const ready = await http(`${origin}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ success: false, errorCode: 'SERVICE_UNAVAILABLE' });

    // Refused requests left nothing behind.
    expect(await jobIdsOf(customer.accountId)).toEqual([queuedId]);

    await redis.start();
    const after = await eventually('a 202 once Redis is back', async () => {
      const answer = await submitBook(origin, apiKey, { prompt: 'Sent after Redis came back' });
      return answer.status === 202 ? answer : undefined;
    });
    const afterId = after.json.requestId as string;
    expect((await http(`${origin}/v1/status/${afterId}`)).json).toMatchObject({ requestId: afterId });
    await eventually('readiness once Redis is back', async () =>
      (await http(`${origin}/health/ready`)).status === 200 ? true : undefined,
    );
    expect(await jobIdsOf(customer.accountId)).toEqual([queuedId, afterId].sort());
    expect(api.process.exitCode).toBeNull();
  }, 90_000);
});
