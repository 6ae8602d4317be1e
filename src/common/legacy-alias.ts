import { Version, VERSION_NEUTRAL } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './api-exception';

/**
 * The one version rule: every public controller declares
 * `@Controller({ path, version: API_VERSION })` and Nest's URI versioning puts
 * `/v1` in front of its routes; health and metrics declare no version.
 */
export const API_VERSION = '1';
const VERSIONED = `/v${API_VERSION}`;

/** End of the second quarter of 2026: the announced sunset of the unversioned paths (spec section 9). */
export const LEGACY_SUNSET = 'Tue, 30 Jun 2026 23:59:59 GMT';
const DEPRECATED_SINCE = '@1735689600'; // 2025-01-01, RFC 9745 structured date

/**
 * Serves a /v1 handler at its unversioned path too (spec section 9): one
 * handler, two paths. The unversioned answer gets the deprecation headers
 * from installLegacyPaths, or is a 404 when LEGACY_PATHS_ENABLED is off.
 */
export function LegacyAlias(): MethodDecorator {
  return Version([API_VERSION, VERSION_NEUTRAL]);
}

export interface LegacyPathSettings {
  enabled: boolean;
  /** Public base address including /v1: the successor of `/status/x` is `${baseUrl}/status/x`. */
  baseUrl: string;
}

/**
 * The single place where unversioned paths are deprecated (or refused): a
 * request whose route has no /v1 prefix but a /v1 twin is a legacy alias.
 * A Fastify hook rather than a Nest interceptor, so that the other routes
 * pay nothing for it; whether a route is an alias is worked out once.
 */
export function installLegacyPaths(fastify: FastifyInstance, settings: LegacyPathSettings): void {
  const aliases = new Map<string, boolean>();
  const isAlias = (method: string, route: string): boolean => {
    const id = `${method} ${route}`;
    let alias = aliases.get(id);
    if (alias === undefined) {
      alias = !route.startsWith(`${VERSIONED}/`) && fastify.hasRoute({ method, url: `${VERSIONED}${route}` });
      aliases.set(id, alias);
    }
    return alias;
  };
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isAlias(request.method, route)) {
      done();
      return;
    }
    const path = request.url.split('?')[0] ?? request.url;
    if (!settings.enabled) {
      const refusal = notFound(
        `Not found: ${request.method} ${path}`,
        `Unversioned paths are disabled; use ${VERSIONED}${path}.`,
      );
      void reply
        .code(refusal.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(refusal.toEnvelope());
      return;
    }
    void reply.header('Deprecation', DEPRECATED_SINCE);
    void reply.header('Sunset', LEGACY_SUNSET);
    void reply.header('Link', `<${settings.baseUrl}${path}>; rel="successor-version"`);
    done();
  });
}
