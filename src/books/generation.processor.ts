import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { SERVICE_NAME } from '../catalog/catalog';
import { finalPrice } from '../credits/pricing';
import type { GenerationProgressReporter } from '../generation/book-provider';
import { GenerationError } from '../generation/generation.errors';
import { GenerationService } from '../generation/generation.service';
import { MetricsService } from '../metrics/metrics.service';
import type { GenerationJobData } from '../queues/queue-names';
import { RenderingService } from '../rendering/rendering.service';
import { StorageService } from '../storage/storage.service';
import { WebhookDeliveryProducer } from '../webhooks/webhook-delivery.producer';
import { BooksRepository, TerminalTransition } from './books.repository';
import { BookJobEntity, TERMINAL_STATUSES } from './entities/book-job.entity';

export const INSUFFICIENT_CREDITS = 'Insufficient credits';

/** Share of the job's progress bar each phase owns; generation reports 0-100 inside its share. */
const PROGRESS = { started: 2, generationStart: 5, generationEnd: 85, rendering: 90, storing: 95 } as const;

/**
 * Runs one book job from queued to a terminal state. Safe to run twice for
 * the same job (redelivery, reconciler): terminal jobs are left alone, and
 * every credit and webhook step is idempotent in the repository.
 */
@Injectable()
export class GenerationProcessor {
  private readonly logger = new Logger(GenerationProcessor.name);

  constructor(
    private readonly books: BooksRepository,
    private readonly generation: GenerationService,
    private readonly rendering: RenderingService,
    private readonly storage: StorageService,
    private readonly webhooks: WebhookDeliveryProducer,
    private readonly metrics: MetricsService,
  ) {}

  async process(queueJob: Job<GenerationJobData>): Promise<void> {
    const jobId = queueJob.data.jobId;
    const job = await this.books.findById(jobId);
    if (!job || TERMINAL_STATUSES.includes(job.status)) {
      return;
    }
    if (job.creditsReserved === 0) {
      await this.finish(await this.books.fail(jobId, INSUFFICIENT_CREDITS));
      return;
    }
    const started = await this.books.markProcessing(jobId, 'Generation started');
    if (!started) return;

    const timer = this.metrics.generationDuration.startTimer({
      model: started.parameters.model,
      type: started.parameters.type,
    });
    try {
      await this.run(started);
      timer();
    } catch (error) {
      const lastAttempt = queueJob.attemptsMade + 1 >= (queueJob.opts.attempts ?? 1);
      const permanent = error instanceof GenerationError && error.permanent;
      if (!permanent && !lastAttempt) {
        this.logger.warn(`Job ${jobId} attempt ${queueJob.attemptsMade + 1} failed, will retry: ${describe(error)}`);
        throw error;
      }
      this.logger.error(`Job ${jobId} failed: ${describe(error)}`);
      const message = error instanceof GenerationError ? error.message : 'Internal error during generation';
      await this.finish(await this.books.fail(jobId, message));
    }
  }

  /** Fails a job from outside its run (the reconciler's deadline): refund and webhook as for any failure. */
  async failJob(jobId: string, error: string): Promise<void> {
    await this.finish(await this.books.fail(jobId, error));
  }

  private async run(job: BookJobEntity): Promise<void> {
    const parameters = job.parameters;
    const renderer = this.rendering.rendererFor(parameters.outputFormat);

    const outcome = await this.generation.generate(
      {
        requestId: job.id,
        prompt: parameters.prompt,
        style: parameters.style,
        type: parameters.type,
        images: parameters.images,
        author: parameters.author || SERVICE_NAME,
        customTone: parameters.customTone,
        model: parameters.model,
        outputFormat: parameters.outputFormat,
        createdAt: job.createdAt.toISOString(),
      },
      this.progressReporter(job.id),
    );

    await this.books.recordProgress(job.id, PROGRESS.rendering, `Rendering ${parameters.outputFormat.toUpperCase()}`);
    const file = await renderer.render(outcome.document);

    await this.books.recordProgress(job.id, PROGRESS.storing, 'Storing the book');
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
    const transition = await this.books.complete(
      job.id,
      { title: outcome.document.metadata.title, price },
      'Book ready for download',
    );
    await this.generation.discardCheckpoints(job.id);
    await this.finish(transition);
  }

  private progressReporter(jobId: string): GenerationProgressReporter {
    const span = PROGRESS.generationEnd - PROGRESS.generationStart;
    return {
      report: (progress, message) =>
        this.books.recordProgress(
          jobId,
          PROGRESS.generationStart + (Math.min(100, Math.max(0, progress)) / 100) * span,
          message,
        ),
    };
  }

  /** After the terminal transaction committed: ring the webhook doorbell (the outbox row already exists). */
  private async finish(transition: TerminalTransition | null): Promise<void> {
    if (!transition) return;
    this.metrics.jobsFinished.inc({ status: transition.job.status });
    if (transition.job.status === 'completed') this.metrics.creditsCharged.inc(transition.job.creditsUsed);
    if (!transition.webhookDeliveryId) return;
    try {
      await this.webhooks.enqueueDelivery(transition.webhookDeliveryId, 1);
    } catch (error) {
      this.logger.warn(
        `Webhook ${transition.webhookDeliveryId} not queued yet (the reconciler will): ${describe(error)}`,
      );
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
