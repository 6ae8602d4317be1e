import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { GenerationJobData, QueueName } from '../queues/queue-names';
import { GENERATION_JOB_OPTIONS } from '../queues/queue-defaults';

/** The only writer of the generation queue. */
@Injectable()
export class GenerationProducer {
  constructor(@InjectQueue(QueueName.Generation) private readonly queue: Queue<GenerationJobData>) {}

  /**
   * The Bull job id is the book job id, so ringing twice (a retry, the
   * reconciler) never queues the same book twice while it is waiting.
   */
  async enqueueGeneration(jobId: string): Promise<void> {
    await this.queue.add({ jobId }, { ...GENERATION_JOB_OPTIONS, jobId });
  }

  /** Queues several jobs in one pipelined round trip (the admission path's batches). */
  async enqueueGenerations(jobIds: readonly string[]): Promise<void> {
    await this.queue.addBulk(jobIds.map((jobId) => ({ data: { jobId }, opts: { ...GENERATION_JOB_OPTIONS, jobId } })));
  }
}
