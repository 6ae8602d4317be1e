#!/usr/bin/env node
/**
 * `npm run bench:engine`: the `openai` provider's long-form pipeline against
 * the project's realistic fake OpenAI-compatible server (first token after
 * 1-3 s, then 40 tokens/s per stream, the books' real lengths), with every
 * delay compressed by BENCH_TIME_SCALE (default 0.1: ten times faster than
 * real time; reported times are converted back to real time).
 *  1. A 3.0 novel (50,000+ words) with the pipeline (OPENAI_CONCURRENCY 24)
 *     versus chapter by chapter (concurrency 1) at the same per-call speed.
 *  2. Calls and tokens per book: what planning, seams, checks and revisions
 *     cost against the tokens of the prose.
 *  3. Books per hour of one worker process at GENERATION_CONCURRENCY 1, 8
 *     and 32 (2.0 novels), the fake in a process of its own; peak memory.
 *  4. The builtin sample writer per type, each in a fresh process.
 * Compiles the sources (with the test fake server) to .tmp/bench-dist first.
 * Results: bench/results/engine.json and engine.md.
 */
'use strict';
require('reflect-metadata');
const { execFileSync, spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const TIME_SCALE = Number(process.env.BENCH_TIME_SCALE ?? 0.1);
const LATENCY = { firstTokenMs: [1000, 3000], tokensPerSecond: 40 };
const built = (file) => path.join(root, '.tmp', 'bench-dist', 'src', file);

function compile() {
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(__dirname, 'tsconfig.json')], {
    stdio: 'inherit',
  });
}

function request(index, model = '2.0', type = 'novel') {
  return {
    requestId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    prompt: `A lighthouse keeper called Mira finds a drowned map, book ${index}. The mayor is the culprit.`,
    style: 'mystery',
    type,
    images: false,
    author: 'Benchmark',
    customTone: '',
    model,
    outputFormat: 'txt',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const quiet = { progress: { report: async () => {} }, signal: new AbortController().signal };
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

/**
 * What a careful editor model answers: most seams join (one in five is
 * rewritten), the continuity check finds one problem and judges the
 * instructions as the fake does (its verdicts follow the schema: one for
 * each instruction, by number). The rest of every answer is the fake's.
 */
function editorAnswers(call, generated) {
  if (call.name === 'seam_check') {
    // The rewritten opening is the fake's generated text, as long as a real rewrite would be.
    return call.kindIndex % 5 === 4
      ? { ...generated, joins: false, problem: 'The opening ignores where the last chapter ended.' }
      : { joins: true, problem: null, opening: null };
  }
  if (call.name === 'continuity_check') {
    return {
      issues: [{ section: 3, problem: 'A name is spelled two ways.', fix: 'Use the bible spelling.' }],
      instructions: generated.instructions,
    };
  }
  return generated;
}

function settings(baseUrl, concurrency) {
  return {
    baseUrl,
    apiKey: 'bench',
    model: 'fake-writer',
    plannerModel: 'fake-planner',
    timeoutMs: 600_000,
    idleTimeoutMs: 600_000,
    maxRetries: 2,
    concurrency,
  };
}

const quietContext = () => ({ progress: { report: async () => {} }, signal: new AbortController().signal });
const real = (ms) => Math.round(ms / TIME_SCALE / 1000);

/** One 3.0 novel at a given concurrency: wall time (in real seconds), words, and the token bill by step. */
async function oneNovel(concurrency) {
  const { startFakeChatServer } = require(built('generation/model-writer/testing/fake-chat-server.js'));
  const { OpenAiBookProvider } = require(built('generation/model-writer/pipeline/openai-book.provider.js'));
  const server = await startFakeChatServer({ latency: LATENCY, timeScale: TIME_SCALE, answer: editorAnswers });
  try {
    const provider = new OpenAiBookProvider(settings(server.baseUrl, concurrency));
    const started = Date.now();
    const outcome = await provider.generate(request(1, '3.0'), quietContext());
    const ms = Date.now() - started;
    const steps = {};
    for (const call of server.calls) {
      const step =
        call.kind === 'prose'
          ? call.lastUserMessage.includes('so far ends like this')
            ? 'continuation'
            : 'chapter'
          : (call.name ?? call.kind);
      const entry = (steps[step] ??= { calls: 0, promptTokens: 0, completionTokens: 0 });
      entry.calls += 1;
      entry.promptTokens += call.usage?.prompt_tokens ?? 0;
      entry.completionTokens += call.usage?.completion_tokens ?? 0;
    }
    return {
      concurrency,
      realSeconds: real(ms),
      chapters: outcome.document.chapters.length,
      words: outcome.document.metadata.wordCount,
      targetWords: outcome.document.metadata.targetWords,
      generation: outcome.report,
      steps,
    };
  } finally {
    await server.close();
  }
}

/** Runs the fake in a process of its own (as a remote server would be) and resolves with its address. */
function startFakeProcess() {
  const child = spawn(process.execPath, [__filename, '--fake-server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data) =>
      resolve({ baseUrl: data.toString().trim(), stop: () => child.kill('SIGTERM') }),
    );
    child.once('error', reject);
  });
}

async function fakeServerChild() {
  const { startFakeChatServer } = require(built('generation/model-writer/testing/fake-chat-server.js'));
  const server = await startFakeChatServer({ latency: LATENCY, timeScale: TIME_SCALE, answer: editorAnswers });
  process.stdout.write(`${server.baseUrl}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

/** N 2.0 novels at once in this (worker) process: books per real hour and peak memory. */
async function throughputChild(baseUrl, books) {
  const { OpenAiBookProvider } = require(built('generation/model-writer/pipeline/openai-book.provider.js'));
  const provider = new OpenAiBookProvider(settings(baseUrl, 8));
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const outcomes = await Promise.all(
    Array.from({ length: books }, (_, index) => provider.generate(request(100 + index), quietContext())),
  );
  const ms = Date.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    generationConcurrency: books,
    realSeconds: real(ms),
    booksPerHour: Math.round((books / (ms / TIME_SCALE)) * 3_600_000),
    words: outcomes.reduce((sum, outcome) => sum + outcome.document.metadata.wordCount, 0),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    // CPU is spent per token whatever the time scale: this is what a worker core pays for a book.
    cpuSecondsPerBook: Number(((cpu.user + cpu.system) / 1e6 / books).toFixed(2)),
  };
}

/** Runs a child's measurement and prints its result for the parent, then exits. */
function runChild(measure) {
  measure().then(
    (result) => {
      process.stdout.write(`\n${RESULT_MARKER}${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}

/** Children print their result on a line of its own after a marker: the providers' warnings share stdout. */
const RESULT_MARKER = '@@bench-result ';
function readResult(output) {
  const line = output.split('\n').find((candidate) => candidate.startsWith(RESULT_MARKER));
  if (!line) throw new Error(`no result in the child's output:\n${output.slice(-2000)}`);
  return JSON.parse(line.slice(RESULT_MARKER.length));
}

function sum(steps, predicate, field) {
  return Object.entries(steps)
    .filter(([name]) => predicate(name))
    .reduce((total, [, entry]) => total + entry[field], 0);
}

async function main() {
  compile();
  const pipeline = await oneNovel(24);
  process.stderr.write(`[bench:engine] 3.0 novel with the pipeline: ${pipeline.realSeconds} s (real time)\n`);
  const defaults = await oneNovel(8);
  process.stderr.write(`[bench:engine] 3.0 novel at OPENAI_CONCURRENCY 8: ${defaults.realSeconds} s (real time)\n`);
  const sequential = await oneNovel(1);
  process.stderr.write(`[bench:engine] 3.0 novel chapter by chapter: ${sequential.realSeconds} s (real time)\n`);

  const isProse = (name) => name === 'chapter' || name === 'continuation';
  const proseTokens = sum(pipeline.steps, isProse, 'promptTokens') + sum(pipeline.steps, isProse, 'completionTokens');
  const otherTokens =
    sum(pipeline.steps, (name) => !isProse(name), 'promptTokens') +
    sum(pipeline.steps, (name) => !isProse(name), 'completionTokens');

  const fake = await startFakeProcess();
  const throughput = [];
  try {
    for (const books of [1, 8, 32]) {
      const output = execFileSync(process.execPath, [__filename, '--throughput-child', fake.baseUrl, String(books)], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const result = readResult(output);
      throughput.push(result);
      process.stderr.write(`[bench:engine] ${books} books at once: ${result.booksPerHour} books/hour\n`);
    }
  } finally {
    fake.stop();
  }

  // Builtin: every type at 3.0 with illustrations, each in a fresh process so its peak memory is its own.
  const builtin = BUILTIN_TYPES.map((type) => {
    const output = execFileSync(process.execPath, [__filename, '--builtin-child', type], { encoding: 'utf8' });
    const result = readResult(output);
    process.stderr.write(`[bench:engine] builtin ${type}: ${result.words} words in ${result.ms} ms\n`);
    return result;
  });
  const longest = [...builtin].sort((a, b) => b.words - a.words)[0];

  const ratio = Number((pipeline.realSeconds / sequential.realSeconds).toFixed(3));
  const overhead = Number((otherTokens / proseTokens).toFixed(3));
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    fake: { ...LATENCY, timeScale: TIME_SCALE },
    novel: { pipeline, atDefaultConcurrency: defaults, sequential, ratio, target: 0.2 },
    tokens: { prose: proseTokens, other: otherTokens, overhead, target: 0.35 },
    throughput,
    builtin,
    builtinLongest: longest.type,
  };
  const out = path.join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'engine.json'), `${JSON.stringify(report, null, 2)}\n`);
  const g = pipeline.generation;
  const md = [
    `Measured ${report.date} against the fake server (first token after 1-3 s, then 40 tokens/s per stream), every delay`,
    `compressed ${Math.round(1 / TIME_SCALE)}x and converted back: times below are real-time equivalents.`,
    '',
    `A 3.0 novel (${pipeline.chapters} chapters, ${pipeline.words.toLocaleString('en')} words of ${pipeline.targetWords.toLocaleString('en')} planned):`,
    '',
    '| Run | Real-time seconds | Calls | Prompt tokens | Completion tokens |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| pipeline, 24 sections at once | ${pipeline.realSeconds} | ${g.calls} | ${g.promptTokens.toLocaleString('en')} | ${g.completionTokens.toLocaleString('en')} |`,
    `| pipeline, 8 at once (the default OPENAI_CONCURRENCY) | ${defaults.realSeconds} | ${defaults.generation.calls} | ${defaults.generation.promptTokens.toLocaleString('en')} | ${defaults.generation.completionTokens.toLocaleString('en')} |`,
    `| chapter by chapter | ${sequential.realSeconds} | ${sequential.generation.calls} | ${sequential.generation.promptTokens.toLocaleString('en')} | ${sequential.generation.completionTokens.toLocaleString('en')} |`,
    '',
    `Pipeline / chapter by chapter: ${ratio} (target <= 0.2). Planning, seams, checks and revisions cost ${otherTokens.toLocaleString('en')} tokens against ${proseTokens.toLocaleString('en')} for the prose: ${Math.round(overhead * 100)}% (target < 35%).`,
    '',
    '| Step | Calls | Prompt tokens | Completion tokens |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(pipeline.steps).map(
      ([name, s]) =>
        `| ${name} | ${s.calls} | ${s.promptTokens.toLocaleString('en')} | ${s.completionTokens.toLocaleString('en')} |`,
    ),
    '',
    'One worker process writing 2.0 novels (OPENAI_CONCURRENCY 8), the fake in another process:',
    '',
    '| GENERATION_CONCURRENCY | Real-time seconds | Books/hour | Words | Peak RSS MiB | Worker CPU s per book |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...throughput.map(
      (t) =>
        `| ${t.generationConcurrency} | ${t.realSeconds} | ${t.booksPerHour} | ${t.words.toLocaleString('en')} | ${t.peakRssMiB} | ${t.cpuSecondsPerBook} |`,
    ),
    '',
    'Builtin sample writer, model 3.0 with illustrations, median of 5 generations in a fresh process per type; the longest',
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

if (process.argv[2] === '--fake-server') {
  fakeServerChild().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
} else if (process.argv[2] === '--throughput-child') {
  runChild(() => throughputChild(process.argv[3], Number(process.argv[4])));
} else if (process.argv[2] === '--builtin-child') {
  runChild(() => builtinChild(process.argv[3]));
} else
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
