import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { QueueName } from '../queues/queue-names';
import { REDIS_CLIENT } from '../redis/redis.module';

export type CheckState = 'up' | 'down';
export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState; queues: CheckState };
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

async function probe(check: () => Promise<unknown>): Promise<CheckState> {
  try {
    await withTimeout(check());
    return 'up';
  } catch {
    return 'down';
  }
}

/** Whether this process can do its work: PostgreSQL, Redis and the queues all answer. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @InjectQueue(QueueName.Generation) private readonly generation: Queue,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis, queues] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
      probe(() => this.generation.client.ping()),
    ]);
    return { ready: database === 'up' && redis === 'up' && queues === 'up', checks: { database, redis, queues } };
  }
}
