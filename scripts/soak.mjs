#!/usr/bin/env node
/**
 * Soak test of the whole service with real processes: N API processes and M
 * workers on the machine's PostgreSQL and Redis, a local HTTPS webhook
 * receiver, one account with many API keys submitting thousands of books
 * round-robin across keys and API processes. It then checks, and prints as
 * one JSON document on stdout:
 *
 *   - zero lost jobs        every 202 has a job that reached a terminal state (and none failed)
 *   - zero double charges   at most one `charge` ledger row per job (and one per completed job)
 *   - zero missing webhooks one successful delivery per job, no duplicate, every signature valid
 *   - a balanced ledger     grants - charges == balance == sum of every ledger movement
 *   - memory levels off     no API or worker process keeps growing its heap (below)
 *   - elapsed time and jobs per second
 *
 * Exit code 0 when every check passes, 1 otherwise (2 when the run itself
 * could not be set up). Progress goes to stderr.
 *
 * Memory. Every second the run reads each API and worker process's /metrics
 * (prom-client default metrics, prefix `scriptorium_process_`; workers serve
 * them on WORKER_METRICS_PORT): RSS, V8 heap total and used, the young
 * generation, external memory and the count of major GCs. `memory.table` (and
 * a stderr line per row) gives the figures after start-up (idle), every 1,000
 * jobs submitted and every 1,000 finished (every 20% of SOAK_JOBS when that is
 * under 1,000 jobs), at the end of the burst and after SOAK_SETTLE_SECONDS of
 * quiet: RSS at that moment, heap used and old generation as their floor
 * (lowest reading) since the previous row.
 *
 * `memoryLevelsOff` judges the old generation (heap used minus the young
 * generation, whose 16-32 MB swing with every scavenge): for each process,
 * its floor over the last third of its own work (API: jobs submitted; worker:
 * jobs finished), or after the quiet period when V8 collected then and that
 * is lower, may exceed its floor over the middle third by at most 20% (5 MB
 * at least). A leak grows the floor with every job and fails; caches filled
 * early and bounded do not. Nor does what looks like a leak from outside: V8
 * runs a major GC only when the old generation reaches its limit, so a
 * process that goes quiet keeps the garbage of its last busy minutes (its
 * heap used stays high, often higher than during the burst), and freed pages
 * are rarely handed back, so RSS stays near its high-water mark. Growth beyond
 * the tolerance therefore fails only if a major GC ran in that later span;
 * otherwise the process is reported as "not judged". Processes cannot be told
 * to collect; `oldGenerationAfterMajorGcMB` lists the old generation just
 * after each major GC that happened, which stays flat when nothing leaks.
 *
 * Run with `npm run soak` (builds dist/ when it is stale), or after `npm run build`:
 *
 *   node scripts/soak.mjs
 *   SOAK_JOBS=300 node scripts/soak.mjs
 *
 * Settings (environment):
 *   SOAK_JOBS=2000          books to submit
 *   SOAK_KEYS=50            API keys of the one account, used round-robin
 *   SOAK_API=2              API processes (ROLE=api), used round-robin
 *   SOAK_WORKERS=2          worker processes
 *   SOAK_CONCURRENCY=32     submissions in flight at once
 *   SOAK_GENERATION_CONCURRENCY=8   GENERATION_CONCURRENCY of each worker
 *   SOAK_TIMEOUT_SECONDS=600        give up waiting for jobs and webhooks after this
 *   SOAK_SETTLE_SECONDS=30  quiet period after the burst before the last memory reading
 *   SOAK_MEMORY_READINGS=   a file to which every memory reading is appended as a JSON line
 *   SOAK_FORMATS=txt,md     output formats, used in turn
 *   SOAK_DIST_DIR=dist      the built service (SERVICE_DIST_DIR is read too)
 *   SOAK_ADMIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *                           server on which a fresh database `scriptorium_soak_<id>` is created,
 *                           migrated, and dropped at the end (SOAK_KEEP_DATABASE=true keeps it)
 *   SOAK_REDIS_URL=redis://127.0.0.1:6379   the run uses its own key prefix and deletes its keys at the end
 *
 * A database of its own keeps the run apart from anything else on the server
 * (the workers' reconciler re-queues every unfinished job it finds).
 */
import { spawn, execFileSync } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve as resolvePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import pg from 'pg';

const settings = {
  jobs: intSetting('SOAK_JOBS', 2000),
  keys: intSetting('SOAK_KEYS', 50),
  apis: intSetting('SOAK_API', 2),
  workers: intSetting('SOAK_WORKERS', 2),
  concurrency: intSetting('SOAK_CONCURRENCY', 32),
  generationConcurrency: intSetting('SOAK_GENERATION_CONCURRENCY', 8),
  timeoutSeconds: intSetting('SOAK_TIMEOUT_SECONDS', 600),
  settleSeconds: intSetting('SOAK_SETTLE_SECONDS', 30),
  memoryReadings: process.env.SOAK_MEMORY_READINGS,
  distDir: process.env.SOAK_DIST_DIR ?? process.env.SERVICE_DIST_DIR ?? 'dist',
  adminDatabaseUrl: process.env.SOAK_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379',
  keepDatabase: process.env.SOAK_KEEP_DATABASE === 'true',
  formats: (process.env.SOAK_FORMATS ?? 'txt,md').split(',').filter(Boolean),
};

/** Credits per book are at most 500 * 1.5 * 1.1; the default request (model 2.0, no images) costs about 250. */
const CREDITS_PER_JOB = 1_000;
/** prom-client default metrics of each process (MetricsService: collectDefaultMetrics, prefix scriptorium_process_). */
const MEMORY_SERIES = {
  rss: 'scriptorium_process_process_resident_memory_bytes',
  heapTotal: 'scriptorium_process_nodejs_heap_size_total_bytes',
  heapUsed: 'scriptorium_process_nodejs_heap_size_used_bytes',
  newSpace: 'scriptorium_process_nodejs_heap_space_size_used_bytes{space="new"}',
  newLargeObjects: 'scriptorium_process_nodejs_heap_space_size_used_bytes{space="new_large_object"}',
  external: 'scriptorium_process_nodejs_external_memory_bytes',
  majorGcs: 'scriptorium_process_nodejs_gc_duration_seconds_count{kind="major"}',
};
const MEMORY_SAMPLE_MS = 1_000;
const IDLE_SECONDS = 5;
/** A process fails `memoryLevelsOff` when its old-generation floor grows by more than this share and the slack. */
const MEMORY_TOLERANCE = 0.2;
const MEMORY_SLACK_BYTES = 5 * 1024 * 1024;
const MEMORY_CRITERION =
  'per process, the old-generation floor (lowest heap used minus young generation) over the last third of ' +
  'its work (API: jobs submitted, worker: jobs finished), or after the quiet period if V8 ran a major GC then, ' +
  'exceeds the floor over the middle third by at most 20% (5 MB at least); more fails only if a major GC ran ' +
  'in that later span, else the process is not judged';
const runId = randomBytes(4).toString('hex');
const databaseName = `scriptorium_soak_${runId}`;
const databaseUrl = settings.adminDatabaseUrl.replace(/\/[^/?]+(\?.*)?$/, `/${databaseName}$1`);
const redisPrefix = `soak-${runId}`;
const encryptionKey = randomBytes(32).toString('hex');
const tempDir = mkdtempSync(join(tmpdir(), 'soak-'));

const children = new Set();
let receiverServer;
let databaseCreated = false;

function intSetting(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    process.stderr.write(`${name} must be a whole number >= 1\n`);
    process.exit(2);
  }
  return Number(raw);
}

function log(message) {
  process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function entrypoint(name) {
  return join(settings.distDir, 'src', `${name}.js`);
}

async function freePort() {
  const server = createNetServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Settings of every service process of the run. */
function serviceEnv(extra) {
  const perKey = Math.ceil(settings.jobs / settings.keys);
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: redisPrefix,
    SECRETS_ENCRYPTION_KEY: encryptionKey,
    MIGRATIONS_RUN: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    RATE_LIMIT_DAILY: String(Math.max(1_000, perKey * 2)),
    RATE_LIMIT_MIN_INTERVAL_SECONDS: '0',
    RATE_LIMIT_DAILY_WINDOW_SECONDS: '86400',
    GENERATION_CONCURRENCY: String(settings.generationConcurrency),
    BUILTIN_SECTION_DELAY_MS: '0',
    RECONCILER_ENABLED: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_DELAYS_SECONDS: '2,5,10',
    ...extra,
  };
}

/** Runs a built script to its end and returns its stdout; rejects with its output on failure. */
function runNode(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve(stdout);
      else reject(new Error(`node ${script} ${args.join(' ')} ended with ${code ?? signal}:\n${stderr}${stdout}`));
    });
  });
}

function cli(args) {
  return runNode(entrypoint('cli'), [...args, '--json'], serviceEnv({ LOG_LEVEL: 'error' })).then((out) =>
    JSON.parse(out),
  );
}

/** A long-running service process whose output tail is kept for the report. */
function startProcess(name, script, env) {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', () => children.delete(child));
  return { name, child, tail: () => tail };
}

async function waitForLive(service, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(`${service.name} ended during start:\n${service.tail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${service.name} did not come up:\n${service.tail()}`);
    await sleep(200);
  }
}

async function withAdmin(action) {
  const client = new pg.Client({ connectionString: settings.adminDatabaseUrl });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** The local HTTPS receiver: answers 200 and records every delivery with its signature check. */
async function startReceiver() {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      join(tempDir, 'key.pem'),
      '-out',
      join(tempDir, 'cert.pem'),
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received = [];
  receiverServer = createHttpsServer(
    { key: readFileSync(join(tempDir, 'key.pem')), cert: readFileSync(join(tempDir, 'cert.pem')) },
    (request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          deliveryId: String(request.headers['x-scriptorium-delivery'] ?? ''),
          signature: String(request.headers['x-service-signature'] ?? ''),
          rawBody: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    },
  );
  await new Promise((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
  return { url: `https://localhost:${receiverServer.address().port}/hooks/books`, received };
}

/** `t=<unix>,v1=<hex>[,v1=...]`: HMAC-SHA256 of `<t>.<raw body>` keyed with the whole whsec_ string. */
function signatureValid(header, rawBody, secret) {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  if (!timestamp) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return parts
    .filter(([name]) => name === 'v1')
    .some(([, hex]) => {
      const given = Buffer.from(hex ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Runs `work(index)` for 0..count-1 with at most `limit` in flight. */
async function pool(count, limit, work) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await work(index);
    }
  });
  await Promise.all(lanes);
}

/** One POST /v1/book. A refusal or a network error is reported, never retried: the run counts what happened. */
async function submit(origin, apiKey, body) {
  try {
    const response = await fetch(`${origin}/v1/book`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status === 202) return { ok: true, requestId: JSON.parse(text).requestId };
    return { ok: false, error: `${response.status} ${text.slice(0, 300)}` };
  } catch (error) {
    return { ok: false, error: `network: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const NO_MEMORY = { rss: null, heapTotal: null, heapUsed: null, oldGeneration: null, external: null, majorGcs: null };

/**
 * The memory of one process from its /metrics. `oldGeneration` is heap used
 * outside the young generation, whose 16-32 MB of mostly garbage swing with
 * every scavenge. When /metrics does not answer, RSS from /proc/<pid>/status.
 */
async function readMemory(service) {
  try {
    const response = await fetch(service.metricsUrl, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`http ${response.status}`);
    const lines = (await response.text()).split('\n');
    const value = (series) => {
      const line = lines.find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? null : Number(line.slice(series.length + 1));
    };
    const heapUsed = value(MEMORY_SERIES.heapUsed);
    const young = (value(MEMORY_SERIES.newSpace) ?? 0) + (value(MEMORY_SERIES.newLargeObjects) ?? 0);
    return {
      rss: value(MEMORY_SERIES.rss),
      heapTotal: value(MEMORY_SERIES.heapTotal),
      heapUsed,
      oldGeneration: heapUsed === null ? null : heapUsed - young,
      external: value(MEMORY_SERIES.external),
      // The series of major collections appears at the first one.
      majorGcs: value(MEMORY_SERIES.majorGcs) ?? 0,
    };
  } catch {
    try {
      const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${service.child.pid}/status`, 'utf8'))?.[1];
      return { ...NO_MEMORY, rss: kilobytes === undefined ? null : Number(kilobytes) * 1024 };
    } catch {
      return NO_MEMORY;
    }
  }
}

function megabytes(bytes) {
  return bytes === null || bytes === undefined ? null : Math.round(bytes / 104_857.6) / 10;
}

/** Major (mark-compact) collections of one process between two readings; null when either is unknown. */
function majorGcsBetween(before, after, index) {
  const start = before?.memory[index].majorGcs ?? 0;
  const end = after?.memory[index].majorGcs;
  return end === null || end === undefined || start === null ? null : end - start;
}

/** The smallest figure among readings of one process: the floor of V8's saw-tooth, close to the live set after a GC. */
function floorOf(readings, index, figure) {
  const values = readings.map((reading) => reading.memory[index][figure]).filter((value) => value !== null);
  return values.length === 0 ? null : Math.min(...values);
}

/**
 * Reads the memory of every service process once a second, with how many
 * jobs were submitted and finished at that moment, and cuts the readings into
 * the rows of the memory table: idle, every `step` submitted, every `step`
 * finished, end of burst, settled. A row gives RSS, heap total and external
 * memory at its last reading, and the floors of heap used and old generation
 * over the readings since the previous row.
 */
class MemoryWatch {
  constructor(services, step, progress) {
    this.services = services;
    this.step = step;
    this.progress = progress;
    this.readings = [];
    this.rows = [];
    this.rowStart = 0;
    this.nextSubmitted = step;
    this.nextFinished = step;
    this.started = Date.now();
    this.loop = undefined;
    this.stopped = false;
  }

  async sample(phase) {
    const [progress, memory] = await Promise.all([
      this.progress(),
      Promise.all(this.services.map((service) => readMemory(service))),
    ]);
    const reading = { seconds: (Date.now() - this.started) / 1000, phase, ...progress, memory };
    this.readings.push(reading);
    if (settings.memoryReadings) appendFileSync(settings.memoryReadings, `${JSON.stringify(reading)}\n`);
    return reading;
  }

  row(label) {
    const before = this.readings[this.rowStart - 1];
    const window = this.readings.slice(this.rowStart);
    this.rowStart = this.readings.length;
    const last = window[window.length - 1];
    const row = {
      label,
      seconds: round(last.seconds),
      submitted: last.submitted,
      finished: last.finished,
      processes: Object.fromEntries(
        this.services.map((service, index) => [
          service.name,
          {
            rssMB: megabytes(last.memory[index].rss),
            heapTotalMB: megabytes(last.memory[index].heapTotal),
            heapUsedMB: megabytes(floorOf(window, index, 'heapUsed')),
            oldGenerationMB: megabytes(floorOf(window, index, 'oldGeneration')),
            externalMB: megabytes(last.memory[index].external),
            majorGcs: majorGcsBetween(before, last, index),
          },
        ]),
      ),
    };
    this.rows.push(row);
    const figures = Object.entries(row.processes)
      .map(([name, figure]) => `${name} ${figure.rssMB} / ${figure.heapUsedMB} / ${figure.oldGenerationMB}`)
      .join(', ');
    log(`memory at ${label} (RSS / heap used / old generation, MB): ${figures}`);
    return row;
  }

  /** Samples for `seconds`, then closes one row. */
  async hold(phase, seconds, label) {
    const deadline = Date.now() + seconds * 1000;
    do {
      await this.sample(phase);
      await sleep(MEMORY_SAMPLE_MS);
    } while (Date.now() < deadline);
    return this.row(label);
  }

  /** Samples in the background during the burst, closing a row at every `step` submitted and every `step` finished. */
  startBurst(total) {
    this.loop = (async () => {
      while (!this.stopped) {
        try {
          const reading = await this.sample('burst');
          const labels = [];
          while (reading.submitted >= this.nextSubmitted && this.nextSubmitted <= total) {
            labels.push(`${this.nextSubmitted} submitted`);
            this.nextSubmitted += this.step;
          }
          // The last step is the end of the burst, closed by the run itself.
          while (reading.finished >= this.nextFinished && this.nextFinished < total) {
            labels.push(`${this.nextFinished} finished`);
            this.nextFinished += this.step;
          }
          if (labels.length > 0) this.row(labels.join(', '));
        } catch (error) {
          log(`memory reading failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        await sleep(MEMORY_SAMPLE_MS);
      }
    })();
  }

  async stop() {
    this.stopped = true;
    await this.loop;
  }

  async endBurst() {
    await this.stop();
    await this.sample('burst');
    return this.row('end of burst');
  }

  /** Major collections of one process during a run of consecutive readings (counting one just before the first). */
  majorGcsDuring(window, index) {
    if (window.length === 0) return 0;
    return majorGcsBetween(this.readings[this.readings.indexOf(window[0]) - 1], window[window.length - 1], index);
  }

  /**
   * `memoryLevelsOff` for one process, measured against its own work: the
   * jobs it submitted (API) or the jobs finished (workers share the queue).
   * The burst's readings are cut into thirds of that work. The later floor
   * is the last third's, or the quiet period's when V8 collected then and it
   * is lower. More growth than allowed counts only when a major collection
   * ran in that later span: otherwise the heap may hold garbage V8 has not
   * collected yet, and the process is reported as not judged.
   */
  levelsOff(index, role, total) {
    const work = (reading) => (role === 'api' ? reading.submitted : reading.finished);
    const burst = this.readings.filter((reading) => reading.phase === 'burst');
    const doneAt = burst.findIndex((reading) => work(reading) >= total);
    const active = doneAt === -1 ? burst : burst.slice(0, doneAt + 1);
    const middle = active.filter((reading) => work(reading) >= total / 3 && work(reading) < (2 * total) / 3);
    const last = active.filter((reading) => work(reading) >= (2 * total) / 3);
    const idle = this.readings.filter((reading) => reading.phase === 'idle');
    const settled = this.readings.filter((reading) => reading.phase === 'settle');
    const floors = {
      idle: floorOf(idle, index, 'oldGeneration'),
      middleThird: floorOf(middle, index, 'oldGeneration'),
      lastThird: floorOf(last, index, 'oldGeneration'),
      settled: floorOf(settled, index, 'oldGeneration'),
    };
    const majorGcs = {
      middleThird: this.majorGcsDuring(middle, index),
      lastThird: this.majorGcsDuring(last, index),
      settled: this.majorGcsDuring(settled, index),
    };
    const later = [floors.lastThird, majorGcs.settled > 0 ? floors.settled : null].filter((floor) => floor !== null);
    const laterFloor = later.length === 0 ? null : Math.min(...later);
    const growth = floors.middleThird === null || laterFloor === null ? null : laterFloor - floors.middleThird;
    const allowance = Math.max((floors.middleThird ?? 0) * MEMORY_TOLERANCE, MEMORY_SLACK_BYTES);
    const collectedLater = majorGcs.lastThird > 0 || majorGcs.settled > 0;
    const verdict =
      growth === null ? 'not judged' : growth <= allowance ? 'levels off' : collectedLater ? 'grows' : 'not judged';
    const afterMajorGcs = [];
    for (const [position, reading] of this.readings.entries()) {
      const gcs = majorGcsBetween(this.readings[position - 1], reading, index);
      if (position > 0 && gcs !== null && gcs > 0) {
        afterMajorGcs.push([work(reading), megabytes(reading.memory[index].oldGeneration)]);
      }
    }
    return {
      verdict,
      ok: verdict !== 'grows',
      oldGenerationGrowthPercent: growth === null ? null : round((growth / floors.middleThird) * 100),
      oldGenerationFloorMB: Object.fromEntries(Object.entries(floors).map(([name, bytes]) => [name, megabytes(bytes)])),
      majorGcs,
      readings: { middleThird: middle.length, lastThird: last.length, settled: settled.length },
      // [jobs of its work, old generation MB] at the first reading after each major GC: flat when nothing leaks.
      oldGenerationAfterMajorGcMB: afterMajorGcs,
    };
  }
}

/**
 * One account with its signing secret and SOAK_KEYS API keys. The console's
 * own commands run in this process (one boot instead of one CLI process per
 * key); should the built console not load that way, the CLI does it.
 */
async function createCustomer() {
  const credits = settings.jobs * CREDITS_PER_JOB;
  const name = `Soak ${runId}`;
  try {
    const requireFromDist = createRequire(resolvePath(settings.distDir, 'src', 'cli.js'));
    requireFromDist('reflect-metadata');
    const { NestFactory } = requireFromDist('@nestjs/core');
    const { ConsoleModule } = requireFromDist('./console/console.module');
    const { ConsoleCommands } = requireFromDist('./console/console-commands');
    const { loadConfig } = requireFromDist('./config/app-config');
    const config = loadConfig(serviceEnv({}));
    const app = await NestFactory.createApplicationContext(ConsoleModule.forConfig(config), { logger: false });
    try {
      const commands = app.get(ConsoleCommands);
      const account = await commands.createAccount(name, credits);
      const apiKeys = [];
      for (let index = 0; index < settings.keys; index += 1) {
        const key = await commands.createKey({ accountId: account.accountId, name: `soak key ${index + 1}` });
        apiKeys.push(key.apiKey);
      }
      return { account, apiKeys };
    } finally {
      await app.close();
    }
  } catch (error) {
    log(
      `console commands not loadable in process (${error instanceof Error ? error.message : String(error)}); using the CLI`,
    );
  }
  const account = await cli(['account:create', '--name', name, '--credits', String(credits)]);
  const apiKeys = new Array(settings.keys);
  await pool(settings.keys, 4, async (index) => {
    const created = await cli(['key:create', '--account', account.accountId, '--name', `soak key ${index + 1}`]);
    apiKeys[index] = created.apiKey;
  });
  return { account, apiKeys };
}

async function main() {
  const started = Date.now();
  log(
    `run ${runId}: ${settings.jobs} jobs, ${settings.keys} keys, ${settings.apis} API and ${settings.workers} worker processes`,
  );

  await withAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  databaseCreated = true;
  await runNode(entrypoint('database/migrate'), [], serviceEnv({}));
  log(`database ${databaseName} created and migrated`);

  const { account, apiKeys } = await createCustomer();
  log(`account ${account.accountId} with ${settings.keys} keys`);

  const receiver = await startReceiver();

  const apis = [];
  for (let index = 0; index < settings.apis; index += 1) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const service = startProcess(
      `api ${index + 1}`,
      entrypoint('main'),
      serviceEnv({ ROLE: 'api', PORT: String(port), BASE_URL: `${origin}/v1` }),
    );
    apis.push({ ...service, role: 'api', origin, metricsUrl: `${origin}/metrics` });
  }
  const workers = [];
  for (let index = 0; index < settings.workers; index += 1) {
    const metricsPort = await freePort();
    const service = startProcess(
      `worker ${index + 1}`,
      entrypoint('worker'),
      serviceEnv({
        ROLE: 'worker',
        WORKER_METRICS_PORT: String(metricsPort),
        NODE_EXTRA_CA_CERTS: join(tempDir, 'cert.pem'),
      }),
    );
    workers.push({ ...service, role: 'worker', metricsPort, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` });
  }
  await Promise.all([
    ...apis.map((api) => waitForLive(api, `${api.origin}/health/live`)),
    ...workers.map((worker) => waitForLive(worker, `http://127.0.0.1:${worker.metricsPort}/health/live`)),
  ]);
  const db = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database on an interrupt ends this connection; that is not a crash.
  db.on('error', (error) => log(`database connection: ${error.message}`));
  await db.connect();
  const services = [...apis, ...workers];
  const memoryStep = Math.min(1_000, Math.ceil(settings.jobs / 5));
  const accepted = [];
  const submissionErrors = [];
  const memory = new MemoryWatch(services, memoryStep, async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM book_jobs WHERE account_id = $1 AND status NOT IN ('queued', 'processing')`,
      [account.accountId],
    );
    return { submitted: accepted.length + submissionErrors.length, finished: rows[0].n };
  });
  try {
    log('services up; idle memory');
    await memory.hold('idle', IDLE_SECONDS, 'idle');
    log('submitting');
    memory.startBurst(settings.jobs);

    const submitStarted = Date.now();
    await pool(settings.jobs, settings.concurrency, async (index) => {
      const api = apis[index % apis.length];
      const apiKey = apiKeys[index % apiKeys.length];
      const result = await submit(api.origin, apiKey, {
        prompt: `Soak book ${index + 1}: a lighthouse keeper named Mara finds a map`,
        output_format: settings.formats[index % settings.formats.length],
        webhook_url: receiver.url,
      });
      if (result.ok) accepted.push(result.requestId);
      else submissionErrors.push(result.error);
      if ((index + 1) % 500 === 0) log(`${index + 1} submitted`);
    });
    const submitSeconds = (Date.now() - submitStarted) / 1000;
    log(`${accepted.length} accepted, ${submissionErrors.length} refused in ${submitSeconds.toFixed(1)} s`);

    const deadline = Date.now() + settings.timeoutSeconds * 1000;
    let unfinished = Infinity;
    while (Date.now() < deadline) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM book_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`,
        [account.accountId],
      );
      unfinished = rows[0].n;
      if (unfinished === 0) break;
      log(`${unfinished} jobs unfinished, ${receiver.received.length} webhooks received`);
      await sleep(2_000);
    }
    const terminalSeconds = (Date.now() - submitStarted) / 1000;
    const acceptedSet = new Set(accepted);
    while (Date.now() < deadline) {
      const delivered = new Set(receiver.received.map((delivery) => JSON.parse(delivery.rawBody).requestId));
      if (accepted.every((id) => delivered.has(id))) break;
      log(`waiting for webhooks: ${delivered.size} of ${accepted.length}`);
      await sleep(1_000);
    }
    const deliveredSeconds = (Date.now() - submitStarted) / 1000;

    // Memory: the end of the burst, then a quiet period in which nothing is asked of the services.
    await memory.endBurst();
    log(`quiet for ${settings.settleSeconds} s`);
    await memory.hold('settle', settings.settleSeconds, 'settled');
    const memoryByProcess = Object.fromEntries(
      services.map((service, index) => [
        service.name,
        memory.levelsOff(index, service.role, service.role === 'api' ? settings.jobs : accepted.length),
      ]),
    );
    for (const [name, figures] of Object.entries(memoryByProcess)) {
      const { middleThird, lastThird, settled } = figures.oldGenerationFloorMB;
      log(
        `${name} old-generation floor: middle third ${middleThird} MB, last third ${lastThird} MB, ` +
          `settled ${settled} MB ` +
          `(major GCs ${figures.majorGcs.middleThird}/${figures.majorGcs.lastThird}/${figures.majorGcs.settled}), ` +
          `growth ${figures.oldGenerationGrowthPercent ?? '?'} %: ${figures.verdict}`,
      );
    }

    // Lost jobs: accepted, but not found or not completed, asked of the API as a client would.
    const statuses = new Map();
    await pool(accepted.length, 32, async (index) => {
      const id = accepted[index];
      const api = apis[index % apis.length];
      try {
        const response = await fetch(`${api.origin}/v1/status/${id}`, { signal: AbortSignal.timeout(15_000) });
        statuses.set(id, response.status === 200 ? (await response.json()).status : `http ${response.status}`);
      } catch (error) {
        statuses.set(id, `error ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const lost = accepted.filter((id) => !['completed', 'failed'].includes(statuses.get(id)));
    const failed = accepted.filter((id) => statuses.get(id) === 'failed');
    const { rows: jobRows } = await db.query(`SELECT id, status FROM book_jobs WHERE account_id = $1`, [
      account.accountId,
    ]);
    const strayJobs = jobRows.filter((row) => !acceptedSet.has(row.id));

    // Charges.
    const { rows: chargeRows } = await db.query(
      `SELECT job_id, count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'charge' GROUP BY job_id`,
      [account.accountId],
    );
    const chargesByJob = new Map(chargeRows.map((row) => [row.job_id, row.n]));
    const doubleCharges = chargeRows.filter((row) => row.n > 1).map((row) => row.job_id);
    const completedWithoutCharge = jobRows
      .filter((row) => row.status === 'completed' && !chargesByJob.has(row.id))
      .map((row) => row.id);

    // Webhooks.
    const deliveriesByJob = new Map();
    const requestsByDelivery = new Map();
    let badSignatures = 0;
    for (const delivery of receiver.received) {
      const requestId = JSON.parse(delivery.rawBody).requestId;
      if (!deliveriesByJob.has(requestId)) deliveriesByJob.set(requestId, new Set());
      deliveriesByJob.get(requestId).add(delivery.deliveryId);
      requestsByDelivery.set(delivery.deliveryId, (requestsByDelivery.get(delivery.deliveryId) ?? 0) + 1);
      if (!signatureValid(delivery.signature, delivery.rawBody, account.webhookSecret)) badSignatures += 1;
    }
    const missingDeliveries = accepted.filter((id) => !deliveriesByJob.has(id));
    const duplicateDeliveries = [...requestsByDelivery.entries()].filter(([, n]) => n > 1).map(([id]) => id);
    const jobsWithSeveralDeliveryIds = [...deliveriesByJob.entries()].filter(([, ids]) => ids.size > 1);

    // Ledger.
    const { rows: ledgerRows } = await db.query(
      `SELECT kind, sum(amount)::bigint AS total FROM credit_ledger WHERE account_id = $1 GROUP BY kind`,
      [account.accountId],
    );
    const totals = Object.fromEntries(ledgerRows.map((row) => [row.kind, Number(row.total)]));
    const { rows: balanceRows } = await db.query(`SELECT credit_balance FROM accounts WHERE id = $1`, [
      account.accountId,
    ]);
    const balance = Number(balanceRows[0].credit_balance);
    const grants = totals.grant ?? 0;
    const charges = -(totals.charge ?? 0);
    const movements = Object.values(totals).reduce((sum, value) => sum + value, 0);
    const { rows: outstanding } = await db.query(
      `SELECT count(*)::int AS n FROM book_jobs j
        WHERE j.account_id = $1 AND j.status = 'completed'
          AND NOT EXISTS (SELECT 1 FROM credit_ledger l WHERE l.job_id = j.id AND l.kind = 'release')`,
      [account.accountId],
    );

    const checks = {
      noSubmissionErrors: submissionErrors.length === 0,
      zeroLostJobs: lost.length === 0 && unfinished === 0,
      noFailedJobs: failed.length === 0,
      noStrayJobs: strayJobs.length === 0,
      zeroDoubleCharges: doubleCharges.length === 0 && completedWithoutCharge.length === 0,
      zeroMissingDeliveries: missingDeliveries.length === 0,
      zeroDuplicateDeliveries: duplicateDeliveries.length === 0 && jobsWithSeveralDeliveryIds.length === 0,
      signaturesValid: badSignatures === 0,
      ledgerBalanced: grants - charges === balance && movements === balance && outstanding[0].n === 0,
      memoryLevelsOff: Object.values(memoryByProcess).every((figures) => figures.ok),
    };
    const report = {
      ok: Object.values(checks).every(Boolean),
      checks,
      settings: {
        jobs: settings.jobs,
        keys: settings.keys,
        apiProcesses: settings.apis,
        workerProcesses: settings.workers,
        submitConcurrency: settings.concurrency,
        generationConcurrency: settings.generationConcurrency,
      },
      counts: {
        submitted: settings.jobs,
        accepted: accepted.length,
        submissionErrors: submissionErrors.length,
        completed: accepted.length - lost.length - failed.length,
        failed: failed.length,
        lost: lost.length,
        strayJobs: strayJobs.length,
        doubleCharges: doubleCharges.length,
        completedWithoutCharge: completedWithoutCharge.length,
        webhookRequests: receiver.received.length,
        missingDeliveries: missingDeliveries.length,
        duplicateDeliveries: duplicateDeliveries.length,
        badSignatures,
      },
      ledger: { grants, charges, balance, sumOfMovements: movements, byKind: totals },
      timing: {
        submitSeconds: round(submitSeconds),
        allTerminalSeconds: round(terminalSeconds),
        allDeliveredSeconds: round(deliveredSeconds),
        submissionsPerSecond: round(accepted.length / submitSeconds),
        jobsPerSecond: round(accepted.length / terminalSeconds),
        settleSeconds: settings.settleSeconds,
        totalSeconds: round((Date.now() - started) / 1000),
      },
      memory: {
        criterion: MEMORY_CRITERION,
        sampleEverySeconds: MEMORY_SAMPLE_MS / 1000,
        rowEveryJobs: memoryStep,
        processes: Object.fromEntries(services.map((service) => [service.name, { pid: service.child.pid }])),
        table: memory.rows,
        levelsOff: memoryByProcess,
      },
      samples: {
        submissionErrors: submissionErrors.slice(0, 5),
        lost: lost.slice(0, 5).map((id) => ({ id, status: statuses.get(id) })),
        failed: failed.slice(0, 5),
        doubleCharges: doubleCharges.slice(0, 5),
        missingDeliveries: missingDeliveries.slice(0, 5),
        duplicateDeliveries: duplicateDeliveries.slice(0, 5),
      },
    };
    if (!report.ok) {
      for (const service of [...apis, ...workers]) {
        const tail = service.tail().trim();
        if (tail) log(`${service.name} output (tail):\n${tail.slice(-4_000)}`);
      }
    }
    return report;
  } finally {
    await memory.stop();
    await db.end();
  }
}

function round(value) {
  return Math.round(value * 100) / 100;
}

async function cleanUp() {
  const exits = [...children].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  await Promise.all(exits);
  if (receiverServer) {
    receiverServer.closeAllConnections?.();
    await new Promise((resolve) => receiverServer.close(() => resolve()));
  }
  try {
    const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  } catch (error) {
    log(`could not delete Redis keys ${redisPrefix}:*: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (databaseCreated && !settings.keepDatabase) {
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`)).catch((error) =>
      log(`could not drop ${databaseName}: ${error instanceof Error ? error.message : String(error)}`),
    );
  } else if (databaseCreated) {
    log(`database kept: ${databaseUrl}`);
  }
  rmSync(tempDir, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping`);
    cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 2;
try {
  const report = await main();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  exitCode = report.ok ? 0 : 1;
} catch (error) {
  log(`soak run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 2;
} finally {
  if (!interrupted) await cleanUp();
}
process.exit(exitCode);
