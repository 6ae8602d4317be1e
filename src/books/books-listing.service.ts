import { Injectable } from '@nestjs/common';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { PublicUrls } from '../common/public-urls';
import { toJobStatusDto } from '../jobs/dto/job-status.dto';
import { JobListingRepository } from '../jobs/job-listing.repository';
import { startingAfterNotListed } from './dto/list-books-query.parser';
import { LIST_BOOKS_LIMIT, ListBooksQueryDto, ListBooksResponseDto } from './dto/list-books.dto';

/** GET /v1/books: the caller's jobs (or its account's), newest first, a page at a time. */
@Injectable()
export class BooksListingService {
  constructor(
    private readonly listings: JobListingRepository,
    private readonly urls: PublicUrls,
  ) {}

  async list(key: AuthenticatedKey, query: ListBooksQueryDto): Promise<ListBooksResponseDto> {
    const page = await this.listings.page({
      accountId: key.accountId,
      apiKeyId: query.scope === 'account' ? undefined : key.id,
      status: query.status,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
      startingAfter: query.starting_after,
      limit: query.limit ?? LIST_BOOKS_LIMIT.default,
    });
    if (page.kind === 'unknown_cursor') {
      throw startingAfterNotListed(query.starting_after ?? '');
    }
    const last = page.jobs.at(-1);
    return {
      data: page.jobs.map((job) => toJobStatusDto(job, this.urls)),
      hasMore: page.hasMore,
      nextStartingAfter: page.hasMore && last ? last.id : null,
    };
  }
}
