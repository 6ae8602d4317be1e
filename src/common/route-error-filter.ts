import type { ExceptionFilter, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * Fastify route config key (set with `@RouteConfig`): the filter that
 * presents a route's errors. Nest's route filters (`@UseFilters`) only see
 * what is thrown once Nest has the request; a body Fastify refuses first (too
 * large, not UTF-8) reaches the global filter alone, which hands it to this
 * one, so the web console answers such a form with a page, not JSON.
 */
export const ROUTE_ERROR_FILTER = 'routeErrorFilter';

/** The filter a request's route chose for its errors, if any. */
export function routeErrorFilterOf(request: FastifyRequest): Type<ExceptionFilter> | undefined {
  const config = (request.routeOptions?.config ?? {}) as { [ROUTE_ERROR_FILTER]?: unknown };
  const filter = config[ROUTE_ERROR_FILTER];
  return typeof filter === 'function' ? (filter as Type<ExceptionFilter>) : undefined;
}
