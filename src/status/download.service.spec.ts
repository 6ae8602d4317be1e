import { ErrorCode } from '../common/error-code';
import type { BookJobEntity } from '../jobs/entities/book-job.entity';
import type { JobsRepository } from '../jobs/jobs.repository';
import { bookJob } from '../jobs/testing/job-fixtures';
import type { ArtifactHead } from '../storage/artifact-storage';
import type { StorageService } from '../storage/storage.service';
import { DownloadService } from './download.service';

const REQUEST_ID = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70';

const STORED: ArtifactHead = {
  jobId: REQUEST_ID,
  format: 'epub',
  contentType: 'application/epub+zip',
  fileName: 'the-keeper-s-map.epub',
  sizeBytes: 58_565,
  etag: '"q1w2e3r4t5y6"',
  createdAt: new Date('2025-03-01T10:04:00.000Z'),
};

function setUp(job: BookJobEntity | null, stored: ArtifactHead | null = STORED) {
  const jobs = {
    findById: jest.fn((id: string) => Promise.resolve(job?.id === id ? job : null)),
  } satisfies Pick<JobsRepository, 'findById'>;
  const storage = {
    head: jest.fn((jobId: string) => Promise.resolve(stored?.jobId === jobId ? stored : null)),
  } satisfies Pick<StorageService, 'head'>;
  const service = new DownloadService(jobs as unknown as JobsRepository, storage as unknown as StorageService);
  return { service, storage };
}

describe('DownloadService.head', () => {
  it('answers 404 NOT_FOUND naming an id no job has, without asking the storage', async () => {
    const { service, storage } = setUp(null);
    await expect(service.head(REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      errorCode: ErrorCode.NotFound,
      details: expect.stringContaining(REQUEST_ID),
    });
    expect(storage.head).not.toHaveBeenCalled();
  });

  it.each(['queued', 'processing'] as const)(
    'answers 400 JOB_NOT_COMPLETED naming the status of a %s job',
    async (status) => {
      const { service, storage } = setUp(bookJob({ id: REQUEST_ID, status }));
      await expect(service.head(REQUEST_ID)).rejects.toMatchObject({
        status: 400,
        errorCode: ErrorCode.JobNotCompleted,
        details: expect.stringContaining(`The job is ${status}`),
      });
      expect(storage.head).not.toHaveBeenCalled();
    },
  );

  it('answers 404 NOT_FOUND with the failure of a failed job', async () => {
    const { service, storage } = setUp(bookJob({ id: REQUEST_ID, status: 'failed', error: 'Insufficient credits' }));
    await expect(service.head(REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      errorCode: ErrorCode.NotFound,
      message: 'No book to download',
      details: 'The job failed: Insufficient credits.',
    });
    expect(storage.head).not.toHaveBeenCalled();
  });

  it('answers 404 NOT_FOUND for a failed job without a recorded error', async () => {
    const { service } = setUp(bookJob({ id: REQUEST_ID, status: 'failed', error: null }));
    await expect(service.head(REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      details: 'The job failed: generation failed.',
    });
  });

  it('answers 404 NOT_FOUND when a completed job’s file is no longer stored', async () => {
    const { service } = setUp(bookJob({ id: REQUEST_ID, status: 'completed' }), null);
    await expect(service.head(REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      errorCode: ErrorCode.NotFound,
      details: 'The book file is no longer stored.',
    });
  });

  it('answers the stored file’s headers with the book’s title', async () => {
    const { service } = setUp(bookJob({ id: REQUEST_ID, status: 'completed', title: 'The Keeper’s Map' }));
    await expect(service.head(REQUEST_ID)).resolves.toEqual({ ...STORED, title: 'The Keeper’s Map' });
  });

  it('names the file after its stored file name when the job has no title', async () => {
    const { service } = setUp(bookJob({ id: REQUEST_ID, status: 'completed', title: null }));
    await expect(service.head(REQUEST_ID)).resolves.toMatchObject({ title: STORED.fileName });
  });
});
