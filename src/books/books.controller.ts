import {
  Body,
  Controller,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  Param,
  Post,
  Res,
  UseFilters,
} from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { CurrentKey, RequireScope, RevocationCheckedByRoute } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ApiException, BODY_LIMIT_BYTES } from '../common/api-exception';
import { API_VERSION, LegacyAlias } from '../common/legacy-alias';
import { ErrorCode } from '../common/error-code';
import { assertRequestId } from '../common/request-id';
import { RateLimitService } from '../throttling/rate-limit.service';
import { invalidIdempotencyKey } from './books.exceptions';
import { BookBatchService } from './book-batch.service';
import { BooksService } from './books.service';
import { BATCH_MAX_REQUESTS, BookBatchRequestDto, BookBatchResponseDto, parseBookBatch } from './dto/book-batch.dto';
import { SubmissionExceptionFilter } from './submission-exception.filter';
import { parseBookRequest } from './dto/book-request.parser';
import { CreateBookDto } from './dto/create-book.dto';
import { CreateBookResponseDto } from './dto/create-book-response.dto';
import { JobStatusDto } from '../jobs/dto/job-status.dto';
import { JobCancellationService } from '../jobs/job-cancellation.service';

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the current daily window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current daily window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the daily window resets', schema: { type: 'integer' } },
} as const;

const SUBMISSION_ERRORS = ApiErrors(
  [
    400,
    [ErrorCode.InvalidParameter, ErrorCode.InvalidWebhookUrl],
    'A field has a wrong type or a disallowed value, an unknown field was sent, or webhook_url failed validation',
  ],
  [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
  [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the books:write permission'],
  [413, [ErrorCode.PayloadTooLarge], 'Body larger than 64 KiB'],
  [
    429,
    [ErrorCode.RateLimitExceeded],
    'Burst limit (one request per 6 seconds) or daily limit (15 per day) reached; see Retry-After',
  ],
  [503, [ErrorCode.JobStartFailed], 'The job could not be started; nothing was charged or counted'],
);

const IDEMPOTENCY_HEADER = ApiHeader({
  name: 'Idempotency-Key',
  required: false,
  description:
    'Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours returns the first ' +
    'answer without a new job, charge or rate-limit count; the same key with a different body is a 400.',
});

/**
 * The request's raw Idempotency-Key header. A param decorator of our own
 * rather than `@Headers()`, which the OpenAPI document would list as a
 * second, required header beside IDEMPOTENCY_HEADER.
 */
const IdempotencyKeyHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'],
);

function parseIdempotencyKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw invalidIdempotencyKey();
  }
  return value;
}

@ApiTags('Books')
@ApiSecurity('ApiKey')
@Controller({ version: API_VERSION })
export class BooksController {
  constructor(
    private readonly books: BooksService,
    private readonly batches: BookBatchService,
    private readonly cancellations: JobCancellationService,
    private readonly rateLimits: RateLimitService,
  ) {}

  @Post('book')
  @LegacyAlias()
  @UseFilters(SubmissionExceptionFilter)
  @HttpCode(202)
  @RequireScope('books:write')
  @RevocationCheckedByRoute()
  @ApiOperation({
    summary: 'Submit a book generation job',
    description:
      'Every field is optional; an empty body (or no body) is valid. Credits are reserved on acceptance, ' +
      'charged on completion and refunded on failure. A request the credit pool cannot cover is still accepted ' +
      'and ends `failed` with error `Insufficient credits`. Limits per key: one request per 6 seconds and 15 per ' +
      '24-hour window (starting at the first request); every accepted request counts, whatever becomes of its job. ' +
      'Also served at the deprecated unversioned path POST /book.',
  })
  @IDEMPOTENCY_HEADER
  @ApiBody({ type: CreateBookDto, required: false })
  @ApiResponse({
    status: 202,
    type: CreateBookResponseDto,
    description: 'Job accepted and queued',
    headers: RATE_LIMIT_HEADERS,
  })
  @SUBMISSION_ERRORS
  async create(
    @CurrentKey() key: AuthenticatedKey,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
    @IdempotencyKeyHeader() idempotencyKey: unknown,
  ): Promise<CreateBookResponseDto> {
    try {
      const receipt = await this.books.submit(key, parseBookRequest(body), parseIdempotencyKey(idempotencyKey));
      if (receipt.rateLimitHeaders) void reply.headers({ ...receipt.rateLimitHeaders });
      return receipt.body;
    } catch (error) {
      // Every POST /book answer carries the rate-limit headers, errors included (DESIGN.md, Limits).
      if (error instanceof ApiException && !('RateLimit-Limit' in error.headers)) {
        const headers = await this.rateLimits.peek(key);
        if (headers) throw error.withHeaders({ ...headers });
      }
      throw error;
    }
  }

  @Post('books/batch')
  @UseFilters(SubmissionExceptionFilter)
  @HttpCode(200)
  @RequireScope('books:write')
  @RouteConfig({ bodyLimitBytes: BATCH_MAX_REQUESTS * BODY_LIMIT_BYTES })
  @ApiOperation({
    summary: 'Submit up to 50 book generation jobs at once',
    description:
      'Each item of `requests` is exactly the body of POST /v1/book and is answered on its own, in the same ' +
      'place of `results`: `{status: 202, body: <the 202 answer>}` or `{status, body: <error envelope>}`. An item ' +
      'is stored whole (job and credit reservation) or not at all; the others do not depend on it. Limits: the ' +
      'batch counts as one request against the burst limit (a 429 for the whole batch) and each valid item as ' +
      'one against the daily limit; items beyond what the daily window has room for answer 429 with ' +
      '`retryAfter`, the ones before them are accepted. With an Idempotency-Key, a repeat of the batch replays ' +
      'each stored item uncounted and submits the items that were not stored.',
  })
  @IDEMPOTENCY_HEADER
  @ApiBody({ type: BookBatchRequestDto })
  @ApiResponse({
    status: 200,
    type: BookBatchResponseDto,
    description: 'One result per request',
    headers: RATE_LIMIT_HEADERS,
  })
  @ApiErrors(
    [
      400,
      [ErrorCode.InvalidParameter, ErrorCode.MissingParameter],
      'The body is not {"requests": [...]} with 1 to 50 items (errors of single items are answered in results)',
    ],
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the books:write permission'],
    [413, [ErrorCode.PayloadTooLarge], 'Body larger than 50 x 64 KiB (an item over 64 KiB is a 413 item)'],
    [429, [ErrorCode.RateLimitExceeded], 'Burst limit reached (one request or batch per 6 seconds); see Retry-After'],
    [503, [ErrorCode.JobStartFailed], 'The limits could not be counted; nothing was stored, charged or counted'],
  )
  async createBatch(
    @CurrentKey() key: AuthenticatedKey,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
    @IdempotencyKeyHeader() idempotencyKey: unknown,
  ): Promise<BookBatchResponseDto> {
    const requests = parseBookBatch(body);
    const receipt = await this.batches.submit(key, requests, parseIdempotencyKey(idempotencyKey));
    if (receipt.rateLimitHeaders) void reply.headers({ ...receipt.rateLimitHeaders });
    return { results: receipt.results };
  }

  @Post('book/:requestId/cancel')
  @HttpCode(200)
  @RequireScope('books:write')
  @ApiOperation({
    summary: 'Cancel a queued or running job',
    description:
      'Ends the job at once as `failed` with error `Cancelled`: the reserved credits are refunded in full ' +
      '(`creditsUsed` 0) and the webhook, if any, is sent as for any failure. A running job stops within a few ' +
      'seconds and stores no book. Any key of the account that submitted the job may cancel it; for other keys ' +
      'the job does not exist (404). Does not count against the POST /v1/book rate limits.',
  })
  @ApiParam({ name: 'requestId', format: 'uuid', description: 'The requestId returned by POST /v1/book' })
  @ApiResponse({ status: 200, type: JobStatusDto, description: 'The job, now failed with error `Cancelled`' })
  @ApiErrors(
    [400, [ErrorCode.InvalidParameter], 'A request body that is not JSON (the route reads none)'],
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the books:write permission'],
    [404, [ErrorCode.NotFound], 'Unknown (or malformed) request id, or a job of another account'],
    [409, [ErrorCode.JobAlreadyFinished], 'The job has already completed or failed (a cancelled job included)'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  cancel(@CurrentKey() key: AuthenticatedKey, @Param('requestId') requestId: string): Promise<JobStatusDto> {
    return this.cancellations.cancel(key, assertRequestId(requestId));
  }
}
