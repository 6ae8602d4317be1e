import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { startTestApp } from './support/test-app';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

/** Issue 3: without Redis, POST /book refuses with 503 (never unlimited, never a 500) and recovers by itself. */
describe('POST /book while Redis is unreachable', () => {
  it('answers 503 in the envelope, keeps serving status from PostgreSQL, and recovers when Redis returns', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const t = await startTestApp({ ROLE: 'api', REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
      const submit = () => t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
      const accepted = await submit();
      expect(accepted.statusCode).toBe(202);

      redis.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await submit();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'JOB_START_FAILED' });
      expect(refused.headers['retry-after']).toBeDefined();
      const status = await t.app.inject({ method: 'GET', url: `/v1/status/${accepted.json().requestId}` });
      expect(status.statusCode).toBe(200);

      redis = await startRedis(port);
      const deadline = Date.now() + 10_000;
      let recovered = await submit();
      while (recovered.statusCode !== 202 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        recovered = await submit();
      }
      expect(recovered.statusCode).toBe(202);
    } finally {
      await t.close().catch(() => undefined);
      redis.kill('SIGKILL');
    }
  });
});
