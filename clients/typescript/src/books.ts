import { randomUUID } from 'node:crypto';
import { BookDownload } from './download';
import type { HttpClient } from './http-client';
import type {
  BookPage,
  CreateBookParams,
  CreateBookResponse,
  FinishedJobStatus,
  JobStatus,
  ListBooksParams,
} from './types';
import { waitForCompletion, type WaitForCompletionOptions } from './wait-for-completion';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  /**
   * Sent as `Idempotency-Key`; a fresh UUID per call when omitted. Every retry
   * of the call carries the same key, so the service creates the book at
   * most once however often the request reaches it (for 24 hours).
   */
  idempotencyKey?: string;
}

/** The book jobs of the calling key (or account). */
export class Books {
  constructor(private readonly http: HttpClient) {}

  /** POST /v1/book: accepted at once (202); follow it with `waitForCompletion`. */
  create(params: CreateBookParams = {}, options: CreateOptions = {}): Promise<CreateBookResponse> {
    return this.http.json<CreateBookResponse>({
      method: 'POST',
      path: '/book',
      body: params,
      headers: { 'Idempotency-Key': options.idempotencyKey ?? randomUUID() },
      authenticated: true,
      retry: 'idempotent',
      signal: options.signal,
    });
  }

  /** GET /v1/status/{requestId}. */
  retrieve(requestId: string, options: CallOptions = {}): Promise<JobStatus> {
    return this.http.json<JobStatus>({
      method: 'GET',
      path: `/status/${encodeURIComponent(requestId)}`,
      authenticated: false,
      retry: 'idempotent',
      signal: options.signal,
    });
  }

  /**
   * GET /v1/books, newest first. Iterate the pages
   * (`for await (const page of books.list())`) or every job across them
   * (`for await (const job of books.list().items())`); each page is fetched
   * when the loop reaches it.
   */
  list(params: ListBooksParams = {}, options: CallOptions = {}): BookList {
    return new BookList(
      (startingAfter) =>
        this.http.json<BookPage>({
          method: 'GET',
          path: '/books',
          query: {
            status: params.status,
            created_after: isoDateTime(params.created_after),
            created_before: isoDateTime(params.created_before),
            limit: params.limit,
            starting_after: startingAfter,
            scope: params.scope,
          },
          authenticated: true,
          retry: 'idempotent',
          signal: options.signal,
        }),
      params.starting_after,
    );
  }

  /**
   * POST /v1/book/{requestId}/cancel: the job ends `failed` with error
   * `Cancelled` and is refunded. JobAlreadyFinishedError once it has ended.
   */
  cancel(requestId: string, options: CallOptions = {}): Promise<JobStatus> {
    return this.http.json<JobStatus>({
      method: 'POST',
      path: `/book/${encodeURIComponent(requestId)}/cancel`,
      authenticated: true,
      retry: 'refusals-only',
      signal: options.signal,
    });
  }

  /**
   * Resolves with the job's final status, `completed` or `failed` (a failed
   * job is an outcome, not an exception: check `status`). Follows the event
   * stream and falls back to polling.
   */
  waitForCompletion(requestId: string, options?: WaitForCompletionOptions): Promise<FinishedJobStatus> {
    return waitForCompletion(this.http, requestId, options);
  }

  /**
   * GET /v1/download/{requestId}, as a stream with the file name the service
   * gives it. JobNotCompletedError while the job runs, GoneError once its
   * file was deleted.
   */
  async download(requestId: string, options: CallOptions = {}): Promise<BookDownload> {
    const response = await this.http.send({
      method: 'GET',
      path: `/download/${encodeURIComponent(requestId)}`,
      headers: { Accept: '*/*' },
      authenticated: false,
      retry: 'idempotent',
      streaming: true,
      signal: options.signal,
    });
    return new BookDownload(response);
  }

  /**
   * DELETE /v1/book/{requestId}: deletes the stored file of a finished job;
   * the status record stays, with `fileDeletedAt` set.
   */
  delete(requestId: string, options: CallOptions = {}): Promise<JobStatus> {
    return this.http.json<JobStatus>({
      method: 'DELETE',
      path: `/book/${encodeURIComponent(requestId)}`,
      authenticated: true,
      retry: 'refusals-only',
      signal: options.signal,
    });
  }
}

/** The pages of a listing, fetched one by one as iteration reaches them. */
export class BookList implements AsyncIterable<BookPage> {
  constructor(
    private readonly fetchPage: (startingAfter: string | undefined) => Promise<BookPage>,
    private readonly startingAfter: string | undefined,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<BookPage> {
    let cursor = this.startingAfter;
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield page;
      if (!page.hasMore || page.nextStartingAfter === null) return;
      cursor = page.nextStartingAfter;
    }
  }

  /** Every job of every page, in order. */
  async *items(): AsyncIterableIterator<JobStatus> {
    for await (const page of this) yield* page.data;
  }
}

function isoDateTime(value: string | Date | undefined): string | undefined {
  return value instanceof Date ? value.toISOString() : value;
}
