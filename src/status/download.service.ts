import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { JobsRepository } from '../jobs/jobs.repository';
import { ApiException, notFound } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { requestNotFound } from '../common/request-id';
import type { ArtifactHead } from '../storage/artifact-storage';
import { StorageService } from '../storage/storage.service';

/** The stored file's headers plus the book's title, for the Content-Disposition file name. */
export interface DownloadHead extends ArtifactHead {
  title: string;
}

@Injectable()
export class DownloadService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly storage: StorageService,
  ) {}

  /** The stored book of a completed job, or the right error for every other case (DESIGN.md, Download). */
  async head(requestId: string): Promise<DownloadHead> {
    const job = await this.jobs.findById(requestId);
    if (!job) {
      throw requestNotFound(requestId);
    }
    if (job.status === 'failed') {
      throw notFound('No book to download', `The job failed: ${job.error ?? 'generation failed'}.`);
    }
    if (job.status !== 'completed') {
      throw new ApiException(
        400,
        ErrorCode.JobNotCompleted,
        'The book is not ready yet',
        `The job is ${job.status}; download it once GET /v1/status/${requestId} says completed.`,
      );
    }
    if (job.fileDeletedAt) {
      throw new ApiException(
        410,
        ErrorCode.Gone,
        'The book file was deleted',
        `It was deleted on ${job.fileDeletedAt.toISOString()} (on request or after the retention period); the job record stays at GET /v1/status/${requestId}.`,
      );
    }
    const head = await this.storage.head(requestId);
    if (!head) {
      throw notFound('No book to download', 'The book file is no longer stored.');
    }
    return { ...head, title: job.title ?? head.fileName };
  }

  /** The file's bytes, streamed from storage slice by slice. */
  stream(head: ArtifactHead): Readable {
    return this.storage.stream(head);
  }
}
