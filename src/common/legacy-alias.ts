import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  Version,
  VERSION_NEUTRAL,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { notFound } from './api-exception';

/**
 * The one version rule: every public controller declares
 * `@Controller({ path, version: API_VERSION })` and Nest's URI versioning puts
 * `/v1` in front of its routes; health and metrics declare no version.
 */
export const API_VERSION = '1';

/** End of the second quarter of 2026: the announced sunset of the unversioned paths (spec section 9). */
export const LEGACY_SUNSET = 'Tue, 30 Jun 2026 23:59:59 GMT';
const DEPRECATED_SINCE = '@1735689600'; // 2025-01-01, RFC 9745 structured date

const LEGACY_ALIAS = 'scriptorium:legacy-alias';

/**
 * Serves a /v1 handler at its unversioned path too (spec section 9): one
 * handler, two paths. The unversioned answer gets the deprecation headers
 * from LegacyPathInterceptor, or is a 404 when LEGACY_PATHS_ENABLED is off.
 */
export function LegacyAlias(): MethodDecorator {
  return applyDecorators(Version([API_VERSION, VERSION_NEUTRAL]), SetMetadata(LEGACY_ALIAS, true));
}

/** The single place where unversioned paths are deprecated (or refused). */
@Injectable()
export class LegacyPathInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.get<boolean>(LEGACY_ALIAS, context.getHandler())) {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const path = request.url.split('?')[0] ?? request.url;
      if (!path.startsWith(`/v${API_VERSION}/`)) {
        if (!this.config.LEGACY_PATHS_ENABLED) {
          throw notFound(
            `Not found: ${request.method} ${path}`,
            `Unversioned paths are disabled; use /v${API_VERSION}${path}.`,
          );
        }
        markDeprecated(context.switchToHttp().getResponse<FastifyReply>(), `${this.config.BASE_URL}${path}`);
      }
    }
    return next.handle();
  }
}

/** Marks an answer of an unversioned path as deprecated and points to its /v1 successor. */
function markDeprecated(reply: FastifyReply, successorUrl: string): void {
  void reply.header('Deprecation', DEPRECATED_SINCE);
  void reply.header('Sunset', LEGACY_SUNSET);
  void reply.header('Link', `<${successorUrl}>; rel="successor-version"`);
}
