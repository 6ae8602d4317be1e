import type { FastifyReply } from 'fastify';

/** End of the second quarter of 2026: the announced sunset of the unversioned paths (spec section 9). */
export const LEGACY_SUNSET = 'Tue, 30 Jun 2026 23:59:59 GMT';
const DEPRECATED_SINCE = '@1735689600'; // 2025-01-01, RFC 9745 structured date

/** Marks an answer of an unversioned path as deprecated and points to its /v1 successor. */
export function markDeprecated(reply: FastifyReply, successorUrl: string): void {
  void reply.header('Deprecation', DEPRECATED_SINCE);
  void reply.header('Sunset', LEGACY_SUNSET);
  void reply.header('Link', `<${successorUrl}>; rel="successor-version"`);
}
