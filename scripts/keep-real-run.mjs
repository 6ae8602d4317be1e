#!/usr/bin/env node
// Keeps a real model's run (scripts/real-model-run.sh) as test data: every request the pipeline sent and the
// answer the model gave, with the job as submitted, in test/real-runs/NAME.json.gz, which the recorded chat
// server (src/generation/model-writer/testing/recorded-chat-server.ts) replays in the specs.
//   node scripts/keep-real-run.mjs /tmp/realruns/novel novel "2.0 novel, English, md"
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [dir, name, title] = process.argv.slice(2);
if (!dir || !name || !title) {
  console.error('usage: node scripts/keep-real-run.mjs RUN_DIR NAME TITLE');
  process.exit(2);
}
const queue = path.join(dir, 'q');
const numbers = fs
  .readdirSync(queue)
  .filter((file) => file.endsWith('.request.json'))
  .map((file) => Number(file.slice(0, 4)))
  .sort((a, b) => a - b);
const calls = numbers.map((n) => {
  const id = String(n).padStart(4, '0');
  const { model, max_tokens, max_completion_tokens, response_format, messages } = JSON.parse(
    fs.readFileSync(path.join(queue, `${id}.request.json`), 'utf8'),
  );
  const answerFile = path.join(queue, `${id}.answer.txt`);
  // The relay strips one final newline before it answers; so does the record.
  const answer = fs.existsSync(answerFile) ? fs.readFileSync(answerFile, 'utf8').replace(/\n$/, '') : undefined;
  return { n, request: { model, max_tokens, max_completion_tokens, response_format, messages }, answer };
});
const job = JSON.parse(fs.readFileSync(path.join(dir, 'job.json'), 'utf8'));
const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'test', 'real-runs', `${name}.json.gz`);
fs.writeFileSync(out, zlib.gzipSync(JSON.stringify({ title, job, calls }), { level: 9 }));
console.log(`${out}: ${calls.length} calls, ${calls.filter((call) => call.answer !== undefined).length} answered`);
