/**
 * An OpenAI-compatible chat-completions server that answers from a real
 * model's run (a transcript in test/real-runs/), so the pipeline's specs read
 * real prose, not the fake's. A request is matched to a recorded answer by
 * what it asks for (the step's schema name, the section it is about, and how
 * many answers the conversation already holds), not by its place in the run,
 * so reworded prompts and another order of parallel calls replay the same
 * answers. A correction the run never needed (the pipeline, now reading
 * other text, sends a recorded answer back) gets the step's first answer
 * again, marked `stale`; a continuity check's verdicts follow its instructions by their text when the
 * plan's list of them changed; any other request the run never made is answered
 * 400 with what was asked, so a spec fails and says so. Answers longer than `max_tokens` (four
 * characters a token, as the relay that recorded them counted) are cut with
 * `finish_reason: "length"`, as a real server cuts them.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { asksForDrawing } from '../drawings/svg-pictures';

/** One real run: the job as submitted and every call the pipeline made, with the model's answer. */
export interface RealRun {
  /** What it is, for a reader of the specs: "2.0 novel, English, md". */
  title: string;
  /** The body of POST /v1/book. */
  job: {
    type: string;
    style?: string;
    model?: string;
    output_format?: string;
    prompt: string;
    images?: boolean;
  };
  calls: RecordedCall[];
}

export interface RecordedCall {
  /** The request's number in the run. */
  n: number;
  /** The request body as the pipeline sent it (model, max_tokens, response_format, messages). */
  request: ChatBody;
  /** What the model answered; absent when the request was cancelled before an answer. */
  answer?: string;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: { type?: string; json_schema?: { name?: string } };
  messages?: Array<{ role?: string; content?: unknown }>;
}

export interface ServedCall {
  key: string;
  /** The recorded call's number that answered, or undefined when none matched (answered 400). */
  answeredBy?: number;
  /** Answered with the step's first answer: the recording has no answer for this correction. */
  stale?: boolean;
  finishReason?: 'stop' | 'length';
  maxTokens?: number;
}

export interface RecordedChatServer {
  baseUrl: string;
  served: ServedCall[];
  close(): Promise<void>;
}

export function readRealRun(file: string): RealRun {
  const bytes = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return JSON.parse(text) as RealRun;
}

const SCHEMA_BLOCK_NAME = /JSON Schema \(name: ([\w-]+)\)/;
/** A section's own brief ("Your chapter:\nChapter 8: ..."), a seam's second section, a revision's section line. */
const OWN_SECTION = /^Your [^\n:]+:\n\D*?(\d+)[:.]/m;
const SEAM_SECTION = /^The opening paragraphs of \S+ (\d+):/m;
const SECTION_LINE = /^\p{Lu}\p{L}+ (\d+): /mu;

/** The illustrator's requests (drawings as SVG) are told apart by the scene each draws, which a replay writes again. */
const DRAWN_SCENE = /^The (?:picture|page): (.{1,80})/m;

/** What a request asks for, the same for a reworded prompt: `step|section|turn` (a drawing's: `drawing|scene|turn`). */
export function callKey(body: ChatBody): string {
  const messages = (body.messages ?? []).map((message) => ({ role: message.role ?? 'user', text: textOf(message) }));
  if (asksForDrawing(messages.map((message) => ({ role: message.role, content: message.text })))) {
    const brief = messages.find((message) => message.role === 'user')?.text ?? '';
    // The cover's request is worded as the pipeline words covers; there is one a book.
    const scene = brief.includes('The cover of the book.')
      ? 'cover'
      : (DRAWN_SCENE.exec(brief)?.[1] ?? 'book').replace(/\|/g, '/');
    return `drawing|${scene}|${messages.filter((message) => message.role === 'assistant').length}`;
  }
  const format = body.response_format;
  const inPrompt = messages.map((message) => SCHEMA_BLOCK_NAME.exec(message.text)?.[1]).find(Boolean);
  const step = (format?.type === 'json_schema' ? format.json_schema?.name : undefined) ?? inPrompt ?? 'prose';
  const brief = messages.find((message) => message.role === 'user')?.text ?? '';
  const section =
    OWN_SECTION.exec(brief)?.[1] ?? SEAM_SECTION.exec(brief)?.[1] ?? SECTION_LINE.exec(brief)?.[1] ?? 'book';
  const turn = messages.filter((message) => message.role === 'assistant').length;
  return `${step}|${section}|${turn}`;
}

function textOf(message: { content?: unknown }): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === 'string' ? part : ((part as { text?: string }).text ?? ''))).join('');
  }
  return '';
}

export async function startRecordedChatServer(run: RealRun): Promise<RecordedChatServer> {
  const answers = new Map<string, RecordedCall[]>();
  for (const call of run.calls) {
    if (call.answer === undefined) continue;
    const key = callKey(call.request);
    answers.set(key, [...(answers.get(key) ?? []), call]);
  }
  const used = new Map<string, number>();
  const served: ServedCall[] = [];

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      if (request.method === 'GET' && request.url?.startsWith('/v1/models')) {
        json(response, 200, { object: 'list', data: [{ id: 'recorded', object: 'model', owned_by: 'recorded' }] });
        return;
      }
      let body: ChatBody;
      try {
        body = JSON.parse(raw) as ChatBody;
      } catch {
        json(response, 400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } });
        return;
      }
      const key = callKey(body);
      const [step, section, turn] = key.split('|');
      const firstTurn = `${step}|${section}|0`;
      const stale = !answers.has(key) && turn !== '0' && step !== 'prose' && answers.has(firstTurn);
      const recorded = answers.get(stale ? firstTurn : key) ?? [];
      // Repeats of one request (a retry after an unusable answer) take the run's next answer for it, then its last.
      const index = stale ? recorded.length - 1 : Math.min(used.get(key) ?? 0, recorded.length - 1);
      const call = recorded[index];
      const maxTokens = body.max_completion_tokens ?? body.max_tokens;
      if (!call?.answer) {
        served.push({ key, maxTokens });
        json(response, 400, {
          error: { message: `the recorded run has no answer for ${key}`, type: 'invalid_request_error' },
        });
        return;
      }
      used.set(key, index + 1);
      let text = step === 'continuity_check' ? renumberedVerdicts(call, body) : call.answer;
      let finishReason: 'stop' | 'length' = 'stop';
      if (maxTokens && Math.ceil(text.length / 4) > maxTokens) {
        text = text.slice(0, maxTokens * 4);
        finishReason = 'length';
      }
      served.push({ key, answeredBy: call.n, finishReason, maxTokens, ...(stale ? { stale } : {}) });
      answer(response, body, text, finishReason);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The numbered list of the client's instructions a continuity check is shown (continuity.step.ts). */
const INSTRUCTION_LIST = /^The client's instructions:\n((?:\d+\. .*(?:\n|$))+)/m;

function instructionsOf(body: ChatBody): string[] {
  const brief = (body.messages ?? []).map(textOf).find((text) => INSTRUCTION_LIST.test(text)) ?? '';
  const list = INSTRUCTION_LIST.exec(brief)?.[1] ?? '';
  return list
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\d+\. /, '').trim());
}

/**
 * A continuity check names the client's instructions by their number in the list it was shown. When the plan's
 * list is not the recorded one (the pipeline now drops a planner's instruction the recording kept), each recorded
 * verdict is given its instruction's number in the list asked now, and a verdict on one not asked now is left out,
 * so the replay judges the same instructions the model judged.
 */
function renumberedVerdicts(call: RecordedCall, body: ChatBody): string {
  const recorded = instructionsOf(call.request);
  const asked = instructionsOf(body);
  if (recorded.join('\n') === asked.join('\n')) return call.answer ?? '';
  try {
    const value = JSON.parse(call.answer ?? '') as {
      issues?: Array<{ problem?: string }>;
      instructions?: Array<{ number: number }>;
    };
    // An issue raised about an instruction by its number ("Instruction 10 (credit the author...) is carried out
    // nowhere") cannot be raised by a check that is no longer shown that instruction.
    value.issues = (value.issues ?? []).filter((issue) => {
      const cited = /\binstruction (\d+)\b/i.exec(issue.problem ?? '')?.[1];
      return cited === undefined || asked.includes(recorded[Number(cited) - 1] ?? '');
    });
    value.instructions = (value.instructions ?? []).flatMap((verdict) => {
      const number = asked.indexOf(recorded[verdict.number - 1] ?? '') + 1;
      return number > 0 ? [{ ...verdict, number }] : [];
    });
    return JSON.stringify(value);
  } catch {
    return call.answer ?? '';
  }
}

function json(response: http.ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** The answer as a server sends it: streamed in chunks with usage when asked, else one completion. */
function answer(response: http.ServerResponse, body: ChatBody, text: string, finishReason: 'stop' | 'length'): void {
  const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
  const completionTokens = Math.ceil(text.length / 4);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  const base = { id: 'chatcmpl-recorded', created: 0, model: body.model ?? 'recorded' };
  if (!body.stream) {
    json(response, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
      usage,
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (value: unknown) => response.write(`data: ${JSON.stringify(value)}\n\n`);
  const chunk = { ...base, object: 'chat.completion.chunk' };
  send({ ...chunk, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (let at = 0; at < text.length; at += 400) {
    send({ ...chunk, choices: [{ index: 0, delta: { content: text.slice(at, at + 400) }, finish_reason: null }] });
  }
  send({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
  if (body.stream_options?.include_usage) send({ ...chunk, choices: [], usage });
  response.end('data: [DONE]\n\n');
}
