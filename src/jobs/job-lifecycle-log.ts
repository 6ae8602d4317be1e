import { Logger, type LoggerService } from '@nestjs/common';
import type { BookJobEntity } from './entities/book-job.entity';
import type { NewBookJob } from './jobs.repository';

/** The `event` field of each line a job's life writes, one line per transition. */
export enum JobEvent {
  Accepted = 'job.accepted',
  Started = 'job.started',
  Retrying = 'job.retrying',
  Completed = 'job.completed',
  Failed = 'job.failed',
  Cancelled = 'job.cancelled',
}

/**
 * Why a job failed, for operators (`errorCode` of a `job.failed` line). The
 * client sees only the job's `error` text, which the line carries as `reason`.
 */
export enum JobFailureCode {
  /** The credit pool could not cover the job at admission. */
  InsufficientCredits = 'INSUFFICIENT_CREDITS',
  /** A GenerationError: permanent, or still failing at the last attempt. */
  GenerationFailed = 'GENERATION_FAILED',
  /** Anything else thrown while generating: a bug or an outage, worth the stack. */
  InternalError = 'INTERNAL_ERROR',
  /** Still unfinished at JOB_DEADLINE_MINUTES (the reconciler ended it). */
  DeadlineExceeded = 'DEADLINE_EXCEEDED',
}

/** Who cancelled a job: a key of its account, or a web-console user. */
export type Canceller = { cancelledByKeyId: string } | { cancelledByConsoleUserId: string };

/** What identifies a job in every line: the job, the id (never the key) of the key that submitted it, the account. */
type JobOwner = Pick<BookJobEntity, 'id' | 'apiKeyId' | 'accountId'>;

/**
 * The one home of job lifecycle log lines: their event names, fields and
 * levels. Callers write one line where a transition happens, after it
 * committed. Lines go through Nest's Logger, so in the service they are the
 * root pino logger's structured lines (see PinoNestLogger); no line awaits.
 * A service holds one as it holds its Nest Logger (`new JobLifecycleLog()`);
 * a spec gives it the logger to write to.
 */
export class JobLifecycleLog {
  constructor(private readonly logger: LoggerService = new Logger(JobLifecycleLog.name)) {}

  /** Stored with its reservation (admission's commit); a job the pool did not cover still counts as accepted. */
  accepted(job: NewBookJob): void {
    this.logger.log({
      msg: 'job accepted',
      event: JobEvent.Accepted,
      ...owner(job),
      model: job.parameters.model,
      outputFormat: job.parameters.outputFormat,
      estimatedCost: job.estimatedCost,
    });
  }

  /** A worker moved the job to processing; `attempt` counts every start, crash recovery included. */
  started(job: BookJobEntity): void {
    this.logger.log({
      msg: 'job started',
      event: JobEvent.Started,
      ...owner(job),
      attempt: job.attempts,
      model: job.parameters.model,
      outputFormat: job.parameters.outputFormat,
    });
  }

  /**
   * Attempt `attempt` of the queue's retry budget failed and the queue runs
   * the job again after `delayMs` (undefined for a custom backoff).
   */
  retrying(job: BookJobEntity, retry: { attempt: number; reason: string; delayMs: number | undefined }): void {
    this.logger.warn({
      msg: 'job retrying',
      event: JobEvent.Retrying,
      ...owner(job),
      attempt: retry.attempt,
      reason: retry.reason,
      delayMs: retry.delayMs,
    });
  }

  completed(job: BookJobEntity): void {
    this.logger.log({
      msg: 'job completed',
      event: JobEvent.Completed,
      ...owner(job),
      ...durations(job),
      attempts: job.attempts,
      creditsUsed: job.creditsUsed,
      outputFormat: job.parameters.outputFormat,
      model: job.parameters.model,
      provider: job.generation?.provider,
      providerModels: job.generation?.models,
    });
  }

  /**
   * `reason` is the job's `error` as the client sees it. `error`, when given,
   * is what was thrown: the line keeps it (with its stack) as `err`, the
   * client never sees it. A client's own situation (no credits) is a warning,
   * the service failing to deliver an error.
   */
  failed(job: BookJobEntity, code: JobFailureCode, error?: unknown): void {
    const line = {
      msg: 'job failed',
      event: JobEvent.Failed,
      ...owner(job),
      ...durations(job),
      attempts: job.attempts,
      errorCode: code,
      reason: job.error,
      ...(error === undefined ? {} : { err: error }),
    };
    if (code === JobFailureCode.InsufficientCredits) this.logger.warn(line);
    else this.logger.error(line);
  }

  /**
   * Cancelled by a key of the job's account (`cancelledByKeyId`, perhaps not
   * the key that submitted it), or by a web-console user (a key id string
   * alone means a key, as before).
   */
  cancelled(job: BookJobEntity, canceller: string | Canceller): void {
    this.logger.log({
      msg: 'job cancelled',
      event: JobEvent.Cancelled,
      ...owner(job),
      ...durations(job),
      ...(typeof canceller === 'string' ? { cancelledByKeyId: canceller } : canceller),
      wasRunning: job.startedAt !== null,
    });
  }
}

function owner(job: JobOwner): { jobId: string; apiKeyId: string; accountId: string } {
  return { jobId: job.id, apiKeyId: job.apiKeyId, accountId: job.accountId };
}

/**
 * A finished job's timings, all from PostgreSQL's clock: `durationMs` from the
 * first start to the end (absent when it never started), `sinceAcceptedMs`
 * from acceptance to the end.
 */
function durations(job: BookJobEntity): { durationMs?: number; sinceAcceptedMs?: number } {
  const end = job.completedAt?.getTime();
  if (end === undefined) return {};
  return {
    ...(job.startedAt ? { durationMs: end - job.startedAt.getTime() } : {}),
    sinceAcceptedMs: end - job.createdAt.getTime(),
  };
}
