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
      }),
    }),
    BullModule.registerQueue({ name: QueueName.Generation }, { name: QueueName.WebhookDelivery }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
