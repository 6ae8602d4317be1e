/**
 * `npm run bench:real-runs`: replays every real model's run in test/real-runs/ through the pipeline as it
 * is now (the recorded chat server answers each request with the answer the model gave), and writes, per
 * run, the calls it makes, the calls the recording answered that this pipeline no longer makes, words
 * against planned, top-ups, revisions and revisions that changed nothing, to bench/results/real-runs.json;
 * with --books DIR it also writes each book in its job's format there, to read.
 */
require('reflect-metadata');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// Compiled with the testing folders (the recorded chat server), as bench:engine compiles.
const root = path.resolve(__dirname, '..');
execFileSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(__dirname, 'tsconfig.json')], {
  stdio: 'inherit',
});
const built = (file) => path.join(root, '.tmp', 'bench-dist', 'src', file);
const { readRealRun } = require(built('generation/model-writer/testing/recorded-chat-server.js'));
const { replayRealRun } = require(built('generation/model-writer/testing/real-run-replay.js'));
const { RenderingService } = require(built('rendering/rendering.service.js'));
const { RendererRegistry } = require(built('rendering/renderer-registry.js'));

async function main() {
  const booksAt = process.argv.includes('--books') ? process.argv[process.argv.indexOf('--books') + 1] : undefined;
  const directory = path.join(__dirname, '..', 'test', 'real-runs');
  const rendering = new RenderingService(new RendererRegistry());
  const results = [];
  for (const file of fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.json.gz'))
    .sort()) {
    const run = readRealRun(path.join(directory, file));
    const started = Date.now();
    const { document, report, served, topUps } = await replayRealRun(run);
    const answered = new Set(served.map((call) => call.answeredBy));
    const recorded = run.calls.filter((call) => call.answer !== undefined);
    const result = {
      run: file.replace(/\.json\.gz$/, ''),
      title: run.title,
      recordedCalls: recorded.length,
      calls: report.calls,
      recordedAnswersNotAskedNow: recorded.filter((call) => !answered.has(call.n)).length,
      unanswered: served.filter((call) => call.answeredBy === undefined).length,
      staleCorrections: served.filter((call) => call.stale).length,
      cutForBudget: served.filter((call) => call.finishReason === 'length').length,
      plannedWords: document.metadata.targetWords,
      words: document.metadata.wordCount,
      topUps: topUps.length,
      revisions: report.revisions,
      unchangedRevisions: report.unchangedRevisions ?? 0,
      promptTokens: report.promptTokens,
      completionTokens: report.completionTokens,
      replayMs: Date.now() - started,
    };
    results.push(result);
    console.log(JSON.stringify(result));
    if (booksAt) {
      fs.mkdirSync(booksAt, { recursive: true });
      const format = run.job.output_format ?? 'pdf';
      const { content } = await rendering.rendererFor(format).render(document);
      fs.writeFileSync(path.join(booksAt, `${result.run}.${format}`), content);
      const md = await rendering.rendererFor('md').render(document);
      fs.writeFileSync(path.join(booksAt, `${result.run}.md`), md.content);
    }
  }
  const out = path.join(__dirname, 'results', 'real-runs.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), runs: results }, null, 2) + '\n');
  console.log(`wrote ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
