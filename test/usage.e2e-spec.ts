import { startTestApp, TestApp, waitForTerminal } from './support/test-app';

describe('GET /v1/usage', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the calling key only: totals and recent requests newest first', async () => {
    const customer = await t.createCustomer({ credits: 300, key: { minIntervalSeconds: 0 } });
    const otherKey = await t.createKey(customer.accountId, { minIntervalSeconds: 0 });
    const submit = (apiKey: string) =>
      t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': apiKey } });

    const first = (await submit(customer.apiKey)).json().requestId;
    const firstStatus = await waitForTerminal(t.app, first);
    const second = (await submit(customer.apiKey)).json().requestId; // the pool cannot cover a second book
    await waitForTerminal(t.app, second);
    await submit(otherKey);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/book',
          headers: { 'x-api-key': customer.apiKey },
          payload: '{"x":1}',
        })
      ).statusCode,
    ).toBe(400);

    const response = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      totalRequests: 2,
      totalCreditsUsed: firstStatus.creditsUsed,
      recentRequests: [
        {
          requestId: second,
          status: 'failed',
          createdAt: expect.any(String),
          completedAt: expect.any(String),
          creditsUsed: 0,
        },
        {
          requestId: first,
          status: 'completed',
          createdAt: firstStatus.createdAt,
          completedAt: firstStatus.completedAt,
          creditsUsed: firstStatus.creditsUsed,
        },
      ],
    });
  });

  it('lists at most 50 recent requests', async () => {
    const customer = await t.createCustomer({ credits: 0, key: { minIntervalSeconds: 0, dailyLimit: 1000 } });
    for (let i = 0; i < 55; i += 1) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } })).statusCode,
      ).toBe(202);
    }
    const body = (
      await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } })
    ).json();
    expect(body.totalRequests).toBe(55);
    expect(body.recentRequests).toHaveLength(50);
    const times = body.recentRequests.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
