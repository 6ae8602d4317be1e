/**
 * What the HTTP benchmarks (api.bench.cjs, admission.bench.cjs) share: running
 * the built service (dist/) in child processes against a database and Redis
 * prefix of their own, and writing bench/results/.
 *
 * - createBench({ name, databaseName, redisPrefix, serviceEnv }): one benchmark's
 *   `log` ([bench:<name>] on stderr), `serviceEnv`, `start`/`stop`/`stopAll` of
 *   child node processes (their output kept for errors, killed when this process
 *   exits), `startService` (the API, ROLE=api, on a free port), `startBaseline`
 *   (a bare server from source, with the project's node_modules), `waitForHttp`,
 *   `recreateDatabase` (fresh, with the service's migrations), `dropDatabase`,
 *   `adminQuery`, `query`, `deleteRedisKeys`, `openServiceContext` (the service's
 *   accounts, credits and keys in this process).
 * - freePort, autocannonRun, latencyMs, machine, writeResults, root, dist.
 *
 * Settings: BENCH_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * REDIS_URL (default redis://127.0.0.1:6379).
 */
'use strict';
require('reflect-metadata');
const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const Redis = require('ioredis');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..', '..');
const dist = (file) => path.join(root, 'dist', 'src', file);
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRETS_ENCRYPTION_KEY = '0f'.repeat(32);

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function query(connectionString, sql, params) {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** One autocannon run; resolves with autocannon's result. */
function autocannonRun(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const latencyMs = (result) => ({
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  max: result.latency.max,
});

const machine = () => ({
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
});

/** bench/results/<name>.json and <name>.md; the Markdown is printed too. */
function writeResults(name, json, md) {
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(out, `${name}.md`), md);
  process.stdout.write(`${md}\n`);
}

/**
 * @param {{ name: string, databaseName: string, redisPrefix: string, serviceEnv?: Record<string, string> }} options
 *   serviceEnv: settings of this benchmark's service processes over the common ones.
 */
function createBench({ name, databaseName, redisPrefix, serviceEnv: settings = {} }) {
  const databaseUrl = ADMIN_URL.replace(/\/[^/?]+(\?.*)?$/, `/${databaseName}$1`);
  const children = [];
  process.on('exit', () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  function log(message) {
    process.stderr.write(`[bench:${name}] ${message}\n`);
  }

  function serviceEnv(extra = {}) {
    return {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SECRETS_ENCRYPTION_KEY,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
      RECONCILER_ENABLED: 'false',
      WORKER_METRICS_PORT: '0',
      ...settings,
      ...extra,
    };
  }

  /** A child node process whose output is kept (the last 20,000 characters) to show when something goes wrong. */
  function start(label, args, env) {
    const child = spawn(process.execPath, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.label = label;
    child.output = '';
    const keep = (chunk) => (child.output = (child.output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => {
      if (!child.stopping) log(`${label} exited with ${code}: ${child.output.slice(-2000)}`);
    });
    children.push(child);
    return child;
  }

  /** SIGTERM, then SIGKILL after 10 s; resolves when the child is gone. */
  async function stop(child) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stopping = true;
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  const stopAll = () => Promise.all(children.map(stop));

  async function waitForHttp(url, child, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${child.label} exited before answering ${url}`);
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`${url} did not come up`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The built service's API (dist/src/main.js, ROLE=api) on a free port, once it answers. */
  async function startService() {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // BENCH_PROFILE_DIR: write a V8 CPU profile of the service there when it stops (open it in Chrome DevTools).
    const profile = process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [];
    const child = start(
      'service',
      [...profile, dist('main.js')],
      serviceEnv({ ROLE: 'api', PORT: String(port), HOST: '127.0.0.1', BASE_URL: `${base}/v1` }),
    );
    await waitForHttp(`${base}/health/live`, child);
    return { child, base };
  }

  /** `node -e source` on a free port (PORT), with this benchmark's database and Redis and the project's node_modules. */
  async function startBaseline(source, env = {}) {
    const port = await freePort();
    const child = start('baseline', ['-e', source], {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      ...env,
      PORT: String(port),
      NODE_PATH: path.join(root, 'node_modules'),
    });
    return { child, base: `http://127.0.0.1:${port}` };
  }

  const adminQuery = (sql) => query(ADMIN_URL, sql);

  /** A fresh database with the service's migrations. */
  async function recreateDatabase() {
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const migrate = start('migrate', [dist('database/migrate.js')], serviceEnv());
    migrate.stopping = true;
    const code = await new Promise((resolve) => migrate.on('exit', resolve));
    if (code !== 0) throw new Error(`migrate exited ${code}: ${migrate.output.slice(-2000)}`);
  }

  const dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);

  /** Deletes the keys under this benchmark's Redis prefix that match `pattern` (default: all). */
  async function deleteRedisKeys(pattern = '*') {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:${pattern}`, 'COUNT', 1000);
        cursor = nextCursor;
        if (keys.length > 0) await redis.unlink(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }

  /** The service's own code (dist) in this process, as ROLE=api: its accounts, credits and API keys services. */
  async function openServiceContext() {
    Object.assign(process.env, serviceEnv({ ROLE: 'api' }));
    const { NestFactory } = require('@nestjs/core');
    const { loadConfig } = require(dist('config/app-config.js'));
    const { AppModule } = require(dist('app.module.js'));
    const { AccountsService } = require(dist('accounts/accounts.service.js'));
    const { ApiKeysService } = require(dist('auth/api-keys.service.js'));
    const { CreditsService } = require(dist('credits/credits.service.js'));
    const config = loadConfig(process.env);
    const context = await NestFactory.createApplicationContext(AppModule.forRole(config), { logger: false });
    const get = (type) => context.get(type, { strict: false });
    return {
      accounts: get(AccountsService),
      credits: get(CreditsService),
      keys: get(ApiKeysService),
      close: () => context.close(),
    };
  }

  return {
    databaseName,
    databaseUrl,
    redisUrl: REDIS_URL,
    redisPrefix,
    log,
    serviceEnv,
    start,
    stop,
    stopAll,
    waitForHttp,
    startService,
    startBaseline,
    adminQuery,
    query: (sql, params) => query(databaseUrl, sql, params),
    recreateDatabase,
    dropDatabase,
    deleteRedisKeys,
    openServiceContext,
  };
}

module.exports = { root, dist, freePort, autocannonRun, latencyMs, machine, writeResults, createBench };
