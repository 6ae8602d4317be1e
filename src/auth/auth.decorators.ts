import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedKey } from './api-keys.service';
import type { ApiKeyScope } from './entities/api-key.entity';
import { KeyRecheckInterceptor } from './key-recheck.interceptor';

export const PUBLIC_ROUTE = 'scriptorium:public';
export const REQUIRED_SCOPE = 'scriptorium:scope';
export const REVOCATION_CHECKED_BY_ROUTE = 'scriptorium:revocation-checked-by-route';

/** Marks a route that needs no API key; every other route requires one. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);

/** The scope a key must carry to call the route. */
export const RequireScope = (scope: ApiKeyScope): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_SCOPE, scope);

/**
 * The route's own transaction re-checks that the key is not revoked nor its
 * account suspended (and holds the key against a concurrent revocation until
 * commit), so the guard may resolve the key from memory instead of asking the
 * database on every call. The requests the route refuses (400, 429, 503) are
 * re-checked by KeyRecheckInterceptor before they are answered, so a key
 * revoked or suspended by another process is a 403 there too, never a 429.
 * Revocation stays immediate: only for such routes.
 */
export const RevocationCheckedByRoute = (): MethodDecorator =>
  applyDecorators(SetMetadata(REVOCATION_CHECKED_BY_ROUTE, true), UseInterceptors(KeyRecheckInterceptor));

export type AuthenticatedRequest = FastifyRequest & { apiKey?: AuthenticatedKey };

/** The verified key of the caller, set by ApiKeyGuard. */
export const CurrentKey = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedKey => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.apiKey) {
    throw new Error('CurrentKey used on a route without ApiKeyGuard');
  }
  return request.apiKey;
});
