import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobStatusDto, toJobStatusDto } from '../jobs/dto/job-status.dto';
import { PublicUrls } from '../common/public-urls';
import { requestNotFound } from '../common/request-id';

/** Finished jobs kept in memory per API process; a few hundred bytes each. */
const FINISHED_CACHE_ENTRIES = 50_000;

@Injectable()
export class StatusService {
  /** A terminal job never changes again, so its answer can be served from memory on every later poll. */
  private readonly finished = new LRUCache<string, JobStatusDto>({ max: FINISHED_CACHE_ENTRIES });

  constructor(
    private readonly jobs: JobsRepository,
    private readonly urls: PublicUrls,
  ) {}

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
