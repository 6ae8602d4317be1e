import { Controller, createParamDecorator, ExecutionContext, Get } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { CurrentKey, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ErrorCode } from '../common/error-code';
import { API_VERSION } from '../common/legacy-alias';
import { BooksListingService } from './books-listing.service';
import { parseListBooksQuery } from './dto/list-books-query.parser';
import { ListBooksQueryDto, ListBooksResponseDto } from './dto/list-books.dto';

/**
 * The query string as the client sent it, for parseListBooksQuery to check
 * (unknown and repeated parameters included). A decorator of our own rather
 * than `@Query()`, which the OpenAPI document would list as a parameter of its own.
 */
const RawQuery = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown => context.switchToHttp().getRequest<FastifyRequest>().query,
);

@ApiTags('Books')
@ApiSecurity('ApiKey')
@Controller({ version: API_VERSION })
export class BooksListingController {
  constructor(private readonly listing: BooksListingService) {}

  @Get('books')
  @RequireScope('usage:read')
  @ApiOperation({
    summary: 'List jobs, newest first',
    description:
      "The calling key's jobs (scope=key, the default) or those of every key of its account (scope=account), " +
      'newest first, each as GET /v1/status answers it. Pages of `limit` jobs: while hasMore is true, pass ' +
      'nextStartingAfter as starting_after for the next page. Unknown or repeated parameters are refused. ' +
      'Not rate-limited; a page costs the same however many jobs the account has.',
  })
  @ApiQuery({ type: ListBooksQueryDto })
  @ApiResponse({ status: 200, type: ListBooksResponseDto })
  @ApiErrors(
    [
      400,
      [ErrorCode.InvalidParameter],
      'A parameter has a disallowed value, is unknown or repeated, or starting_after names no job of the listing',
    ],
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the usage:read permission'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  list(@CurrentKey() key: AuthenticatedKey, @RawQuery() query: unknown): Promise<ListBooksResponseDto> {
    return this.listing.list(key, parseListBooksQuery(query));
  }
}
