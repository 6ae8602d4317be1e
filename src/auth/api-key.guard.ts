import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { API_KEY_AUTHENTICATOR, type ApiKeyAuthenticator } from './api-key-authenticator';
import { AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_SCOPE, REVOCATION_CHECKED_BY_ROUTE } from './auth.decorators';
import { accountSuspended, keyRevoked } from './auth.exceptions';
import type { ApiKeyScope } from './entities/api-key.entity';

export const API_KEY_HEADER = 'x-api-key';

/** Global guard: every route needs a valid key unless marked @Public (spec section 5). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(API_KEY_AUTHENTICATOR) private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) {
      return true;
    }
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers[API_KEY_HEADER];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!presented) {
      throw authError(ErrorCode.AuthRequired, 'API key required', 'Send your API key in the X-API-Key header.');
    }
    const fromMemory = this.reflector.get<boolean>(REVOCATION_CHECKED_BY_ROUTE, context.getHandler()) === true;
    const verification = await this.authenticator.verify(presented.trim(), { fromMemory });
    switch (verification.outcome) {
      case 'malformed':
        throw authError(ErrorCode.AuthRequired, 'Invalid API key', 'The X-API-Key header does not carry an API key.');
      // DESIGN.md: one answer for both, so nobody learns which key ids exist.
      case 'unknown':
      case 'wrong_secret':
        throw authError(ErrorCode.AuthFailed, 'API key verification failed', 'The API key could not be verified.');
      case 'revoked':
        throw keyRevoked();
      case 'account_suspended':
        throw accountSuspended();
      case 'ok':
        break;
    }
    const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !verification.key.scopes.includes(scope)) {
      throw new ApiException(
        403,
        ErrorCode.Forbidden,
        'Permission denied',
        `This API key lacks the ${scope} permission.`,
      );
    }
    request.apiKey = verification.key;
    return true;
  }
}

function authError(code: ErrorCode, message: string, details: string): ApiException {
  return new ApiException(401, code, message, details);
}
