import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';

/** Spec section 5: a revoked key is refused with 403 FORBIDDEN, at once and for good. */
export function keyRevoked(): ApiException {
  return new ApiException(
    403,
    ErrorCode.Forbidden,
    'API key revoked',
    'This API key has been revoked and can no longer be used.',
  );
}
