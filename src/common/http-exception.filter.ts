import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from './api-exception';
import { ErrorCode } from './error-code';

const ROUTABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * The one place where errors become HTTP answers. Everything leaves in the
 * envelope of spec 7.1; nothing internal (stack, SQL, secrets) leaves at all.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<FastifyRequest>();
    const reply = context.getResponse<FastifyReply>();
    const apiException = this.toApiException(exception, request);

    if (reply.sent) {
      return;
    }
    for (const [name, value] of Object.entries(apiException.headers)) {
      void reply.header(name, value);
    }
    void reply
      .status(apiException.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(apiException.toEnvelope());
  }

  private toApiException(exception: unknown, request: FastifyRequest): ApiException {
    if (exception instanceof ApiException) {
      return exception;
    }
    // Nest wraps Fastify's own errors (body parsing, content type) in an HttpException.
    const framework = (exception instanceof HttpException ? exception.cause : exception) as FrameworkError | undefined;
    if (typeof framework?.code === 'string' && framework.code.startsWith('FST_')) {
      return this.fromFastifyError(framework);
    }
    if (exception instanceof HttpException) {
      return this.fromHttpException(exception, request);
    }
    const incidentId = randomUUID();
    this.logger.error(
      `Unhandled error ${incidentId} on ${request.method} ${request.routeOptions?.url ?? 'unknown route'} (request ${request.id})`,
      exception instanceof Error ? exception.stack : String(exception),
    );
    return new ApiException(
      500,
      ErrorCode.InternalError,
      'Internal server error',
      `Incident ${incidentId}; the error has been logged.`,
    );
  }

  private fromHttpException(exception: HttpException, request: FastifyRequest): ApiException {
    const status = exception.getStatus();
    if (status === 404) {
      const path = request.url.split('?')[0] ?? request.url;
      const allowed = this.allowedMethods(path);
      if (allowed.length > 0) {
        return new ApiException(
          405,
          ErrorCode.MethodNotAllowed,
          `Method ${request.method} is not allowed on ${path}`,
          `Allowed methods: ${allowed.join(', ')}`,
          { Allow: allowed.join(', ') },
        );
      }
      return new ApiException(404, ErrorCode.NotFound, `Not found: ${request.method} ${path}`);
    }
    if (status === 413) {
      return payloadTooLarge();
    }
    if (status >= 500) {
      return new ApiException(status, ErrorCode.InternalError, 'Internal server error');
    }
    return new ApiException(status, ErrorCode.InvalidParameter, exception.message);
  }

  private fromFastifyError(error: FrameworkError): ApiException {
    switch (error.code ?? '') {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return payloadTooLarge();
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return new ApiException(
          400,
          ErrorCode.InvalidParameter,
          'Unsupported Content-Type: send the request body as application/json',
        );
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return new ApiException(400, ErrorCode.InvalidParameter, 'Malformed JSON in request body');
      default: {
        const status = error.statusCode ?? 500;
        if (status >= 500) {
          return new ApiException(500, ErrorCode.InternalError, 'Internal server error');
        }
        return new ApiException(status, ErrorCode.InvalidParameter, 'Invalid request');
      }
    }
  }

  private allowedMethods(path: string): string[] {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return [];
    return ROUTABLE_METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null);
  }
}

function payloadTooLarge(): ApiException {
  return new ApiException(413, ErrorCode.PayloadTooLarge, 'Request body too large: the limit is 64 KiB');
}
