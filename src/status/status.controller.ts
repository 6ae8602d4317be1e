import { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { JobStatusDto } from '../jobs/dto/job-status.dto';
import { ApiErrors } from '../common/api-error-responses';
import { contentDisposition } from '../rendering/book-file-name';
import { API_VERSION, LegacyAlias } from '../common/legacy-alias';
import { ErrorCode } from '../common/error-code';
import { assertRequestId } from '../common/request-id';
import { DownloadService } from './download.service';
import { StatusService } from './status.service';

const REQUEST_ID_PARAM = ApiParam({
  name: 'requestId',
  format: 'uuid',
  description: 'The requestId returned by POST /v1/book',
});

/** Inline styles and data: images (how the HTML renderer embeds them); no scripts, no requests, no framing. */
export const HTML_BOOK_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'none'; sandbox";

@ApiTags('Status')
@Public()
@Controller({ version: API_VERSION })
export class StatusController {
  constructor(
    private readonly statuses: StatusService,
    private readonly downloads: DownloadService,
  ) {}

  @Get('status/:requestId')
  @LegacyAlias()
  @ApiOperation({
    summary: 'Get the state of a job',
    description:
      'Public: the request id is the capability. Not rate-limited; polling every 120 seconds is recommended. ' +
      'Also served at the deprecated unversioned path GET /status/{requestId}.',
  })
  @REQUEST_ID_PARAM
  @ApiResponse({ status: 200, type: JobStatusDto })
  @ApiErrors(
    [404, [ErrorCode.NotFound], 'Unknown (or malformed) request id'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  status(@Param('requestId') requestId: string): Promise<JobStatusDto> {
    return this.statuses.status(assertRequestId(requestId));
  }

  @Get('download/:requestId')
  @ApiOperation({
    summary: 'Download a finished book',
    description:
      'Public like status. Answers the stored file with its Content-Type, a Content-Disposition filename from the ' +
      'title, Content-Length and a strong ETag (send If-None-Match for 304). HEAD answers the headers only. ' +
      'A `json` book follows the BookDocument schema (components.schemas.BookDocument, JSON Schema 2020-12, ' +
      'versioned by its schemaVersion field).',
  })
  @REQUEST_ID_PARAM
  @ApiProduces(
    'text/plain',
    'text/markdown',
    'text/html',
    'application/json',
    'application/pdf',
    'application/epub+zip',
  )
  @ApiResponse({ status: 200, description: 'The book file', schema: { type: 'string', format: 'binary' } })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  @ApiErrors(
    [400, [ErrorCode.JobNotCompleted], 'The job is still queued or processing'],
    [404, [ErrorCode.NotFound], 'Unknown request id, or the job failed (details say so)'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  async download(
    @Param('requestId') requestId: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const id = assertRequestId(requestId);
    const head = await this.downloads.head(id);
    void reply
      .header('Content-Type', head.contentType)
      .header('Content-Disposition', contentDisposition(head.title, head.format))
      .header('ETag', head.etag)
      .header('Cache-Control', 'private, max-age=0, must-revalidate');
    if (head.contentType.startsWith('text/html')) {
      // A book is untrusted text: opened in a browser, its HTML may show itself and its inline images, nothing more.
      void reply.header('Content-Security-Policy', HTML_BOOK_CSP);
    }
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === head.etag || tag.trim() === '*')) {
      await reply.status(304).send();
      return;
    }
    if (request.method === 'HEAD') {
      // An empty stream keeps our Content-Length: Fastify's HEAD handling would otherwise announce 0.
      await reply.header('Content-Length', String(head.sizeBytes)).status(200).send(Readable.from([]));
      return;
    }
    await reply.header('Content-Length', String(head.sizeBytes)).status(200).send(this.downloads.stream(head));
  }
}
