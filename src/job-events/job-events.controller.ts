import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../common/api-error-responses';
import { ErrorCode } from '../common/error-code';
import { API_VERSION } from '../common/legacy-alias';
import { assertRequestId, requestNotFound } from '../common/request-id';
import { JobEventsHub } from './job-events.hub';
import { parseLastEventId, SSE_CONTENT_TYPE } from './server-sent-events';

@ApiTags('Status')
@Public()
@Controller({ version: API_VERSION })
export class JobEventsController {
  constructor(private readonly hub: JobEventsHub) {}

  @Get('status/:requestId/events')
  @ApiOperation({
    summary: 'Follow a job as Server-Sent Events',
    description:
      'Public like GET /v1/status (the request id is the capability) and not rate-limited. A `text/event-stream` ' +
      "with one event per change of the job's status, progress or messages: `event: status`, `id:` a decimal " +
      'number that increases with every change of the job, `data:` the JSON object GET /v1/status/{requestId} ' +
      'answers (JobStatus). The current state comes first, unless a reconnecting client already has it ' +
      '(`Last-Event-ID` at or above its id; EventSource sends it by itself); then each change, never one twice. ' +
      'A comment line `: heartbeat` comes at least every 15 seconds. After the event with a terminal status ' +
      '(`completed` or `failed`) the server ends the response. A stream can also end without a terminal event ' +
      '(server restart, a client too slow to read): reconnect with Last-Event-ID, after the `retry:` delay sent ' +
      'first. A reconnect after the terminal event gets 204, which tells EventSource to stop.',
  })
  @ApiParam({ name: 'requestId', format: 'uuid', description: 'The requestId returned by POST /v1/book' })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The id of the last event received; only later changes are sent. Not a number: ignored.',
  })
  @ApiResponse({
    status: 200,
    description: 'The event stream (its error answers, before it starts, are JSON like every other)',
    // Declared here rather than with @ApiProduces, which would give the JSON error answers this media type too.
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        example:
          'retry: 3000\n\nid: 3\nevent: status\ndata: {"requestId":"...","status":"processing","progress":45,...}\n\n' +
          ': heartbeat\n\n',
      },
    },
  })
  @ApiResponse({ status: 204, description: 'The job has ended and Last-Event-ID shows its last event was received' })
  @ApiErrors(
    [404, [ErrorCode.NotFound], 'Unknown (or malformed) request id'],
    [503, [ErrorCode.ServiceUnavailable], 'The database is unreachable; retry after Retry-After seconds'],
  )
  async events(
    @Param('requestId') requestId: string,
    @Headers('last-event-id') lastEventIdHeader: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const id = assertRequestId(requestId);
    void reply
      .header('Content-Type', SSE_CONTENT_TYPE)
      .header('Cache-Control', 'no-cache, no-transform')
      // nginx and similar proxies would otherwise hold events back in their response buffer.
      .header('X-Accel-Buffering', 'no');
    const opened = await this.hub.open(id, parseLastEventId(lastEventIdHeader));
    if (opened.kind === 'stream' && request.method === 'HEAD') {
      // Fastify would pipe the stream into a bodiless answer and hold the connection until the job ends.
      opened.stream.destroy();
      await reply.status(200).send();
      return;
    }
    switch (opened.kind) {
      case 'not_found':
        throw requestNotFound(id);
      case 'finished':
        await reply.status(204).send();
        return;
      case 'stream':
        await reply.status(200).send(opened.stream);
        return;
    }
  }
}
