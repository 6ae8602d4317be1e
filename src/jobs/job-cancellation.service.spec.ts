import { Logger } from '@nestjs/common';
import { ErrorCode } from '../common/error-code';
import type { JobStatus } from './entities/book-job.entity';
import type { FinishedJobNotifier } from './finished-job.notifier';
import { CANCELLED, JobCancellationService } from './job-cancellation.service';
import type { Cancellation, FailureReason, JobsRepository, TerminalTransition } from './jobs.repository';
import { bookJob, clientKey, testPublicUrls } from './testing/job-fixtures';

const REQUEST_ID = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70';

function setUp(answer: Cancellation) {
  const jobs = {
    cancel: jest.fn((_id: string, _accountId: string, _reason: FailureReason) => Promise.resolve(answer)),
  } satisfies Pick<JobsRepository, 'cancel'>;
  const notifier = {
    notify: jest.fn((_transition: TerminalTransition | null) => Promise.resolve()),
  } satisfies Pick<FinishedJobNotifier, 'notify'>;
  const service = new JobCancellationService(
    jobs as unknown as JobsRepository,
    notifier as unknown as FinishedJobNotifier,
    testPublicUrls(),
  );
  return { service, jobs, notifier };
}

describe('JobCancellationService.cancel', () => {
  const key = clientKey();

  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers 404 NOT_FOUND for a job the account does not have, and notifies nothing', async () => {
    const { service, notifier } = setUp({ kind: 'not_found' });
    await expect(service.cancel(key, REQUEST_ID)).rejects.toMatchObject({
      status: 404,
      errorCode: ErrorCode.NotFound,
      details: expect.stringContaining(REQUEST_ID),
    });
    expect(notifier.notify).not.toHaveBeenCalled();
  });

  it.each<JobStatus>(['completed', 'failed'])(
    'answers 409 JOB_ALREADY_FINISHED naming the status of a %s job, and notifies nothing',
    async (status) => {
      const { service, notifier } = setUp({ kind: 'finished', status });
      await expect(service.cancel(key, REQUEST_ID)).rejects.toMatchObject({
        status: 409,
        errorCode: ErrorCode.JobAlreadyFinished,
        details: expect.stringContaining(`The job is ${status}`),
      });
      expect(notifier.notify).not.toHaveBeenCalled();
    },
  );

  it('cancels within the key’s account, hands the transition to the notifier and answers the job’s status', async () => {
    const transition: TerminalTransition = {
      job: bookJob({
        id: REQUEST_ID,
        status: 'failed',
        progress: 40,
        messages: ['Request accepted and queued', 'Cancelled by the client'],
        error: CANCELLED,
        completedAt: new Date('2025-03-01T10:05:00.000Z'),
      }),
      webhookDeliveryId: 'c0ffee00-0000-4000-8000-000000000001',
    };
    const { service, jobs, notifier } = setUp({ kind: 'cancelled', transition });

    const answer = await service.cancel(key, REQUEST_ID);

    expect(jobs.cancel).toHaveBeenCalledWith(REQUEST_ID, key.accountId, {
      error: CANCELLED,
      message: 'Cancelled by the client',
    });
    expect(notifier.notify).toHaveBeenCalledWith(transition);
    expect(answer).toEqual({
      requestId: REQUEST_ID,
      status: 'failed',
      progress: 40,
      messages: ['Request accepted and queued', 'Cancelled by the client'],
      createdAt: '2025-03-01T10:00:00.000Z',
      completedAt: '2025-03-01T10:05:00.000Z',
      creditsUsed: 0,
      error: CANCELLED,
      errorMessage: CANCELLED,
    });
  });
});
