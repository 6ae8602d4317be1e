import { Injectable } from '@nestjs/common';
import { MicroBatcher } from '../common/micro-batcher';
import { GenerationProducer } from './generation.producer';
import { Admission, JobsRepository, NewBookJob } from './jobs.repository';

/**
 * Admission sizes: at most this many jobs per admission (one statement, its
 * own transaction: JobsRepository.createQueuedBatch), and this many at once
 * per process, each on its own pooled connection. Two in flight let one
 * account's turn run beside another's; more made smaller batches, each
 * paying the same round trip (one account or 1,000 accounts: some 3,200 ->
 * 3,900 admissions/s going from four to two, measured when an admission was
 * five round trips). One account's jobs are in one admission at a time (its
 * lane): its credit row lock, which keeps its credits exact, would serialise
 * them anyway, and one large batch per turn of the lock admitted far more
 * than several small ones queueing on it (one busy account: 1,370 -> 2,200
 * admissions/s then; with the lock held for one statement, dropping the lane
 * changed neither throughput nor p99).
 */
export const STORE_BATCH = { maxBatch: 128, maxInFlight: 2 } as const;
export const QUEUE_BATCH = { maxBatch: 256, maxInFlight: 2 } as const;

/**
 * The way new jobs enter the store and the generation queue: each caller
 * awaits its own job, while under load the jobs of many concurrent requests
 * share one transaction and one queue pipeline (see MicroBatcher).
 */
@Injectable()
export class JobAdmissions {
  private readonly stored: MicroBatcher<NewBookJob, Admission>;
  private readonly queued: MicroBatcher<string, undefined>;

  constructor(jobs: JobsRepository, producer: GenerationProducer) {
    this.stored = new MicroBatcher((batch) => jobs.createQueuedBatch(batch), {
      ...STORE_BATCH,
      laneOf: (job) => job.accountId,
    });
    this.queued = new MicroBatcher(async (jobIds) => {
      await producer.enqueueGenerations(jobIds);
      return jobIds.map(() => undefined);
    }, QUEUE_BATCH);
  }

  /** Commits the job with its credit reservation (false when the pool did not cover it), unless its key is revoked. */
  store(job: NewBookJob): Promise<Admission> {
    return this.stored.submit(job);
  }

  /** Rings the generation queue for a committed job. */
  async enqueue(jobId: string): Promise<void> {
    await this.queued.submit(jobId);
  }
}
