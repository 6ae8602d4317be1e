import { ApiKeysService } from '../src/auth/api-keys.service';
import { startTestApp, TestApp } from './support/test-app';

/** GET /v1/credits: the account's pool as a client sees it before a job fails for lack of it (issue 15). */
describe('GET /v1/credits', () => {
  const balanceOf = async (t: TestApp, apiKey: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/credits', headers: { 'x-api-key': apiKey } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  describe('with no worker, so accepted jobs stay queued', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ ROLE: 'api' });
    });
    afterAll(() => t.close());

    it('shows what queued jobs hold as reserved, across every key of the account, and nothing of other accounts', async () => {
      const customer = await t.createCustomer({ credits: 1_000, key: { minIntervalSeconds: 0 } });
      const otherKey = await t.createKey(customer.accountId, { minIntervalSeconds: 0 });
      const stranger = await t.createCustomer({ credits: 300 });
      expect(await balanceOf(t, customer.apiKey)).toEqual({ balance: 1_000, reserved: 0, available: 1_000 });

      expect((await t.submitBook(customer.apiKey, {})).statusCode).toBe(202);
      expect((await t.submitBook(otherKey, { model: '3.0' })).statusCode).toBe(202);
      // 250 for a 2.0 book and 500 for a 3.0 book are held at acceptance.
      expect(await balanceOf(t, customer.apiKey)).toEqual({ balance: 1_000, reserved: 750, available: 250 });
      expect(await balanceOf(t, otherKey)).toEqual({ balance: 1_000, reserved: 750, available: 250 });

      // A job the pool cannot cover is accepted but holds nothing (it will fail with Insufficient credits).
      expect((await t.submitBook(customer.apiKey, { model: '3.0' })).statusCode).toBe(202);
      expect(await balanceOf(t, customer.apiKey)).toEqual({ balance: 1_000, reserved: 750, available: 250 });
      expect(await balanceOf(t, stranger.apiKey)).toEqual({ balance: 300, reserved: 0, available: 300 });
    });

    it('needs a key with usage:read, like /v1/usage, and answers errors in the envelope', async () => {
      const customer = await t.createCustomer();
      expect((await t.app.inject({ method: 'GET', url: '/v1/credits' })).json()).toMatchObject({
        success: false,
        errorCode: 'AUTH_REQUIRED',
      });
      const writeOnly = await t.createKey(customer.accountId, { scopes: ['books:write'] });
      const refused = await t.app.inject({ method: 'GET', url: '/v1/credits', headers: { 'x-api-key': writeOnly } });
      expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'FORBIDDEN']);
      await t.app.get(ApiKeysService, { strict: false }).revoke(customer.keyId);
      const revoked = await t.app.inject({
        method: 'GET',
        url: '/v1/credits',
        headers: { 'x-api-key': customer.apiKey },
      });
      expect([revoked.statusCode, revoked.json().errorCode]).toEqual([403, 'FORBIDDEN']);
    });
  });

  it('releases the reservation when a book completes: the balance drops by its price only', async () => {
    const t = await startTestApp();
    try {
      const customer = await t.createCustomer({ credits: 1_000 });
      const status = await t.finishedBook(customer.apiKey, {});
      expect(await balanceOf(t, customer.apiKey)).toEqual({
        balance: 1_000 - status.creditsUsed,
        reserved: 0,
        available: 1_000 - status.creditsUsed,
      });
    } finally {
      await t.close();
    }
  });
});
