import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import type { KeyRefusal } from './api-keys.repository';

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
