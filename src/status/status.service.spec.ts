import type { JobsRepository, JobStatusRow } from '../jobs/jobs.repository';
import { bookJob, TEST_BASE_URL, testPublicUrls } from '../jobs/testing/job-fixtures';
import { ErrorCode } from '../common/error-code';
import { StatusService } from './status.service';

const REQUEST_ID = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70';

/** A job store holding at most one job, whose row a test may change between polls. */
function setUp(row: JobStatusRow | null) {
  const store = { row };
  const jobs = {
    findStatusById: jest.fn((id: string) => Promise.resolve(store.row?.id === id ? store.row : null)),
  } satisfies Pick<JobsRepository, 'findStatusById'>;
  const service = new StatusService(jobs as unknown as JobsRepository, testPublicUrls());
  return { service, jobs, store };
}

describe('StatusService.status', () => {
  it('answers 404 NOT_FOUND naming an id no job has', async () => {
    const { service } = setUp(null);
    await expect(service.status(REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      errorCode: ErrorCode.NotFound,
      details: expect.stringContaining(REQUEST_ID),
    });
  });

  it('answers a running job with its progress and messages, no result URL, no error and no credits yet', async () => {
    const { service } = setUp(
      bookJob({
        id: REQUEST_ID,
        status: 'processing',
        progress: 45,
        messages: ['Request accepted and queued', 'Planning the outline'],
        creditsUsed: 120,
      }),
    );
    await expect(service.status(REQUEST_ID)).resolves.toEqual({
      requestId: REQUEST_ID,
      status: 'processing',
      progress: 45,
      messages: ['Request accepted and queued', 'Planning the outline'],
      createdAt: '2025-03-01T10:00:00.000Z',
      completedAt: null,
      creditsUsed: 0,
    });
  });

  it('answers a completed job with its download URL and the credits it used', async () => {
    const { service } = setUp(
      bookJob({
        id: REQUEST_ID,
        status: 'completed',
        progress: 100,
        creditsUsed: 262,
        completedAt: new Date('2025-03-01T10:04:00.000Z'),
      }),
    );
    await expect(service.status(REQUEST_ID)).resolves.toMatchObject({
      status: 'completed',
      progress: 100,
      creditsUsed: 262,
      completedAt: '2025-03-01T10:04:00.000Z',
      resultUrl: `${TEST_BASE_URL}/download/${REQUEST_ID}`,
    });
  });

  it('answers a failed job with its error twice (error and errorMessage), no result URL and no credits', async () => {
    const { service } = setUp(
      bookJob({ id: REQUEST_ID, status: 'failed', error: 'Insufficient credits', creditsUsed: 250 }),
    );
    const answer = await service.status(REQUEST_ID);
    expect(answer).toMatchObject({
      error: 'Insufficient credits',
      errorMessage: 'Insufficient credits',
      creditsUsed: 0,
    });
    expect(answer).not.toHaveProperty('resultUrl');
  });

  it('gives a failed job without a recorded error a generic one', async () => {
    const { service } = setUp(bookJob({ id: REQUEST_ID, status: 'failed', error: null }));
    await expect(service.status(REQUEST_ID)).resolves.toMatchObject({
      error: 'Generation failed',
      errorMessage: 'Generation failed',
    });
  });

  it.each(['completed', 'failed'] as const)(
    'answers later polls of a %s job from memory, without reading the store again',
    async (status) => {
      const { service, jobs, store } = setUp(bookJob({ id: REQUEST_ID, status }));
      const first = await service.status(REQUEST_ID);
      store.row = null;

      await expect(service.status(REQUEST_ID)).resolves.toEqual(first);
      expect(jobs.findStatusById).toHaveBeenCalledTimes(1);
    },
  );

  it.each(['queued', 'processing'] as const)('reads a %s job from the store on every poll', async (status) => {
    const { service, jobs, store } = setUp(bookJob({ id: REQUEST_ID, status, progress: 10 }));
    await service.status(REQUEST_ID);
    store.row = bookJob({ id: REQUEST_ID, status: 'processing', progress: 60 });

    await expect(service.status(REQUEST_ID)).resolves.toMatchObject({ progress: 60 });
    expect(jobs.findStatusById).toHaveBeenCalledTimes(2);
  });

  it('does not remember an unknown id: a job found later is answered', async () => {
    const { service, store } = setUp(null);
    await expect(service.status(REQUEST_ID)).rejects.toMatchObject({ status: 404 });
    store.row = bookJob({ id: REQUEST_ID, status: 'queued' });
    await expect(service.status(REQUEST_ID)).resolves.toMatchObject({ requestId: REQUEST_ID, status: 'queued' });
  });

  it('bounds its memory of finished answers by their size, not only their number', async () => {
    // Finished jobs with long message lists (about 20 KB of JSON each): far fewer than 50,000 fit.
    const messages = Array.from({ length: 100 }, (_, index) => `Chapter ${index} written: ${'x'.repeat(180)}`);
    const rows = new Map<string, JobStatusRow>();
    const jobs = {
      findStatusById: jest.fn((id: string) => Promise.resolve(rows.get(id) ?? null)),
    } satisfies Pick<JobsRepository, 'findStatusById'>;
    const service = new StatusService(jobs as unknown as JobsRepository, testPublicUrls());
    const ids = Array.from({ length: 1_000 }, (_, n) => `0b6f3a2e-5c4d-4e8f-9a1b-${String(n).padStart(12, '0')}`);
    for (const id of ids) {
      rows.set(id, bookJob({ id, status: 'completed', progress: 100, messages, completedAt: new Date() }));
      await service.status(id);
    }
    jobs.findStatusById.mockClear();
    await service.status(ids.at(-1)!);
    expect(jobs.findStatusById).not.toHaveBeenCalled();
    await service.status(ids[0]!);
    expect(jobs.findStatusById).toHaveBeenCalledTimes(1);
  });
});
