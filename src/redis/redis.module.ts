import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * The Redis client for rate-limit counters. Commands fail at once while
 * Redis is away (no offline queue), so callers can answer 503 instead of
 * hanging or admitting unlimited traffic; it reconnects by itself.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        const client = new Redis(config.REDIS_URL, {
          lazyConnect: true,
          enableOfflineQueue: false,
          // Commands issued in one tick (the rate-limit counters of concurrent requests) go in one write.
          enableAutoPipelining: true,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
        });
        // Start connected when Redis is there; without it the process still starts
        // (status and downloads need only PostgreSQL) and the client keeps retrying.
        await client.connect().catch((error: unknown) => {
          new Logger('Redis').warn(
            `Redis not reachable at start: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        return client;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
