import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { GenerationProcessor } from './generation.processor';
import { AppConfig } from '../config/app-config';
import { GenerationJobData, QueueName, WebhookDeliveryJobData } from '../queues/queue-names';
import { WebhookDeliveryProcessor } from '../webhooks/webhook-delivery.processor';

/** Webhook attempts wait on the network, not the CPU: many can be in flight per worker. */
const WEBHOOK_CONCURRENCY = 16;

/**
 * Attaches the processors to their queues. Only worker processes include
 * this, so API processes never take jobs. Concurrency comes from
 * configuration, which Bull's static decorators cannot express.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);

  constructor(
    @InjectQueue(QueueName.Generation) private readonly generationQueue: Queue<GenerationJobData>,
    @InjectQueue(QueueName.WebhookDelivery) private readonly webhookQueue: Queue<WebhookDeliveryJobData>,
    private readonly generation: GenerationProcessor,
    private readonly webhooks: WebhookDeliveryProcessor,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The promise settles only when the queue closes; a failure to attach must be seen, not swallowed.
    this.generationQueue
      .process(this.config.GENERATION_CONCURRENCY, (job) => this.generation.process(job))
      .catch((error: unknown) => this.logger.error(`Generation queue stopped: ${String(error)}`));
    this.webhookQueue
      .process(WEBHOOK_CONCURRENCY, (job) => this.webhooks.process(job))
      .catch((error: unknown) => this.logger.error(`Webhook queue stopped: ${String(error)}`));
    this.logger.log(`Processing ${QueueName.Generation} with concurrency ${this.config.GENERATION_CONCURRENCY}`);
  }

  /**
   * Stops taking jobs and waits for the ones in hand, up to the grace period.
   * Jobs still running then are handed back: their Bull lock lapses and
   * another worker (or the reconciler) takes them up again.
   */
  async onApplicationShutdown(): Promise<void> {
    const grace = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), this.config.SHUTDOWN_GRACE_SECONDS * 1000).unref(),
    );
    const closed = Promise.all([this.generationQueue.close(), this.webhookQueue.close()]).then(() => 'closed' as const);
    if ((await Promise.race([closed, grace])) === 'timeout') {
      this.logger.warn(`Jobs still running after ${this.config.SHUTDOWN_GRACE_SECONDS} s are handed back to the queue`);
      await Promise.all([this.generationQueue.close(true), this.webhookQueue.close(true)]);
    }
  }
}
