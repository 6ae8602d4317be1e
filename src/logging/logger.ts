import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger as Pino, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/app-config';

export const REQUEST_ID_HEADER = 'x-request-id';
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Headers and fields that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
];

/**
 * The one pino logger of a process: Fastify logs every request through it
 * (each line of a request carries `reqId`), Nest logs through it as well.
 * LOG_FORMAT=json (the default) writes one JSON object per line to stdout;
 * `pretty` writes readable lines for development. Redaction happens in pino
 * before either format sees a line. `destination` replaces stdout (tests).
 */
export function createRootLogger(
  config: Pick<AppConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination?: DestinationStream,
): Pino {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'scriptorium', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Replaces Fastify's request serializer (the same fields) so that a URL never carries a secret into a line.
    serializers: { req: serializeRequest },
  };
  if (config.LOG_FORMAT === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}

/**
 * pino-pretty as a stream in this thread, writing synchronously: a line is
 * on stdout when the call that logged it returns, as with the JSON
 * destination, so nothing is lost at exit or between a test's action and
 * its look at the output (a transport runs in a worker thread, and its last
 * lines can miss a quick exit).
 */
function prettyStream(destination?: DestinationStream): DestinationStream {
  return pretty({
    sync: true,
    ...(destination ? { destination } : {}),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'service',
    singleLine: true,
  });
}

/** Query parameters whose values are never logged: a client may put its API key in the URL by mistake. */
const SECRET_QUERY_PARAMETER = /key|secret|token|sig|pass|auth|session|credential/i;

/** A request URL as logged: the values of secret-looking query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      return separator !== -1 && SECRET_QUERY_PARAMETER.test(safeDecode(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Keeps a well-formed id the client sent (so callers can correlate), else makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Nest's logger interface on top of pino: JSON lines with the Nest context as `context`. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /**
   * A string message is the line's `msg`. An object message is structured:
   * its fields become the line's fields and its `msg` the message, so
   * `logger.log({ msg: 'job completed', jobId })` writes a `jobId` field.
   * An Error is logged under `err` (pino's serializer keeps its stack).
   */
  private write(given: pino.Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context last, and for errors the stack before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    // Nest's own start-up (a line per module and per route, some 110 before the service listens) is debug detail.
    const level = given === 'info' && context !== undefined && NEST_START_UP.has(context) ? 'debug' : given;
    // Admission writes a line per job: below the level, build nothing.
    if (!this.pino.isLevelEnabled(level)) return;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const base = { context, ...(stack ? { stack } : {}) };
    if (message instanceof Error) {
      this.pino[level]({ ...base, err: message }, message.message);
    } else if (isStructured(message)) {
      const { msg, ...fields } = message;
      this.pino[level]({ ...base, ...fields }, typeof msg === 'string' ? msg : undefined);
    } else {
      this.pino[level](base, typeof message === 'string' ? message : JSON.stringify(message));
    }
  }
}

/** The contexts of the lines Nest writes while it builds the application. */
const NEST_START_UP = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** A structured call: the line's fields, with its short message as `msg`. */
function isStructured(message: unknown): message is Record<string, unknown> {
  return typeof message === 'object' && message !== null && !Array.isArray(message);
}
