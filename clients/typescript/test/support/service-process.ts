import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The repository whose service these tests run: built into its dist/ by scripts/ensure-built.sh. */
export const REPOSITORY_ROOT = resolve(__dirname, '../../../..');

/** Environment variables by which global setup hands the running service to the test files. */
export const SERVICE_HANDOVER = {
  baseUrl: 'SCRIPTORIUM_TEST_BASE_URL',
  accountId: 'SCRIPTORIUM_TEST_ACCOUNT_ID',
  webhookSecret: 'SCRIPTORIUM_TEST_WEBHOOK_SECRET',
  /** JSON: the settings the operator console needs to reach the same database. */
  settings: 'SCRIPTORIUM_TEST_SERVICE_SETTINGS',
} as const;

const execFileAsync = promisify(execFile);

/**
 * Runs the built operator console (`node dist/src/cli.js ... --json`) with
 * the service's settings and returns its JSON. Run from this package's
 * folder, so that a developer's `.env` at the repository root cannot point
 * it at another database.
 */
export async function runConsole<T>(settings: Record<string, string>, args: string[]): Promise<T> {
  const { stdout } = await execFileAsync(process.execPath, [resolve(REPOSITORY_ROOT, 'dist/src/cli.js'), ...args], {
    cwd: resolve(__dirname, '../..'),
    env: { ...process.env, ...settings },
  });
  return JSON.parse(stdout) as T;
}

export function startProcess(script: string, settings: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [resolve(REPOSITORY_ROOT, script)], {
    cwd: resolve(__dirname, '../..'),
    env: { ...process.env, ...settings },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Waits until GET url answers 2xx; generous, since a process starting on a loaded 2-core machine is slow. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
interface RedisClient {
  keys(pattern: string): Promise<string[]>;
  del(...keys: string[]): Promise<number>;
  quit(): Promise<unknown>;
}

/** The service's own drivers, from the repository's node_modules: this package does not depend on them. */
const requireFromRepository = createRequire(resolve(REPOSITORY_ROOT, 'package.json'));

export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  return ADMIN_DATABASE_URL.replace(/\/[^/?]+(\?.*)?$/, `/${name}$1`);
}

export async function adminQuery(sql: string): Promise<void> {
  const { Client } = requireFromRepository('pg') as { Client: new (options: { connectionString: string }) => PgClient };
  const client = new Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const Redis = requireFromRepository('ioredis') as new (url: string) => RedisClient;
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    for (let start = 0; start < keys.length; start += 500) await redis.del(...keys.slice(start, start + 500));
  } finally {
    await redis.quit();
  }
}
