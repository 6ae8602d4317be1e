import { InjectQueue } from '@nestjs/bull';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { JobsRepository } from '../jobs/jobs.repository';
import { QueueName } from '../queues/queue-names';
import { MetricsService } from './metrics.service';

/** Gauges read at scrape time: jobs by state, queue depth and the age of the oldest waiting entry. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly jobs: JobsRepository,
    @InjectQueue(QueueName.Generation) private readonly generation: Queue,
    @InjectQueue(QueueName.WebhookDelivery) private readonly webhooks: Queue,
  ) {}

  onModuleInit(): void {
    this.metrics.sampledGauge('scriptorium_jobs', 'Unfinished book jobs by state (PostgreSQL)', ['state'], async () => {
      const counts = await this.jobs.countUnfinishedByStatus();
      return Object.entries(counts).map(([state, value]) => ({ labels: { state }, value }));
    });
    this.metrics.sampledGauge(
      'scriptorium_queue_depth',
      'Queue entries by queue and state (Redis)',
      ['queue', 'state'],
      async () => {
        const points: Array<{ labels: { queue: string; state: string }; value: number }> = [];
        for (const queue of [this.generation, this.webhooks]) {
          const counts: Record<string, number> = { ...(await queue.getJobCounts()) };
          for (const [state, value] of Object.entries(counts))
            points.push({ labels: { queue: queue.name, state }, value });
        }
        return points;
      },
    );
    this.metrics.sampledGauge(
      'scriptorium_queue_oldest_waiting_seconds',
      'Age of the oldest waiting entry',
      ['queue'],
      async () => {
        const points: Array<{ labels: { queue: string }; value: number }> = [];
        for (const queue of [this.generation, this.webhooks]) {
          const [oldest] = await queue.getWaiting(0, 0);
          points.push({ labels: { queue: queue.name }, value: oldest ? (Date.now() - oldest.timestamp) / 1000 : 0 });
        }
        return points;
      },
    );
  }
}
