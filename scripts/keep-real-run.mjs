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
// An answer file changed after the relay sent it (a player who edits an earlier answer while writing a later
// one) would record what the pipeline never read: every draft a revision request quotes must be an earlier answer.
// A draft is quoted as the reader reads it, so only answers that are text (prose, a spread's `text`) compare.
const answerTexts = calls.map((call) => {
  try {
    const value = JSON.parse(call.answer ?? '');
    return typeof value?.text === 'string' ? value.text : undefined;
  } catch {
    return call.answer;
  }
});
const altered = calls.flatMap((call, at) => {
  const quoted = call.request.messages
    ?.map((message) => /<draft>\n([\s\S]*?)\n<\/draft>/.exec(String(message.content))?.[1])
    .find(Boolean);
  const earlier = answerTexts.slice(0, at).filter((text) => text !== undefined);
  // A page of panels is quoted as its reader text, which no answer holds as such: nothing to compare.
  const textStep = answerTexts.slice(0, at).some((text, index) => text !== undefined && sameStep(calls[index], call));
  return quoted === undefined || !textStep || earlier.includes(quoted) ? [] : [call.n];
});
if (altered.length > 0 && !process.argv.includes('--force')) {
  console.error(
    `requests ${altered.join(', ')} quote a draft that no earlier answer file holds: an answer was edited after it ` +
      'was sent. Mend the answer file from the draft the request quotes, or pass --force to keep the run as it is.',
  );
  process.exit(1);
}
function sameStep(a, b) {
  return a.request.response_format?.json_schema?.name === b.request.response_format?.json_schema?.name;
}
const job = JSON.parse(fs.readFileSync(path.join(dir, 'job.json'), 'utf8'));
const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'test', 'real-runs', `${name}.json.gz`);
fs.writeFileSync(out, zlib.gzipSync(JSON.stringify({ title, job, calls }), { level: 9 }));
console.log(`${out}: ${calls.length} calls, ${calls.filter((call) => call.answer !== undefined).length} answered`);
