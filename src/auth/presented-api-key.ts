import type { FastifyRequest } from 'fastify';

export const API_KEY_HEADER = 'x-api-key';

/** The X-API-Key header as sent (the first one when repeated); ApiKeyGuard trims it before verifying. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers[API_KEY_HEADER];
  return Array.isArray(header) ? header[0] : header;
}
