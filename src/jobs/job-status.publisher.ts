import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.module';
import { encodeJobStatusChange, jobChangesChannel, type JobStatusChange } from './job-status-change';

/** At most one warning per this many milliseconds while Redis refuses publishes (a busy worker publishes often). */
const WARNING_INTERVAL_MS = 60_000;

/**
 * Announces each committed change of a job on Redis, for the API processes
 * whose clients follow the job (GET /v1/status/{id}/events). PostgreSQL stays
 * the truth: a publish that fails (Redis away) is only late news, because the
 * listeners re-read the jobs they follow when their Redis connection comes
 * back and at a fixed interval, so a job update never fails for it.
 */
@Injectable()
export class JobStatusPublisher {
  private readonly logger = new Logger(JobStatusPublisher.name);
  private lastWarningAt = 0;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async publish(change: JobStatusChange): Promise<void> {
    try {
      await this.redis.publish(
        jobChangesChannel(this.config.REDIS_PREFIX, change.job.id),
        encodeJobStatusChange(change),
      );
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
      this.lastWarningAt = now;
      this.logger.warn(
        `Job changes not published (listeners catch up from PostgreSQL): ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
