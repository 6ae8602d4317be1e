import { ApiException, notFound } from './api-exception';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id that is not a UUID cannot exist: 404 like any unknown id, never a database error. */
export function assertRequestId(value: string): string {
  if (!UUID_PATTERN.test(value)) {
    throw notFound('Request not found', `No book request has the id ${JSON.stringify(value.slice(0, 64))}.`);
  }
  return value.toLowerCase();
}

/** The answer for an id no book request of the caller has: the same for unknown ids and other accounts' jobs. */
export function requestNotFound(requestId: string): ApiException {
  return notFound('Request not found', `No book request has the id ${requestId}.`);
}
