import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { exitWith, prepare } from './bootstrap';
import type { AppConfig } from './config/app-config';
import { createHttpApp } from './http/http-app';

/** The HTTP API (ROLE=api), or API and workers in one process (ROLE=all, the default). */
async function main(): Promise<void> {
  const config = await prepare({ checkSchema: true });
  if (config.ROLE === 'worker') {
    throw new Error('ROLE=worker runs through dist/src/worker.js (npm run start:worker)');
  }
  // Before anything starts (with ROLE=all the workers would take jobs): a taken port ends the process at once.
  await assertPortFree(config.HOST, config.PORT).catch((error: unknown) => exitWith(portProblem(config, error)));
  const app = await createHttpApp(config);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Taken in the meantime: stop the workers cleanly (jobs in hand go back to the queue), then say why.
    await app.close();
    exitWith(portProblem(config, error));
  }
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

/** Resolves when HOST:PORT can be listened on right now (it is released again at once). */
function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function portProblem(config: AppConfig, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${config.PORT} on ${config.HOST} is already in use (another Scriptorium?). Stop it or start with PORT=<another port>.`;
  }
  if (code === 'EACCES') return `Not allowed to listen on port ${config.PORT}: choose a port above 1023.`;
  return `Cannot listen on ${config.HOST}:${config.PORT}: ${error instanceof Error ? error.message : String(error)}`;
}

void main();
