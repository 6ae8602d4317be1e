import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.module';

export interface RateLimitHeaders {
  'RateLimit-Limit': string;
  'RateLimit-Remaining': string;
  'RateLimit-Reset': string;
}

/** The counters could not be read or written (Redis down): nothing was counted; the caller answers 503. */
export class RateLimitsUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Rate-limit counters unavailable', { cause });
  }
}

/** How much of a batch the limits let through; `refusal` is the 429 for the items beyond `admitted`. */
export interface BatchAdmission {
  admitted: number;
  headers: RateLimitHeaders;
  refusal?: ApiException;
}

interface KeyLimits {
  dailyLimit: number;
  minIntervalSeconds: number;
}

/**
 * The burst and daily limits of POST /book (spec section 8), counted in Redis
 * so that every API process shares them. Redis fixed windows start at the
 * first consume, which is exactly "resets 24 hours after the first request".
 * Counting rules (DESIGN.md): a burst rejection does not count toward the
 * daily limit; a 5xx of ours gives the slot back (`giveBack`).
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  /** Counts one request; throws 429 when a limit is reached, RateLimitsUnavailableError when Redis cannot be asked. */
  async admit(key: AuthenticatedKey): Promise<RateLimitHeaders> {
    const limits = this.limitsOf(key);
    const daily = this.dailyLimiter(limits.dailyLimit);

    await this.consumeBurst(key, limits);

    try {
      const state = await daily.consume(key.id);
      return this.headersFrom(limits.dailyLimit, state);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        await this.releaseBurst(key, limits);
        throw this.unavailable(rejection);
      }
      // Not counted, so it must not hold the burst window either.
      await this.releaseBurst(key, limits);
      throw this.tooMany(
        `Daily limit exceeded: ${limits.dailyLimit} requests per day`,
        `This API key may submit ${limits.dailyLimit} requests per day; the window resets 24 hours after its first request.`,
        rejection.msBeforeNext,
        this.headersFrom(limits.dailyLimit, rejection),
      );
    }
  }

  /**
   * Counts a batch of `wanted` requests: one against the burst limit (a 429
   * for the whole batch when it is reached), and as many against the daily
   * limit as it has room for, exactly, however many processes count at once:
   * one atomic increment by `wanted`, then the part beyond the limit is given
   * back. Anyone counting in between saw the window as full, which it is once
   * this batch has taken its share. `wanted` is at least 1: a batch with no
   * valid new item counts nothing (BookBatchService answers it at once).
   */
  async admitBatch(key: AuthenticatedKey, wanted: number): Promise<BatchAdmission> {
    const limits = this.limitsOf(key);
    const daily = this.dailyLimiter(limits.dailyLimit);
    await this.consumeBurst(key, limits);
    let state: RateLimiterRes;
    try {
      state = await daily.consume(key.id, wanted);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        await this.releaseBurst(key, limits);
        throw this.unavailable(rejection);
      }
      state = rejection;
    }
    const before = state.consumedPoints - wanted;
    const admitted = Math.max(0, Math.min(wanted, limits.dailyLimit - before));
    if (admitted < wanted) {
      try {
        state = await daily.reward(key.id, wanted - admitted);
      } catch (error) {
        this.logger.warn(`Could not return unused daily slots for key ${key.id}: ${String(error)}`);
      }
    }
    if (admitted === 0) await this.releaseBurst(key, limits);
    const headers = this.headersFrom(limits.dailyLimit, state);
    if (admitted === wanted) return { admitted, headers };
    return {
      admitted,
      headers,
      refusal: this.tooMany(
        `Daily limit exceeded: ${limits.dailyLimit} requests per day`,
        `This API key may submit ${limits.dailyLimit} requests per day; the batch had room for ${admitted} of its ${wanted} valid items. The window resets 24 hours after its first request.`,
        state.msBeforeNext,
        headers,
      ),
    };
  }

  /** The current daily-window headers without counting anything; null when Redis cannot be asked. */
  async peek(key: AuthenticatedKey): Promise<RateLimitHeaders | null> {
    try {
      return await this.currentHeaders(key, this.limitsOf(key));
    } catch {
      return null;
    }
  }

  /** Returns a request's daily slot (and burst window) after a failure of ours. */
  async giveBack(key: AuthenticatedKey): Promise<void> {
    const limits = this.limitsOf(key);
    try {
      await this.dailyLimiter(limits.dailyLimit).reward(key.id, 1);
      if (limits.minIntervalSeconds > 0) await this.burstLimiter(limits.minIntervalSeconds).delete(key.id);
    } catch (error) {
      this.logger.warn(`Could not give back a rate-limit slot for key ${key.id}: ${String(error)}`);
    }
  }

  /** One request against the burst limit; a 429 when the key's interval has not passed. */
  private async consumeBurst(key: AuthenticatedKey, limits: KeyLimits): Promise<void> {
    if (limits.minIntervalSeconds <= 0) return;
    try {
      await this.burstLimiter(limits.minIntervalSeconds).consume(key.id);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw this.unavailable(rejection);
      const headers = await this.currentHeaders(key, limits).catch(() => null);
      throw this.tooMany(
        `Too many requests: wait at least ${limits.minIntervalSeconds} seconds between requests`,
        `This API key may submit one book (or one batch) every ${limits.minIntervalSeconds} seconds. Retry with exponential backoff.`,
        rejection.msBeforeNext,
        headers,
      );
    }
  }

  /** A request that was not counted must not hold the burst window either. */
  private async releaseBurst(key: AuthenticatedKey, limits: KeyLimits): Promise<void> {
    if (limits.minIntervalSeconds <= 0) return;
    await this.burstLimiter(limits.minIntervalSeconds)
      .delete(key.id)
      .catch(() => undefined);
  }

  /** Returns `count` daily slots of a batch whose items failed on our side; the batch keeps its burst window. */
  async giveBackDaily(key: AuthenticatedKey, count: number): Promise<void> {
    if (count <= 0) return;
    try {
      await this.dailyLimiter(this.limitsOf(key).dailyLimit).reward(key.id, count);
    } catch (error) {
      this.logger.warn(`Could not give back ${count} rate-limit slots for key ${key.id}: ${String(error)}`);
    }
  }

  private async currentHeaders(key: AuthenticatedKey, limits: KeyLimits): Promise<RateLimitHeaders> {
    const state = await this.dailyLimiter(limits.dailyLimit).get(key.id);
    return this.headersFrom(limits.dailyLimit, state);
  }

  private headersFrom(limit: number, state: RateLimiterRes | null): RateLimitHeaders {
    const consumed = state?.consumedPoints ?? 0;
    const resetSeconds = state ? Math.ceil(state.msBeforeNext / 1000) : this.config.RATE_LIMIT_DAILY_WINDOW_SECONDS;
    return {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - consumed)),
      'RateLimit-Reset': String(Math.max(0, resetSeconds)),
    };
  }

  private limitsOf(key: AuthenticatedKey): KeyLimits {
    return {
      dailyLimit: key.dailyLimit ?? this.config.RATE_LIMIT_DAILY,
      minIntervalSeconds: key.minIntervalSeconds ?? this.config.RATE_LIMIT_MIN_INTERVAL_SECONDS,
    };
  }

  private burstLimiter(intervalSeconds: number): RateLimiterRedis {
    return this.limiter('burst', 1, intervalSeconds);
  }

  private dailyLimiter(points: number): RateLimiterRedis {
    return this.limiter('daily', points, this.config.RATE_LIMIT_DAILY_WINDOW_SECONDS);
  }

  /** One limiter per distinct setting; keys with the same setting share it, counters stay per key. */
  private limiter(kind: 'burst' | 'daily', points: number, durationSeconds: number): RateLimiterRedis {
    const id = `${kind}:${points}:${durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.config.REDIS_PREFIX}:rl:${kind}`,
        points,
        duration: durationSeconds,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  private tooMany(
    message: string,
    details: string,
    msBeforeNext: number,
    headers: RateLimitHeaders | null,
  ): ApiException {
    const retryAfter = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
    return new ApiException(429, ErrorCode.RateLimitExceeded, message, details, {
      ...(headers ?? {}),
      'Retry-After': retryAfter,
    });
  }

  private unavailable(error: unknown): RateLimitsUnavailableError {
    this.logger.error(`Rate limiter unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return new RateLimitsUnavailableError(error);
  }
}
