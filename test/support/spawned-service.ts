import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SpawnedService {
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs a built entrypoint (dist/src/main.js or worker.js) as operators do, capturing its output. */
export function spawnService(entrypoint: string, env: Record<string, string>): SpawnedService {
  const child = spawn(process.execPath, [entrypoint], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

/**
 * Waits until GET url answers 200. The deadline is generous on purpose: a
 * process starting on a loaded 2-core machine can take half a minute, and
 * waiting longer costs nothing when it comes up sooner.
 */
export async function waitForHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The built API (dist/src/main.js, ROLE=api) on a free port of 127.0.0.1 with its own Redis prefix and info
 * logs, plus `settings`, once it answers `/health/live`: the suites that read what the real process writes.
 */
export async function startBuiltApi(
  settings: Record<string, string>,
  prefix: string,
): Promise<{ base: string; service: SpawnedService }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const service = spawnService('dist/src/main.js', {
    ROLE: 'api',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `${base}/v1`,
    REDIS_PREFIX: `${prefix}-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'info',
    ...settings,
  });
  try {
    await waitForHttp(`${base}/health/live`);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return { base, service };
}
