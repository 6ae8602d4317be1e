import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp } from './support/test-app';

/** Issue 3: limits are atomic in Redis, across requests in flight and across API processes. */
describe('Rate limits under concurrency', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two API processes of one deployment: same Redis prefix, same database.
    const prefix = `test-shared-${randomBytes(4).toString('hex')}`;
    // The real 24-hour window: counting tests never race its end, however loaded the machine.
    first = await startTestApp({ ROLE: 'api', REDIS_PREFIX: prefix });
    second = await startTestApp({ ROLE: 'api', REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const submit = (app: TestApp, apiKey: string) =>
    app.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': apiKey } });

  it('admits exactly one of 20 concurrent requests of one key (burst limit)', async () => {
    const customer = await first.createCustomer();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(i % 2 ? first : second, customer.apiKey)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(1);
    expect(codes.filter((code) => code === 429)).toHaveLength(19);
    for (const rejected of responses.filter((r) => r.statusCode === 429)) {
      expect(rejected.json().errorCode).toBe('RATE_LIMIT_EXCEEDED');
      expect(rejected.headers['retry-after']).toBeDefined();
    }
  });

  it('admits exactly the daily limit across two API processes, whatever the concurrency', async () => {
    const customer = await first.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 15 } });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => submit(i % 2 ? first : second, customer.apiKey)),
    );
    expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(15);
    const rejected = responses.filter((r) => r.statusCode === 429);
    expect(rejected).toHaveLength(25);
    for (const response of rejected) expect(response.json().error).toContain('15 requests per day');
    const usage = (
      await first.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } })
    ).json();
    expect(usage.totalRequests).toBe(15);
  });

  it('with --min-interval-seconds 0 --daily-limit 5: 5 admitted, then the daily 429; 400s and burst rejections cost nothing', async () => {
    const customer = await first.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 5 } });
    for (let i = 0; i < 3; i += 1)
      expect((await second.submitBook(customer.apiKey, { type: 'poem' })).statusCode).toBe(400);
    for (let i = 0; i < 5; i += 1) {
      const response = await submit(i % 2 ? first : second, customer.apiKey);
      expect(response.statusCode).toBe(202);
      expect(response.headers['ratelimit-remaining']).toBe(String(4 - i));
    }
    const over = await submit(first, customer.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toContain('5 requests per day');
    expect(over.headers['ratelimit-limit']).toBe('5');
  });

  it('resets the daily window for every API process once it has passed', async () => {
    // Two processes of their own with a short window; two requests must fit in it, with seconds to spare.
    const prefix = `test-window-${randomBytes(4).toString('hex')}`;
    const settings = { ROLE: 'api', REDIS_PREFIX: prefix, RATE_LIMIT_DAILY_WINDOW_SECONDS: '4' };
    const one = await startTestApp(settings);
    const other = await startTestApp(settings);
    try {
      const customer = await one.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 1 } });
      expect((await submit(one, customer.apiKey)).statusCode).toBe(202);
      const over = await submit(other, customer.apiKey);
      expect(over.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, Number(over.headers['retry-after']) * 1000 + 200));
      expect((await submit(other, customer.apiKey)).statusCode).toBe(202);
    } finally {
      await other.close();
      await one.close();
    }
  });

  it('does not count burst rejections toward the daily limit', async () => {
    // A burst interval long enough for five requests on a loaded machine; then its end is waited out.
    const customer = await first.createCustomer({ key: { minIntervalSeconds: 4, dailyLimit: 2 } });
    expect((await submit(first, customer.apiKey)).statusCode).toBe(202);
    let retryAfterSeconds = 0;
    for (let i = 0; i < 5; i += 1) {
      const rejected = await submit(second, customer.apiKey);
      expect(rejected.statusCode).toBe(429);
      retryAfterSeconds = Number(rejected.headers['retry-after']);
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000 + 200));
    const secondAdmitted = await submit(first, customer.apiKey);
    expect(secondAdmitted.statusCode).toBe(202);
    expect(secondAdmitted.headers['ratelimit-remaining']).toBe('0');
  });

  it('puts the rate-limit headers on error answers too', async () => {
    const customer = await first.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 9 } });
    const invalid = await first.submitBook(customer.apiKey, { style: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['ratelimit-limit']).toBe('9');
    expect(invalid.headers['ratelimit-remaining']).toBe('9');
  });
});
