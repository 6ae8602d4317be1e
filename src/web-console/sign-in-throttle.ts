import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.module';
import { normaliseEmail } from './console-users.service';

export type SignInAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in attempts per email address and per client IP, counted in Redis
 * (every API process shares the counts), whether the email names a user or
 * not. A successful sign-in clears its email's count. When Redis cannot be
 * asked the attempt is refused (the caller answers 503): an unlimited
 * password guesser is worse than a console that waits for Redis.
 */
@Injectable()
export class SignInThrottle {
  private readonly perEmail: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, config: AppConfig) {
    const limiter = (kind: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:console-sign-in:${kind}`,
        points,
        duration: config.CONSOLE_SIGN_IN_WINDOW_SECONDS,
        rejectIfRedisNotReady: true,
      });
    this.perEmail = limiter('email', config.CONSOLE_SIGN_IN_ATTEMPTS_PER_EMAIL);
    this.perIp = limiter('ip', config.CONSOLE_SIGN_IN_ATTEMPTS_PER_IP);
  }

  /** Counts one attempt against both limits. */
  async admit(email: string, ip: string): Promise<SignInAdmission> {
    const results = await Promise.allSettled([this.perEmail.consume(emailKey(email)), this.perIp.consume(ip)]);
    let retryAfterMs = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      retryAfterMs = Math.max(retryAfterMs, result.reason.msBeforeNext);
    }
    return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { allowed: true };
  }

  async succeeded(email: string): Promise<void> {
    await this.perEmail.delete(emailKey(email));
  }
}

/** Redis keys carry no email address, only its hash. */
function emailKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}
