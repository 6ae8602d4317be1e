import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiException, payloadTooLarge } from './api-exception';
import { ErrorCode } from './error-code';
import { API_VERSION } from './legacy-alias';
import { routeErrorFilterOf } from './route-error-filter';

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

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<FastifyRequest>();
    const reply = context.getResponse<FastifyReply>();
    const routeFilter = routeErrorFilterOf(request);
    if (routeFilter && !(this instanceof routeFilter)) {
      try {
        this.moduleRef.get(routeFilter, { strict: false }).catch(exception, host);
        return;
      } catch (error) {
        // A route naming a filter that is no provider: a bug of ours, answered in the envelope rather than lost.
        this.logger.error(
          `The error filter of ${request.method} ${request.routeOptions?.url ?? request.url} failed: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
        if (reply.sent) return;
      }
    }
    // Not request.raw.destroyed: a request stream is destroyed as soon as its body has been read.
    const clientGone = request.raw.socket?.destroyed === true;
    if (clientGone && !(exception instanceof ApiException) && !(exception instanceof HttpException)) {
      // The client hung up mid-request (a body cut off): nobody to answer, and not our error.
      request.log?.info({ err: exception }, 'client went away before its request was read');
      return;
    }
    const apiException = this.toApiException(exception, request);

    if (reply.sent) {
      return;
    }
    if (apiException.status < 500) {
      // Fastify's own line says only the status; this one, with the same reqId, says why.
      request.log?.info(
        { errorCode: apiException.errorCode, error: apiException.message, details: apiException.details },
        'request refused',
      );
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
    if (request.is404) {
      // No route has this method and path: whatever went wrong with the body, the answer is 404 or 405.
      return this.notFound(request);
    }
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
    if (isDependencyUnavailable(exception)) {
      this.logger.warn(
        `Dependency unavailable on ${request.method} ${request.routeOptions?.url ?? 'unknown route'} (request ${request.id}): ${
          exception instanceof Error ? exception.message : String(exception)
        }`,
      );
      return this.dependencyUnavailable();
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

  /**
   * The answer when the database (or another dependency) could not be
   * reached: a temporary condition the client should retry, never a 500. A
   * feature whose contract names another code for it extends this filter and
   * overrides this method (books: JOB_START_FAILED on submission).
   */
  protected dependencyUnavailable(): ApiException {
    return new ApiException(
      503,
      ErrorCode.ServiceUnavailable,
      'Service temporarily unavailable',
      'A backing service did not answer. Retry in a few seconds.',
      { 'Retry-After': '5' },
    );
  }

  private fromHttpException(exception: HttpException, request: FastifyRequest): ApiException {
    const status = exception.getStatus();
    if (status === 404) {
      return this.notFound(request);
    }
    if (status === 413) {
      return payloadTooLarge();
    }
    if (status >= 500) {
      return new ApiException(status, ErrorCode.InternalError, 'Internal server error');
    }
    if (status === 403) {
      return new ApiException(403, ErrorCode.Forbidden, 'Forbidden');
    }
    return new ApiException(status, ErrorCode.InvalidParameter, exception.message);
  }

  /** 404, or 405 with Allow when the path exists under other methods (never one listing the method refused). */
  private notFound(request: FastifyRequest): ApiException {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = this.allowedMethods(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return new ApiException(
        405,
        ErrorCode.MethodNotAllowed,
        `Method ${request.method} is not allowed on ${path}`,
        `Allowed methods: ${allowed.join(', ')}`,
        { Allow: allowed.join(', ') },
      );
    }
    if (path.startsWith(`/v${API_VERSION}/v${API_VERSION}/`)) {
      // The original API's SDK adds /v1 to its base_url; given our BASE_URL (which ends in /v1), it asks for /v1/v1/.
      return new ApiException(
        404,
        ErrorCode.NotFound,
        `Not found: ${request.method} ${path}`,
        "The path repeats /v1. A client that adds /v1 itself (the original API's SDK does) takes the origin as its " +
          'base URL, e.g. https://books.example.com, not BASE_URL.',
      );
    }
    return new ApiException(404, ErrorCode.NotFound, `Not found: ${request.method} ${path}`);
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
        if (status === 403) return new ApiException(403, ErrorCode.Forbidden, 'Forbidden');
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

/** SQLSTATE classes and socket errors that mean "the database is not there right now", not "our bug". */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

function isDependencyUnavailable(exception: unknown): boolean {
  for (let error = exception, depth = 0; error instanceof Error && depth < 4; depth += 1) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error instanceof Error ? error.message : ''))) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}
