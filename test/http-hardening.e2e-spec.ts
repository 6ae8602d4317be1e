import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from './support/test-app';

/** What a raw connection received until the server closed it. */
function collect(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    );
  });
}

function envelopeOf(raw: string): { status: number; headers: string; body: any } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

/** Issue 14: slow and malformed clients, framework errors in the envelope, the bare address, response headers. */
describe('HTTP hardening', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Short limits so a slow client is cut off quickly; the assertions wait for the server, never for a clock.
    t = await startTestApp({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const open = () => connect(port, '127.0.0.1');

  it('answers 408 in the envelope and closes a connection whose headers trickle in (slowloris)', async () => {
    const socket = open();
    const received = collect(socket);
    socket.write('GET /v1/models HTTP/1.1\r\nHost: x\r\n');
    // One header line at a time, never the blank line that ends them, until the server hangs up.
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    try {
      const answer = envelopeOf(await received);
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual({
        success: false,
        error: 'Request timeout',
        details: expect.any(String),
        errorCode: 'REQUEST_TIMEOUT',
      });
    } finally {
      clearInterval(drip);
    }
  });

  it('cuts off a body sent a byte at a time once the request time is up', async () => {
    const socket = open();
    const received = collect(socket);
    socket.write(
      'POST /v1/book HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    try {
      const raw = await received;
      // Closed by the server; if it answered first, the answer is the envelope.
      if (raw.length > 0) expect(envelopeOf(raw).body.success).toBe(false);
    } finally {
      clearInterval(drip);
    }
  });

  it('answers 431 in the envelope for headers over the size limit', async () => {
    const socket = open();
    const received = collect(socket);
    socket.write(`GET /v1/models HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    const answer = envelopeOf(await received);
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ success: false, errorCode: 'HEADERS_TOO_LARGE' });
    expect(answer.headers).toContain('x-content-type-options: nosniff');
  });

  it('answers 400 in the envelope for a request that is not HTTP', async () => {
    const socket = open();
    const received = collect(socket);
    socket.write('HELLO there\r\n\r\n');
    const answer = envelopeOf(await received);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'Malformed HTTP request',
      errorCode: 'INVALID_PARAMETER',
    });
  });

  it('refuses JSON nested 5,000 deep and text with a lone surrogate with 400, naming the field', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    const deep = `{"prompt":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
    for (const field of ['prompt', 'author']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/json' },
        payload: `{"${field}":"x\\ud800y"}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'INVALID_PARAMETER',
        error: `${field} is not well-formed Unicode`,
      });
    }
  });

  it('points the bare address to the API, its documentation and health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      service: 'Scriptorium',
      api: 'http://books.test/v1',
      docs: 'http://books.test/docs',
      openapi: 'http://books.test/docs-json',
      health: 'http://books.test/health/ready',
    });
  });

  it('sends nosniff on every answer, errors included', async () => {
    for (const url of ['/v1/models', '/v1/nothing-here', '/v1/status/not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it.each([
    ['a value with spaces', false],
    ['<script>', false],
    ['x'.repeat(129), false],
    ['trace-42.a:b_c', true],
  ])('keeps a client X-Request-Id only when it is a plain token (%s)', async (sent, kept) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/models', headers: { 'x-request-id': sent } });
    const answered = String(response.headers['x-request-id']);
    if (kept) expect(answered).toBe(sent);
    else expect(answered).toMatch(/^[0-9a-f-]{36}$/);
  });
});
