import { Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import { WebhookDeliveryProducer } from '../webhooks/webhook-delivery.producer';
import type { TerminalTransition } from './jobs.repository';

/**
 * What follows a job's terminal transaction, wherever the job ended (the
 * worker's run, the reconciler's deadline, a client's cancel): count it and
 * ring the webhook doorbell. The outbox row was committed with the job, so a
 * doorbell that does not ring is only late: the reconciler rings it.
 */
@Injectable()
export class FinishedJobNotifier {
  private readonly logger = new Logger(FinishedJobNotifier.name);

  constructor(
    private readonly webhooks: WebhookDeliveryProducer,
    private readonly metrics: MetricsService,
  ) {}

  /** Call after commit; null (nothing changed, e.g. the job had already ended) does nothing. */
  async notify(transition: TerminalTransition | null): Promise<void> {
    if (!transition) return;
    this.metrics.jobsFinished.inc({ status: transition.job.status });
    if (transition.job.status === 'completed') this.metrics.creditsCharged.inc(transition.job.creditsUsed);
    if (!transition.webhookDeliveryId) return;
    try {
      await this.webhooks.enqueueDelivery(transition.webhookDeliveryId, 1);
    } catch (error) {
      this.logger.warn(
        `Webhook ${transition.webhookDeliveryId} not queued yet (the reconciler will): ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
