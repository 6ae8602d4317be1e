import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { BooksRepository, JobStatusRow } from '../books/books.repository';
import { notFound } from '../common/api-exception';
import { PublicUrls } from '../common/public-urls';
import { JobStatusDto } from './dto/job-status.dto';

/** Finished jobs kept in memory per API process; a few hundred bytes each. */
const FINISHED_CACHE_ENTRIES = 50_000;

@Injectable()
export class StatusService {
  /** A terminal job never changes again, so its answer can be served from memory on every later poll. */
  private readonly finished = new LRUCache<string, JobStatusDto>({ max: FINISHED_CACHE_ENTRIES });

  constructor(
    private readonly books: BooksRepository,
    private readonly urls: PublicUrls,
  ) {}

  async status(requestId: string): Promise<JobStatusDto> {
    const cached = this.finished.get(requestId);
    if (cached) return cached;
    const job = await this.books.findStatusById(requestId);
    if (!job) {
      throw notFound('Request not found', `No book request has the id ${requestId}.`);
    }
    const dto = this.toDto(job);
    if (job.status === 'completed' || job.status === 'failed') this.finished.set(requestId, dto);
    return dto;
  }

  private toDto(job: JobStatusRow): JobStatusDto {
    const dto: JobStatusDto = {
      requestId: job.id,
      status: job.status,
      progress: job.progress,
      messages: job.messages,
      createdAt: job.createdAt.toISOString(),
      completedAt: job.completedAt?.toISOString() ?? null,
      creditsUsed: job.status === 'completed' ? job.creditsUsed : 0,
    };
    if (job.status === 'completed') {
      dto.resultUrl = this.urls.download(job.id);
    }
    if (job.status === 'failed') {
      dto.error = job.error ?? 'Generation failed';
      dto.errorMessage = dto.error;
    }
    return dto;
  }
}
