import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import {
  adminQuery,
  databaseUrl,
  freePort,
  REPOSITORY_ROOT,
  runConsole,
  SERVICE_HANDOVER,
  startProcess,
  waitForHttp,
} from './service-process';

/** What teardown needs to undo; global setup and teardown run in one process. */
export interface ServiceUnderTest {
  child: ChildProcess;
  databaseName: string;
  redisUrl: string;
  redisPrefix: string;
}

declare global {
  var scriptoriumServiceUnderTest: ServiceUnderTest | undefined;
}

/**
 * Jest global setup of the `service` project: builds the service if its
 * sources changed, then runs it as operators do (`node dist/src/main.js`,
 * API and workers in one process) on a migrated database and a Redis prefix
 * of this run's own, and creates one account with credits. Books are written
 * by the offline builtin provider, so they finish in seconds.
 */
export default async function startService(): Promise<void> {
  execFileSync('bash', ['scripts/ensure-built.sh'], { cwd: REPOSITORY_ROOT, stdio: 'inherit' });

  const run = randomBytes(4).toString('hex');
  const databaseName = `scriptorium_client_test_${run}`;
  const port = await freePort();
  const settings: Record<string, string> = {
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `client-test-${run}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  execFileSync(process.execPath, ['dist/src/database/migrate.js'], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, ...settings },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const child = startProcess('dist/src/main.js', {
    ...settings,
    ROLE: 'all',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}/v1`,
    GENERATION_PROVIDER: 'builtin',
    // Long enough per section that a test can cancel a book before it is written.
    BUILTIN_SECTION_DELAY_MS: '300',
    CANCEL_CHECK_SECONDS: '0.5',
    // Test receivers listen on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Keys made by tests choose their own limits; these are for keys that do not.
    RATE_LIMIT_DAILY: '1000',
    RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  });
  globalThis.scriptoriumServiceUnderTest = {
    child,
    databaseName,
    redisUrl: settings.REDIS_URL ?? '',
    redisPrefix: settings.REDIS_PREFIX ?? '',
  };
  await waitForHttp(`http://127.0.0.1:${port}/health/ready`, child);

  const account = await runConsole<{ accountId: string; webhookSecret: string }>(settings, [
    'account:create',
    '--name',
    'client tests',
    '--credits',
    '1000000',
    '--json',
  ]);
  // Jest's workers start after global setup and inherit its environment.
  process.env[SERVICE_HANDOVER.baseUrl] = `http://127.0.0.1:${port}/v1`;
  process.env[SERVICE_HANDOVER.accountId] = account.accountId;
  process.env[SERVICE_HANDOVER.webhookSecret] = account.webhookSecret;
  process.env[SERVICE_HANDOVER.settings] = JSON.stringify(settings);
}
