import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { CurrentKey, RequireScope } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ErrorCode } from '../common/error-code';
import { API_VERSION } from '../common/legacy-alias';
import { assertRequestId } from '../common/request-id';
import { JobStatusDto } from '../jobs/dto/job-status.dto';
import { BookRetentionService } from '../retention/book-retention.service';
import { StatusService } from './status.service';

@ApiTags('Books')
@ApiSecurity('ApiKey')
@Controller({ version: API_VERSION })
export class BookFilesController {
  constructor(
    private readonly retention: BookRetentionService,
    private readonly statuses: StatusService,
  ) {}

  @Delete('book/:requestId')
  @HttpCode(200)
  @RequireScope('books:write')
  @ApiOperation({
    summary: "Delete a finished book's file",
    description:
      "Deletes the stored file of a completed (or failed) job of the key's account. The job record stays: " +
      '`GET /v1/status` answers it with `fileDeletedAt`, and `GET /v1/download` answers 410 `GONE`. Repeating ' +
      'it is harmless. Files are also deleted `BOOK_RETENTION_DAYS` after completion when the operator sets it. ' +
      'Not rate-limited.',
  })
  @ApiParam({ name: 'requestId', format: 'uuid', description: 'The requestId returned by POST /v1/book' })
  @ApiResponse({ status: 200, type: JobStatusDto, description: 'The job record, with fileDeletedAt' })
  @ApiErrors(
    [400, [ErrorCode.JobNotCompleted], 'The job is still queued or processing (cancel it first)'],
    [401, [ErrorCode.AuthRequired, ErrorCode.AuthFailed], 'Missing, invalid or unverifiable API key'],
    [403, [ErrorCode.Forbidden], 'Revoked key, suspended account, or a key without the books:write permission'],
    [404, [ErrorCode.NotFound], 'Unknown (or malformed) request id, or a job of another account'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  async delete(@CurrentKey() key: AuthenticatedKey, @Param('requestId') requestId: string): Promise<JobStatusDto> {
    const id = assertRequestId(requestId);
    await this.retention.deleteFile(key, id);
    this.statuses.forget(id);
    return this.statuses.status(id);
  }
}
