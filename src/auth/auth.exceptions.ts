import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import type { KeyRefusal } from './api-keys.repository';
import type { KeyVerification } from './api-keys.service';

/** The answer to a presented key that did not check out: ApiKeyGuard's, and KeyRecheckInterceptor's. */
export function verificationRefused(verification: Exclude<KeyVerification, { outcome: 'ok' }>): ApiException {
  switch (verification.outcome) {
    case 'malformed':
      return new ApiException(
        401,
        ErrorCode.AuthRequired,
        'Invalid API key',
        'The X-API-Key header does not carry an API key.',
      );
    // DESIGN.md: one answer for both, so nobody learns which key ids exist.
    case 'unknown':
    case 'wrong_secret':
      return new ApiException(
        401,
        ErrorCode.AuthFailed,
        'API key verification failed',
        'The API key could not be verified.',
      );
    case 'revoked':
      return keyRevoked();
    case 'account_suspended':
      return accountSuspended();
  }
}

/** Spec section 5: a revoked key is refused with 403 FORBIDDEN, at once and for good. */
export function keyRevoked(): ApiException {
  return new ApiException(
    403,
    ErrorCode.Forbidden,
    'API key revoked',
    'This API key has been revoked and can no longer be used.',
  );
}

/** The 403 for a key refused at admission, after the guard had let it through (see the admission function, migration AdmitBookJobs). */
export function keyRefused(refusal: KeyRefusal): ApiException {
  switch (refusal) {
    case 'account_suspended':
      return accountSuspended();
    case 'key_revoked':
      return keyRevoked();
  }
}

/** An operator suspended the key's account (web console): every key of it is refused until the suspension is lifted. */
export function accountSuspended(): ApiException {
  return new ApiException(
    403,
    ErrorCode.Forbidden,
    'Account suspended',
    'The account of this API key is suspended. Contact the operator of this service.',
  );
}
