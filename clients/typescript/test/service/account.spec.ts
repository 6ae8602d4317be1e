import { ScriptoriumClient } from '../../src/client';
import { AuthenticationError, InvalidParameterError, RateLimitError, ScriptoriumError } from '../../src/errors';
import type { CreateBookParams } from '../../src/types';
import { clientFor, createAccount, createApiKey, service } from '../support/service-under-test';

/** The catalogue, usage, credits, and the typed errors, against the real service. */
describe('configuration, models, usage, credits and errors against the real service', () => {
  it('configuration lists the styles, types and formats a create accepts', async () => {
    const configuration = await clientFor(undefined).configuration();

    expect(configuration.styles).toContain('mystery');
    expect(configuration.types).toContain('novel');
    expect(configuration.formats).toEqual(expect.arrayContaining<string>(['epub', 'md']));
  });

  it('models lists each model with its base price', async () => {
    const models = await clientFor(undefined).models();

    expect(models.map((model) => [model.id, model.cost_per_book])).toEqual([
      ['2.0', 250],
      ['3.0', 500],
    ]);
  });

  it('usage counts the calling key’s accepted requests', async () => {
    const client = clientFor(await createApiKey('usage'));
    const { requestId } = await client.books.create({ prompt: 'Counted once' });

    const usage = await client.usage();

    expect(usage).toMatchObject({ totalRequests: 1 });
    expect(usage.recentRequests[0]?.requestId).toBe(requestId);
  });

  it('credits answers the account’s pool: a running job holds a reservation, a finished one is charged', async () => {
    const client = clientFor(await createApiKey('credits', { accountId: await createAccount('credits', 10_000) }));
    expect(await client.credits()).toEqual({ balance: 10_000, reserved: 0, available: 10_000 });

    const epic = await client.books.create({ prompt: 'A long epic, cancelled before it is charged', model: '3.0' });
    const whileRunning = await client.credits();
    await client.books.cancel(epic.requestId);
    const afterCancel = await client.credits();
    const { requestId } = await client.books.create({ prompt: 'A short fable' });
    const { creditsUsed } = await client.books.waitForCompletion(requestId);
    const afterCompletion = await client.credits();

    expect(whileRunning.balance).toBe(10_000);
    expect(whileRunning.reserved).toBeGreaterThan(0);
    expect(whileRunning.available).toBe(10_000 - whileRunning.reserved);
    expect(afterCancel).toEqual({ balance: 10_000, reserved: 0, available: 10_000 });
    expect(creditsUsed).toBeGreaterThan(0);
    expect(afterCompletion).toEqual({ balance: 10_000 - creditsUsed, reserved: 0, available: 10_000 - creditsUsed });
  });

  it('a key with a wrong secret is AuthenticationError AUTH_FAILED (401), a malformed one AUTH_REQUIRED', async () => {
    const apiKey = await createApiKey('authentication');
    const wrongSecret = apiKey.slice(0, -4) + (apiKey.endsWith('0000') ? '1111' : '0000');

    const failed = await clientFor(wrongSecret)
      .usage()
      .catch((caught: unknown) => caught);
    const malformed = await clientFor('not-a-key')
      .usage()
      .catch((caught: unknown) => caught);

    expect(failed).toBeInstanceOf(AuthenticationError);
    expect(failed).toMatchObject({ status: 401, errorCode: 'AUTH_FAILED' });
    expect(malformed).toBeInstanceOf(AuthenticationError);
    expect(malformed).toMatchObject({ status: 401, errorCode: 'AUTH_REQUIRED' });
  });

  it('a call that needs a key and has none is refused before anything is sent', async () => {
    const client = new ScriptoriumClient({ baseUrl: service.baseUrl, apiKey: '' });

    await expect(client.usage()).rejects.toThrow(ScriptoriumError);
  });

  it('a disallowed value is InvalidParameterError (400) naming the field', async () => {
    const client = clientFor(await createApiKey('validation'));

    const error = await client.books
      .create({ style: 'pirate' } as unknown as CreateBookParams)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvalidParameterError);
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'INVALID_PARAMETER',
    });
    expect((error as InvalidParameterError).message).toContain('style');
    expect((error as InvalidParameterError).requestId).toBeTruthy();
  });

  it('a burst 429 longer than the client waits is RateLimitError with retryAfter', async () => {
    const client = clientFor(await createApiKey('burst', { minIntervalSeconds: 3600 }));
    await client.books.create();

    const error = await client.books.create().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited).toMatchObject({ status: 429, errorCode: 'RATE_LIMIT_EXCEEDED', limit: 'burst' });
    expect(limited.retryAfter).toBeGreaterThan(60);
    expect(limited.retryAfter).toBeLessThanOrEqual(3600);
  });

  it('a daily 429 is raised at once: one request, even by a client that would wait for days', async () => {
    let posts = 0;
    const countingFetch: typeof fetch = (input, init) => {
      if (init?.method === 'POST') posts++;
      return fetch(input, init);
    };
    const client = clientFor(await createApiKey('daily', { dailyLimit: 1, minIntervalSeconds: 0 }), {
      fetch: countingFetch,
      maxRetries: 5,
      maxRetryAfterSeconds: 10 ** 9,
    });
    await client.books.create();
    posts = 0;

    const error = await client.books.create().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ limit: 'daily', dailyWindow: { limit: 1, remaining: 0 } });
    expect((error as RateLimitError).retryAfter).toBeGreaterThan(3600);
    expect(posts).toBe(1);
  });
});
