import { ErrorCode } from './error-code';

/** The error envelope of spec section 7.1: every error answer has this shape. */
export interface ErrorEnvelope {
  success: false;
  error: string;
  details?: string;
  errorCode: ErrorCode;
}

/**
 * An error meant for the client: its status, code and texts go out as they
 * are. Anything else thrown becomes a 500 INTERNAL_ERROR with no internals.
 */
export class ApiException extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly details?: string,
    /** Extra response headers, e.g. Retry-After or Allow. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiException';
  }

  /** The same error with more response headers (existing ones win). */
  withHeaders(extra: Record<string, string>): ApiException {
    return new ApiException(this.status, this.errorCode, this.message, this.details, { ...extra, ...this.headers });
  }

  toEnvelope(): ErrorEnvelope {
    return {
      success: false,
      error: this.message,
      ...(this.details !== undefined ? { details: this.details } : {}),
      errorCode: this.errorCode,
    };
  }
}

export const invalidParameter = (message: string, details?: string): ApiException =>
  new ApiException(400, ErrorCode.InvalidParameter, message, details);

export const notFound = (message: string, details?: string): ApiException =>
  new ApiException(404, ErrorCode.NotFound, message, details);

/** DESIGN.md: a body over 64 KiB is refused with 413 (and so is each item of a batch). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const payloadTooLarge = (): ApiException =>
  new ApiException(413, ErrorCode.PayloadTooLarge, 'Request body too large: the limit is 64 KiB');
