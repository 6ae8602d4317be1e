import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { catchError, from, Observable } from 'rxjs';
import { ApiException } from '../common/api-exception';
import { API_KEY_AUTHENTICATOR, type ApiKeyAuthenticator } from './api-key-authenticator';
import { verificationRefused } from './auth.exceptions';
import { presentedApiKey } from './presented-api-key';

/**
 * The other half of `@RevocationCheckedByRoute()`. There ApiKeyGuard may take
 * the key from this process's memory, which does not learn of a revocation or
 * a suspension made elsewhere (another API process, the console, the CLI).
 * The route's admission re-checks the key for every request it stores; this
 * interceptor covers the ones it refuses: before a 400, 429 or 503 goes out,
 * the key is verified again from the database, and a revoked key or a
 * suspended account is answered 403 instead. Auth comes before the body and
 * the limits (DESIGN.md), on every process, and an accepted request still
 * costs no key query; a refused one costs one (a primary-key lookup), which
 * also teaches this process's memory the key's new state.
 */
@Injectable()
export class KeyRecheckInterceptor implements NestInterceptor {
  constructor(@Inject(API_KEY_AUTHENTICATOR) private readonly authenticator: ApiKeyAuthenticator) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(catchError((error: unknown) => from(this.refusalOf(request, error))));
  }

  /** Rejects with the 403 the key has earned since the guard read it, else with the route's own error. */
  private async refusalOf(request: FastifyRequest, error: unknown): Promise<never> {
    // A 403 is already a refusal of the key (the admission's, or a scope); anything else is not a client answer.
    const presented = presentedApiKey(request);
    if (!(error instanceof ApiException) || error.status === 403 || !presented) throw error;
    let verification;
    try {
      verification = await this.authenticator.verify(presented.trim());
    } catch {
      // The database cannot say (an outage): the route's own answer stands.
      throw error;
    }
    if (verification.outcome === 'ok') throw error;
    // The daily-window headers still hold; Retry-After would invite a retry that can never succeed.
    const { 'Retry-After': _retryAfter, ...headers } = error.headers;
    throw verificationRefused(verification).withHeaders(headers);
  }
}
