import { Module } from '@nestjs/common';
import { AppConfig, webhookAllowedPorts } from '../config/app-config';
import { SigningSecretsModule } from './signing-secrets.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WEBHOOK_HTTP_CLIENT, WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryProducer } from './webhook-delivery.producer';
import { WebhookHttpClient } from './webhook-http-client';
import { WebhookOutboxRepository } from './webhook-outbox.repository';
import { HostResolver, systemHostResolver, WebhookUrlPolicy } from './webhook-url-policy';

/** DNS used to vet webhook hosts at submission; tests replace it with a resolver they control. */
export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

@Module({
  imports: [SigningSecretsModule],
  providers: [
    WebhookOutboxRepository,
    WebhookDeliveryProducer,
    WebhookDeliveriesRepository,
    WebhookDeliveryProcessor,
    { provide: HOST_RESOLVER, useValue: systemHostResolver },
    {
      provide: WebhookUrlPolicy,
      inject: [AppConfig, HOST_RESOLVER],
      useFactory: (config: AppConfig, resolver: HostResolver) =>
        new WebhookUrlPolicy({
          allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
          allowedPorts: webhookAllowedPorts(config),
          resolver,
        }),
    },
    {
      provide: WEBHOOK_HTTP_CLIENT,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new WebhookHttpClient({
          allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
          timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        }),
    },
  ],
  exports: [
    WebhookUrlPolicy,
    WebhookOutboxRepository,
    WebhookDeliveryProducer,
    WebhookDeliveriesRepository,
    WebhookDeliveryProcessor,
  ],
})
export class WebhooksModule {}
