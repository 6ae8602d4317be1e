#!/usr/bin/env node
/**
 * `node bench/admission.bench.cjs`: POST /v1/book admission under load (issue 13),
 * beside a baseline measured in the same run on the same machine: a bare
 * Fastify server with a `pg` pool and an ioredis client that does one INSERT
 * and one Redis call (INCR) per request and answers 202.
 *
 * Two scenarios, each run against the baseline first and the service right after,
 * with the same autocannon settings and the same rotation of X-API-Key headers
 * (round robin over the scenario's 1,000 keys, one key per request):
 *   A. one account holding 1,000 keys (every reservation debits the same account row);
 *   B. 1,000 accounts with one key each.
 * Every account has 1e12 credits, so no reservation fails. Targets: service
 * throughput >= 0.5x the baseline's, service p99 < 100 ms, at 100 connections.
 * Only 202 answers count as successes; the script exits 1 when more than 1% of
 * the answers of a measured run are not 202 (the reports are still written).
 *
 * Runs the built service (dist/src/main.js, ROLE=api: no workers, no reconciler)
 * against its own database (scriptorium_admission_bench, dropped at the end) and
 * its own Redis prefix (deleted at the end). Results go to
 * bench/results/admission.json and bench/results/admission.md.
 * Settings: BENCH_DURATION_SECONDS (default 10), BENCH_CONNECTIONS (100),
 * BENCH_WARMUP_SECONDS (2), BENCH_ADMIN_DATABASE_URL, REDIS_URL.
 */
'use strict';
require('reflect-metadata');
const { spawn } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const Redis = require('ioredis');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..');
const dist = (file) => path.join(root, 'dist', 'src', file);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = 'scriptorium_admission_bench';
const DATABASE_URL = ADMIN_URL.replace(/\/[^/?]+(\?.*)?$/, `/${DATABASE_NAME}$1`);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `bench-admission-${process.pid}-${Date.now().toString(36)}`;
const SECRETS_ENCRYPTION_KEY = '0f'.repeat(32);
const KEYS = 1_000;
const ACCOUNTS = 1_000;
const CREDITS = 1_000_000_000_000;
const BODY = JSON.stringify({ prompt: 'bench' });
const MAX_NOT_ACCEPTED_SHARE = 0.01;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;
const KEY_MAP_FILE = path.join(os.tmpdir(), `${REDIS_PREFIX}-keys.json`);

const children = [];
process.on('exit', () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

function log(message) {
  process.stderr.write(`[bench:admission] ${message}\n`);
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function serviceEnv(extra = {}) {
  return {
    ...process.env,
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX,
    SECRETS_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DAILY: '1000000000',
    RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
    RECONCILER_ENABLED: 'false',
    WORKER_METRICS_PORT: '0',
    ...extra,
  };
}

/** A child whose output is kept (the last 20,000 characters) to show when something goes wrong. */
function start(name, args, env) {
  const child = spawn(process.execPath, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = name;
  child.output = '';
  const keep = (chunk) => (child.output = (child.output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code) => {
    if (!child.stopping) log(`${name} exited with ${code}: ${child.output.slice(-2000)}`);
  });
  children.push(child);
  return child;
}

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

async function adminQuery(sql) {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh database with the service's migrations, plus the baseline's table. */
async function recreateDatabase() {
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DATABASE_NAME}`);
  const migrate = start('migrate', [dist('database/migrate.js')], serviceEnv());
  migrate.stopping = true;
  const code = await new Promise((resolve) => migrate.on('exit', resolve));
  if (code !== 0) throw new Error(`migrate exited ${code}: ${migrate.output.slice(-2000)}`);
  const database = new Client({ connectionString: DATABASE_URL });
  await database.connect();
  await database.query(`CREATE TABLE bench_baseline (
    id uuid PRIMARY KEY,
    account_id uuid NOT NULL,
    body jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await database.end();
}

/** Runs `task(0..count-1)` with at most `concurrency` in flight; results in index order. */
async function inParallel(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return results;
}

/**
 * Both scenarios' customers, through the service's own code (dist): keys
 * without per-key limits, accounts with CREDITS each. Returns for each
 * scenario the list of { apiKey, accountId }.
 */
async function createCustomers() {
  Object.assign(process.env, serviceEnv({ ROLE: 'api' }));
  const { NestFactory } = require('@nestjs/core');
  const { loadConfig } = require(dist('config/app-config.js'));
  const { AppModule } = require(dist('app.module.js'));
  const { AccountsService } = require(dist('accounts/accounts.service.js'));
  const { ApiKeysService } = require(dist('auth/api-keys.service.js'));
  const { CreditsService } = require(dist('credits/credits.service.js'));
  const config = loadConfig(process.env);
  const context = await NestFactory.createApplicationContext(AppModule.forRole(config), { logger: false });
  const accounts = context.get(AccountsService, { strict: false });
  const credits = context.get(CreditsService, { strict: false });
  const keys = context.get(ApiKeysService, { strict: false });

  const single = await accounts.create('Admission benchmark: one account');
  await credits.grant(single.id, CREDITS);
  const oneAccount = await inParallel(KEYS, 8, async (index) => ({
    apiKey: (await keys.create({ accountId: single.id, name: `bench ${index}` })).apiKey,
    accountId: single.id,
  }));

  const manyAccounts = await inParallel(ACCOUNTS, 8, async (index) => {
    const account = await accounts.create(`Admission benchmark ${index}`);
    await credits.grant(account.id, CREDITS);
    const created = await keys.create({ accountId: account.id, name: 'bench' });
    return { apiKey: created.apiKey, accountId: account.id };
  });
  await context.close();
  return { oneAccount, manyAccounts };
}

/** The service's PostgreSQL pool size, so that the baseline gets the same. */
function servicePoolSize() {
  const { dataSourceOptions } = require(dist('database/data-source-options.js'));
  return Number(dataSourceOptions(DATABASE_URL).extra.max);
}

/**
 * The obvious alternative: Fastify, pg and ioredis, no framework on top. The key
 * is looked up in memory (key -> account), then one Redis call and one INSERT.
 */
function baselineSource() {
  return `
    const { randomUUID } = require('node:crypto');
    const { readFileSync } = require('node:fs');
    const fastify = require('fastify')({ logger: false });
    const { Pool } = require('pg');
    const Redis = require('ioredis');
    const accounts = new Map(Object.entries(JSON.parse(readFileSync(process.env.KEY_MAP_FILE, 'utf8'))));
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
    const redis = new Redis(process.env.REDIS_URL);
    const prefix = process.env.REDIS_PREFIX + ':baseline:';
    fastify.get('/health', async () => ({ ok: true }));
    fastify.post('/v1/book', async (request, reply) => {
      const apiKey = request.headers['x-api-key'];
      const accountId = typeof apiKey === 'string' ? accounts.get(apiKey) : undefined;
      if (!accountId) return reply.code(401).send({ success: false, error: 'Invalid API key' });
      await redis.incr(prefix + apiKey);
      const id = randomUUID();
      await pool.query('INSERT INTO bench_baseline (id, account_id, body) VALUES ($1, $2, $3)', [
        id, accountId, JSON.stringify(request.body ?? {}),
      ]);
      return reply.code(202).send({ success: true, requestId: id, status: 'queued' });
    });
    fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  `;
}

/** One autocannon run of POST /v1/book, the keys taken in turn, one per request. */
function load(name, base, customers, duration) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}/v1/book`,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-api-key': customers[next++ % customers.length].apiKey,
              },
              body: BODY,
            }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
        );
        const accepted = statusCodes['202'] ?? 0;
        const answered = result.requests.total;
        const attempts = answered + result.errors + result.timeouts;
        const notAccepted = attempts - accepted;
        const summary = {
          name,
          durationSeconds: result.duration,
          requestsPerSecond: Math.round(accepted / result.duration),
          latencyMs: {
            p50: result.latency.p50,
            p90: result.latency.p90,
            p99: result.latency.p99,
            max: result.latency.max,
          },
          accepted,
          answered,
          statusCodes,
          errors: result.errors,
          timeouts: result.timeouts,
          notAccepted,
          notAcceptedShare: attempts === 0 ? 1 : Number((notAccepted / attempts).toFixed(4)),
        };
        log(
          `${name}: ${summary.requestsPerSecond} accepted/s, p50 ${summary.latencyMs.p50} ms, ` +
            `p99 ${summary.latencyMs.p99} ms, not 202: ${notAccepted} (${JSON.stringify(statusCodes)}, ` +
            `errors ${result.errors}, timeouts ${result.timeouts})`,
        );
        resolve(summary);
      },
    );
  });
}

/** A short warm-up (discarded), then the measured run. */
async function measure(name, base, customers) {
  if (WARMUP > 0) await load(`${name} (warm-up)`, base, customers, WARMUP);
  return load(name, base, customers, DURATION);
}

async function deleteRedisKeys() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}:*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.all(children.map(stop));
  rmSync(KEY_MAP_FILE, { force: true });
  await deleteRedisKeys().catch((error) => log(`could not delete Redis keys ${REDIS_PREFIX}:*: ${error}`));
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`).catch((error) =>
    log(`could not drop ${DATABASE_NAME}: ${error}`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function report(scenarios, reservationsFailed) {
  const date = new Date().toISOString();
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  for (const scenario of scenarios) {
    scenario.ratio = Number((scenario.service.requestsPerSecond / scenario.baseline.requestsPerSecond).toFixed(2));
    scenario.targets = {
      ratio: { target: `>= ${TARGET_RATIO}x`, met: scenario.ratio >= TARGET_RATIO },
      p99: { target: `< ${TARGET_P99_MS} ms`, met: scenario.service.latencyMs.p99 < TARGET_P99_MS },
    };
  }
  const json = {
    date,
    machine,
    settings: {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      keysPerScenario: KEYS,
      creditsPerAccount: CREDITS,
      body: JSON.parse(BODY),
      poolSize: scenarios[0]?.poolSize,
    },
    scenarios: scenarios.map(({ poolSize: _poolSize, ...scenario }) => scenario),
    reservationsFailed,
  };
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'admission.json'), `${JSON.stringify(json, null, 2)}\n`);

  const met = (target) => (target.met ? 'met' : 'missed');
  const codes = (run) =>
    [
      ...Object.entries(run.statusCodes)
        .filter(([code]) => code !== '202')
        .map(([code, count]) => `${count} x ${code}`),
      ...(run.errors ? [`${run.errors} errors`] : []),
      ...(run.timeouts ? [`${run.timeouts} timeouts`] : []),
    ].join(', ') || 'none';
  const md = [
    `Measured ${date} on ${machine.cpus} CPUs (${machine.model}), Node ${machine.node}; ${CONNECTIONS} connections, ` +
      `${DURATION} s per run after a ${WARMUP} s warm-up; POST /v1/book \`${BODY}\`, keys in turn. ` +
      `Baseline: bare Fastify + pg (pool ${json.settings.poolSize}, as the service) + ioredis, one INSERT and one INCR per request. ` +
      'req/s counts 202 answers only.',
    '',
    '| Run | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | >= 0.5x | p99 < 100 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...scenarios.map(
      (s) =>
        `| POST /v1/book admission, ${s.name} | ${s.service.requestsPerSecond} | ${s.service.latencyMs.p50} | ` +
        `${s.service.latencyMs.p99} | ${s.baseline.requestsPerSecond} | ${s.baseline.latencyMs.p99} | ${s.ratio}x | ` +
        `${met(s.targets.ratio)} | ${met(s.targets.p99)} |`,
    ),
    '',
    'Answers other than 202 in the measured runs:',
    '',
    ...scenarios.flatMap((s) => [`- ${s.name}: service ${codes(s.service)}; baseline ${codes(s.baseline)}`]),
    `- credit reservations that failed (jobs with nothing reserved): ${reservationsFailed}`,
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'admission.md'), md);
  process.stdout.write(`${md}\n`);
}

async function main() {
  log(`preparing ${DATABASE_NAME}, one account with ${KEYS} keys and ${ACCOUNTS} accounts with one key each`);
  await recreateDatabase();
  const customers = await createCustomers();
  const poolSize = servicePoolSize();
  const keyMap = {};
  for (const { apiKey, accountId } of [...customers.oneAccount, ...customers.manyAccounts]) keyMap[apiKey] = accountId;
  writeFileSync(KEY_MAP_FILE, JSON.stringify(keyMap));

  const baselinePort = await freePort();
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const baseline = start('baseline', ['-e', baselineSource()], {
    ...process.env,
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX,
    KEY_MAP_FILE,
    POOL_SIZE: String(poolSize),
    PORT: String(baselinePort),
    NODE_PATH: path.join(root, 'node_modules'),
  });
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}`;
  const api = start(
    'service',
    [dist('main.js')],
    serviceEnv({ ROLE: 'api', PORT: String(apiPort), HOST: '127.0.0.1', BASE_URL: `${base}/v1` }),
  );
  await waitForHttp(`${baselineBase}/health`, baseline);
  await waitForHttp(`${base}/health/live`, api);

  const scenarios = [];
  for (const [name, list] of [
    ['one account, 1,000 keys', customers.oneAccount],
    ['1,000 accounts', customers.manyAccounts],
  ]) {
    const baselineRun = await measure(`baseline, ${name}`, baselineBase, list);
    const serviceRun = await measure(`service, ${name}`, base, list);
    scenarios.push({ name, poolSize, service: serviceRun, baseline: baselineRun });
  }

  const database = new Client({ connectionString: DATABASE_URL });
  await database.connect();
  const { rows } = await database.query('SELECT count(*)::int AS failed FROM book_jobs WHERE credits_reserved = 0');
  await database.end();
  const reservationsFailed = rows[0].failed;

  report(scenarios, reservationsFailed);

  const failures = scenarios
    .flatMap((s) => [s.service, s.baseline])
    .filter((run) => run.notAcceptedShare > MAX_NOT_ACCEPTED_SHARE);
  if (failures.length > 0) {
    log(`service output (last lines):\n${api.output.slice(-3000)}`);
    throw new Error(
      `more than ${MAX_NOT_ACCEPTED_SHARE * 100}% of answers were not 202 in: ` +
        failures.map((run) => `${run.name} (${(run.notAcceptedShare * 100).toFixed(2)}%)`).join(', '),
    );
  }
  if (reservationsFailed > 0) throw new Error(`${reservationsFailed} credit reservations failed`);
}

main()
  .then(
    () => 0,
    (error) => {
      log(error.stack ?? String(error));
      return 1;
    },
  )
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
