import type { ErrorCode, ErrorEnvelope } from './types';

/** A known code, or one a newer service added (the intersection keeps the known ones suggested by editors). */
export type ErrorCodeOrNewer = ErrorCode | (string & Record<never, never>);

/** Every error this client throws. */
export class ScriptoriumError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service could not be reached, or the connection broke before an answer came. */
export class ConnectionError extends ScriptoriumError {}

/** The request took longer than the client's `timeoutMs`. */
export class RequestTimedOutError extends ConnectionError {}

/** Where an API error came from, for support requests and logs. */
export interface ApiErrorInit {
  status: number;
  /** Absent when the answer was not the service's error envelope (e.g. a proxy's page). */
  errorCode?: ErrorCodeOrNewer;
  message: string;
  details?: string;
  /** The service's X-Request-Id of the failed request. */
  requestId?: string;
  headers?: Headers;
  /**
   * Seconds to wait, when the service said so outside a Retry-After header
   * (the `retryAfter` of a POST /v1/books/batch item); wins over the header.
   */
  retryAfter?: number;
}

/**
 * An answer of the service with an error status. Subclasses name the
 * errorCode, so callers catch what they can handle:
 * `catch (e) { if (e instanceof RateLimitError) ... }`.
 */
export class ApiError extends ScriptoriumError {
  readonly status: number;
  readonly errorCode: ErrorCodeOrNewer | undefined;
  readonly details: string | undefined;
  readonly requestId: string | undefined;
  readonly headers: Headers;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.details = init.details;
    this.requestId = init.requestId;
    this.headers = init.headers ?? new Headers();
  }
}

/** 400: the request was refused as it stands; sending it again unchanged will not help. */
export class BadRequestError extends ApiError {}
/** 400 INVALID_PARAMETER: `message` names the parameter and, for enums, the allowed values. */
export class InvalidParameterError extends BadRequestError {}
/** 400 MISSING_PARAMETER. */
export class MissingParameterError extends BadRequestError {}
/** 400 INVALID_WEBHOOK_URL: the webhook_url failed the service's address policy. */
export class InvalidWebhookUrlError extends BadRequestError {}
/** 400 JOB_NOT_COMPLETED: the job is still queued or processing (download, delete). */
export class JobNotCompletedError extends BadRequestError {}
/** 401 AUTH_REQUIRED or AUTH_FAILED: no API key, or one the service does not know. */
export class AuthenticationError extends ApiError {}
/** 403 FORBIDDEN: a revoked key, or one without the permission. */
export class PermissionDeniedError extends ApiError {}
/** 404 NOT_FOUND: an unknown request id, another account's job, or an unknown route. */
export class NotFoundError extends ApiError {}
/** 405 METHOD_NOT_ALLOWED. */
export class MethodNotAllowedError extends ApiError {}
/** 408 REQUEST_TIMEOUT: the service gave up waiting for the request. */
export class RequestTimeoutError extends ApiError {}
/** 409 JOB_ALREADY_FINISHED: a cancel of a job that has completed or failed. */
export class JobAlreadyFinishedError extends ApiError {}
/** 410 GONE: the book's file was deleted. */
export class GoneError extends ApiError {}
/** 413 PAYLOAD_TOO_LARGE. */
export class PayloadTooLargeError extends ApiError {}
/** 431 HEADERS_TOO_LARGE. */
export class HeadersTooLargeError extends ApiError {}
/** 500 INTERNAL_ERROR; quote `requestId` when reporting it. */
export class InternalServerError extends ApiError {}
/** 500/503 JOB_START_FAILED: nothing was charged or counted; safe to retry. */
export class JobStartFailedError extends ApiError {}
/** 503 SERVICE_UNAVAILABLE: retry after `Retry-After`. */
export class ServiceUnavailableError extends ApiError {}

/**
 * 429 RATE_LIMIT_EXCEEDED. `limit` says which one: the burst limit clears
 * within seconds (the client waits and retries it by itself when
 * `retryAfter` is short); the daily limit clears when the key's window ends,
 * so it is raised at once and never slept through.
 */
export class RateLimitError extends ApiError {
  readonly limit: 'burst' | 'daily';
  /** Seconds until a new request can succeed; null when the service did not say. */
  readonly retryAfter: number | null;
  /** The key's daily window as the RateLimit-* headers described it; null when absent. */
  readonly dailyWindow: { limit: number; remaining: number; resetSeconds: number } | null;

  constructor(init: ApiErrorInit) {
    super(init);
    const headers = this.headers;
    this.dailyWindow = readDailyWindow(headers);
    // No daily request left means waiting out the burst interval would only earn the daily 429.
    const daily = this.dailyWindow?.remaining === 0 || /daily/i.test(init.message);
    this.limit = daily ? 'daily' : 'burst';
    const retryAfter = init.retryAfter ?? parseRetryAfter(headers.get('retry-after'));
    this.retryAfter = daily && this.dailyWindow ? Math.max(retryAfter ?? 0, this.dailyWindow.resetSeconds) : retryAfter;
  }
}

function readDailyWindow(headers: Headers): RateLimitError['dailyWindow'] {
  const limit = wholeNumber(headers.get('ratelimit-limit'));
  const remaining = wholeNumber(headers.get('ratelimit-remaining'));
  const resetSeconds = wholeNumber(headers.get('ratelimit-reset'));
  if (limit === null || remaining === null || resetSeconds === null) return null;
  return { limit, remaining, resetSeconds };
}

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const seconds = wholeNumber(value);
  if (seconds !== null) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

/** One class per errorCode: a code added to openapi.json fails the type check here until it has its class. */
const errorClassByCode: Record<ErrorCode, ApiErrorClass> = {
  AUTH_REQUIRED: AuthenticationError,
  AUTH_FAILED: AuthenticationError,
  FORBIDDEN: PermissionDeniedError,
  NOT_FOUND: NotFoundError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  RATE_LIMIT_EXCEEDED: RateLimitError,
  INVALID_PARAMETER: InvalidParameterError,
  INVALID_WEBHOOK_URL: InvalidWebhookUrlError,
  MISSING_PARAMETER: MissingParameterError,
  JOB_START_FAILED: JobStartFailedError,
  JOB_NOT_COMPLETED: JobNotCompletedError,
  JOB_ALREADY_FINISHED: JobAlreadyFinishedError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  REQUEST_TIMEOUT: RequestTimeoutError,
  HEADERS_TOO_LARGE: HeadersTooLargeError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INTERNAL_ERROR: InternalServerError,
  GONE: GoneError,
};

/** For answers without a known errorCode (a proxy's 502, a newer service's new code). */
const errorClassByStatus: Record<number, ApiErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  408: RequestTimeoutError,
  409: JobAlreadyFinishedError,
  410: GoneError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  431: HeadersTooLargeError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.success === false && typeof candidate.error === 'string' && typeof candidate.errorCode === 'string';
}

/** The typed error for an error answer; `body` is its parsed JSON, or anything else the server sent. */
export function createApiError(
  status: number,
  body: unknown,
  headers: Headers = new Headers(),
  extra: Pick<ApiErrorInit, 'retryAfter'> = {},
): ApiError {
  const requestId = headers.get('x-request-id') ?? undefined;
  if (isErrorEnvelope(body)) {
    const ErrorClass =
      (Object.hasOwn(errorClassByCode, body.errorCode) ? errorClassByCode[body.errorCode] : undefined) ??
      errorClassByStatus[status] ??
      ApiError;
    return new ErrorClass({
      status,
      errorCode: body.errorCode,
      message: body.error,
      details: body.details,
      requestId,
      headers,
      ...extra,
    });
  }
  const ErrorClass = errorClassByStatus[status] ?? ApiError;
  return new ErrorClass({ status, message: `HTTP ${status} without an error envelope`, requestId, headers, ...extra });
}
