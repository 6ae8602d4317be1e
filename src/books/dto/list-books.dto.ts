import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { JobStatusDto } from '../../jobs/dto/job-status.dto';
import { JOB_STATUSES, JobStatus } from '../../jobs/entities/book-job.entity';

export const LIST_BOOKS_SCOPES = ['key', 'account'] as const;
export type ListBooksScope = (typeof LIST_BOOKS_SCOPES)[number];

export const LIST_BOOKS_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * A date-time with its offset: a bare date or a time without a zone would be
 * read in the database's time zone, which the client cannot know.
 */
export const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Digits become a number for the integer checks; anything else stays as sent, to be refused. */
const digitsToNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/** The query of GET /v1/books, parameters named as clients send them. */
export class ListBooksQueryDto {
  // A named enum: swagger drops an inline enum from a query parameter taken from a class.
  @ApiPropertyOptional({ enum: JOB_STATUSES, enumName: 'JobStatus', description: 'Only jobs in this status.' })
  @IsOptional()
  @IsIn(JOB_STATUSES)
  status?: JobStatus;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-01-31T00:00:00Z',
    description: 'Only jobs created strictly after this instant (ISO 8601 date-time with Z or an offset).',
  })
  @IsOptional()
  @Matches(DATE_TIME_WITH_OFFSET)
  @IsISO8601({ strict: true, strictSeparator: true })
  created_after?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-02-28T00:00:00Z',
    description: 'Only jobs created strictly before this instant (ISO 8601 date-time with Z or an offset).',
  })
  @IsOptional()
  @Matches(DATE_TIME_WITH_OFFSET)
  @IsISO8601({ strict: true, strictSeparator: true })
  created_before?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: LIST_BOOKS_LIMIT.min,
    maximum: LIST_BOOKS_LIMIT.max,
    default: LIST_BOOKS_LIMIT.default,
    description: 'Jobs per page.',
  })
  @IsOptional()
  @Transform(digitsToNumber)
  @IsInt()
  @Min(LIST_BOOKS_LIMIT.min)
  @Max(LIST_BOOKS_LIMIT.max)
  limit?: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The nextStartingAfter of the previous page: the answer continues after that job.',
  })
  @IsOptional()
  @IsUUID('loose')
  starting_after?: string;

  @ApiPropertyOptional({
    enum: LIST_BOOKS_SCOPES,
    enumName: 'ListBooksScope',
    default: 'key',
    description: "`key`: the calling key's jobs. `account`: the jobs of every key of the account.",
  })
  @IsOptional()
  @IsIn(LIST_BOOKS_SCOPES)
  scope?: ListBooksScope;
}

export class ListBooksResponseDto {
  @ApiProperty({ type: [JobStatusDto], description: 'Newest first; each as GET /v1/status answers it.' })
  data!: JobStatusDto[];

  @ApiProperty({ example: true, description: 'Whether more jobs follow this page.' })
  hasMore!: boolean;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Pass as starting_after for the next page; null on the last page.',
  })
  nextStartingAfter!: string | null;
}
