import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobStatusDto, toJobStatusDto } from '../jobs/dto/job-status.dto';
import { PublicUrls } from '../common/public-urls';
import { requestNotFound } from '../common/request-id';

/**
 * Finished jobs' answers kept in memory per API process, bounded by their
 * size: an answer (with its messages) takes 2-4 KB of heap, so a count alone
 * (50,000 before) let the cache reach 100-200 MB. The size counted is the
 * answer's JSON length (about a third of its heap): 8 MB of it is some
 * thousands of answers and 20-30 MB of heap, enough for the jobs clients poll.
 * A finished job changes once more when its file is deleted: the process
 * that deletes it forgets its answer at once, the others within the TTL.
 */
const FINISHED_CACHE = { max: 50_000, maxSize: 8 * 1024 * 1024, ttl: 60_000 };

@Injectable()
export class StatusService {
  /** A terminal job never changes again, so its answer can be served from memory on every later poll. */
  private readonly finished = new LRUCache<string, JobStatusDto>({
    ...FINISHED_CACHE,
    sizeCalculation: (answer) => JSON.stringify(answer).length,
  });

  constructor(
    private readonly jobs: JobsRepository,
    private readonly urls: PublicUrls,
  ) {}

  /** Drops a job's remembered answer (its file was just deleted). */
  forget(requestId: string): void {
    this.finished.delete(requestId);
  }

  async status(requestId: string): Promise<JobStatusDto> {
    const cached = this.finished.get(requestId);
    if (cached) return cached;
    const job = await this.jobs.findStatusById(requestId);
    if (!job) {
      throw requestNotFound(requestId);
    }
    const dto = toJobStatusDto(job, this.urls);
    if (job.status === 'completed' || job.status === 'failed') this.finished.set(requestId, dto);
    return dto;
  }
}
