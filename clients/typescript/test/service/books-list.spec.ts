import type { ScriptoriumClient } from '../../src/client';
import { InvalidParameterError } from '../../src/errors';
import type { ListBooksParams } from '../../src/types';
import { recordingFetch } from '../support/recording-fetch';
import { clientFor, createApiKey } from '../support/service-under-test';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** GET /v1/books through books.list, against the real service. */
describe('books.list against the real service', () => {
  const recorder = recordingFetch();
  let lister: ScriptoriumClient;
  let apiKey: string;
  /** The lister key's five books, newest first: [completed x4, then the oldest, cancelled]. */
  let newestFirst: string[];
  /** An instant between the two oldest books and the three newest. */
  let boundary: Date;

  const listed = async (params: ListBooksParams, client = lister) => {
    const ids: string[] = [];
    for await (const job of client.books.list(params).items()) ids.push(job.requestId);
    return ids;
  };

  beforeAll(async () => {
    apiKey = await createApiKey('listing');
    lister = clientFor(apiKey, { fetch: recorder.fetch });
    const oldest = await lister.books.create({ prompt: 'A long epic, cancelled at once', model: '3.0' });
    await lister.books.cancel(oldest.requestId);
    const older = await lister.books.create({ prompt: 'The second book' });
    // Apart from the books on either side by more than the precision of the timestamps.
    await pause(50);
    boundary = new Date();
    await pause(50);
    const newer = [];
    for (const prompt of ['The third book', 'The fourth book', 'The fifth book']) {
      newer.push(await lister.books.create({ prompt }));
    }
    newestFirst = [...newer.reverse(), older, oldest].map((book) => book.requestId);
    await Promise.all(newestFirst.map((requestId) => lister.books.waitForCompletion(requestId)));
  });

  it('iterates the pages newest first, each fetched with the previous page’s nextStartingAfter', async () => {
    recorder.sent.length = 0;
    const pages: string[][] = [];
    for await (const page of lister.books.list({ limit: 2 })) pages.push(page.data.map((job) => job.requestId));

    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    const requests = recorder.to('GET /v1/books');
    expect(requests.map((request) => request.query.get('starting_after'))).toEqual([
      null,
      newestFirst[1],
      newestFirst[3],
    ]);
    expect(requests.every((request) => request.headers.get('x-api-key') === apiKey)).toBe(true);
  });

  it('items() yields every job across the pages, each as GET /v1/status answers it', async () => {
    const jobs = [];
    for await (const job of lister.books.list({ limit: 2 }).items()) jobs.push(job);

    expect(jobs.map((job) => job.requestId)).toEqual(newestFirst);
    expect(jobs[0]).toEqual(await lister.books.retrieve(newestFirst[0]!));
  });

  it('fetches no further page once the loop stops', async () => {
    recorder.sent.length = 0;
    for await (const page of lister.books.list({ limit: 2 })) {
      expect(page.hasMore).toBe(true);
      break;
    }

    expect(recorder.to('GET /v1/books')).toHaveLength(1);
  });

  it('filters by status, by creation time (a Date or an ISO string) and starts after a given job', async () => {
    expect(await listed({ status: 'failed' })).toEqual(newestFirst.slice(4));
    expect(await listed({ status: 'completed' })).toEqual(newestFirst.slice(0, 4));
    expect(await listed({ created_after: boundary })).toEqual(newestFirst.slice(0, 3));
    expect(await listed({ created_before: boundary.toISOString() })).toEqual(newestFirst.slice(3));
    expect(await listed({ starting_after: newestFirst[1], status: 'completed' })).toEqual(newestFirst.slice(2, 4));
  });

  it('lists the calling key’s jobs by default, every key’s of the account with scope "account"', async () => {
    const otherKey = clientFor(await createApiKey('listing, second key'));
    const { requestId: otherKeysBook } = await otherKey.books.create({ prompt: 'From another key of the account' });

    expect(await listed({})).toEqual(newestFirst);
    expect(await listed({}, otherKey)).toEqual([otherKeysBook]);
    const accountWide = await listed({ scope: 'account', limit: 100 });
    expect(accountWide).toEqual(expect.arrayContaining([otherKeysBook, ...newestFirst]));
    expect(accountWide.indexOf(otherKeysBook)).toBeLessThan(accountWide.indexOf(newestFirst[0]!));
  });

  it('raises InvalidParameterError naming the parameter the service refused', async () => {
    const pages = lister.books.list({ limit: 500 })[Symbol.asyncIterator]();

    const error = await pages.next().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvalidParameterError);
    expect((error as InvalidParameterError).message).toContain("'limit'");
  });
});
