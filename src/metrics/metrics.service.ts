import { Injectable } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of this process. Counters and histograms are
 * per process (Prometheus sums them across processes); gauges read shared
 * state (PostgreSQL, Redis) when scraped.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'scriptorium_http_requests_total',
    help: 'HTTP requests by route, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'scriptorium_http_request_duration_seconds',
    help: 'HTTP request latency by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly jobsFinished = new Counter({
    name: 'scriptorium_jobs_finished_total',
    help: 'Book jobs that reached a terminal state, by status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly generationDuration = new Histogram({
    name: 'scriptorium_generation_duration_seconds',
    help: 'Time from start of processing to a stored book, by model and type',
    labelNames: ['model', 'type'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'scriptorium_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered, retry, abandoned)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly modelTokens = new Counter({
    name: 'scriptorium_model_tokens_total',
    help: 'Tokens of model answers, by model and kind (prompt, completion), failed jobs included',
    labelNames: ['model', 'kind'] as const,
    registers: [this.registry],
  });

  readonly modelCalls = new Counter({
    name: 'scriptorium_model_calls_total',
    help: 'Model answers received, by model',
    labelNames: ['model'] as const,
    registers: [this.registry],
  });

  readonly creditsCharged = new Counter({
    name: 'scriptorium_credits_charged_total',
    help: 'Credits charged for completed books',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'scriptorium_process_' });
  }

  /** A gauge whose value is read from shared state at scrape time. */
  sampledGauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    sample: () => Promise<Array<{ labels: Record<L, string>; value: number }>>,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const point of await sample()) this.set(point.labels, point.value);
      },
    });
  }
}
