/**
 * How a team runs the service with its extension: its own entrypoint, the
 * same as src/main.ts and src/worker.ts with the `extensions` option.
 * `node main.js` serves the API (ROLE=api, or all with workers in-process);
 * `node main.js worker` runs queue workers only. Every process of a
 * deployment must be given the same extensions: workers generate and render.
 * Type-checked with the repository; a team builds it with its own code.
 */
import 'reflect-metadata';
import { prepare } from '../../src/bootstrap';
import { createHttpApp } from '../../src/http/http-app';
import { startWorker } from '../../src/worker';
import { ReadingRoomModule } from './reading-room.module';

const extensions = [ReadingRoomModule];

async function main(): Promise<void> {
  if (process.argv[2] === 'worker') {
    await startWorker({ extensions });
    return;
  }
  const config = await prepare({ checkSchema: true });
  const app = await createHttpApp(config, { extensions });
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
