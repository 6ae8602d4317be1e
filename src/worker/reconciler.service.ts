import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { JobsRepository } from '../jobs/jobs.repository';
import { GenerationProcessor } from './generation.processor';
import { GenerationProducer } from '../jobs/generation.producer';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.module';
import { BookRetentionService } from '../retention/book-retention.service';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookDeliveryProducer } from '../webhooks/webhook-delivery.producer';

/** Jobs untouched this long are rung again; a job in hand touches its row at every step. */
const STALE_SECONDS = 30;
const BATCH = 500;

/**
 * PostgreSQL is the source of truth, Redis is disposable: this re-queues
 * every unfinished job and every due webhook delivery, so neither is lost
 * to a Redis restart or FLUSHALL. Each pass also deletes the book files
 * BOOK_RETENTION_DAYS has expired.
 * Re-queueing is harmless for jobs Redis still holds (same Bull job id).
 */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReconcilerService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly producer: GenerationProducer,
    private readonly processor: GenerationProcessor,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly webhookProducer: WebhookDeliveryProducer,
    private readonly retention: BookRetentionService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.RECONCILER_ENABLED) return;
    // The first pass waits for Redis: at start the client may still be connecting.
    if (this.redis.status === 'ready') void this.runGuarded(0);
    else this.redis.once('ready', () => void this.runGuarded(0));
    this.timer = setInterval(() => void this.runGuarded(STALE_SECONDS), this.config.RECONCILER_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One reconciler at a time across all workers: a short Redis lease. */
  async runGuarded(staleSeconds: number): Promise<number> {
    const lockKey = `${this.config.REDIS_PREFIX}:reconciler:lock`;
    try {
      const lease = Math.max(1_000, (this.config.RECONCILER_INTERVAL_SECONDS * 1000) / 2);
      const acquired = await this.redis.set(lockKey, String(process.pid), 'PX', lease, 'NX');
      if (acquired !== 'OK') return 0;
      return await this.reconcile(staleSeconds);
    } catch (error) {
      this.logger.warn(`Reconciliation skipped: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  async reconcile(staleSeconds: number): Promise<number> {
    const overdue = await this.jobs.findOverdue(this.config.JOB_DEADLINE_MINUTES, BATCH);
    for (const jobId of overdue) {
      await this.processor.failJob(
        jobId,
        `Generation did not finish within ${this.config.JOB_DEADLINE_MINUTES} minutes`,
      );
    }
    if (overdue.length > 0) this.logger.warn(`Failed ${overdue.length} job(s) past the deadline`);
    const unfinished = await this.jobs.findUnfinished(staleSeconds, BATCH);
    for (const job of unfinished) {
      await this.producer.enqueueGeneration(job.id);
    }
    const due = await this.deliveries.findDue(BATCH);
    for (const delivery of due) {
      await this.webhookProducer.enqueueDelivery(delivery.id, delivery.attemptCount + 1);
    }
    if (unfinished.length + due.length > 0) {
      this.logger.log(`Re-queued ${unfinished.length} unfinished job(s) and ${due.length} due webhook(s)`);
    }
    // Housekeeping rides on the same single-worker lease: book files past BOOK_RETENTION_DAYS.
    await this.retention.sweep();
    return unfinished.length + due.length;
  }
}
