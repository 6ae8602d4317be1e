import { ApiException, invalidParameter } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';

/**
 * The submission could not be stored or counted because a backing service
 * (PostgreSQL, Redis) did not answer: nothing was charged or counted, and the
 * client should retry (spec 7.2, JOB_START_FAILED).
 */
export function jobStartFailed(): ApiException {
  return new ApiException(
    503,
    ErrorCode.JobStartFailed,
    'The job could not be started',
    'The service could not store the request; nothing was charged or counted. Retry in a few seconds.',
    { 'Retry-After': '5' },
  );
}

export function invalidWebhookUrl(reason: string): ApiException {
  return new ApiException(400, ErrorCode.InvalidWebhookUrl, 'Invalid webhook_url', reason);
}

export function invalidIdempotencyKey(): ApiException {
  return invalidParameter('Invalid Idempotency-Key header', 'Use 1 to 255 visible ASCII characters, e.g. a UUID.');
}

export function idempotencyKeyReused(): ApiException {
  return invalidParameter(
    'Idempotency-Key already used with a different request',
    'Send a new Idempotency-Key for a new request; a key is remembered for 24 hours.',
  );
}
