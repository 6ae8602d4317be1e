import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { SERVICE_NAME } from '../catalog/catalog';
import { finalPrice } from '../credits/pricing';
import { AppConfig } from '../config/app-config';
import type { GenerationProgressReporter } from '../generation/book-provider';
import { GenerationCancelledError, GenerationError, throwIfCancelled } from '../generation/generation.errors';
import { GenerationService } from '../generation/generation.service';
import { MetricsService } from '../metrics/metrics.service';
import type { GenerationJobData } from '../queues/queue-names';
import { RenderingService } from '../rendering/rendering.service';
import { StorageService } from '../storage/storage.service';
import { JobsRepository } from '../jobs/jobs.repository';
import { CancellationWatcher } from '../jobs/cancellation-watcher';
import { BookJobEntity, TERMINAL_STATUSES } from '../jobs/entities/book-job.entity';
import { FinishedJobNotifier } from '../jobs/finished-job.notifier';
import { JobFailureCode, JobLifecycleLog } from '../jobs/job-lifecycle-log';
import { progressWords } from '../generation/progress-words';

export const INSUFFICIENT_CREDITS = 'Insufficient credits';

/** Share of the job's progress bar each phase owns; generation reports 0-100 inside its share. */
const PROGRESS = { started: 2, generationStart: 5, generationEnd: 85, rendering: 90, storing: 95 } as const;

/**
 * Runs one book job from queued to a terminal state. Safe to run twice for
 * the same job (redelivery, reconciler): terminal jobs are left alone, and
 * every credit and webhook step is idempotent in the repository. A job that
 * ends elsewhere while it runs (cancelled by its client) is stopped and left
 * as that end committed it.
 */
@Injectable()
export class GenerationProcessor {
  private readonly logger = new Logger(GenerationProcessor.name);
  private readonly lifecycle = new JobLifecycleLog();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly generation: GenerationService,
    private readonly rendering: RenderingService,
    private readonly storage: StorageService,
    private readonly finished: FinishedJobNotifier,
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  async process(queueJob: Job<GenerationJobData>): Promise<void> {
    const jobId = queueJob.data.jobId;
    const job = await this.jobs.findById(jobId);
    if (!job || TERMINAL_STATUSES.includes(job.status)) {
      return;
    }
    if (job.creditsReserved === 0) {
      await this.endFailed(jobId, INSUFFICIENT_CREDITS, JobFailureCode.InsufficientCredits);
      return;
    }
    const started = await this.jobs.markProcessing(jobId, 'Generation started');
    if (!started) return;
    this.lifecycle.started(started);

    const timer = this.metrics.generationDuration.startTimer({
      model: started.parameters.model,
      type: started.parameters.type,
    });
    const watcher = new CancellationWatcher(
      async () => (await this.jobs.findStatus(jobId)) === 'processing',
      this.config.CANCEL_CHECK_SECONDS * 1000,
      (error) => this.logger.warn(`Job ${jobId}: could not check for a cancellation: ${describe(error)}`),
    ).start();
    try {
      await this.run(started, watcher.signal);
      timer();
    } catch (error) {
      if (error instanceof GenerationCancelledError || watcher.signal.aborted) {
        // Whoever ended the job committed its state, refund and webhook: nothing to retry or overwrite.
        this.logger.log(`Job ${jobId} stopped: it was cancelled (or failed elsewhere) while running`);
        await this.generation.discardCheckpoints(jobId);
        return;
      }
      const attempt = queueJob.attemptsMade + 1;
      const lastAttempt = attempt >= (queueJob.opts.attempts ?? 1);
      const permanent = error instanceof GenerationError && error.permanent;
      if (!permanent && !lastAttempt) {
        this.lifecycle.retrying(started, {
          attempt,
          reason: describe(error),
          delayMs: retryDelayMs(queueJob, attempt),
        });
        throw error;
      }
      if (error instanceof GenerationError) {
        await this.endFailed(jobId, error.message, JobFailureCode.GenerationFailed, error);
      } else {
        await this.endFailed(jobId, 'Internal error during generation', JobFailureCode.InternalError, error);
      }
      // The job is over: no retry will resume from what it wrote.
      await this.generation.discardCheckpoints(jobId);
    } finally {
      watcher.stop();
    }
  }

  /** Fails a job from outside its run (the reconciler's deadline): refund and webhook as for any failure. */
  async failJob(jobId: string, error: string): Promise<void> {
    await this.endFailed(jobId, error, JobFailureCode.DeadlineExceeded);
  }

  /** The failure transition, its log line (only when this call ended the job) and what follows it. */
  private async endFailed(jobId: string, reason: string, code: JobFailureCode, error?: unknown): Promise<void> {
    const transition = await this.jobs.fail(jobId, reason);
    if (transition) this.lifecycle.failed(transition.job, code, error);
    await this.finished.notify(transition);
  }

  /** `signal` aborts when the job is no longer processing; no step starts after that. */
  private async run(job: BookJobEntity, signal: AbortSignal): Promise<void> {
    const parameters = job.parameters;
    const renderer = this.rendering.rendererFor(parameters.outputFormat);

    const outcome = await this.generation.generate(
      {
        ...parameters,
        author: parameters.author || SERVICE_NAME,
        requestId: job.id,
        createdAt: job.createdAt.toISOString(),
      },
      this.progressReporter(job.id),
      signal,
      (model, usage) => {
        this.metrics.modelCalls.inc({ model });
        this.metrics.modelTokens.inc({ model, kind: 'prompt' }, usage.prompt);
        this.metrics.modelTokens.inc({ model, kind: 'completion' }, usage.completion);
      },
    );

    throwIfCancelled(signal);
    const say = progressWords(outcome.document.metadata.language);
    await this.jobs.recordProgress(job.id, PROGRESS.rendering, say.rendering(parameters.outputFormat));
    const file = await renderer.render(outcome.document);

    throwIfCancelled(signal);
    await this.jobs.recordProgress(job.id, PROGRESS.storing, say.storing());
    await this.storage.save({
      jobId: job.id,
      format: parameters.outputFormat,
      contentType: renderer.contentType,
      fileName: file.fileName,
      content: file.content,
    });

    const price = finalPrice(
      parameters.model,
      parameters.images,
      outcome.document.metadata.wordCount,
      outcome.nominalWordCount,
    );
    // A cancel that landed after the last check still wins: complete() changes only an unfinished job.
    const transition = await this.jobs.complete(
      job.id,
      { title: outcome.document.metadata.title, price, generation: outcome.report },
      say.ready(),
    );
    await this.generation.discardCheckpoints(job.id);
    if (transition) this.lifecycle.completed(transition.job);
    await this.finished.notify(transition);
  }

  private progressReporter(jobId: string): GenerationProgressReporter {
    const span = PROGRESS.generationEnd - PROGRESS.generationStart;
    return {
      report: (progress, message) =>
        this.jobs.recordProgress(
          jobId,
          PROGRESS.generationStart + (Math.min(100, Math.max(0, progress)) / 100) * span,
          message ?? null,
        ),
    };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * How long Bull waits before running the job again after failed attempt
 * `attempt` (1-based), by its built-in fixed and exponential backoffs;
 * undefined for a custom strategy, whose delay only Bull knows.
 */
function retryDelayMs(queueJob: Job<GenerationJobData>, attempt: number): number | undefined {
  const backoff = queueJob.opts.backoff;
  if (backoff === undefined) return 0;
  if (typeof backoff === 'number') return backoff;
  const delay = backoff.delay ?? 0;
  if (backoff.type === 'fixed') return delay;
  if (backoff.type === 'exponential') return Math.round((2 ** attempt - 1) * delay);
  return undefined;
}
