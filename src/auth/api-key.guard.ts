import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { API_KEY_AUTHENTICATOR, type ApiKeyAuthenticator } from './api-key-authenticator';
import { AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_SCOPE, REVOCATION_CHECKED_BY_ROUTE } from './auth.decorators';
import { verificationRefused } from './auth.exceptions';
import type { ApiKeyScope } from './entities/api-key.entity';
import { presentedApiKey } from './presented-api-key';

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
    const presented = presentedApiKey(request);
    if (!presented) {
      throw new ApiException(
        401,
        ErrorCode.AuthRequired,
        'API key required',
        'Send your API key in the X-API-Key header.',
      );
    }
    const fromMemory = this.reflector.get<boolean>(REVOCATION_CHECKED_BY_ROUTE, context.getHandler()) === true;
    const verification = await this.authenticator.verify(presented.trim(), { fromMemory });
    if (verification.outcome !== 'ok') throw verificationRefused(verification);
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
