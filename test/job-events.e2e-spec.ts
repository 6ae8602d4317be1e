import { randomBytes, randomUUID } from 'node:crypto';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { jobChangesChannel } from '../src/jobs/job-status-change';
import { JobEventsHub } from '../src/job-events/job-events.hub';
import {
  ApiProcess,
  createConsoleCustomer,
  eventually,
  http,
  serviceEnv,
  startApi,
  startWorker,
  stopWithin,
  submitBook,
  WorkerProcess,
} from './support/service-cluster';
import { deleteRedisKeys, startTestApp, TestApp } from './support/test-app';

/** One `event:` frame of a text/event-stream. */
interface StatusEvent {
  id: number;
  event: string;
  data: Record<string, any>;
}

/**
 * A client of GET /v1/status/{id}/events over real HTTP: it parses frames as
 * they arrive and lets a test wait for the nth event, a heartbeat, or the
 * end of the stream. Hanging up destroys the socket, as a closing browser tab does.
 */
class EventStreamClient {
  readonly events: StatusEvent[] = [];
  heartbeats = 0;
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];

  private constructor(
    readonly response: IncomingMessage,
    private readonly request: ClientRequest,
  ) {}

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  header(name: string): string | undefined {
    const value = this.response.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  static open(url: string, lastEventId?: number): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, {
        headers: {
          Accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
        },
      });
      request.once('error', reject);
      request.once('response', (response) => {
        const client = new EventStreamClient(response, request);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => client.received(chunk));
        response.once('close', () => client.finished());
        resolve(client);
      });
      request.end();
    });
  }

  /** Waits until `condition` holds (re-checked after every chunk), or fails after the deadline. */
  async until(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) {
        const seen = this.events.map((event) => [event.id, event.data.status, event.data.progress]);
        throw new Error(`Timed out waiting for ${what}; events so far: ${JSON.stringify(seen)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  untilEnded(timeoutMs?: number): Promise<void> {
    return this.until('the end of the stream', () => this.ended, timeoutMs);
  }

  close(): void {
    this.request.destroy();
  }

  private received(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      this.frame(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 2);
    }
    this.wake();
  }

  private finished(): void {
    this.ended = true;
    this.wake();
  }

  private frame(text: string): void {
    const fields = new Map<string, string>();
    for (const line of text.split('\n')) {
      if (line === ': heartbeat') this.heartbeats += 1;
      const match = /^([a-z]+): (.*)$/.exec(line);
      if (match) fields.set(match[1]!, match[2]!);
    }
    if (fields.has('data')) {
      this.events.push({
        id: Number(fields.get('id')),
        event: fields.get('event')!,
        data: JSON.parse(fields.get('data')!),
      });
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** What every event sequence of one job must satisfy: ids increase, and state only moves forward. */
function expectForwardOnly(events: StatusEvent[]): void {
  const order = ['queued', 'processing', 'completed'];
  for (let index = 1; index < events.length; index += 1) {
    const [before, after] = [events[index - 1]!, events[index]!];
    expect(after.id).toBeGreaterThan(before.id);
    expect(order.indexOf(after.data.status)).toBeGreaterThanOrEqual(order.indexOf(before.data.status));
    expect(after.data.progress).toBeGreaterThanOrEqual(before.data.progress);
    expect(after.data.messages.slice(0, before.data.messages.length)).toEqual(before.data.messages);
    // Every event is a change: something a client sees differs from the event before.
    expect(after.data).not.toEqual(before.data);
  }
}

describe('GET /v1/status/{requestId}/events (one API process, workers started when the test says)', () => {
  let api: TestApp;
  let worker: TestApp | null = null;
  let origin: string;
  let apiKey: string;
  const redisPrefix = `test-events-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });

  /** A worker for the API's queue: jobs submitted before it starts stay queued until then. */
  const startWorkers = async () => {
    worker ??= await startTestApp({ ROLE: 'worker', REDIS_PREFIX: redisPrefix, BUILTIN_SECTION_DELAY_MS: '20' });
  };
  const submit = async (body: Record<string, unknown> = {}): Promise<string> => {
    const accepted = await api.submitBook(apiKey, { output_format: 'md', ...body });
    expect(accepted.statusCode).toBe(202);
    return accepted.json().requestId as string;
  };
  const eventsUrl = (requestId: string) => `${origin}/v1/status/${requestId}/events`;
  const statusOf = async (requestId: string): Promise<Record<string, any>> =>
    (await fetch(`${origin}/v1/status/${requestId}`)).json() as Promise<Record<string, any>>;

  beforeAll(async () => {
    api = await startTestApp({
      ROLE: 'api',
      REDIS_PREFIX: redisPrefix,
      BASE_URL: 'http://books.test/v1',
      EVENTS_HEARTBEAT_SECONDS: '0.2',
    });
    await api.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    apiKey = (await api.createCustomer({ credits: 1_000_000, key: { minIntervalSeconds: 0, dailyLimit: 1_000 } }))
      .apiKey;
    await redis.connect();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    redis.disconnect();
    await deleteRedisKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix);
  });

  it('streams every change of a builtin job in order (status, progress, messages), ends after the terminal event', async () => {
    const requestId = await submit({ prompt: 'A lighthouse keeper and a map', type: 'novel' });
    const stream = await EventStreamClient.open(eventsUrl(requestId));
    expect(stream.status).toBe(200);
    expect(stream.header('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.header('cache-control')).toContain('no-cache');
    expect(stream.header('x-accel-buffering')).toBe('no');
    expect(stream.header('x-content-type-options')).toBe('nosniff');
    expect(stream.header('x-request-id')).toBeTruthy();
    // No worker yet: the job is queued, and the first event is that state.
    await stream.until('the current state', () => stream.events.length === 1);
    expect(stream.events[0]).toMatchObject({ event: 'status', data: { requestId, status: 'queued', progress: 0 } });

    await startWorkers();
    await stream.untilEnded();

    const events = stream.events;
    expectForwardOnly(events);
    const statuses = events.map((event) => event.data.status);
    expect(statuses).toContain('processing');
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses.filter((status) => status === 'completed')).toHaveLength(1);
    // Progress moved in several steps, each message came as it was written.
    expect(new Set(events.map((event) => event.data.progress)).size).toBeGreaterThan(3);
    expect(
      events.some((event, index) => index > 0 && event.data.messages.length > events[index - 1]!.data.messages.length),
    ).toBe(true);
    // The last event is exactly what GET /v1/status answers.
    expect(events.at(-1)!.data).toEqual(await statusOf(requestId));
    expect(events.at(-1)!.data.resultUrl).toBe(`http://books.test/v1/download/${requestId}`);
  });

  it("sends a finished job's state as one event and ends; a resume after its last event gets 204", async () => {
    await startWorkers();
    const requestId = await submit();
    await eventually('the job completed', async () =>
      (await statusOf(requestId)).status === 'completed' ? true : undefined,
    );
    const stream = await EventStreamClient.open(eventsUrl(requestId));
    await stream.untilEnded();
    expect(stream.events).toHaveLength(1);
    expect(stream.events[0]!.data).toEqual(await statusOf(requestId));

    const resumedBefore = await EventStreamClient.open(eventsUrl(requestId), stream.events[0]!.id - 1);
    await resumedBefore.untilEnded();
    expect(resumedBefore.events.map((event) => event.id)).toEqual([stream.events[0]!.id]);

    const resumedAfter = await fetch(eventsUrl(requestId), {
      headers: { 'Last-Event-ID': String(stream.events[0]!.id) },
    });
    expect(resumedAfter.status).toBe(204);
    expect(await resumedAfter.text()).toBe('');
  });

  it('resumes a live job from Last-Event-ID without repeating what the client had', async () => {
    // Stopped workers: the job stays queued until the client cancels it.
    await worker?.close();
    worker = null;
    const requestId = await submit();
    const first = await EventStreamClient.open(eventsUrl(requestId));
    await first.until('the current state', () => first.events.length === 1);
    first.close();

    const resumed = await EventStreamClient.open(eventsUrl(requestId), first.events[0]!.id);
    expect(resumed.status).toBe(200);
    const cancelled = await fetch(`${origin}/v1/book/${requestId}/cancel`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey },
    });
    expect(cancelled.status).toBe(200);
    await resumed.untilEnded();
    expect(resumed.events).toHaveLength(1);
    expect(resumed.events[0]!.id).toBeGreaterThan(first.events[0]!.id);
    expect(resumed.events[0]!.data).toMatchObject({ requestId, status: 'failed' });
    expect(resumed.events[0]!.data).toEqual(await statusOf(requestId));
  });

  it('answers an unknown or malformed id with the 404 envelope, like /status', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const answer = await http(eventsUrl(id));
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.json).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
  });

  it('sends a heartbeat comment while nothing changes (every EVENTS_HEARTBEAT_SECONDS, at most 15 s)', async () => {
    await worker?.close();
    worker = null;
    const stream = await EventStreamClient.open(eventsUrl(await submit()));
    await stream.until('two heartbeats', () => stream.heartbeats > 1, 30_000);
    expect(stream.events).toHaveLength(1);
    stream.close();
  });

  it('leaves no listener and no Redis subscription behind when the client hangs up', async () => {
    const hub = api.app.get(JobEventsHub, { strict: false });
    const requestId = await submit();
    const channel = jobChangesChannel(redisPrefix, requestId);
    const subscribers = async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];
    const streams = [
      await EventStreamClient.open(eventsUrl(requestId)),
      await EventStreamClient.open(eventsUrl(requestId)),
    ];
    await Promise.all(streams.map((stream) => stream.until('the current state', () => stream.events.length === 1)));
    expect(await subscribers()).toBe(1);
    expect(hub.streamCount).toBe(2);

    streams[0]!.close();
    await eventually('one stream left', () => Promise.resolve(hub.streamCount === 1 ? true : undefined));
    expect(await subscribers()).toBe(1);
    streams[1]!.close();
    await eventually('no stream left', () => Promise.resolve(hub.streamCount === 0 ? true : undefined));
    await eventually('no subscription left', async () => ((await subscribers()) === 0 ? true : undefined));
    expect(hub.jobCount).toBe(0);
  });
});

describe('GET /v1/status/{requestId}/events behind two API processes and a worker process', () => {
  let apis: ApiProcess[] = [];
  let worker: WorkerProcess | null = null;
  const redisPrefix = `test-events-cluster-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = serviceEnv(
    { databaseUrl: process.env.DATABASE_URL!, redisUrl, redisPrefix },
    // Long enough that the listener surely sees processing events from the other process.
    { BUILTIN_SECTION_DELAY_MS: '20' },
  );

  beforeAll(async () => {
    apis = await Promise.all([startApi(env), startApi(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apis, ...(worker ? [worker] : [])].map((service) => stopWithin(service, 'SIGKILL')));
    await deleteRedisKeys(redisUrl, redisPrefix);
  });

  it('delivers to a listener on process A the changes a worker process makes to a job submitted on process B', async () => {
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const customer = await createConsoleCustomer(process.env.DATABASE_URL!, { credits: 10_000 });
    const accepted = await submitBook(b.origin, customer.apiKeys[0]!, { output_format: 'md' });
    expect(accepted.status).toBe(202);
    const requestId = accepted.json.requestId as string;

    const stream = await EventStreamClient.open(`${a.origin}/v1/status/${requestId}/events`);
    await stream.until('the queued state', () => stream.events.length === 1);
    expect(stream.events[0]!.data.status).toBe('queued');

    worker = await startWorker(env);
    await stream.untilEnded(90_000);
    expectForwardOnly(stream.events);
    expect(stream.events.map((event) => event.data.status)).toContain('processing');
    expect(stream.events.at(-1)!.data).toEqual((await http(`${a.origin}/v1/status/${requestId}`)).json);
    expect(stream.events.at(-1)!.data.status).toBe('completed');
  }, 150_000);
});
