import { randomBytes } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import { startFakeChatServer, type FakeChatServer } from '../src/generation/model-writer/testing/fake-chat-server';
import { freePort, spawnService, startBuiltApi, waitForHttp, type SpawnedService } from './support/spawned-service';
import { type Customer, startTestApp, waitForTerminal } from './support/test-app';

/** Issue 7 (Observe): the real server writes JSON logs with request ids and never a key. */
jest.setTimeout(180_000); // each test starts a service process: allow a loaded machine

/**
 * Starts the built API (ROLE=api, LOG_LEVEL=info, plus `settings`) for a new
 * customer, lets `exercise` call it, stops it, and answers what it wrote.
 */
async function apiOutput(
  settings: Record<string, string>,
  exercise: (base: string, customer: Customer) => Promise<void>,
): Promise<{ output: string; customer: Customer }> {
  const setup = await startTestApp({ ROLE: 'api' });
  const customer = await setup.createCustomer();
  await setup.close();

  const { base, service: server } = await startBuiltApi(settings, 'test-logs');
  try {
    await exercise(base, customer);
  } finally {
    await server.stop();
  }
  return { output: server.output(), customer };
}

describe('Structured logs of the running service', () => {
  it('logs JSON lines with the request id, redacts the API key, and says why a request was refused', async () => {
    const { output, customer } = await apiOutput({}, async (base, customer) => {
      const response = await fetch(`${base}/v1/usage`, {
        headers: { 'X-API-Key': customer.apiKey, 'X-Request-Id': 'trace-logs-1' },
      });
      expect(response.status).toBe(200);
      // A key put in the URL by mistake, and a refused request.
      await fetch(`${base}/v1/usage?api_key=${customer.apiKey}&limit=5`, {
        headers: { 'X-Request-Id': 'trace-logs-2' },
      });
      await fetch(`${base}/v1/book`, { method: 'POST', headers: { 'X-API-Key': `${customer.apiKey}x` } });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(output).not.toContain(customer.apiKey);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>);
    const traced = lines.filter((line) => line.reqId === 'trace-logs-1');
    expect(traced.find((line) => line.msg === 'incoming request')).toMatchObject({
      req: { method: 'GET', url: '/v1/usage' },
    });
    expect(traced.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 } });
    const keyInUrl = lines.filter((line) => line.reqId === 'trace-logs-2');
    expect(keyInUrl.find((line) => line.msg === 'incoming request')).toMatchObject({
      req: { url: '/v1/usage?api_key=[redacted]&limit=5' },
    });
    expect(keyInUrl.find((line) => line.msg === 'request refused')).toMatchObject({ errorCode: 'AUTH_REQUIRED' });
    for (const line of lines) expect(typeof line.level).toBe('number');
    // Every request line carries a request id.
    for (const line of lines.filter((l) => l.req || l.res)) expect(typeof line.reqId).toBe('string');
  });

  it('a worker-only process serves its own metrics, including the jobs it generated', async () => {
    const setup = await startTestApp({ ROLE: 'api' });
    const customer = await setup.createCustomer();
    const metricsPort = await freePort();
    const worker = spawnService('dist/src/worker.js', {
      ROLE: 'worker',
      HOST: '127.0.0.1',
      WORKER_METRICS_PORT: String(metricsPort),
      REDIS_PREFIX: setup.config.REDIS_PREFIX,
      RECONCILER_ENABLED: 'false',
    });
    try {
      await waitForHttp(`http://127.0.0.1:${metricsPort}/health/live`);
      const accepted = await setup.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      // The whole answer on failure: a flake seen once under CI load left only "Job undefined" to go on.
      expect({ status: accepted.statusCode, body: accepted.body }).toEqual({ status: 202, body: expect.any(String) });
      await waitForTerminal(setup.app, accepted.json().requestId, 30_000);
      // The worker counts a job after its completion commits, so the counter may trail the status by a moment.
      const finished = /scriptorium_jobs_finished_total\{[^}]*status="completed"[^}]*\} 1/;
      let body = '';
      for (const deadline = Date.now() + 10_000; !finished.test(body) && Date.now() < deadline;) {
        const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(response.status).toBe(200);
        body = await response.text();
        if (!finished.test(body)) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body).toMatch(finished);
      expect(body).toContain('scriptorium_generation_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/elsewhere`)).status).toBe(404);
    } finally {
      await worker.stop();
      await setup.close();
    }
  });
});

/** The JSON lines a service wrote, parsed. */
function jsonLines(output: string): Array<Record<string, any>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

/** Polls a spawned service's public status route until the job is terminal. */
async function terminalStatus(baseUrl: string, requestId: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const body = (await (await fetch(`${baseUrl}/status/${requestId}`)).json()) as Record<string, any>;
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`Job ${requestId} still ${String(body.status)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 14: every transition of a job writes one structured line (`event`,
 * `jobId`, `apiKeyId`, `accountId`), so an operator can follow a job through
 * the logs. One service (API and workers in one process) runs four jobs: one
 * the builtin provider completes, one the credit pool cannot cover, one whose
 * model provider keeps answering 503 (model 3.0 is routed to a fake that
 * does), and one like it cancelled between its retries.
 */
describe('Job lifecycle logs of the running service', () => {
  let fake: FakeChatServer;
  let server: SpawnedService;
  let rich: Customer;
  let poor: Customer;
  const jobs = { completed: '', unfunded: '', failing: '', cancelled: '' };
  const statuses: Record<string, Record<string, any>> = {};
  let output = '';

  /** The lifecycle lines of one job, in the order written. */
  const lifeOf = (jobId: string) => jsonLines(output).filter((line) => line.jobId === jobId && line.event);

  beforeAll(async () => {
    const setup = await startTestApp({ ROLE: 'api' });
    rich = await setup.createCustomer({ credits: 10_000 });
    poor = await setup.createCustomer({ credits: 100 });
    await setup.close();
    fake = await startFakeChatServer({ script: () => ({ status: 503, message: 'overloaded' }) });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    server = spawnService('dist/src/main.js', {
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      REDIS_PREFIX: `test-lifecycle-${randomBytes(4).toString('hex')}`,
      RECONCILER_ENABLED: 'false',
      RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'info',
      GENERATION_PROVIDER: 'builtin',
      GENERATION_PROVIDER_3_0: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'fake-writer',
      OPENAI_MAX_RETRIES: '0',
    });
    const submit = async (customer: Customer, body: Record<string, unknown>) => {
      const response = await fetch(`${baseUrl}/book`, {
        method: 'POST',
        headers: { 'X-API-Key': customer.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, any>;
      if (response.status !== 202)
        throw new Error(`POST /v1/book answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer.requestId as string;
    };
    try {
      await waitForHttp(`http://127.0.0.1:${port}/health/live`);
      jobs.completed = await submit(rich, { prompt: 'A lighthouse keeper named Mara', output_format: 'md' });
      jobs.unfunded = await submit(poor, { output_format: 'txt' });
      jobs.failing = await submit(rich, { model: '3.0', output_format: 'txt' });
      jobs.cancelled = await submit(rich, { model: '3.0', output_format: 'txt' });

      // Cancel the last job while it waits for its second attempt.
      for (const deadline = Date.now() + 20_000; ;) {
        output = server.output();
        if (lifeOf(jobs.cancelled).some((line) => line.event === 'job.retrying')) break;
        if (Date.now() > deadline) throw new Error(`job ${jobs.cancelled} never retried:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const cancel = await fetch(`${baseUrl}/book/${jobs.cancelled}/cancel`, {
        method: 'POST',
        headers: { 'X-API-Key': rich.apiKey },
      });
      expect(cancel.status).toBe(200);

      for (const jobId of Object.values(jobs)) statuses[jobId] = await terminalStatus(baseUrl, jobId);
    } finally {
      await server.stop();
      await fake.close();
    }
    output = server.output();
  }, 240_000);

  it('follows a job from acceptance to completion: the key id and account on every line, durations, credits and provider at the end', () => {
    const life = lifeOf(jobs.completed);
    expect(life.map((line) => line.event)).toEqual(['job.accepted', 'job.started', 'job.completed']);
    for (const line of life) {
      expect(line).toMatchObject({
        jobId: jobs.completed,
        apiKeyId: rich.keyId,
        accountId: rich.accountId,
        context: 'JobLifecycleLog',
        msg: line.event.replace('.', ' '),
      });
    }
    const [accepted, started, completed] = life;
    expect(accepted).toMatchObject({ level: 30, model: '2.0', outputFormat: 'md', estimatedCost: expect.any(Number) });
    expect(started).toMatchObject({ level: 30, attempt: 1 });
    expect(completed).toMatchObject({
      level: 30,
      creditsUsed: statuses[jobs.completed]!.creditsUsed,
      outputFormat: 'md',
      model: '2.0',
      provider: 'builtin',
      attempts: 1,
    });
    expect(completed!.durationMs).toBeGreaterThanOrEqual(0);
    expect(completed!.sinceAcceptedMs).toBeGreaterThanOrEqual(completed!.durationMs);
  });

  it('logs job.failed with the code and the reason for a job the credit pool cannot cover', () => {
    expect(statuses[jobs.unfunded]).toMatchObject({ status: 'failed', error: 'Insufficient credits' });
    const life = lifeOf(jobs.unfunded);
    expect(life.map((line) => line.event)).toEqual(['job.accepted', 'job.failed']);
    expect(life[1]).toMatchObject({
      level: 40,
      msg: 'job failed',
      apiKeyId: poor.keyId,
      accountId: poor.accountId,
      errorCode: 'INSUFFICIENT_CREDITS',
      reason: 'Insufficient credits',
    });
  });

  it('logs each retry with its attempt, reason and delay, then job.failed with the provider error', () => {
    expect(statuses[jobs.failing]).toMatchObject({ status: 'failed', error: expect.stringMatching(/503/) });
    const life = lifeOf(jobs.failing);
    expect(life.map((line) => line.event)).toEqual([
      'job.accepted',
      'job.started',
      'job.retrying',
      'job.started',
      'job.retrying',
      'job.started',
      'job.failed',
    ]);
    const retries = life.filter((line) => line.event === 'job.retrying');
    expect(retries.map((line) => [line.level, line.attempt, line.delayMs])).toEqual([
      [40, 1, 2_000],
      [40, 2, 6_000],
    ]);
    for (const retry of retries) expect(retry.reason).toMatch(/model provider failed: 503/i);
    expect(life.filter((line) => line.event === 'job.started').map((line) => line.attempt)).toEqual([1, 2, 3]);
    expect(life.at(-1)).toMatchObject({
      level: 50,
      apiKeyId: rich.keyId,
      accountId: rich.accountId,
      errorCode: 'GENERATION_FAILED',
      reason: statuses[jobs.failing]!.error,
      attempts: 3,
      err: { message: statuses[jobs.failing]!.error },
    });
  });

  it('logs job.cancelled, and no other end, for a job its client cancelled', () => {
    expect(statuses[jobs.cancelled]).toMatchObject({ status: 'failed', error: 'Cancelled' });
    const ends = lifeOf(jobs.cancelled).filter((line) =>
      ['job.completed', 'job.failed', 'job.cancelled'].includes(line.event),
    );
    expect(ends).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'job.cancelled',
        apiKeyId: rich.keyId,
        accountId: rich.accountId,
        cancelledByKeyId: rich.keyId,
        wasRunning: true,
      }),
    ]);
  });

  it('never writes an API key', () => {
    expect(jsonLines(output).filter((line) => line.event).length).toBeGreaterThanOrEqual(15);
    for (const customer of [rich, poor]) {
      expect(output).not.toContain(customer.apiKey);
      expect(output).not.toContain(customer.webhookSecret);
    }
  });
});

describe('LOG_FORMAT=pretty', () => {
  it('writes readable lines instead of JSON, and still redacts the API key', async () => {
    const { output: written, customer } = await apiOutput({ LOG_FORMAT: 'pretty' }, async (base, customer) => {
      const response = await fetch(`${base}/v1/usage`, {
        headers: { 'X-API-Key': customer.apiKey, 'X-Request-Id': 'trace-pretty-1' },
      });
      expect(response.status).toBe(200);
    });
    // Colours are on when the test runner forces them; the words are what matter here.
    const output = stripVTControlCharacters(written);
    expect(output).not.toContain(customer.apiKey);
    // One line a request: method, path, status and time, then its fields.
    const traced = output.split('\n').filter((line) => line.includes('"reqId":"trace-pretty-1"'));
    expect(traced).toHaveLength(1);
    expect(traced[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(\d+\): GET \/v1\/usage 200 \d+ ms \{/);
    expect(output).not.toContain('incoming request');
    // Nest's start-up (a line per module and route) is left out at the default level.
    expect(output).not.toMatch(/InstanceLoader|RouterExplorer|RoutesResolver/);
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  });
});
