import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { SERVICE_NAME } from '../catalog/catalog';
import { AppConfig, webhookRetryDelaysMs, webhookSignatureHeaders } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import type { WebhookDeliveryJobData } from '../queues/queue-names';
import { SigningSecretsService } from './signing-secrets.service';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryProducer } from './webhook-delivery.producer';
import { WebhookHttpClient } from './webhook-http-client';
import { signWebhookPayload } from './webhook-signature';
import { WebhookUrlPolicy } from './webhook-url-policy';

export const WEBHOOK_HTTP_CLIENT = Symbol('WEBHOOK_HTTP_CLIENT');
export const DELIVERY_ID_HEADER = 'X-Scriptorium-Delivery';
export const USER_AGENT = `${SERVICE_NAME}-Webhooks/1.0`;

/**
 * Sends one attempt of a webhook delivery and schedules what follows: done
 * on a 2xx, a retry after 1, 5 and 30 minutes otherwise, then abandoned.
 * Every attempt is recorded; the job stays readable through GET /status.
 */
@Injectable()
export class WebhookDeliveryProcessor {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);
  private readonly retryDelaysMs: number[];
  private readonly signatureHeaders: string[];

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly secrets: SigningSecretsService,
    private readonly producer: WebhookDeliveryProducer,
    @Inject(WEBHOOK_HTTP_CLIENT) private readonly http: WebhookHttpClient,
    private readonly urlPolicy: WebhookUrlPolicy,
    private readonly metrics: MetricsService,
    config: AppConfig,
  ) {
    this.retryDelaysMs = webhookRetryDelaysMs(config);
    this.signatureHeaders = webhookSignatureHeaders(config);
  }

  async process(job: Job<WebhookDeliveryJobData>): Promise<void> {
    const delivery = await this.deliveries.claim(job.data.deliveryId);
    if (!delivery) return;

    const attemptedAt = new Date();
    const secrets = await this.secrets.signingSecrets(delivery.accountId);
    // The port rule again (WEBHOOK_ALLOWED_PORTS may have changed since submission); addresses are the client's.
    const refused = this.urlPolicy.portRejection(delivery.url);
    const result = refused
      ? { statusCode: null, error: refused.reason, latencyMs: 0 }
      : secrets.length === 0
        ? { statusCode: null, error: 'the account has no active webhook signing secret', latencyMs: 0 }
        : await this.http.post(delivery.url, delivery.payload, {
            'Content-Type': 'application/json',
            'User-Agent': USER_AGENT,
            ...this.signatureHeadersFor(delivery.payload, secrets, attemptedAt),
            [DELIVERY_ID_HEADER]: delivery.id,
          });

    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retryDelay = this.retryDelaysMs[delivery.attemptNumber - 1];
    const outcome = delivered
      ? ({ kind: 'delivered' } as const)
      : retryDelay !== undefined
        ? ({ kind: 'retry', delayMs: retryDelay } as const)
        : ({ kind: 'abandoned' } as const);

    await this.deliveries.settle(
      delivery.id,
      {
        attemptNumber: delivery.attemptNumber,
        attemptedAt,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        error: delivered ? null : (result.error ?? `receiver answered ${result.statusCode}`),
      },
      outcome,
    );

    this.metrics.webhookAttempts.inc({ outcome: outcome.kind });
    if (outcome.kind === 'retry') {
      await this.producer.enqueueDelivery(delivery.id, delivery.attemptNumber + 1, outcome.delayMs);
    } else if (outcome.kind === 'abandoned') {
      this.logger.warn(`Webhook ${delivery.id} abandoned after ${delivery.attemptNumber} attempts`);
    }
  }

  /** The one signature, under every name WEBHOOK_SIGNATURE_HEADERS lists. */
  private signatureHeadersFor(payload: string, secrets: string[], attemptedAt: Date): Record<string, string> {
    const signature = signWebhookPayload(payload, secrets, Math.floor(attemptedAt.getTime() / 1000));
    return Object.fromEntries(this.signatureHeaders.map((name) => [name, signature]));
  }
}
