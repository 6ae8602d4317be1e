import type { components, operations } from './generated/openapi';

type Schemas = components['schemas'];

/** The body of POST /v1/book: every field is optional. */
export type CreateBookParams = Schemas['CreateBookDto'];
/** The 202 answer of POST /v1/book. */
export type CreateBookResponse = Schemas['CreateBookResponseDto'];
export type ErrorEnvelope = Schemas['ErrorEnvelopeDto'];
/** The errorCode values the service answers with. */
export type ErrorCode = Schemas['ErrorCode'];
export type Configuration = Schemas['ConfigurationDataDto'];
export type Model = Schemas['ModelDto'];
export type Usage = Schemas['UsageResponseDto'];
export type RecentRequest = Schemas['RecentRequestDto'];
export type WebhookEvent = Schemas['WebhookPayloadDto'];
/** The document a `json` book downloads as. */
export type BookDocument = Schemas['BookDocument'];

/**
 * A job's status record (GET /v1/status, each event of the event stream).
 * `fileDeletedAt` is set once the book's file was deleted.
 */
export type JobStatus = Schemas['JobStatusDto'];
export type JobState = Schemas['JobStatus'];
/** A status record whose job has ended: it will not change any more. */
export type FinishedJobStatus = JobStatus & { status: 'completed' | 'failed' };

type ListBooksQuery = NonNullable<operations['BooksListingController_list']['parameters']['query']>;

/** Query of GET /v1/books; the dates may be given as Date objects or ISO 8601 strings. */
export type ListBooksParams = Omit<ListBooksQuery, 'created_after' | 'created_before'> & {
  created_after?: string | Date;
  created_before?: string | Date;
};

/** One page of GET /v1/books, newest first. */
export type BookPage = Schemas['ListBooksResponseDto'];

/** GET /v1/credits: the account's pool. `available` is `balance` less what running jobs have reserved. */
export type Credits = Schemas['CreditBalanceDto'];

/** The answer of POST /v1/books/batch, as sent: `client.batch` turns each entry into a BatchResult. */
export type BatchResponse = Schemas['BookBatchResponseDto'];
export type BatchItemResult = Schemas['BookBatchItemResultDto'];
