import { ScriptoriumClient } from '../../src/client';
import { ConnectionError, InternalServerError, RateLimitError } from '../../src/errors';
import { ContractServer, errorEnvelope, jobStatus, sendJson } from '../support/contract-server';

const ID = '3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a';
const CREATE = 'POST /v1/book';
const accepted = { success: true, requestId: ID, status: 'queued', statusUrl: `x/${ID}`, message: 'queued' };

/** When the client repeats a request by itself, and when it raises at once. */
describe('Retries', () => {
  let server: ContractServer;
  let baseUrl: string;

  beforeEach(async () => {
    server = new ContractServer();
    baseUrl = await server.start();
  });
  afterEach(() => server.stop());

  const client = (options: ConstructorParameters<typeof ScriptoriumClient>[0] = {}) =>
    new ScriptoriumClient({ baseUrl, apiKey: 'bk_live_retries', ...options });

  /** Answers the given responses in turn, then 202. */
  const createAnswers = (...answers: Array<[number, unknown, Record<string, string>?]>) => {
    let call = 0;
    server.route(CREATE, (_request, response) => {
      const [status, body, headers] = answers[call++] ?? [202, accepted, {}];
      sendJson(response, status, body, headers);
    });
  };

  it('waits out a burst 429 and repeats the create with the same Idempotency-Key', async () => {
    createAnswers([
      429,
      errorEnvelope('RATE_LIMIT_EXCEEDED', 'Too many requests: wait at least 6 seconds between requests'),
      { 'Retry-After': '1', 'RateLimit-Limit': '15', 'RateLimit-Remaining': '10', 'RateLimit-Reset': '80000' },
    ]);

    await expect(client().books.create({ prompt: 'x' })).resolves.toEqual(accepted);

    const keys = server.requestsTo(CREATE).map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('raises a daily 429 at once, however long it would let itself wait', async () => {
    createAnswers([
      429,
      errorEnvelope('RATE_LIMIT_EXCEEDED', 'Daily limit exceeded: 15 requests per day'),
      { 'Retry-After': '5', 'RateLimit-Limit': '15', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '86000' },
    ]);

    const error = await client({ maxRetries: 10, maxRetryAfterSeconds: 10 ** 9 })
      .books.create()
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ limit: 'daily', retryAfter: 86000, status: 429, errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(server.requestsTo(CREATE)).toHaveLength(1);
  });

  it('takes a 429 whose text names the daily limit as daily even without RateLimit headers', async () => {
    createAnswers([
      429,
      errorEnvelope('RATE_LIMIT_EXCEEDED', 'Daily limit exceeded: 15 requests per day'),
      { 'Retry-After': '3' },
    ]);

    await expect(client().books.create()).rejects.toMatchObject({ limit: 'daily', retryAfter: 3 });
    expect(server.requestsTo(CREATE)).toHaveLength(1);
  });

  it('raises a burst 429 whose Retry-After is longer than maxRetryAfterSeconds, with retryAfter', async () => {
    createAnswers([
      429,
      errorEnvelope('RATE_LIMIT_EXCEEDED', 'Too many requests'),
      { 'Retry-After': '120', 'RateLimit-Limit': '15', 'RateLimit-Remaining': '3', 'RateLimit-Reset': '500' },
    ]);

    await expect(client({ maxRetryAfterSeconds: 60 }).books.create()).rejects.toMatchObject({
      limit: 'burst',
      retryAfter: 120,
      dailyWindow: { limit: 15, remaining: 3, resetSeconds: 500 },
    });
    expect(server.requestsTo(CREATE)).toHaveLength(1);
  });

  it('repeats a create after a 500 and after a broken connection, always with the same Idempotency-Key', async () => {
    let call = 0;
    server.route(CREATE, (_request, response) => {
      call++;
      if (call === 1) sendJson(response, 500, errorEnvelope('INTERNAL_ERROR', 'Internal error'));
      else if (call === 2) response.socket?.destroy();
      else sendJson(response, 202, accepted);
    });

    await expect(client().books.create()).resolves.toEqual(accepted);

    const keys = new Set(server.requestsTo(CREATE).map((request) => request.headers['idempotency-key']));
    expect(server.requestsTo(CREATE)).toHaveLength(3);
    expect(keys.size).toBe(1);
  });

  it('uses the Idempotency-Key the caller gives', async () => {
    createAnswers();

    await client().books.create({}, { idempotencyKey: 'order-42' });

    expect(server.requestsTo(CREATE)[0]?.headers['idempotency-key']).toBe('order-42');
  });

  it('gives up after maxRetries and raises the last failure', async () => {
    server.route(CREATE, (_request, response) => sendJson(response, 500, errorEnvelope('INTERNAL_ERROR', 'boom')));

    await expect(client({ maxRetries: 1 }).books.create()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requestsTo(CREATE)).toHaveLength(2);
  });

  it('does not repeat a cancel whose connection broke: the service may have cancelled', async () => {
    server.route(`POST /v1/book/${ID}/cancel`, (_request, response) => {
      response.socket?.destroy();
    });

    await expect(client().books.cancel(ID)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.requestsTo(`POST /v1/book/${ID}/cancel`)).toHaveLength(1);
  });

  it('repeats a status read after a 503 with Retry-After', async () => {
    let call = 0;
    server.route(`GET /v1/status/${ID}`, (_request, response) => {
      if (call++ === 0) sendJson(response, 503, errorEnvelope('SERVICE_UNAVAILABLE', 'down'), { 'Retry-After': '0' });
      else sendJson(response, 200, jobStatus(ID, 'processing', 5));
    });

    await expect(client().books.retrieve(ID)).resolves.toMatchObject({ progress: 5 });
  });

  it('raises ConnectionError when nothing listens', async () => {
    // Port 1 (tcpmux) is not served on any machine these tests run on.
    const unreachable = client({ baseUrl: 'http://127.0.0.1:1/v1', maxRetries: 0 });

    await expect(unreachable.books.retrieve(ID)).rejects.toBeInstanceOf(ConnectionError);
  });
});
