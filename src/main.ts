import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { prepare } from './bootstrap';
import { createHttpApp } from './http/http-app';

/** The HTTP API (ROLE=api), or API and workers in one process (ROLE=all, the default). */
async function main(): Promise<void> {
  const config = await prepare({ checkSchema: true });
  if (config.ROLE === 'worker') {
    throw new Error('ROLE=worker runs through dist/src/worker.js (npm run start:worker)');
  }
  const app = await createHttpApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  const logger = new Logger('Scriptorium');
  logger.log(
    `Listening on ${config.HOST}:${config.PORT} (ROLE=${config.ROLE}); API at ${config.BASE_URL}, docs at /docs`,
  );
  if (config.WEBHOOK_ALLOW_PRIVATE) {
    logger.warn(
      'WEBHOOK_ALLOW_PRIVATE=true: webhooks may target http:// and private addresses. Never use this in production.',
    );
  }
}

void main();
