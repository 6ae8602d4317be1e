import type { BatchResult } from '../../src/client';
import { InvalidParameterError, RateLimitError } from '../../src/errors';
import type { BatchResponse, CreateBookParams } from '../../src/types';
import { recordingFetch } from '../support/recording-fetch';
import { clientFor, createApiKey } from '../support/service-under-test';

/** A fetch that keeps a copy of every JSON answer, to compare the client's results with what was sent. */
function answerKeepingFetch() {
  const answers: unknown[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    answers.push(await response.clone().json());
    return response;
  };
  return { fetch: fetchFn, answers };
}

function acceptedIds(results: BatchResult[]): string[] {
  return results.flatMap((result) => (result.ok ? [result.book.requestId] : []));
}

/** POST /v1/books/batch through client.batch, against the real service. */
describe('batch against the real service', () => {
  it('answers each item in order: accepted books, and the typed errors of refused ones (daily 429 with retryAfter)', async () => {
    const keeper = answerKeepingFetch();
    const client = clientFor(await createApiKey('batch', { dailyLimit: 2, minIntervalSeconds: 0 }), {
      fetch: keeper.fetch,
    });

    const results = await client.batch([
      { prompt: 'The first of the batch' },
      { prompt: 'Refused', style: 'pirate' } as unknown as CreateBookParams,
      { prompt: 'The second accepted', output_format: 'md' },
      { prompt: 'One more than the day allows' },
    ]);

    expect(results.map((result) => [result.ok, result.status])).toEqual([
      [true, 202],
      [false, 400],
      [true, 202],
      [false, 429],
    ]);
    for (const requestId of acceptedIds(results)) {
      await expect(client.books.retrieve(requestId)).resolves.toMatchObject({ requestId });
    }
    const [, refused, , limited] = results;
    const invalid = refused?.ok === false ? refused.error : undefined;
    expect(invalid).toBeInstanceOf(InvalidParameterError);
    expect(invalid?.message).toContain('style');
    const rateLimited = limited?.ok === false ? limited.error : undefined;
    expect(rateLimited).toBeInstanceOf(RateLimitError);
    expect(rateLimited).toMatchObject({ status: 429, errorCode: 'RATE_LIMIT_EXCEEDED', limit: 'daily' });
    const sentRetryAfter = (keeper.answers[0] as BatchResponse).results[3]?.retryAfter;
    expect(sentRetryAfter).toBeGreaterThan(3600);
    expect((rateLimited as RateLimitError).retryAfter).toBeGreaterThanOrEqual(sentRetryAfter!);
    expect((await client.usage()).totalRequests).toBe(2);
  });

  it('a batch retried after a lost answer carries the same Idempotency-Key and creates each book once', async () => {
    const recorder = recordingFetch({ loseFirstAnswerTo: 'POST /v1/books/batch' });
    const client = clientFor(await createApiKey('batch retries'), { fetch: recorder.fetch });

    const results = await client.batch([{ prompt: 'Sent twice, made once' }, { prompt: 'And its companion' }]);

    const keys = recorder.to('POST /v1/books/batch').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const lost = recorder.lostAnswers[0] as BatchResponse;
    expect(acceptedIds(results)).toEqual(
      lost.results.map((result) => (result.body as { requestId: string }).requestId),
    );
    expect((await client.usage()).totalRequests).toBe(2);
  });

  it('a batch over the burst limit is refused whole: RateLimitError thrown, not an item', async () => {
    const client = clientFor(await createApiKey('batch burst', { minIntervalSeconds: 3600 }));
    await client.batch([{ prompt: 'Within the limit' }]);

    const error = await client.batch([{ prompt: 'Too soon' }]).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, limit: 'burst' });
  });
});
