import { ErrorCode } from '../common/error-code';
import type { JobListingPage, JobListingQuery, JobListingRepository } from '../jobs/job-listing.repository';
import { bookJob, clientKey, TEST_BASE_URL, testPublicUrls } from '../jobs/testing/job-fixtures';
import { BooksListingService } from './books-listing.service';
import { ListBooksQueryDto } from './dto/list-books.dto';

const FIRST = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a71';
const SECOND = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70';

function setUp(page: JobListingPage) {
  const listings = {
    page: jest.fn((_query: JobListingQuery) => Promise.resolve(page)),
  } satisfies Pick<JobListingRepository, 'page'>;
  const service = new BooksListingService(listings as unknown as JobListingRepository, testPublicUrls());
  return { service, listings };
}

const query = (fields: Partial<ListBooksQueryDto> = {}): ListBooksQueryDto =>
  Object.assign(new ListBooksQueryDto(), fields);

describe('BooksListingService.list', () => {
  it("asks for the calling key's jobs, 20 by default", async () => {
    const { service, listings } = setUp({ kind: 'page', jobs: [], hasMore: false });
    const key = clientKey();
    await service.list(key, query());
    expect(listings.page).toHaveBeenCalledWith({
      accountId: key.accountId,
      apiKeyId: key.id,
      limit: 20,
    });
  });

  it('asks for every key of the account with scope=account, passing the filters on', async () => {
    const { service, listings } = setUp({ kind: 'page', jobs: [], hasMore: false });
    const key = clientKey();
    await service.list(
      key,
      query({
        scope: 'account',
        status: 'completed',
        created_after: '2026-01-01T00:00:00Z',
        created_before: '2026-02-01T00:00:00Z',
        starting_after: FIRST,
        limit: 5,
      }),
    );
    expect(listings.page).toHaveBeenCalledWith({
      accountId: key.accountId,
      apiKeyId: undefined,
      status: 'completed',
      createdAfter: '2026-01-01T00:00:00Z',
      createdBefore: '2026-02-01T00:00:00Z',
      startingAfter: FIRST,
      limit: 5,
    });
  });

  it('answers each job as its status record, and the last one as the next cursor while more follow', async () => {
    const { service } = setUp({
      kind: 'page',
      jobs: [
        bookJob({ id: FIRST, status: 'completed', progress: 100, creditsUsed: 262 }),
        bookJob({ id: SECOND, status: 'failed', error: 'Insufficient credits', creditsUsed: 0 }),
      ],
      hasMore: true,
    });
    const answer = await service.list(clientKey(), query({ limit: 2 }));
    expect(answer.hasMore).toBe(true);
    expect(answer.nextStartingAfter).toBe(SECOND);
    expect(answer.data.map((job) => job.requestId)).toEqual([FIRST, SECOND]);
    expect(answer.data[0]).toMatchObject({ resultUrl: `${TEST_BASE_URL}/download/${FIRST}`, creditsUsed: 262 });
    expect(answer.data[1]).toMatchObject({ error: 'Insufficient credits', errorMessage: 'Insufficient credits' });
  });

  it('answers no next cursor on the last page', async () => {
    const { service } = setUp({ kind: 'page', jobs: [bookJob({ id: FIRST })], hasMore: false });
    await expect(service.list(clientKey(), query())).resolves.toMatchObject({
      hasMore: false,
      nextStartingAfter: null,
    });
  });

  it('refuses a starting_after outside the listing with 400 INVALID_PARAMETER naming it', async () => {
    const { service } = setUp({ kind: 'unknown_cursor' });
    await expect(service.list(clientKey(), query({ starting_after: FIRST }))).rejects.toMatchObject({
      status: 400,
      errorCode: ErrorCode.InvalidParameter,
      message: expect.stringContaining("'starting_after'"),
    });
  });
});
