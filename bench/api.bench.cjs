#!/usr/bin/env node
/**
 * `npm run bench:api`: the HTTP API under load, against a baseline measured in
 * the same run on the same machine (a bare Fastify server doing the same
 * primary-key lookup with `pg`). Results go to bench/results/api.json and
 * bench/results/api.md; the README quotes the table.
 *
 * Runs against its own database (scriptorium_bench on the local PostgreSQL)
 * and Redis prefix, with the built service (dist/) as operators run it.
 * Settings: BENCH_DURATION_SECONDS (default 10), BENCH_CONNECTIONS (100),
 * BENCH_E2E_JOBS (60), BENCH_ADMIN_DATABASE_URL.
 */
'use strict';
const { autocannonRun, createBench, dist, latencyMs, machine, writeResults } = require('./support/bench-kit.cjs');

const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const E2E_JOBS = Number(process.env.BENCH_E2E_JOBS ?? 60);
const KEYS = 1_000;

const bench = createBench({
  name: 'api',
  databaseName: 'scriptorium_bench',
  redisPrefix: `bench-${process.pid}`,
  serviceEnv: { RATE_LIMIT_DAILY: '1000000' },
});
const { log, serviceEnv, start, stop } = bench;

/** One account with plenty of credits and 1,000 keys without per-key limits, through the service's own code. */
async function createCustomers() {
  const service = await bench.openServiceContext();
  const account = await service.accounts.create('Benchmark');
  await service.credits.grant(account.id, 1_000_000_000);
  const apiKeys = [];
  for (let index = 0; index < KEYS; index += 1) {
    const created = await service.keys.create({ accountId: account.id, name: `bench ${index}` });
    apiKeys.push(created.apiKey);
  }
  await service.close();
  return apiKeys;
}

/** The obvious alternative: Fastify and pg, one indexed lookup, no framework on top. */
function baselineSource() {
  return `
    const fastify = require('fastify')({ logger: false });
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    fastify.get('/v1/status/:id', async (request, reply) => {
      const { rows } = await pool.query(
        'SELECT id, status, progress, messages, created_at, completed_at, credits_used, error FROM book_jobs WHERE id = $1',
        [request.params.id],
      );
      const job = rows[0];
      if (!job) return reply.code(404).send({ success: false, error: 'Request not found', errorCode: 'NOT_FOUND' });
      return {
        requestId: job.id, status: job.status, progress: job.progress, messages: job.messages,
        createdAt: job.created_at.toISOString(), completedAt: job.completed_at ? job.completed_at.toISOString() : null,
        creditsUsed: job.credits_used,
      };
    });
    fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  `;
}

async function run(name, options) {
  const result = await autocannonRun({ connections: CONNECTIONS, duration: DURATION, ...options });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const summary = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: latencyMs(result),
    requests: result.requests.total,
    failures: non2xx,
  };
  log(`${name}: ${summary.requestsPerSecond} req/s, p99 ${summary.latencyMs.p99} ms, failures ${non2xx}`);
  return summary;
}

async function submit(base, apiKey, body = { output_format: 'txt' }) {
  const response = await fetch(`${base}/v1/book`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`POST /v1/book answered ${response.status}: ${await response.text()}`);
  return (await response.json()).requestId;
}

async function waitForAll(base, ids, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(ids);
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`${pending.size} jobs unfinished`);
    for (const id of [...pending]) {
      const status = await (await fetch(`${base}/v1/status/${id}`)).json();
      if (status.status === 'completed') pending.delete(id);
      else if (status.status === 'failed') throw new Error(`job ${id} failed: ${status.error}`);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function endToEnd(base, apiKeys, workers) {
  const processes = [];
  for (let index = 0; index < workers; index += 1) {
    processes.push(start('worker', [dist('worker.js')], serviceEnv({ ROLE: 'worker', GENERATION_CONCURRENCY: '4' })));
  }
  // Let the workers connect before the clock starts: we measure throughput, not start-up.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const started = Date.now();
  // Submitted all at once, in the formats that make workers work (layout, zip), so the clock measures the workers.
  const formats = ['pdf', 'epub', 'html'];
  const ids = await Promise.all(
    Array.from({ length: E2E_JOBS }, (_, index) =>
      submit(base, apiKeys[index % apiKeys.length], { output_format: formats[index % formats.length], model: '3.0' }),
    ),
  );
  await waitForAll(base, ids);
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(processes.map(stop));
  const jobsPerMinute = Math.round((E2E_JOBS / seconds) * 60);
  log(`end to end with ${workers} worker(s): ${E2E_JOBS} jobs in ${seconds.toFixed(1)} s = ${jobsPerMinute} jobs/min`);
  return { workers, jobs: E2E_JOBS, seconds: Number(seconds.toFixed(2)), jobsPerMinute };
}

async function main() {
  log('preparing a fresh database and 1,000 keys');
  await bench.recreateDatabase();
  const apiKeys = await createCustomers();

  const { child: api, base } = await bench.startService();

  // A finished job (one worker, then gone) and a job that stays queued: the two kinds of status answers.
  const worker = start('worker', [dist('worker.js')], serviceEnv({ ROLE: 'worker' }));
  const finishedId = await submit(base, apiKeys[0]);
  await waitForAll(base, [finishedId]);
  await stop(worker);
  const runningId = await submit(base, apiKeys[1]);

  const { child: baseline, base: baselineBase } = await bench.startBaseline(baselineSource());
  await bench.waitForHttp(`${baselineBase}/v1/status/${finishedId}`, baseline);

  const results = {};
  results.baselineFinished = await run('baseline: bare Fastify + pg, finished job', {
    url: `${baselineBase}/v1/status/${finishedId}`,
  });
  results.statusFinished = await run('API: GET /v1/status, finished job', { url: `${base}/v1/status/${finishedId}` });
  results.baselineRunning = await run('baseline: bare Fastify + pg, queued job', {
    url: `${baselineBase}/v1/status/${runningId}`,
  });
  results.statusRunning = await run('API: GET /v1/status, queued job', { url: `${base}/v1/status/${runningId}` });

  let next = 0;
  results.admission = await run('API: POST /v1/book admission, 1,000 keys', {
    url: `${base}/v1/book`,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-api-key': apiKeys[(next += 1) % apiKeys.length] },
          body: JSON.stringify({ output_format: 'txt' }),
        }),
      },
    ],
  });
  await stop(baseline);

  // The admission run left thousands of queued jobs: clear them so the end-to-end runs measure only their own.
  await bench.query(`UPDATE book_jobs SET status = 'failed', error = 'benchmark cleanup' WHERE status = 'queued'`);
  await bench.deleteRedisKeys('bull:*');

  results.endToEnd = [];
  for (const workers of [1, 2, 4]) results.endToEnd.push(await endToEnd(base, apiKeys, workers));
  await stop(api);

  const ratio = (a, b) => Number((a.requestsPerSecond / b.requestsPerSecond).toFixed(2));
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { durationSeconds: DURATION, connections: CONNECTIONS, keys: KEYS, endToEndJobs: E2E_JOBS },
    results,
    ratios: {
      finishedVsBaseline: ratio(results.statusFinished, results.baselineFinished),
      runningVsBaseline: ratio(results.statusRunning, results.baselineRunning),
      endToEndScaling: results.endToEnd.map((e) =>
        Number((e.jobsPerMinute / results.endToEnd[0].jobsPerMinute).toFixed(2)),
      ),
    },
  };
  const rows = [
    [
      'GET /v1/status, finished job',
      results.statusFinished,
      results.baselineFinished,
      report.ratios.finishedVsBaseline,
      '>= 1.0x',
    ],
    [
      'GET /v1/status, queued job',
      results.statusRunning,
      results.baselineRunning,
      report.ratios.runningVsBaseline,
      '>= 0.6x',
    ],
  ];
  const md = [
    `Measured ${report.date} on ${report.machine.cpus} CPUs (${report.machine.model}), Node ${report.machine.node}; ${CONNECTIONS} connections, ${DURATION} s per run.`,
    '',
    '| Run | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      ([name, r, b, x, target]) =>
        `| ${name} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${b.requestsPerSecond} | ${b.latencyMs.p99} | ${x}x | ${target} |`,
    ),
    `| POST /v1/book admission, 1,000 keys | ${results.admission.requestsPerSecond} | ${results.admission.latencyMs.p50} | ${results.admission.latencyMs.p99} | | | | |`,
    '',
    '| Workers | Jobs | Seconds | Jobs/min | vs 1 worker |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...results.endToEnd.map(
      (e, i) =>
        `| ${e.workers} | ${e.jobs} | ${e.seconds} | ${e.jobsPerMinute} | ${report.ratios.endToEndScaling[i]}x |`,
    ),
    '',
  ].join('\n');
  writeResults('api', report, md);
}

main().then(
  () => process.exit(0),
  (error) => {
    log(error.stack ?? String(error));
    process.exit(1);
  },
);
