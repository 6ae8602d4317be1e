import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, SpawnedService, spawnService } from './spawned-service';

/**
 * Real service processes for fault tests: the built entrypoints, spawned as
 * operators run them. CI builds `dist/` first; while other files are being
 * edited, a private build can be pointed at with SERVICE_DIST_DIR.
 */
export const SERVICE_DIST_DIR = process.env.SERVICE_DIST_DIR ?? 'dist';

export function entrypoint(name: 'main' | 'worker' | 'cli' | 'database/migrate'): string {
  return join(SERVICE_DIST_DIR, 'src', `${name}.js`);
}

/** The same key in every process of a test (the CLI encrypts signing secrets, workers decrypt them). */
export const TEST_ENCRYPTION_KEY =
  process.env.SECRETS_ENCRYPTION_KEY ?? '8f1c3b0e6a5d4c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b';

export interface ServiceBackends {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

/** Settings every spawned process gets; a test adds or overrides the ones its fault needs. */
export function serviceEnv(backends: ServiceBackends, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: backends.databaseUrl,
    REDIS_URL: backends.redisUrl,
    REDIS_PREFIX: backends.redisPrefix,
    SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    MIGRATIONS_RUN: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    RATE_LIMIT_DAILY: '100000',
    RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
    RATE_LIMIT_DAILY_WINDOW_SECONDS: '86400',
    GENERATION_CONCURRENCY: '4',
    QUEUE_LOCK_SECONDS: '30',
    BUILTIN_SECTION_DELAY_MS: '0',
    RECONCILER_ENABLED: 'false',
    RECONCILER_INTERVAL_SECONDS: '60',
    JOB_DEADLINE_MINUTES: '60',
    SHUTDOWN_GRACE_SECONDS: '5',
    WEBHOOK_ALLOW_PRIVATE: 'false',
    WEBHOOK_RETRY_DELAYS_SECONDS: '60,300,1800',
    WEBHOOK_TIMEOUT_SECONDS: '10',
    LEGACY_PATHS_ENABLED: 'true',
    ...extra,
  };
}

/** Runs a built script to its end; rejects with its output when it fails. */
export function runNode(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`node ${script} ${args.join(' ')} ended with ${code ?? signal}:\n${stderr}${stdout}`));
    });
  });
}

/** `npm run migrate` against a database. */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  await runNode(entrypoint('database/migrate'), [], {
    DATABASE_URL: databaseUrl,
    SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  });
}

/** One operator console command with --json; returns its one JSON document. */
export async function cli<T>(databaseUrl: string, args: string[]): Promise<T> {
  const stdout = await runNode(entrypoint('cli'), [...args, '--json'], {
    DATABASE_URL: databaseUrl,
    SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: 'error',
  });
  return JSON.parse(stdout) as T;
}

export interface ConsoleCustomer {
  accountId: string;
  webhookSecret: string;
  apiKeys: string[];
}

/** An account with credits, its signing secret and `keys` API keys without burst limit, made with the console. */
export async function createConsoleCustomer(
  databaseUrl: string,
  options: { credits: number; keys?: number; name?: string },
): Promise<ConsoleCustomer> {
  const account = await cli<{ accountId: string; webhookSecret: string }>(databaseUrl, [
    'account:create',
    '--name',
    options.name ?? 'Fault test customer',
    '--credits',
    String(options.credits),
  ]);
  const apiKeys: string[] = [];
  for (let index = 0; index < (options.keys ?? 1); index += 1) {
    const key = await cli<{ apiKey: string }>(databaseUrl, [
      'key:create',
      '--account',
      account.accountId,
      '--name',
      `fault key ${index + 1}`,
      '--min-interval-seconds',
      '0',
      '--daily-limit',
      '100000',
    ]);
    apiKeys.push(key.apiKey);
  }
  return { ...account, apiKeys };
}

export interface ApiProcess extends SpawnedService {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
}

export interface WorkerProcess extends SpawnedService {
  metricsPort: number;
}

/** Starts `node dist/src/main.js` with ROLE=api on a free port; resolves once /health/live answers. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const service = spawnService(entrypoint('main'), {
    ROLE: 'api',
    ...env,
    PORT: String(port),
    BASE_URL: `${origin}/v1`,
  });
  await waitUntilServing(service, `${origin}/health/live`);
  return Object.assign(service, { port, origin });
}

/**
 * Starts `node dist/src/worker.js`; resolves once its metrics listener
 * answers, which happens after the queue processors are attached.
 */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const metricsPort = await freePort();
  const service = spawnService(entrypoint('worker'), {
    ...env,
    ROLE: 'worker',
    WORKER_METRICS_PORT: String(metricsPort),
  });
  await waitUntilServing(service, `http://127.0.0.1:${metricsPort}/health/live`);
  return Object.assign(service, { metricsPort });
}

/** Waits for GET url to answer 200; fails at once (with the output) if the process ends first. */
export async function waitUntilServing(service: SpawnedService, url: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.process.exitCode !== null || service.process.signalCode !== null) {
      throw new Error(
        `process ended (${service.process.exitCode ?? service.process.signalCode}):\n${service.output()}`,
      );
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stopWithin(service, 'SIGKILL');
      throw new Error(`${url} did not come up within ${timeoutMs} ms:\n${service.output()}`);
    }
    await sleep(100);
  }
}

/** N API processes and M workers sharing the same backends, stopped together. */
export class ServiceCluster {
  readonly apis: ApiProcess[] = [];
  readonly workers: WorkerProcess[] = [];

  static async start(options: { apis: number; workers: number; env: Record<string, string> }): Promise<ServiceCluster> {
    const cluster = new ServiceCluster();
    try {
      const apis = Array.from({ length: options.apis }, () => startApi(options.env));
      const workers = Array.from({ length: options.workers }, () => startWorker(options.env));
      cluster.apis.push(...(await Promise.all(apis)));
      cluster.workers.push(...(await Promise.all(workers)));
    } catch (error) {
      await cluster.stop('SIGKILL');
      throw error;
    }
    return cluster;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((service) => stopWithin(service, signal)));
  }
}

/** Stops a process politely, then by force if it lingers; resolves once it has ended (at once if it had). */
export async function stopWithin(service: SpawnedService, signal: NodeJS.Signals = 'SIGTERM', ms = 15_000) {
  const child = service.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  child.kill(signal);
  try {
    await ended;
  } finally {
    clearTimeout(timer);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns a value other than undefined, or fails with `what` after the deadline. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(intervalMs);
  }
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
}

/** One HTTP exchange with a spawned process; never throws on an HTTP status. */
export async function http(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** POST /v1/book with a JSON body. */
export function submitBook(origin: string, apiKey: string, body: Record<string, unknown> = {}): Promise<HttpAnswer> {
  return http(`${origin}/v1/book`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The local HTTPS receiver's certificate as a file, for NODE_EXTRA_CA_CERTS of spawned workers. */
export function receiverCaFile(certificatePem: string): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'fault-ca-'));
  const path = join(dir, 'receiver-ca.pem');
  writeFileSync(path, certificatePem);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
