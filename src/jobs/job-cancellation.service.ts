import { Injectable } from '@nestjs/common';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { PublicUrls } from '../common/public-urls';
import { requestNotFound } from '../common/request-id';
import { jobAlreadyFinished } from './jobs.exceptions';
import { JobsRepository } from './jobs.repository';
import { JobStatusDto, toJobStatusDto } from './dto/job-status.dto';
import { FinishedJobNotifier } from './finished-job.notifier';
import { type Canceller, JobLifecycleLog } from './job-lifecycle-log';

/** The `error` of a cancelled job, as status answers and webhooks show it. */
export const CANCELLED = 'Cancelled';

/**
 * Cancels a client's queued or running job. The cancel is the job's terminal
 * transition (failed, refunded in full, webhook owed), committed at once; a
 * worker running the job sees the row change within CANCEL_CHECK_SECONDS and
 * stops, leaving that state as it is.
 */
@Injectable()
export class JobCancellationService {
  private readonly lifecycle = new JobLifecycleLog();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly finished: FinishedJobNotifier,
    private readonly urls: PublicUrls,
  ) {}

  /** Any key of the job's account may cancel it; to every other key the job does not exist. */
  async cancel(key: AuthenticatedKey, requestId: string): Promise<JobStatusDto> {
    return this.cancelOfAccount(key.accountId, requestId, { cancelledByKeyId: key.id }, 'Cancelled by the client');
  }

  /** A console user cancels a job of an account it may open (the web console checked that). */
  async cancelInConsole(accountId: string, requestId: string, consoleUserId: string): Promise<JobStatusDto> {
    return this.cancelOfAccount(
      accountId,
      requestId,
      { cancelledByConsoleUserId: consoleUserId },
      'Cancelled in the web console',
    );
  }

  private async cancelOfAccount(
    accountId: string,
    requestId: string,
    canceller: Canceller,
    message: string,
  ): Promise<JobStatusDto> {
    const cancellation = await this.jobs.cancel(requestId, accountId, { error: CANCELLED, message });
    switch (cancellation.kind) {
      case 'not_found':
        throw requestNotFound(requestId);
      case 'finished':
        throw jobAlreadyFinished(requestId, cancellation.status);
      case 'cancelled':
        this.lifecycle.cancelled(cancellation.transition.job, canceller);
        await this.finished.notify(cancellation.transition);
        return toJobStatusDto(cancellation.transition.job, this.urls);
    }
  }
}
