import {
  ApiError,
  ConnectionError,
  createApiError,
  RateLimitError,
  RequestTimedOutError,
  ScriptoriumError,
} from './errors';

export interface HttpClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  maxRetryAfterSeconds: number;
  fetch: typeof fetch;
  userAgent: string;
}

/**
 * How a request may be repeated after a failure:
 * - `idempotent`: reads, and writes that carry an Idempotency-Key. Any
 *   transient failure is retried, even one after which the service may
 *   have acted (a lost connection, a 500).
 * - `refusals-only`: writes without a key (cancel, delete). Retried only
 *   when the service said it did nothing (429, 503), so a repeat never
 *   turns a success into an error.
 * - `none`: callers with a fallback of their own (the event stream).
 */
export type RetryPolicy = 'idempotent' | 'refusals-only' | 'none';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below the base address, e.g. `/status/<id>`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  authenticated: boolean;
  retry: RetryPolicy;
  signal?: AbortSignal;
  /**
   * The timeout ends when the answer's headers arrive, for bodies that are
   * streams (downloads, event streams) and may rightly take long.
   */
  streaming?: boolean;
}

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const REFUSAL_STATUSES = new Set([429, 503]);

/** The transport every endpoint goes through: base address, key, timeouts, retries and typed errors. */
export class HttpClient {
  constructor(private readonly options: HttpClientOptions) {}

  async json<T>(request: HttpRequest): Promise<T> {
    const response = await this.send(request);
    return (await response.json()) as T;
  }

  /** The successful answer (2xx or 304); an error answer is thrown as its typed ApiError. */
  async send(request: HttpRequest): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let failure: ApiError | ConnectionError;
      try {
        return await this.attempt(request);
      } catch (error) {
        if (!(error instanceof ApiError || error instanceof ConnectionError)) throw error;
        failure = error;
      }
      const delayMs = this.retryDelayMs(request, failure, attempt);
      if (delayMs === null) throw failure;
      await sleep(delayMs, request.signal);
    }
  }

  url(path: string, query?: HttpRequest['query']): URL {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  private async attempt(request: HttpRequest): Promise<Response> {
    const headers = new Headers({
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
      ...request.headers,
    });
    if (request.authenticated) {
      if (!this.options.apiKey) {
        throw new ScriptoriumError('This call needs an API key: pass apiKey or set SCRIPTORIUM_API_KEY');
      }
      headers.set('X-API-Key', this.options.apiKey);
    }
    let body: string | undefined;
    if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
    try {
      let response: Response;
      try {
        response = await this.options.fetch(this.url(request.path, request.query), {
          method: request.method,
          headers,
          body,
          signal,
        });
      } catch (error) {
        throw this.transportError(error, request, timeout.signal);
      }
      if (response.ok || response.status === 304) {
        if (request.streaming) return response;
        // Read here so that the timeout also covers a body that stalls.
        const text = await response.text().catch((error: unknown) => {
          throw this.transportError(error, request, timeout.signal);
        });
        return new Response(response.status === 304 ? null : text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      const text = await response.text().catch(() => '');
      throw createApiError(response.status, parseJson(text), response.headers);
    } finally {
      clearTimeout(timer);
    }
  }

  private transportError(error: unknown, request: HttpRequest, timeoutSignal: AbortSignal): unknown {
    if (request.signal?.aborted) return request.signal.reason ?? error;
    const target = `${request.method} ${request.path}`;
    if (timeoutSignal.aborted) {
      return new RequestTimedOutError(`${target} timed out after ${this.options.timeoutMs} ms`, { cause: error });
    }
    return new ConnectionError(`${target} failed: ${describe(error)}`, { cause: error });
  }

  /** Milliseconds to wait before the next attempt, or null when the failure is final. */
  private retryDelayMs(request: HttpRequest, failure: ApiError | ConnectionError, attempt: number): number | null {
    if (attempt >= this.options.maxRetries || request.retry === 'none' || request.signal?.aborted) return null;
    if (failure instanceof RateLimitError) {
      if (failure.limit === 'daily') return null;
      if (failure.retryAfter !== null && failure.retryAfter > this.options.maxRetryAfterSeconds) return null;
    }
    if (failure instanceof ApiError) {
      const statuses = request.retry === 'idempotent' ? RETRYABLE_STATUSES : REFUSAL_STATUSES;
      if (!statuses.has(failure.status)) return null;
      const retryAfter = failure instanceof RateLimitError ? failure.retryAfter : retryAfterSeconds(failure.headers);
      if (retryAfter !== null) {
        return retryAfter > this.options.maxRetryAfterSeconds ? null : retryAfter * 1000;
      }
      return backoffMs(attempt);
    }
    // A connection that broke may have carried the request: only an idempotent one may go again.
    return request.retry === 'idempotent' ? backoffMs(attempt) : null;
  }
}

function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** 0.5 s, 1 s, 2 s, ... up to 8 s, with jitter so that many clients do not retry in step. */
function backoffMs(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
