import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../../common/dto/error-envelope.dto';
import { ApiException, invalidParameter } from '../../common/api-exception';
import { ErrorCode } from '../../common/error-code';
import { CreateBookDto } from './create-book.dto';
import { CreateBookResponseDto } from './create-book-response.dto';

/** At most this many requests in one batch (issue 15). */
export const BATCH_MAX_REQUESTS = 50;

export class BookBatchRequestDto {
  @ApiProperty({
    type: [CreateBookDto],
    minItems: 1,
    maxItems: BATCH_MAX_REQUESTS,
    description: 'Each item exactly the body of POST /v1/book.',
  })
  requests!: unknown[];
}

@ApiExtraModels(CreateBookResponseDto, ErrorEnvelopeDto)
export class BookBatchItemResultDto {
  @ApiProperty({ example: 202, description: 'What POST /v1/book would have answered for this item alone.' })
  status!: number;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(CreateBookResponseDto) }, { $ref: getSchemaPath(ErrorEnvelopeDto) }],
    description: 'The 202 body when status is 202, else the error envelope.',
  })
  body!: CreateBookResponseDto | ErrorEnvelopeDto;

  @ApiPropertyOptional({ example: 3600, description: 'Seconds to wait, on an item refused by the daily limit (429).' })
  retryAfter?: number;
}

export class BookBatchResponseDto {
  @ApiProperty({ type: [BookBatchItemResultDto], description: 'One result per request, in the same order.' })
  results!: BookBatchItemResultDto[];
}

/**
 * The batch envelope: `{"requests": [...]}` with 1 to 50 items. The items
 * themselves are checked one by one (BookBatchService); only a malformed
 * envelope refuses the whole batch.
 */
export function parseBookBatch(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw invalidParameter(
      'The request body must be a JSON object with a requests array',
      'Send {"requests": [{...}, {...}]}, each item the body of POST /v1/book.',
    );
  }
  const unknown = Object.keys(body).filter((field) => field !== 'requests');
  if (unknown.length > 0) {
    throw invalidParameter(`Unknown field '${unknown[0]}'`, 'A batch has one field: requests.');
  }
  const { requests } = body as { requests?: unknown };
  if (requests === undefined) {
    throw new ApiException(
      400,
      ErrorCode.MissingParameter,
      "Missing field 'requests'",
      'Send {"requests": [...]} with 1 to 50 book requests.',
    );
  }
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > BATCH_MAX_REQUESTS) {
    throw invalidParameter(
      `'requests' must be an array of 1 to ${BATCH_MAX_REQUESTS} book requests`,
      Array.isArray(requests) ? `Received ${requests.length} items.` : `Received ${typeof requests}.`,
    );
  }
  return requests;
}
