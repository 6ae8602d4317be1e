/** Machine-readable error codes: spec section 7.2 plus the ones DESIGN.md adds. */
export enum ErrorCode {
  AuthRequired = 'AUTH_REQUIRED',
  AuthFailed = 'AUTH_FAILED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  MethodNotAllowed = 'METHOD_NOT_ALLOWED',
  RateLimitExceeded = 'RATE_LIMIT_EXCEEDED',
  InvalidParameter = 'INVALID_PARAMETER',
  InvalidWebhookUrl = 'INVALID_WEBHOOK_URL',
  MissingParameter = 'MISSING_PARAMETER',
  JobStartFailed = 'JOB_START_FAILED',
  JobNotCompleted = 'JOB_NOT_COMPLETED',
  JobAlreadyFinished = 'JOB_ALREADY_FINISHED',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  InternalError = 'INTERNAL_ERROR',
}
