import { STATUS_CODES } from 'node:http';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { GenerationError } from '../generation.errors';

/** Statuses that no retry can fix: the request, the key or the model name is wrong. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404]);

/** What the SDK retries by itself (its `shouldRetry`), so how many attempts a failure already took. */
function sdkRetries(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The client-visible failure for an SDK error. Only the status and the
 * attempt count go into the message: provider bodies can quote the key
 * ("Incorrect API key provided: sk-...") or the prompt.
 */
export function toGenerationError(error: unknown, settings: { maxRetries: number; timeoutMs: number }): unknown {
  if (error instanceof GenerationError) return error;
  const attempts = (retried: boolean) => {
    const count = retried ? settings.maxRetries + 1 : 1;
    return `${count} attempt${count === 1 ? '' : 's'}`;
  };
  if (error instanceof APIUserAbortError) {
    return new GenerationError('The model provider request was cancelled');
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new GenerationError(
      `The model provider did not answer within ${Number((settings.timeoutMs / 1000).toFixed(1))} s after ${attempts(true)}`,
    );
  }
  if (error instanceof APIConnectionError) {
    return new GenerationError(`The model provider could not be reached after ${attempts(true)}`);
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const reason = STATUS_CODES[status] ?? 'Error';
    return new GenerationError(
      `The model provider failed: ${status} ${reason} after ${attempts(sdkRetries(status))}`,
      PERMANENT_STATUSES.has(status),
    );
  }
  if (error instanceof OpenAIError) {
    return new GenerationError('The model provider returned an unexpected response');
  }
  return error;
}

/** For the operator's log: the SDK's own message, with anything key-like masked. */
export function describeForLog(error: unknown, apiKey: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const masked = apiKey ? message.split(apiKey).join('[redacted]') : message;
  return masked.replace(/\b(sk|pk|key)-[A-Za-z0-9_*-]{6,}/g, '$1-[redacted]');
}
