import { STATUS_CODES } from 'node:http';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { GenerationError } from '../../generation.errors';

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
export function toGenerationError(
  error: unknown,
  settings: { maxRetries: number; timeoutMs: number },
  label?: string,
): unknown {
  if (error instanceof GenerationError) return error;
  const window = contextWindowRefusal(error);
  if (window) {
    return new GenerationError(
      `The model provider refused the prompt${label ? ` for ${label}` : ''}: it does not fit the model's context ` +
        `window${window.limit ? ` of ${window.limit} tokens` : ''} (400); the operator must give the model a larger one`,
      true,
    );
  }
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

/**
 * A 400 saying the prompt and the answer's room exceed the model's context
 * window: OpenAI's `context_length_exceeded`, llama.cpp's
 * `exceed_context_size_error`, vLLM's "maximum context length is N tokens".
 * Only the limit is read from the message, never the rest of it.
 */
function contextWindowRefusal(error: unknown): { limit?: number } | undefined {
  if (!(error instanceof APIError) || error.status !== 400) return undefined;
  const message = error.message ?? '';
  const named =
    error.code === 'context_length_exceeded' ||
    error.type === 'exceed_context_size_error' ||
    /maximum context length|exceeds? the (available )?context (size|window|length)/i.test(message);
  if (!named) return undefined;
  const limit = Number(/maximum context length is (\d+) tokens/i.exec(message)?.[1]);
  return Number.isSafeInteger(limit) && limit > 0 ? { limit } : {};
}

/** For the operator's log: the SDK's own message, with anything key-like masked. */
export function describeForLog(error: unknown, apiKey: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const masked = apiKey ? message.split(apiKey).join('[redacted]') : message;
  return masked.replace(/\b(sk|pk|key)-[A-Za-z0-9_*-]{6,}/g, '$1-[redacted]');
}
