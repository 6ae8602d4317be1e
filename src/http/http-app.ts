import { VersioningType } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  errorCodes,
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiException, BODY_LIMIT_BYTES, invalidParameter, notFound } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { installLegacyPaths } from '../common/legacy-alias';
import { AppModule, type AppModuleOptions } from '../app.module';
import type { Logger as Pino } from 'pino';
import { createRootLogger, PinoNestLogger, redactUrl, requestIdFor } from '../logging/logger';
import { AppConfig, trustedProxies } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { ACCEPTS_FORM_BODY, parseFormBody } from '../web-console/console-form';
import { jsonBodyProblem } from './json-body-rules';
import { setupOpenApi } from './openapi';

/**
 * The Fastify adapter with the body rules of the contract, the connection
 * limits of the configuration (defaults without one), and request logs (JSON,
 * one `reqId` per request, answered in X-Request-Id) when a logger is given.
 */
export function createFastifyAdapter(logger?: Pino, config: AppConfig = new AppConfig()): FastifyAdapter {
  const headersTimeoutMs = config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For only from the proxies TRUST_PROXY names: anyone else's would choose its own request.ip.
    trustProxy: trustedProxies(config),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Readable logs are one line a request; JSON keeps Fastify's two.
    ...(config.LOG_FORMAT === 'pretty' ? { logController: new OneLineRequestLogs() } : {}),
    genReqId: requestIdFor,
    frameworkErrors: answerRoutingError,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Slow clients (slowloris, a body trickled a byte a second) are cut off: Node checks these every
    // connectionsCheckingInterval, so that interval is kept well under the shortest limit.
    http: {
      // Node would answer a missing Host with a bare 400 of its own; the onRequest hook answers it in the envelope.
      requireHostHeader: false,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeoutMs / 4)),
    },
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_SECONDS * 1000,
  });
  const fastify = adapter.getInstance();
  installJsonParser(fastify);
  installFormParser(fastify);
  // A route may allow a larger body with @RouteConfig({ bodyLimitBytes }) (POST /v1/books/batch: 50 requests).
  fastify.addHook('onRoute', (route) => {
    const { bodyLimitBytes } = (route.config ?? {}) as { bodyLimitBytes?: unknown };
    if (typeof bodyLimitBytes === 'number') route.bodyLimit = bodyLimitBytes;
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id).header('X-Content-Type-Options', 'nosniff');
    if (request.headers.host === undefined && request.raw.httpVersionMinor >= 1) {
      // HTTP/1.1 requires Host (RFC 9112, 3.2).
      void reply
        .code(400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(invalidParameter('Missing Host header', 'HTTP/1.1 requests must send a Host header.').toEnvelope());
      return;
    }
    done();
  });
  return adapter;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over
 * the size limit, broken framing, a client too slow to send its request) are
 * answered with the envelope too, then the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A complete (pipelined) request before the bad bytes is still being answered (Node keeps its response
  // on the socket): let that answer go out first, then answer the error. An incomplete request (its body
  // is what failed, or timed out) is the one the error is about: answer at once.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && inFlight.req.complete && !inFlight.writableFinished) {
    inFlight.once('finish', () => answerClientError(error, socket));
    inFlight.once('close', () => socket.destroy());
    return;
  }
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new ApiException(408, ErrorCode.RequestTimeout, 'Request timeout', 'The request was not received in time.')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiException(431, ErrorCode.HeadersTooLarge, 'Request headers too large', 'Send smaller headers.')
        : new ApiException(
            400,
            ErrorCode.InvalidParameter,
            'Malformed HTTP request',
            'The request is not valid HTTP/1.1.',
          );
  if (socket.writable) {
    const body = JSON.stringify(answer.toEnvelope());
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Errors Fastify raises before any route runs (a broken percent-encoding, a
 * path parameter over maxParamLength) bypass Nest's filters: answer them with
 * the envelope too. Such a URL cannot name anything we serve, hence 404.
 */
function answerRoutingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const reason =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment is longer than any id this service issues.'
      : 'The path is not a valid URL (check its percent-encoding).';
  void reply.code(404).send(notFound('Not found', reason).toEnvelope());
}

/** What every HTTP application gets, however it was created (main, tests, benchmarks). */
export function configureHttpApp(app: NestFastifyApplication, config: AppConfig): void {
  enableApiVersioning(app);
  installLegacyPaths(app.getHttpAdapter().getInstance(), {
    enabled: config.LEGACY_PATHS_ENABLED,
    baseUrl: config.BASE_URL,
  });
  app.enableShutdownHooks();
  setupOpenApi(app, config);
  recordHttpMetrics(app);
}

/**
 * URI versioning: a controller with `version: API_VERSION` is served under
 * /v1; one without (health, metrics) at its own path. Must run before the
 * routes are registered (init, listen) and before the OpenAPI document is built.
 */
export function enableApiVersioning(app: NestFastifyApplication): void {
  app.enableVersioning({ type: VersioningType.URI });
}

/** Requests by route pattern (never the raw URL: ids would explode the label set), status and latency. */
function recordHttpMetrics(app: NestFastifyApplication): void {
  const metrics = app.get(MetricsService);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Fastify's request lines for LOG_FORMAT=pretty: none when a request comes in, and one when it is answered,
 * saying what a developer looks for ("GET /v1/usage 200 3 ms"); errors and the rest as Fastify writes them.
 */
class OneLineRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error, responseTime: reply.elapsedTime }, line);
    else reply.log.info({ responseTime: reply.elapsedTime }, line);
  }
}

/** Builds the service's HTTP application; `main.ts` starts it this way (a team's entrypoint adds its extensions). */
export async function createHttpApp(
  config: AppConfig,
  options: AppModuleOptions = {},
): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRole(config, options),
    createFastifyAdapter(logger, config),
    {
      logger: new PinoNestLogger(logger),
      // The adapter already carries the JSON parser of the contract (see installJsonParser).
      bodyParser: false,
    },
  );
  configureHttpApp(app, config);
  return app;
}

/** Refuses bytes that are not UTF-8 instead of replacing them with U+FFFD (which would change the client's text). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies: an empty body with a JSON content type is the empty request
 * (like no body at all), not an error. The bytes must be UTF-8; the parsed
 * value must pass jsonBodyProblem (depth, well-formed strings, no prototype
 * keys) before anything copies it. JSON.parse itself only creates own
 * properties, so parsing with Fastify's prototype checks off loses nothing:
 * the walk refuses the same keys and names the field that held them.
 */
function installJsonParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('ignore', 'ignore');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
      let text: string;
      try {
        text = typeof body === 'string' ? body : STRICT_UTF8.decode(body);
      } catch {
        done(invalidParameter('Request body is not valid UTF-8', 'Send the JSON body encoded as UTF-8.'));
        return;
      }
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, text, (error: Error | null, value?: unknown) => {
        if (error) return done(error);
        const problem = jsonBodyProblem(value);
        return problem ? done(problem) : done(null, value);
      });
    },
  );
}

/**
 * HTML forms (the web console): `application/x-www-form-urlencoded`, UTF-8,
 * as large as a JSON body may be, only on routes that ask for it
 * (`ACCEPTS_FORM_BODY`, set by the console's FormPost). Every other route
 * answers such a body exactly as before there was a form parser: unsupported
 * media type, before reading it.
 */
function installFormParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, value?: unknown) => void) => {
      const config = (request.routeOptions.config ?? {}) as { [ACCEPTS_FORM_BODY]?: unknown };
      if (config[ACCEPTS_FORM_BODY] !== true) {
        done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']));
        return;
      }
      readBody(payload, BODY_LIMIT_BYTES).then((body) => {
        let text: string;
        try {
          text = STRICT_UTF8.decode(body);
        } catch {
          done(invalidParameter('Request body is not valid UTF-8', 'Send the form encoded as UTF-8.'));
          return;
        }
        done(null, parseFormBody(text));
      }, done);
    },
  );
}

/** A request body up to `limit` bytes; larger (declared or sent) is Fastify's 413, a short body its 400. */
function readBody(payload: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = payload.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        payload.off('data', onData);
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(chunk);
    };
    payload.on('data', onData);
    payload.once('error', reject);
    payload.once('end', () => {
      if (declared !== undefined && Number(declared) !== received) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      resolve(Buffer.concat(chunks));
    });
  });
}
