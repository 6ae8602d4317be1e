import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp } from './support/test-app';

/** POST /v1/books/batch (issue 15): items answered one by one, limits counted exactly, idempotent. */
describe('POST /v1/books/batch', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No worker: accepted jobs stay queued, which is all these tests look at.
    t = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => t.close());

  const batch = (apiKey: string, body: unknown, headers: Record<string, string> = {}, app: TestApp = t) =>
    app.app.inject({
      method: 'POST',
      url: '/v1/books/batch',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const usage = async (apiKey: string) =>
    (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': apiKey } })).json();

  const statuses = (results: Array<{ status: number }>) => results.map((result) => result.status);

  it('answers every item in its place: accepted ones as POST /v1/book would, bad ones with their own error', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    const response = await batch(customer.apiKey, {
      requests: [
        { prompt: 'A lighthouse keeper' },
        { style: 'baroque' },
        { webhook_url: 'http://127.0.0.1/hook' },
        { model: '3.0', output_format: 'md' },
        'not an object',
      ],
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(statuses(results)).toEqual([202, 400, 400, 202, 400]);
    expect(results[0].body).toEqual({
      success: true,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      statusUrl: `http://books.test/v1/status/${results[0].body.requestId}`,
      message: expect.any(String),
    });
    expect(results[1].body).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
    expect(results[1].body.error).toContain("'style'");
    expect(results[2].body).toMatchObject({ errorCode: 'INVALID_WEBHOOK_URL' });
    expect(results[4].body).toMatchObject({ errorCode: 'INVALID_PARAMETER' });

    // The accepted items are real jobs with their parameters; the refused ones were never stored or counted.
    for (const index of [0, 3]) {
      const status = await t.app.inject({ method: 'GET', url: `/v1/status/${results[index].body.requestId}` });
      expect(status.json().status).toBe('queued');
    }
    expect((await usage(customer.apiKey)).totalRequests).toBe(2);
    expect(response.headers['ratelimit-remaining']).toBe('13');
    const balance = await t.app.inject({
      method: 'GET',
      url: '/v1/credits',
      headers: { 'x-api-key': customer.apiKey },
    });
    expect(balance.json().reserved).toBe(250 + 500);
  });

  it('counts as one request against the burst limit: a second batch or book within the interval is a 429', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 3600 } });
    const first = await batch(customer.apiKey, { requests: [{}, {}, {}] });
    expect(statuses(first.json().results)).toEqual([202, 202, 202]);
    const second = await batch(customer.apiKey, { requests: [{}] });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ success: false, errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.submitBook(customer.apiKey, {})).statusCode).toBe(429);
    expect((await usage(customer.apiKey)).totalRequests).toBe(3);
  });

  it('takes exactly what the daily window has room for, in order; the rest answer 429 with retryAfter', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 5 } });
    const response = await batch(customer.apiKey, { requests: Array.from({ length: 8 }, () => ({})) });
    const { results } = response.json();
    expect(statuses(results)).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(results[5].body).toMatchObject({ errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(results[5].retryAfter).toBeGreaterThan(3600);
    expect(response.headers['ratelimit-remaining']).toBe('0');

    const next = await batch(customer.apiKey, { requests: [{}, { style: 'baroque' }] });
    expect(statuses(next.json().results)).toEqual([429, 400]);
    expect((await usage(customer.apiKey)).totalRequests).toBe(5);
  });

  it('never admits more than the daily limit when batches race through two API processes', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const [one, two] = await Promise.all([
      startTestApp({ ROLE: 'api', REDIS_PREFIX: prefix }),
      startTestApp({ ROLE: 'api', REDIS_PREFIX: prefix }),
    ]);
    try {
      const customer = await one.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 23 } });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          batch(customer.apiKey, { requests: Array.from({ length: 5 }, () => ({})) }, {}, n % 2 ? one : two),
        ),
      );
      const all = answers.flatMap((answer) => statuses(answer.json().results));
      expect(all.filter((status) => status === 202)).toHaveLength(23);
      expect(all.filter((status) => status === 429)).toHaveLength(40 - 23);
      expect((await usage(customer.apiKey)).totalRequests).toBe(23);
      // The window stays full for everyone.
      const after = await batch(customer.apiKey, { requests: [{}] }, {}, one);
      expect(after.headers['ratelimit-remaining']).toBe('0');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('with an Idempotency-Key replays stored items uncounted and submits only what was not stored', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 2 } });
    const body = { requests: [{ prompt: 'one' }, { style: 'baroque' }, { prompt: 'two' }, { prompt: 'three' }] };
    const headers = { 'idempotency-key': `batch-${randomBytes(4).toString('hex')}` };
    const first = (await batch(customer.apiKey, body, headers)).json().results;
    expect(statuses(first)).toEqual([202, 400, 202, 429]);

    const again = (await batch(customer.apiKey, body, headers)).json().results;
    expect(statuses(again)).toEqual([202, 400, 202, 429]);
    expect(again[0].body.requestId).toBe(first[0].body.requestId);
    expect(again[2].body.requestId).toBe(first[2].body.requestId);
    expect((await usage(customer.apiKey)).totalRequests).toBe(2);

    // The same key with another request in a stored item's place is refused for that item only.
    const changed = (
      await batch(customer.apiKey, { requests: [{ prompt: 'other' }, {}, { prompt: 'two' }] }, headers)
    ).json().results;
    expect(statuses(changed)).toEqual([400, 429, 202]);
    expect(changed[0].body.error).toMatch(/Idempotency-Key already used/);
    expect(changed[2].body.requestId).toBe(first[2].body.requestId);
  });

  it('stores each item of two identical keyed batches sent at once exactly once', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 100 } });
    const body = { requests: Array.from({ length: 6 }, (_, n) => ({ prompt: `book ${n}` })) };
    const headers = { 'idempotency-key': `race-${randomBytes(4).toString('hex')}` };
    const [a, b] = await Promise.all([batch(customer.apiKey, body, headers), batch(customer.apiKey, body, headers)]);
    const ids = (response: typeof a) =>
      response.json().results.map((result: { body: { requestId: string } }) => result.body.requestId);
    expect(ids(a)).toEqual(ids(b));
    expect((await usage(customer.apiKey)).totalRequests).toBe(6);
    expect(a.headers['ratelimit-remaining'] === '94' || b.headers['ratelimit-remaining'] === '94').toBe(true);
  });

  it.each([
    ['a non-object body', '[]', 'INVALID_PARAMETER'],
    ['no requests field', '{}', 'MISSING_PARAMETER'],
    ['an empty batch', '{"requests":[]}', 'INVALID_PARAMETER'],
    ['51 requests', JSON.stringify({ requests: Array.from({ length: 51 }, () => ({})) }), 'INVALID_PARAMETER'],
    ['requests that is not an array', '{"requests":{}}', 'INVALID_PARAMETER'],
    ['an unknown field', '{"requests":[{}],"priority":1}', 'INVALID_PARAMETER'],
  ])('refuses %s as a whole with 400, counting nothing', async (_case, payload, errorCode) => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 3600 } });
    const response = await batch(customer.apiKey, payload);
    expect([response.statusCode, response.json().errorCode]).toEqual([400, errorCode]);
    // The burst window is untouched: a book goes through at once.
    expect((await t.submitBook(customer.apiKey, {})).statusCode).toBe(202);
  });

  it('holds each item to the 64 KiB body limit and the whole batch to 50 times it', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    const big = { prompt: 'x'.repeat(19_000), custom_tone: 'y'.repeat(1_900) };
    const heavy = await batch(customer.apiKey, { requests: [big, big, big, big] });
    expect(heavy.statusCode).toBe(200);
    expect(statuses(heavy.json().results)).toEqual([202, 202, 202, 202]);

    const oversized = await batch(customer.apiKey, { requests: [{ prompt: 'z'.repeat(70 * 1024) }, {}] });
    expect(statuses(oversized.json().results)).toEqual([413, 202]);
    expect(oversized.json().results[0].body.errorCode).toBe('PAYLOAD_TOO_LARGE');

    const tooBig = await batch(customer.apiKey, `{"requests":[{"prompt":"${'a'.repeat(50 * 64 * 1024)}"}]}`);
    expect([tooBig.statusCode, tooBig.json().errorCode]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('needs a key with books:write', async () => {
    const customer = await t.createCustomer();
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/books/batch', payload: { requests: [{}] } });
    expect([anonymous.statusCode, anonymous.json().errorCode]).toEqual([401, 'AUTH_REQUIRED']);
    const readOnly = await t.createKey(customer.accountId, { scopes: ['usage:read'] });
    const refused = await batch(readOnly, { requests: [{}] });
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'FORBIDDEN']);
  });
});
