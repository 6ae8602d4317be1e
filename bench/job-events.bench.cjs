#!/usr/bin/env node
/**
 * `node bench/job-events.bench.cjs`: 1,000 clients following one running job
 * on one API process (issue 15), beside a baseline measured in the same run:
 * the same 1,000 clients polling GET /v1/status/{id} every POLL_INTERVAL_MS.
 *
 * - streams: 1,000 open GET /v1/status/{id}/events. The job is moved UPDATES
 *   times by the service's own JobsRepository.recordProgress (dist), exactly as
 *   a worker does (commit, then publish on Redis). Measured: the service's RSS
 *   before and with the streams open, and for each update the time from the
 *   call to its arrival at each client (p50 over all arrivals; "all" = the
 *   last of the 1,000 clients), PostgreSQL transactions and service CPU time.
 * - polling: the same clients poll instead; the same updates; the time until
 *   each client has seen each update, the same resource figures.
 * The clients run in this process, so their own parsing is part of the latency.
 *
 * Runs the built service (dist/src/main.js, ROLE=api: no workers) against its
 * own database (scriptorium_job_events_bench, dropped at the end) and Redis
 * prefix. Results: bench/results/job-events.json and job-events.md.
 * Settings: BENCH_CLIENTS (1000), BENCH_UPDATES (20), BENCH_POLL_INTERVAL_MS (1000),
 * BENCH_ADMIN_DATABASE_URL, REDIS_URL.
 */
'use strict';
const http = require('node:http');
const { readFileSync } = require('node:fs');
const { createBench, dist, machine, writeResults } = require('./support/bench-kit.cjs');

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20);
const POLL_INTERVAL_MS = Number(process.env.BENCH_POLL_INTERVAL_MS ?? 1_000);
const OPEN_CONCURRENCY = 50;

const bench = createBench({
  name: 'job-events',
  databaseName: 'scriptorium_job_events_bench',
  redisPrefix: `bench-job-events-${process.pid}-${Date.now().toString(36)}`,
  serviceEnv: { RATE_LIMIT_DAILY: '1000000' },
});
const { log } = bench;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, condition, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The service process's resident memory (Linux), in MiB. */
function rssMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match[1]) / 102.4) / 10;
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function transactions() {
  const { rows } = await bench.query(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0].n);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms) => Math.round(ms * 10) / 10;

/** The service's own code (dist) in this process: a customer, and the job store a worker moves jobs with. */
async function openContext() {
  Object.assign(process.env, bench.serviceEnv({ ROLE: 'api' }));
  const { NestFactory } = require('@nestjs/core');
  const { loadConfig } = require(dist('config/app-config.js'));
  const { AppModule } = require(dist('app.module.js'));
  const context = await NestFactory.createApplicationContext(AppModule.forRole(loadConfig(process.env)), {
    logger: false,
  });
  const get = (file, name) => context.get(require(dist(file))[name], { strict: false });
  return {
    accounts: get('accounts/accounts.service.js', 'AccountsService'),
    credits: get('credits/credits.service.js', 'CreditsService'),
    keys: get('auth/api-keys.service.js', 'ApiKeysService'),
    jobs: get('jobs/jobs.repository.js', 'JobsRepository'),
    close: () => context.close(),
  };
}

/** One SSE client: the time each event id arrived. */
function openStream(base, requestId) {
  return new Promise((resolve, reject) => {
    const arrivals = new Map();
    const request = http.get(`${base}/v1/status/${requestId}/events`, { agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const now = performance.now();
        for (const match of chunk.matchAll(/^id: (\d+)$/gm)) arrivals.set(Number(match[1]), now);
      });
      resolve({ arrivals, close: () => request.destroy() });
    });
    request.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** One polling client: GET /status every interval; the time each progress value was first seen. */
function startPoller(base, requestId, offsetMs) {
  const seen = new Map();
  let running = true;
  let requests = 0;
  const poll = () =>
    new Promise((resolve) => {
      const request = http.get(`${base}/v1/status/${requestId}`, { agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          requests += 1;
          try {
            const progress = JSON.parse(body).progress;
            if (!seen.has(progress)) seen.set(progress, performance.now());
          } catch {
            // a non-JSON answer counts as a request that saw nothing
          }
          resolve();
        });
      });
      request.on('error', () => resolve());
    });
  const loop = (async () => {
    await sleep(offsetMs);
    while (running) {
      const started = Date.now();
      await poll();
      await sleep(Math.max(0, POLL_INTERVAL_MS - (Date.now() - started)));
    }
  })();
  return {
    seen,
    get requests() {
      return requests;
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Moves the job UPDATES times; `reached(k, startedAt)` resolves once every client has update k. */
async function runUpdates(jobs, requestId, firstProgress, reached, pauseMs) {
  const rounds = [];
  for (let k = 0; k < UPDATES; k += 1) {
    const startedAt = performance.now();
    await jobs.recordProgress(requestId, firstProgress + k, `Benchmark update ${k + 1}`);
    rounds.push(await reached(k, startedAt));
    await sleep(pauseMs);
  }
  return rounds;
}

function summarise(name, rounds, extra) {
  const all = rounds.flat();
  const lastPerUpdate = rounds.map((latencies) => Math.max(...latencies));
  return {
    name,
    arrivalsMs: { p50: round(percentile(all, 50)), p99: round(percentile(all, 99)), max: round(Math.max(...all)) },
    allClientsMs: { median: round(percentile(lastPerUpdate, 50)), worst: round(Math.max(...lastPerUpdate)) },
    ...extra,
  };
}

let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  agent.destroy();
  await bench.stopAll();
  await bench.deleteRedisKeys().catch((error) => log(`could not delete Redis keys: ${error}`));
  await bench.dropDatabase().catch((error) => log(`could not drop ${bench.databaseName}: ${error}`));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  log(`preparing ${bench.databaseName}`);
  await bench.recreateDatabase();
  const { child: api, base } = await bench.startService();
  const context = await openContext();
  const account = await context.accounts.create('Job events benchmark');
  await context.credits.grant(account.id, 1_000_000);
  const { apiKey } = await context.keys.create({ accountId: account.id, name: 'bench' });
  const accepted = await fetch(`${base}/v1/book`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ prompt: 'bench' }),
  });
  if (accepted.status !== 202) throw new Error(`POST /v1/book answered ${accepted.status}`);
  const { requestId } = await accepted.json();
  // No worker runs: the benchmark is the worker, through the service's own job store.
  await context.jobs.markProcessing(requestId, 'Generation started');
  await sleep(1_000);
  const idleRss = rssMiB(api.pid);

  log(`opening ${CLIENTS} streams`);
  const streams = [];
  for (let next = 0; next < CLIENTS;) {
    const batch = Array.from({ length: Math.min(OPEN_CONCURRENCY, CLIENTS - next) }, () => openStream(base, requestId));
    streams.push(...(await Promise.all(batch)));
    next += batch.length;
  }
  await until('every stream has the current state', () => streams.every((stream) => stream.arrivals.size > 0));
  await sleep(1_000);
  const streamsRss = rssMiB(api.pid);
  const firstId = Math.max(...streams[0].arrivals.keys());
  let [cpuBefore, txBefore, wallBefore] = [cpuSeconds(api.pid), await transactions(), performance.now()];
  const streamRounds = await runUpdates(
    context.jobs,
    requestId,
    10,
    async (k, startedAt) => {
      const id = firstId + k + 1;
      await until(`update ${k + 1} at every stream`, () => streams.every((stream) => stream.arrivals.has(id)));
      return streams.map((stream) => stream.arrivals.get(id) - startedAt);
    },
    250,
  );
  let wall = (performance.now() - wallBefore) / 1000;
  const streamsRun = summarise('1,000 SSE streams', streamRounds, {
    rssMiB: streamsRss,
    rssPerClientKiB: Math.round(((streamsRss - idleRss) * 1024) / CLIENTS),
    cpuSecondsPerSecond: Number(((cpuSeconds(api.pid) - cpuBefore) / wall).toFixed(2)),
    // The benchmark's own updates are transactions too: one per update, like a worker's.
    databaseTransactionsPerSecond: Math.round(((await transactions()) - txBefore) / wall),
    requestsPerSecond: 0,
  });
  log(`streams: ${JSON.stringify(streamsRun)}`);
  for (const stream of streams) stream.close();
  await sleep(2_000);

  log(`${CLIENTS} clients polling every ${POLL_INTERVAL_MS} ms`);
  const pollers = Array.from({ length: CLIENTS }, (_, index) =>
    startPoller(base, requestId, (index * POLL_INTERVAL_MS) / CLIENTS),
  );
  await until('every poller has an answer', () => pollers.every((poller) => poller.seen.size > 0));
  await sleep(POLL_INTERVAL_MS);
  const pollingRss = rssMiB(api.pid);
  const requestsBefore = pollers.reduce((sum, poller) => sum + poller.requests, 0);
  [cpuBefore, txBefore, wallBefore] = [cpuSeconds(api.pid), await transactions(), performance.now()];
  const pollRounds = await runUpdates(
    context.jobs,
    requestId,
    10 + UPDATES,
    async (k, startedAt) => {
      const progress = 10 + UPDATES + k;
      await until(`update ${k + 1} seen by every poller`, () => pollers.every((poller) => poller.seen.has(progress)));
      return pollers.map((poller) => poller.seen.get(progress) - startedAt);
    },
    250,
  );
  wall = (performance.now() - wallBefore) / 1000;
  const requests = pollers.reduce((sum, poller) => sum + poller.requests, 0) - requestsBefore;
  const pollingRun = summarise(`1,000 clients polling every ${POLL_INTERVAL_MS} ms`, pollRounds, {
    rssMiB: pollingRss,
    rssPerClientKiB: Math.round(((pollingRss - idleRss) * 1024) / CLIENTS),
    cpuSecondsPerSecond: Number(((cpuSeconds(api.pid) - cpuBefore) / wall).toFixed(2)),
    databaseTransactionsPerSecond: Math.round(((await transactions()) - txBefore) / wall),
    requestsPerSecond: Math.round(requests / wall),
  });
  log(`polling: ${JSON.stringify(pollingRun)}`);
  await Promise.all(pollers.map((poller) => poller.stop()));
  await context.close();

  report({ idleRss, runs: [streamsRun, pollingRun] });
}

function report({ idleRss, runs }) {
  const date = new Date().toISOString();
  const host = machine();
  const json = {
    date,
    machine: host,
    settings: { clients: CLIENTS, updates: UPDATES, pollIntervalMs: POLL_INTERVAL_MS },
    idleRssMiB: idleRss,
    runs,
  };
  const md = [
    `Measured ${date} on ${host.cpus} CPUs (${host.model}), Node ${host.node}: one API process (ROLE=api), ` +
      `${CLIENTS} clients on one running job, ${UPDATES} updates (recordProgress, as a worker commits and publishes ` +
      `them), 250 ms apart after every client had the previous one. Latency: from the update call to its arrival ` +
      `at a client (the clients run in the benchmark process). Baseline, same run: the same clients polling ` +
      `GET /v1/status/{id} every ${POLL_INTERVAL_MS} ms. Service RSS idle: ${idleRss} MiB.`,
    '',
    '| Run | arrival p50 ms | arrival p99 ms | all clients, median ms | all clients, worst ms | RSS MiB | RSS per client KiB | CPU s/s | DB transactions/s | requests/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${run.name} | ${run.arrivalsMs.p50} | ${run.arrivalsMs.p99} | ${run.allClientsMs.median} | ` +
        `${run.allClientsMs.worst} | ${run.rssMiB} | ${run.rssPerClientKiB} | ${run.cpuSecondsPerSecond} | ` +
        `${run.databaseTransactionsPerSecond} | ${run.requestsPerSecond} |`,
    ),
    '',
  ].join('\n');
  writeResults('job-events', json, md);
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
