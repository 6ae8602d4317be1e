#!/usr/bin/env node
/**
 * `npm run bench:engine`: the `openai` provider against a local fake
 * OpenAI-compatible server that answers every call after a fixed delay
 * (BENCH_MODEL_DELAY_MS, default 300 ms), as a model would.
 *  1. One 12-chapter book written with chapters in parallel (OPENAI_CONCURRENCY 4)
 *     versus the same book written chapter by chapter (concurrency 1): wall time and ratio.
 *  2. Books per minute of one process generating 1, 4 and 16 books at once.
 * Compiles the sources (with the test fake server) to .tmp/bench-dist first.
 * Results: bench/results/engine.json and engine.md.
 */
'use strict';
require('reflect-metadata');
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const DELAY_MS = Number(process.env.BENCH_MODEL_DELAY_MS ?? 300);
const built = (file) => path.join(root, '.tmp', 'bench-dist', 'src', file);

function compile() {
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(__dirname, 'tsconfig.json')], {
    stdio: 'inherit',
  });
}

function request(index, model = '2.0') {
  return {
    requestId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    prompt: `A lighthouse keeper called Mira, book ${index}`,
    style: 'mystery',
    type: 'novel',
    images: false,
    author: 'Benchmark',
    customTone: '',
    model,
    outputFormat: 'txt',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const quiet = { report: async () => {} };
const BUILTIN_TYPES = ['novel', 'short_story', 'comic', 'manga', 'childrens', 'textbook', 'self_help', 'non_fiction'];

/** One builtin type in this process: generation speed, memory, and how long the event loop was held. */
async function builtinChild(type) {
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  const { BuiltinBookProvider } = require(built('generation/builtin/builtin-book.provider.js'));
  const { RendererRegistry } = require(built('rendering/renderer-registry.js'));
  const book = (run) => ({ ...request(run, '3.0'), type, style: 'mystery', images: true });
  const runs = [];
  let document;
  const generationDelay = monitorEventLoopDelay({ resolution: 5 });
  generationDelay.enable();
  for (let run = 0; run < 5; run += 1) {
    const started = process.hrtime.bigint();
    const outcome = await new BuiltinBookProvider().generate(book(run), quiet);
    runs.push({ ms: Number(process.hrtime.bigint() - started) / 1e6, words: outcome.document.metadata.wordCount });
    document = outcome.document;
  }
  generationDelay.disable();
  const median = runs.sort((a, b) => a.ms - b.ms)[2];
  const registry = new RendererRegistry();
  let renderStallMs = 0;
  let renderStallFormat = '';
  for (const format of ['txt', 'md', 'html', 'json', 'pdf', 'epub']) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await registry.get(format).render(document);
    delay.disable();
    const stall = Math.round(delay.max / 1e6);
    if (stall > renderStallMs) {
      renderStallMs = stall;
      renderStallFormat = format;
    }
  }
  return {
    type,
    words: median.words,
    ms: Math.round(median.ms),
    wordsPerSecond: Math.round(median.words / (median.ms / 1000)),
    images: document.images.length,
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    generationStallMs: Math.round(generationDelay.max / 1e6),
    renderStallMs,
    renderStallFormat,
  };
}

async function main() {
  compile();
  const { startFakeOpenAiServer, fakePlan } = require(built('generation/openai/testing/fake-openai-server.js'));
  const { OpenAiBookProvider } = require(built('generation/openai/openai-book.provider.js'));
  // The plan asks for 12 chapters of 1,000 words: the book the issue measures.
  const twelveChapters = (prompt) => {
    const plan = fakePlan(prompt);
    const template = plan.sections[0];
    plan.sections = Array.from({ length: 12 }, (_, index) => ({
      ...template,
      title: `Chapter ${index + 1} title`,
      summary: `Summary ${index + 1}: Ada and Brann follow clue number ${index + 1} along the harbour.`,
      words: 1_000,
    }));
    return plan;
  };
  const server = await startFakeOpenAiServer({ delayMs: DELAY_MS, plan: twelveChapters });
  const settings = (concurrency) => ({
    baseUrl: server.baseUrl,
    apiKey: 'bench',
    model: 'fake',
    timeoutMs: 60_000,
    maxRetries: 0,
    concurrency,
  });
  const timeBook = async (concurrency) => {
    const provider = new OpenAiBookProvider(settings(concurrency));
    const started = Date.now();
    const outcome = await provider.generate(request(1), quiet);
    return {
      ms: Date.now() - started,
      chapters: outcome.document.chapters.length,
      words: outcome.document.metadata.wordCount,
    };
  };
  const parallel = await timeBook(4);
  const sequential = await timeBook(1);
  process.stderr.write(
    `[bench:engine] one book: ${parallel.ms} ms in parallel, ${sequential.ms} ms chapter by chapter\n`,
  );

  const throughput = [];
  for (const jobs of [1, 4, 16]) {
    const provider = new OpenAiBookProvider(settings(4));
    const started = Date.now();
    await Promise.all(Array.from({ length: jobs }, (_, index) => provider.generate(request(100 + index), quiet)));
    const seconds = (Date.now() - started) / 1000;
    throughput.push({
      concurrentJobs: jobs,
      seconds: Number(seconds.toFixed(2)),
      booksPerMinute: Math.round((jobs / seconds) * 60),
    });
    process.stderr.write(`[bench:engine] ${jobs} books at once: ${seconds.toFixed(1)} s\n`);
  }
  await server.close();

  // Builtin: every type at 3.0 with illustrations, each in a fresh process so its peak memory is its own.
  const builtin = BUILTIN_TYPES.map((type) => {
    const output = execFileSync(process.execPath, [__filename, '--builtin-child', type], { encoding: 'utf8' });
    const result = JSON.parse(output);
    process.stderr.write(`[bench:engine] builtin ${type}: ${result.words} words in ${result.ms} ms\n`);
    return result;
  });
  const longest = [...builtin].sort((a, b) => b.words - a.words)[0];

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    modelDelayMs: DELAY_MS,
    oneBook: { parallel, sequential, speedup: Number((sequential.ms / parallel.ms).toFixed(2)) },
    throughput,
    builtin,
    builtinLongest: longest.type,
  };
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'engine.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `Measured ${report.date}; every model call answered after ${DELAY_MS} ms by a local fake OpenAI-compatible server.`,
    '',
    `One ${parallel.chapters}-chapter book (${parallel.words.toLocaleString('en')} words): ${parallel.ms} ms with 4 chapters at once, ${sequential.ms} ms chapter by chapter: ${report.oneBook.speedup}x faster.`,
    '',
    '| Books generated at once | Seconds | Books/min |',
    '| ---: | ---: | ---: |',
    ...throughput.map((t) => `| ${t.concurrentJobs} | ${t.seconds} | ${t.booksPerMinute} |`),
    '',
    'Builtin provider, model 3.0 with illustrations, median of 5 generations in a fresh process per type; the longest',
    'event-loop stall is the worst delay a timer saw while the book was written, then rendered to each format',
    '(what other jobs on the same worker, and its queue heartbeat, would wait):',
    '',
    '| Type | Words | Generation ms | Words/s | Pictures | Peak RSS MiB | Longest stall, generating (ms) | Longest stall, rendering (ms, format) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...builtin.map(
      (b) =>
        `| ${b.type}${b.type === longest.type ? ' (longest)' : ''} | ${b.words.toLocaleString('en')} | ${b.ms} | ${b.wordsPerSecond.toLocaleString('en')} | ${b.images} | ${b.peakRssMiB} | ${b.generationStallMs} | ${b.renderStallMs} (${b.renderStallFormat}) |`,
    ),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'engine.md'), md);
  process.stdout.write(`${md}\n`);
}

if (process.argv[2] === '--builtin-child') {
  builtinChild(process.argv[3]).then(
    (result) => {
      process.stdout.write(JSON.stringify(result));
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
} else
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
