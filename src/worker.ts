import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { createRootLogger, PinoNestLogger } from './logging/logger';
import { NestFactory } from '@nestjs/core';
import { AppModule, type AppModuleOptions } from './app.module';
import { MetricsService } from './metrics/metrics.service';
import { startWorkerMetricsServer } from './metrics/worker-metrics-server';
import { prepare } from './bootstrap';

/**
 * Bull processors only (ROLE=worker): generation, webhook delivery,
 * reconciliation. A team's entrypoint calls it with the same extensions as
 * its API processes (examples/custom-extension/main.ts).
 */
export async function startWorker(options: AppModuleOptions = {}): Promise<void> {
  const config = await prepare({ checkSchema: true });
  config.ROLE = 'worker';
  const app = await NestFactory.createApplicationContext(AppModule.forRole(config, options), {
    logger: new PinoNestLogger(createRootLogger(config)),
  });
  app.enableShutdownHooks();
  const logger = new NestLogger('Scriptorium');
  if (config.WORKER_METRICS_PORT > 0) {
    // A taken port (several workers on one host) must not stop the worker: jobs matter more than a scrape target.
    await startWorkerMetricsServer(app.get(MetricsService), config.WORKER_METRICS_PORT, config.HOST).then(
      (server) => {
        process.once('SIGTERM', () => server.close());
        logger.log(`Worker metrics on ${config.HOST}:${config.WORKER_METRICS_PORT}/metrics`);
      },
      (error: Error) =>
        logger.warn(`Worker metrics not served on port ${config.WORKER_METRICS_PORT}: ${error.message}`),
    );
  }
  logger.log(`Worker started with generation concurrency ${config.GENERATION_CONCURRENCY}`);
}

if (require.main === module) {
  void startWorker();
}
