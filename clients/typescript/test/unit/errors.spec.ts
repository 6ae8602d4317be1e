import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  createApiError,
  GoneError,
  InvalidParameterError,
  JobAlreadyFinishedError,
  NotFoundError,
  parseRetryAfter,
  RateLimitError,
  ServiceUnavailableError,
} from '../../src/errors';
import type { components } from '../../src/generated/openapi';

const envelope = (errorCode: string, error = 'message', details?: string) => ({
  success: false,
  error,
  errorCode,
  ...(details ? { details } : {}),
});

describe('createApiError', () => {
  it('gives every errorCode of openapi.json a class of its own kind', () => {
    // `satisfies` fails the type check when openapi.json gains a code this list lacks.
    const codes = Object.keys({
      AUTH_REQUIRED: true,
      AUTH_FAILED: true,
      FORBIDDEN: true,
      NOT_FOUND: true,
      METHOD_NOT_ALLOWED: true,
      RATE_LIMIT_EXCEEDED: true,
      INVALID_PARAMETER: true,
      INVALID_WEBHOOK_URL: true,
      MISSING_PARAMETER: true,
      JOB_START_FAILED: true,
      JOB_NOT_COMPLETED: true,
      JOB_ALREADY_FINISHED: true,
      GONE: true,
      PAYLOAD_TOO_LARGE: true,
      REQUEST_TIMEOUT: true,
      HEADERS_TOO_LARGE: true,
      SERVICE_UNAVAILABLE: true,
      INTERNAL_ERROR: true,
    } satisfies Record<components['schemas']['ErrorCode'], true>);
    for (const code of codes) {
      const error = createApiError(400, envelope(code));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.constructor).not.toBe(ApiError);
      expect(error.errorCode).toBe(code);
    }
  });

  it('carries the envelope, the status and the X-Request-Id', () => {
    const error = createApiError(
      400,
      envelope('INVALID_PARAMETER', "Invalid value for 'style'", 'Allowed: automatic, action'),
      new Headers({ 'X-Request-Id': 'req-1' }),
    );

    expect(error).toBeInstanceOf(InvalidParameterError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      name: 'InvalidParameterError',
      status: 400,
      message: "Invalid value for 'style'",
      details: 'Allowed: automatic, action',
      requestId: 'req-1',
    });
  });

  it.each([
    [401, 'AUTH_FAILED', AuthenticationError],
    [404, 'NOT_FOUND', NotFoundError],
    [409, 'JOB_ALREADY_FINISHED', JobAlreadyFinishedError],
    [410, 'GONE', GoneError],
    [503, 'SERVICE_UNAVAILABLE', ServiceUnavailableError],
  ])('%i %s -> %p', (status, code, ErrorClass) => {
    expect(createApiError(status, envelope(code))).toBeInstanceOf(ErrorClass);
  });

  it('falls back on the status for an unknown code or a body that is no envelope', () => {
    expect(createApiError(404, envelope('SOMETHING_NEW'))).toBeInstanceOf(NotFoundError);
    expect(createApiError(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, errorCode: undefined });
    expect(createApiError(429, 'slow down', new Headers({ 'Retry-After': '7' }))).toMatchObject({
      limit: 'burst',
      retryAfter: 7,
    });
  });

  it('a burst 429 with no daily request left is daily, and waits for the window', () => {
    const error = createApiError(
      429,
      envelope('RATE_LIMIT_EXCEEDED', 'Too many requests: wait at least 6 seconds between requests'),
      new Headers({
        'Retry-After': '6',
        'RateLimit-Limit': '15',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': '3600',
      }),
    );

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ limit: 'daily', retryAfter: 3600 });
  });
});

describe('createApiError with the retryAfter of a batch item', () => {
  it('is a daily RateLimitError waiting the item’s retryAfter, with no Retry-After header', () => {
    const error = createApiError(
      429,
      envelope('RATE_LIMIT_EXCEEDED', 'Daily limit exceeded: 2 requests per day'),
      new Headers({ 'X-Request-Id': 'batch-1' }),
      { retryAfter: 5400 },
    );

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ limit: 'daily', retryAfter: 5400, dailyWindow: null, requestId: 'batch-1' });
  });

  it('waits for the daily window when the batch answer’s RateLimit headers say it ends later', () => {
    const error = createApiError(
      429,
      envelope('RATE_LIMIT_EXCEEDED', 'Daily limit exceeded: 2 requests per day'),
      new Headers({ 'RateLimit-Limit': '2', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '7200' }),
      { retryAfter: 5400 },
    );

    expect(error).toMatchObject({ limit: 'daily', retryAfter: 7200, dailyWindow: { limit: 2, remaining: 0 } });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
