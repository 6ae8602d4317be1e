import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';

/** DESIGN.md section 3 (Requests): Idempotency-Key on POST /book. */
describe('Idempotency-Key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const submit = (apiKey: string, idempotencyKey: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      payload: JSON.stringify(body),
    });

  it('turns 5 concurrent identical requests into one job, one reservation and five identical 202 bodies', async () => {
    const customer = await t.createCustomer({ credits: 1_000 });
    const body = { prompt: 'A clockmaker named Odile', output_format: 'md' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit(customer.apiKey, 'order-7781', body)));
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const bodies = responses.map((r) => r.json());
    for (const other of bodies) expect(other).toEqual(bodies[0]);

    const dataSource = t.app.get(DataSource);
    const jobs = await dataSource.query('SELECT id FROM book_jobs WHERE api_key_id = $1', [customer.keyId]);
    expect(jobs).toEqual([{ id: bodies[0].requestId }]);
    const reservations = await dataSource.query(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'reserve'`,
      [customer.accountId],
    );
    expect(reservations[0].n).toBe(1);

    // The repeats were not counted: the key's burst window still lets a new request through later only once.
    const usage = (
      await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': customer.apiKey } })
    ).json();
    expect(usage.totalRequests).toBe(1);
  });

  it('answers 400 for the same key with a different body, and leaves the first job alone', async () => {
    const customer = await t.createCustomer();
    const first = await submit(customer.apiKey, 'same-key', { prompt: 'one' });
    expect(first.statusCode).toBe(202);
    const second = await submit(customer.apiKey, 'same-key', { prompt: 'two' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      success: false,
      errorCode: 'INVALID_PARAMETER',
      error: expect.stringContaining('Idempotency-Key'),
    });
  });

  it('replays without counting against the burst limit', async () => {
    const customer = await t.createCustomer();
    const first = await submit(customer.apiKey, 'k1', {});
    const replay = await submit(customer.apiKey, 'k1', {});
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(first.json());
    // A different key is a new request, and the burst limit applies to it.
    expect((await submit(customer.apiKey, 'k2', {})).statusCode).toBe(429);
  });

  it('keeps keys apart per API key', async () => {
    const customer = await t.createCustomer();
    const otherKey = await t.createKey(customer.accountId);
    const a = await submit(customer.apiKey, 'shared', {});
    const b = await submit(otherKey, 'shared', {});
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json().requestId).not.toBe(b.json().requestId);
  });

  it.each(['', 'x'.repeat(256), 'has space', 'ünïcode'])('rejects the malformed key %p', async (key) => {
    const customer = await t.createCustomer();
    const response = await submit(customer.apiKey, key, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_PARAMETER');
  });
});
