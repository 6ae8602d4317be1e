import { Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { JobsModule } from '../jobs/jobs.module';
import { JobEventsController } from './job-events.controller';
import { DEFAULT_JOB_EVENTS_TIMING, JOB_EVENTS_SUBSCRIBER, JOB_EVENTS_TIMING, JobEventsHub } from './job-events.hub';

/**
 * GET /v1/status/{id}/events: each API process follows the jobs its clients
 * watch through one Redis subscriber connection of its own (a connection in
 * subscriber mode can send no other command), fed by JobStatusPublisher
 * wherever a job changes (workers, other API processes).
 */
@Module({
  imports: [JobsModule],
  controllers: [JobEventsController],
  providers: [
    JobEventsHub,
    {
      provide: JOB_EVENTS_TIMING,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...DEFAULT_JOB_EVENTS_TIMING,
        heartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000,
      }),
    },
    {
      provide: JOB_EVENTS_SUBSCRIBER,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const subscriber = new Redis(config.REDIS_URL, {
          lazyConnect: true,
          // The hub subscribes again and re-reads PostgreSQL itself on every 'ready', in that order.
          autoResubscribe: false,
          enableOfflineQueue: false,
          connectTimeout: 2_000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
        });
        // Without Redis the streams still open (from PostgreSQL); the connection keeps retrying.
        subscriber.on('error', () => undefined);
        subscriber.connect().catch((error: unknown) => {
          new Logger('JobEvents').warn(
            `Redis not reachable at start: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        return subscriber;
      },
    },
  ],
})
export class JobEventsModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_EVENTS_SUBSCRIBER) private readonly subscriber: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
