import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { QueueName, WebhookDeliveryJobData } from '../queues/queue-names';

/** The only writer of the webhook-delivery queue. */
@Injectable()
export class WebhookDeliveryProducer {
  constructor(@InjectQueue(QueueName.WebhookDelivery) private readonly queue: Queue<WebhookDeliveryJobData>) {}

  /** `delayMs` schedules a retry; the queue entry id makes repeated rings for one attempt harmless. */
  async enqueueDelivery(deliveryId: string, attemptNumber: number, delayMs = 0): Promise<void> {
    await this.queue.add(
      { deliveryId },
      {
        jobId: `${deliveryId}:${attemptNumber}`,
        delay: delayMs,
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 1,
      },
    );
  }

  /**
   * Rings for this attempt now: a retry already scheduled under its id is
   * brought forward, otherwise one is queued (a resend from the web console).
   */
  async sendNow(deliveryId: string, attemptNumber: number): Promise<void> {
    const scheduled = await this.queue.getJob(`${deliveryId}:${attemptNumber}`);
    if (scheduled && (await scheduled.isDelayed())) {
      await scheduled.promote();
      return;
    }
    await this.enqueueDelivery(deliveryId, attemptNumber);
  }
}
