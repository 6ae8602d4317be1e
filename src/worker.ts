import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { createRootLogger, PinoNestLogger } from './logging/logger';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { prepare } from './bootstrap';

/** Bull processors only (ROLE=worker): generation, webhook delivery, reconciliation. */
async function main(): Promise<void> {
  const config = await prepare({ checkSchema: true });
  config.ROLE = 'worker';
  const app = await NestFactory.createApplicationContext(AppModule.forRole(config), {
    logger: new PinoNestLogger(createRootLogger(config.LOG_LEVEL)),
  });
  app.enableShutdownHooks();
  new NestLogger('Scriptorium').log(`Worker started with generation concurrency ${config.GENERATION_CONCURRENCY}`);
}

void main();
