import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { QueueName } from './queue-names';

/** The Redis connection of every queue; the prefix lets deployments (and test suites) share one Redis. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        redis: config.REDIS_URL,
        prefix: `${config.REDIS_PREFIX}:bull`,
        settings: {
          lockDuration: config.QUEUE_LOCK_SECONDS * 1000,
          stalledInterval: config.QUEUE_LOCK_SECONDS * 1000,
          maxStalledCount: 2,
        },
      }),
    }),
    BullModule.registerQueue({ name: QueueName.Generation }, { name: QueueName.WebhookDelivery }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
