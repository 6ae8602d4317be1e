import { randomUUID } from 'node:crypto';
import { Books, type CallOptions, type CreateOptions } from './books';
import { createApiError, type ApiError } from './errors';
import { HttpClient } from './http-client';
import type {
  BatchItemResult,
  BatchResponse,
  Configuration,
  CreateBookParams,
  CreateBookResponse,
  Credits,
  Model,
  Usage,
} from './types';

export interface ScriptoriumClientOptions {
  /** `bk_live_...`; default `SCRIPTORIUM_API_KEY`. Public calls (status, download, configuration, models) work without. */
  apiKey?: string;
  /** The API's address including `/v1`; default `SCRIPTORIUM_BASE_URL`, else `http://localhost:3000/v1`. */
  baseUrl?: string;
  /** Per attempt, until the whole answer is in (for streams: until its headers are); default 60,000 ms. */
  timeoutMs?: number;
  /** Retries after a transient failure (connection, 5xx, burst 429); default 2. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the error is raised; default 60 s. */
  maxRetryAfterSeconds?: number;
  /** Another fetch (a proxy agent, instrumentation); default the global fetch. */
  fetch?: typeof fetch;
}

/**
 * One entry of `batch`: the accepted book, or the typed error of a refused
 * one. An entry refused by the daily limit is a RateLimitError with
 * `limit: 'daily'` and the entry's `retryAfter`.
 */
export type BatchResult =
  { ok: true; status: number; book: CreateBookResponse } | { ok: false; status: number; error: ApiError };

const VERSION = '0.1.0';

/**
 * The Scriptorium API.
 *
 * ```ts
 * const client = new ScriptoriumClient({ apiKey: process.env.SCRIPTORIUM_API_KEY });
 * const { requestId } = await client.books.create({ prompt: 'A lighthouse keeper...', output_format: 'epub' });
 * const status = await client.books.waitForCompletion(requestId);
 * ```
 */
export class ScriptoriumClient {
  readonly books: Books;
  private readonly http: HttpClient;

  constructor(options: ScriptoriumClientOptions = {}) {
    this.http = new HttpClient({
      baseUrl: options.baseUrl ?? process.env.SCRIPTORIUM_BASE_URL ?? 'http://localhost:3000/v1',
      apiKey: options.apiKey ?? process.env.SCRIPTORIUM_API_KEY,
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      userAgent: `scriptorium-client-typescript/${VERSION}`,
    });
    this.books = new Books(this.http);
  }

  /** GET /v1/configuration: the allowed styles, types, formats and models. */
  async configuration(options: CallOptions = {}): Promise<Configuration> {
    const answer = await this.get<{ data: Configuration }>('/configuration', false, options);
    return answer.data;
  }

  /** GET /v1/models: the models and their base prices. */
  async models(options: CallOptions = {}): Promise<Model[]> {
    const answer = await this.get<{ data: Model[] }>('/models', false, options);
    return answer.data;
  }

  /** GET /v1/usage: the calling key's totals and its 50 newest requests. */
  usage(options: CallOptions = {}): Promise<Usage> {
    return this.get<Usage>('/usage', true, options);
  }

  /** GET /v1/credits: the account's credit pool. */
  credits(options: CallOptions = {}): Promise<Credits> {
    return this.get<Credits>('/credits', true, options);
  }

  /**
   * POST /v1/books/batch: up to 50 books in one request, answered in the
   * order given. Each entry stands alone: some may be accepted while others
   * are refused. Retries carry one Idempotency-Key, as `books.create` does.
   */
  async batch(requests: CreateBookParams[], options: CreateOptions = {}): Promise<BatchResult[]> {
    const response = await this.http.send({
      method: 'POST',
      path: '/books/batch',
      body: { requests },
      headers: { 'Idempotency-Key': options.idempotencyKey ?? randomUUID() },
      authenticated: true,
      retry: 'idempotent',
      signal: options.signal,
    });
    const answer = (await response.json()) as BatchResponse;
    const errorHeaders = headersSharedByItems(response.headers);
    return answer.results.map((result): BatchResult => batchResult(result, errorHeaders));
  }

  private get<T>(path: string, authenticated: boolean, options: CallOptions): Promise<T> {
    return this.http.json<T>({ method: 'GET', path, authenticated, retry: 'idempotent', signal: options.signal });
  }
}

function batchResult(result: BatchItemResult, errorHeaders: Headers): BatchResult {
  if (result.status >= 200 && result.status < 300) {
    return { ok: true, status: result.status, book: result.body as CreateBookResponse };
  }
  const error = createApiError(result.status, result.body, errorHeaders, { retryAfter: result.retryAfter });
  return { ok: false, status: result.status, error };
}

/**
 * What the batch answer's headers say of every item: the X-Request-Id to
 * quote to support, and the key's daily window (RateLimit-*), which makes a
 * refused item's RateLimitError as complete as that of a refused POST /v1/book.
 */
function headersSharedByItems(headers: Headers): Headers {
  const shared = new Headers();
  for (const [name, value] of headers) {
    if (name === 'x-request-id' || name.startsWith('ratelimit-')) shared.set(name, value);
  }
  return shared;
}
