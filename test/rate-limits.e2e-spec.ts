import { startTestApp, TestApp } from './support/test-app';

/** A window short enough to wait out in a test, long enough for two requests on a loaded machine. */
const SHORT_WINDOW_SECONDS = 4;

/** Spec section 8 and 7.4 for one client; issue 3 covers concurrency across processes. */
describe('Rate limits on POST /v1/book', () => {
  let t: TestApp;

  // The real 24-hour window: counting tests never race its end, however loaded the machine.
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 to a second request inside 6 seconds, asking the client to wait', async () => {
    const customer = await t.createCustomer();
    const first = await t.submitBook(customer.apiKey);
    expect(first.statusCode).toBe(202);
    expect(first.headers['ratelimit-limit']).toBe('15');
    expect(first.headers['ratelimit-remaining']).toBe('14');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);

    const second = await t.submitBook(customer.apiKey);
    expect(second.statusCode).toBe(429);
    const body = second.json();
    expect(body).toMatchObject({ success: false, errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(body.error).toMatch(/wait .*between requests/);
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(6);
    expect(second.headers['ratelimit-remaining']).toBe('14');
  });

  it('answers the daily 429 naming the limit, and does not count invalid or burst-rejected requests', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 3 } });
    expect((await t.submitBook(customer.apiKey, { style: 'pirate' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) {
      expect((await t.submitBook(customer.apiKey)).statusCode).toBe(202);
    }
    const over = await t.submitBook(customer.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toContain('3 requests per day');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('names "15 requests per day" for the default daily limit', async () => {
    const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
    for (let i = 0; i < 15; i += 1) {
      expect((await t.submitBook(customer.apiKey)).statusCode).toBe(202);
    }
    const over = await t.submitBook(customer.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toContain('15 requests per day');
  });

  it('opens a new daily window once the window has passed', async () => {
    // Its own instance with a short window; two requests must fit in it, with seconds to spare.
    const short = await startTestApp({ RATE_LIMIT_DAILY_WINDOW_SECONDS: String(SHORT_WINDOW_SECONDS) });
    try {
      const customer = await short.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 1 } });
      const send = () =>
        short.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
      expect((await send()).statusCode).toBe(202);
      const over = await send();
      expect(over.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, Number(over.headers['retry-after']) * 1000 + 200));
      expect((await send()).statusCode).toBe(202);
    } finally {
      await short.close();
    }
  });

  it('does not limit status, configuration, models or usage calls', async () => {
    const customer = await t.createCustomer({ key: { dailyLimit: 1 } });
    const accepted = await t.submitBook(customer.apiKey);
    for (let i = 0; i < 20; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/v1/status/${accepted.json().requestId}` })).statusCode).toBe(
        200,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } })).statusCode,
      ).toBe(200);
    }
  });

  it('keeps separate limits per key', async () => {
    const customer = await t.createCustomer();
    const secondKey = await t.createKey(customer.accountId);
    expect((await t.submitBook(customer.apiKey)).statusCode).toBe(202);
    expect((await t.submitBook(secondKey)).statusCode).toBe(202);
  });
});
