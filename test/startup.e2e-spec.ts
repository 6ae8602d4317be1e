import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { freePort, spawnService } from './support/spawned-service';

/** Issue 14: a second `npm start` on a taken port says so in one line and takes no job. */
describe('Starting on a port that is taken', () => {
  let occupied: Server;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

  it('exits 1 with a sentence naming the port, before any worker starts, and without a stack trace', async () => {
    const service = spawnService('dist/src/main.js', {
      ROLE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: `test-port-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'info',
    });
    const code = await new Promise<number | null>((resolve) => service.process.once('exit', resolve));
    const output = service.output();
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toMatch(/Processing \S+ with concurrency/);
  });
});
