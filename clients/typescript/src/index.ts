// The package's public surface: everything a user imports comes from here.
export { ScriptoriumClient, type BatchResult, type ScriptoriumClientOptions } from './client';
export { BookList, Books, type CallOptions, type CreateOptions } from './books';
export { BookDownload, fileNameFromContentDisposition } from './download';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  GoneError,
  HeadersTooLargeError,
  InternalServerError,
  InvalidParameterError,
  InvalidWebhookUrlError,
  JobAlreadyFinishedError,
  JobNotCompletedError,
  JobStartFailedError,
  MethodNotAllowedError,
  MissingParameterError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  RequestTimedOutError,
  RequestTimeoutError,
  ScriptoriumError,
  ServiceUnavailableError,
} from './errors';
export { isFinished, type WaitForCompletionOptions } from './wait-for-completion';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookVerificationFailure,
} from './webhooks';
export type {
  BookDocument,
  BookPage,
  Configuration,
  CreateBookParams,
  CreateBookResponse,
  Credits,
  ErrorCode,
  ErrorEnvelope,
  FinishedJobStatus,
  JobState,
  JobStatus,
  ListBooksParams,
  Model,
  RecentRequest,
  Usage,
  WebhookEvent,
} from './types';
export type { components, paths } from './generated/openapi';
