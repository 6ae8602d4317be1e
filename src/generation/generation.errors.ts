/**
 * A generation failure whose message is safe to show the client (it becomes
 * the job's `error`). `permanent` failures are not retried.
 */
export class GenerationError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}
