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

/**
 * Thrown by a provider that stopped because its signal was aborted (the job
 * was cancelled). Not a failure of the job: whoever aborted the signal has
 * already given the job its terminal state.
 */
export class GenerationCancelledError extends Error {
  constructor(message = 'Generation cancelled') {
    super(message);
    this.name = 'GenerationCancelledError';
  }
}

/** The check a provider makes before starting a step: stop here if the job was cancelled. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new GenerationCancelledError();
}
