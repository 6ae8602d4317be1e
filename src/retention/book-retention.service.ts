import { Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { requestNotFound } from '../common/request-id';
import { AppConfig } from '../config/app-config';
import { JobsRepository } from '../jobs/jobs.repository';
import { StorageService } from '../storage/storage.service';

/** Files deleted per sweep at most; a backlog is worked off sweep by sweep. */
const SWEEP_BATCH = 500;

/**
 * Deleting finished books' files: on request (DELETE /v1/book/{id}) and after
 * BOOK_RETENTION_DAYS. The job record stays; it says when its file went, and
 * downloads answer 410 GONE from then on.
 */
@Injectable()
export class BookRetentionService {
  private readonly logger = new Logger(BookRetentionService.name);

  constructor(
    private readonly jobs: JobsRepository,
    private readonly storage: StorageService,
    private readonly config: AppConfig,
  ) {}

  /** Deletes the file of a finished job of the key's account; repeating it is harmless. */
  deleteFile(key: AuthenticatedKey, requestId: string): Promise<void> {
    return this.deleteFileOfAccount(key.accountId, requestId);
  }

  /** The same for a job of this account (the web console, which checked the caller may open the account). */
  async deleteFileOfAccount(accountId: string, requestId: string): Promise<void> {
    const deletion = await this.jobs.markFileDeleted(requestId, accountId);
    if (deletion.kind === 'not_found') throw requestNotFound(requestId);
    if (deletion.kind === 'unfinished') {
      throw new ApiException(
        400,
        ErrorCode.JobNotCompleted,
        'The job has not finished',
        `The job is ${deletion.status}; cancel it (POST /v1/book/${requestId}/cancel) or delete its file once it ends.`,
      );
    }
    // Also when already marked: a deletion that failed before is retried by the client's repeat.
    await this.storage.delete(requestId);
  }

  /** One housekeeping pass: the files of jobs completed more than BOOK_RETENTION_DAYS ago. Returns how many. */
  async sweep(): Promise<number> {
    const days = this.config.BOOK_RETENTION_DAYS;
    if (days <= 0) return 0;
    const expired = await this.jobs.markFilesExpired(days, SWEEP_BATCH);
    const failed: string[] = [];
    for (const jobId of expired) {
      try {
        await this.storage.delete(jobId);
      } catch (error) {
        this.logger.warn(
          `Could not delete the file of job ${jobId}: ${error instanceof Error ? error.message : String(error)}`,
        );
        failed.push(jobId);
      }
    }
    await this.jobs.unmarkFilesDeleted(failed);
    const deleted = expired.length - failed.length;
    if (deleted > 0) this.logger.log(`Deleted ${deleted} book file(s) older than ${days} days`);
    return deleted;
  }
}
