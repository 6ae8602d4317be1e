import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ConsoleUsersService } from '../src/web-console/console-users.service';
import { ConsoleBrowser } from './support/console-browser';
import { http, type HttpAnswer } from './support/service-cluster';
import { Customer, startTestApp, TestApp } from './support/test-app';

const PASSWORD = 'correct horse battery staple';

/**
 * Issue 37: a revoked key, and a key of a suspended account, are answered
 * 403 FORBIDDEN before the body and the limits are looked at (DESIGN.md: auth,
 * then validation, then burst, then daily). Two API instances share the
 * database and the Redis counters, as in a deployment: the operator acts in
 * the web console of one, the client submits to the other, which read the key
 * (into its memory) before the revocation. Every key keeps the default burst
 * limit (one request per 6 seconds), so the request right after the change
 * is one the burst limit would refuse.
 */
describe('Revoked keys and suspended accounts are refused 403 before the limits, by every API instance', () => {
  const redisPrefix = `test-${randomBytes(6).toString('hex')}`;
  let operated: TestApp;
  let serving: TestApp;
  let origin: string;
  let operator: ConsoleBrowser;

  beforeAll(async () => {
    operated = await startTestApp({ REDIS_PREFIX: redisPrefix });
    serving = await startTestApp({ REDIS_PREFIX: redisPrefix, ROLE: 'api' });
    await serving.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(serving.app.getHttpServer().address() as AddressInfo).port}`;
    const email = `operator-${randomBytes(4).toString('hex')}@example.com`;
    await operated.app
      .get(ConsoleUsersService, { strict: false })
      .create({ email, password: PASSWORD, role: 'operator' });
    operator = new ConsoleBrowser(operated.app);
    expect((await operator.signIn(email, PASSWORD)).statusCode).toBe(303);
  });
  afterAll(async () => {
    await serving?.close();
    await operated?.close();
  });

  const submit = (apiKey: string, body: Record<string, unknown> = {}): Promise<HttpAnswer> =>
    http(`${origin}/v1/book`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  const submitBatch = (apiKey: string, requests: Array<Record<string, unknown>>): Promise<HttpAnswer> =>
    http(`${origin}/v1/books/batch`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests }),
    });

  /** The console's revoke form, from its confirmation page (which carries the form's CSRF token). */
  const revoke = async (customer: Customer) => {
    const url = `/console/accounts/${customer.accountId}/keys/${customer.keyId}/revoke`;
    expect((await operator.get(url)).statusCode).toBe(200);
    expect((await operator.post(url)).statusCode).toBe(303);
  };

  /** The suspend (or lift) button of the console's accounts page. */
  const setSuspended = async (customer: Customer, suspended: boolean) => {
    expect((await operator.get('/console/accounts')).statusCode).toBe(200);
    const answer = await operator.post(`/console/accounts/${customer.accountId}/${suspended ? '' : 'un'}suspend`);
    expect(answer.statusCode).toBe(303);
  };

  const refusal = (answer: HttpAnswer) => [answer.status, answer.json?.errorCode, answer.json?.error];

  it('answers a key revoked in the other instance 403 at once, not the 429 of its burst limit', async () => {
    const customer = await operated.createCustomer();
    expect((await submit(customer.apiKey, { prompt: 'Before the revocation' })).status).toBe(202);

    await revoke(customer);

    expect(refusal(await submit(customer.apiKey, { prompt: 'Right after' }))).toEqual([
      403,
      'FORBIDDEN',
      'API key revoked',
    ]);
    // Auth comes before the body too: an invalid request of a revoked key is a 403, not a 400.
    expect(refusal(await submit(customer.apiKey, { style: 'no such style' }))).toEqual([
      403,
      'FORBIDDEN',
      'API key revoked',
    ]);
    expect((await operated.submitBook(customer.apiKey)).statusCode).toBe(403);
  });

  it('answers a key of an account suspended in the other instance 403 at once, and lets it in once lifted', async () => {
    const customer = await operated.createCustomer();
    expect((await submit(customer.apiKey, { prompt: 'Before the suspension' })).status).toBe(202);

    await setSuspended(customer, true);

    expect(refusal(await submit(customer.apiKey, { prompt: 'Right after' }))).toEqual([
      403,
      'FORBIDDEN',
      'Account suspended',
    ]);
    expect(refusal(await submit(customer.apiKey, { style: 'no such style' }))).toEqual([
      403,
      'FORBIDDEN',
      'Account suspended',
    ]);

    await setSuspended(customer, false);

    // Lifted: the key is back under its limits (the burst window of the first request, or a new job).
    expect([202, 429]).toContain((await submit(customer.apiKey, { prompt: 'After the suspension' })).status);
  });

  it('answers a batch of a key revoked, or of an account suspended, in the other instance 403 at once', async () => {
    const revoked = await operated.createCustomer();
    const suspended = await operated.createCustomer();
    for (const customer of [revoked, suspended]) {
      const first = await submitBatch(customer.apiKey, [{ prompt: 'Before' }]);
      expect([first.status, first.json?.results?.[0]?.status]).toEqual([200, 202]);
    }

    await revoke(revoked);
    await setSuspended(suspended, true);

    expect(refusal(await submitBatch(revoked.apiKey, [{ prompt: 'Right after' }]))).toEqual([
      403,
      'FORBIDDEN',
      'API key revoked',
    ]);
    expect(refusal(await submitBatch(suspended.apiKey, [{ prompt: 'Right after' }]))).toEqual([
      403,
      'FORBIDDEN',
      'Account suspended',
    ]);
  });
});
