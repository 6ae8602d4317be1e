import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible endpoint on 127.0.0.1, for specs, the
 * end-to-end test and benchmarks: it answers the openai provider's plan and
 * section requests with valid JSON written to the requested budgets, counts
 * usage, and fails on a script. It reads the provider's prompts (book type,
 * "Length: about N words"), so it is tied to that provider's wording.
 */

export type FakeCallKind = 'plan' | 'section' | 'continuation' | 'image' | 'other';

export interface FakeCall {
  /** 0-based, in arrival order; SDK retries are calls of their own. */
  index: number;
  kind: FakeCallKind;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, any>;
  /** The first user message (chat: the plan or section request) or the prompt (images). */
  prompt: string;
  /** The section a section or continuation request is about. */
  section?: number;
  /** 0-based count of earlier calls of the same kind (and section, for sections). */
  kindIndex: number;
  status?: number;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  startedAt: number;
  finishedAt?: number;
}

export type FakeOutcome =
  /** An HTTP error with an OpenAI-style error body. */
  | { status: number; headers?: Record<string, string>; message?: string }
  /** A 200 answer whose message content is this text instead of the normal answer. */
  | { content: string };

export type FakeScript = (call: FakeCall) => FakeOutcome | undefined;

export interface FakeOpenAiServerOptions {
  /** Added before every answer (also failures), so concurrency can be observed. */
  delayMs?: number;
  /** Decides per call whether to answer normally (`undefined`) or otherwise. */
  script?: FakeScript;
  /** Share of the requested words the fake writes (1 = exactly the budget). */
  wordRatio?: number;
  /** Replaces the generated plan object. */
  plan?: (prompt: string) => Record<string, unknown>;
  /** Wraps the plan in prose and a ```json fence, as chatty models do. */
  fencedPlan?: boolean;
  /** Answers 400 to any request carrying `response_format`, as some servers do. */
  rejectResponseFormat?: boolean;
}

export interface FakeOpenAiServer {
  /** Ends in `/v1`, ready for OPENAI_BASE_URL. */
  baseUrl: string;
  calls: FakeCall[];
  /** The most requests the server held at one time. */
  maxInFlight(): number;
  /** Sum of the usage.total_tokens the server reported. */
  tokensServed(): number;
  close(): Promise<void>;
}

/** A 1x1 transparent PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const FAKE_PLAN_TITLE = 'The Lighthouse at Merrow Point';

export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> {
  const calls: FakeCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    readBody(req)
      .then((raw) => handle(req, res, raw))
      .catch(() => {
        if (!res.headersSent) send(res, 500, { error: { message: 'fake server error' } });
      });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    let body: Record<string, any> = {};
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      send(res, 400, { error: { message: 'invalid JSON body' } });
      return;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    const call = describeCall(calls, path, req.headers, body);
    calls.push(call);

    if (options.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, options.delayMs);
        timers.add(timer);
      });
    }
    if (res.destroyed) return;

    const outcome = options.script?.(call);
    if (outcome && 'status' in outcome) {
      call.status = outcome.status;
      send(
        res,
        outcome.status,
        { error: { message: outcome.message ?? `fake failure ${outcome.status}`, type: 'fake_error' } },
        outcome.headers,
      );
    } else if (path === '/v1/images/generations') {
      call.status = 200;
      send(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: TINY_PNG_BASE64 }] });
    } else if (path === '/v1/chat/completions') {
      if (options.rejectResponseFormat && body.response_format !== undefined) {
        call.status = 400;
        send(res, 400, {
          error: { message: "Unsupported parameter: 'response_format'", type: 'invalid_request_error' },
        });
      } else {
        const content = outcome?.content ?? answer(call, options);
        const completionTokens = Math.ceil(content.length / 4);
        const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
        call.usage = {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        };
        call.status = 200;
        send(res, 200, {
          id: `chatcmpl-fake-${call.index}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
          usage: call.usage,
        });
      }
    } else {
      call.status = 404;
      send(res, 404, { error: { message: `no route ${path}` } });
    }
    call.finishedAt = Date.now();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    maxInFlight: () => maxInFlight,
    tokensServed: () => calls.reduce((sum, call) => sum + (call.usage?.total_tokens ?? 0), 0),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// --- Scripts ---------------------------------------------------------------

/** The first `count` calls fail with `status` (by default with `Retry-After: 0`, so SDK retries are immediate). */
export function failFirstCalls(
  count: number,
  status: number,
  headers: Record<string, string> = { 'retry-after': '0' },
): FakeScript {
  return (call) => (call.index < count ? { status, headers } : undefined);
}

/** Every call fails. */
export function failAlways(
  status: number,
  headers: Record<string, string> = { 'retry-after': '0' },
  message?: string,
): FakeScript {
  return () => ({ status, headers, ...(message !== undefined ? { message } : {}) });
}

/** Plan requests get text that is no JSON at all, the first `times` times (all of them by default). */
export function malformedPlans(times = Number.POSITIVE_INFINITY): FakeScript {
  return (call) =>
    call.kind === 'plan' && call.kindIndex < times
      ? { content: 'Sure! Here is a plan: {"title": "Broken",' }
      : undefined;
}

/** Requests for the given section fail with `status`. */
export function failSection(
  section: number,
  status: number,
  headers: Record<string, string> = { 'retry-after': '0' },
): FakeScript {
  return (call) => (call.kind === 'section' && call.section === section ? { status, headers } : undefined);
}

/** The first script with an opinion wins. */
export function combineScripts(...scripts: FakeScript[]): FakeScript {
  return (call) => {
    for (const script of scripts) {
      const outcome = script(call);
      if (outcome) return outcome;
    }
    return undefined;
  };
}

// --- Answers ---------------------------------------------------------------

function describeCall(
  calls: FakeCall[],
  path: string,
  headers: IncomingHttpHeaders,
  body: Record<string, any>,
): FakeCall {
  let kind: FakeCallKind = 'other';
  let prompt = '';
  let section: number | undefined;
  if (path === '/v1/images/generations') {
    kind = 'image';
    prompt = String(body.prompt ?? '');
  } else if (path === '/v1/chat/completions') {
    const messages: Array<{ role?: string; content?: unknown }> = Array.isArray(body.messages) ? body.messages : [];
    const users = messages.filter((message) => message.role === 'user');
    const content = users[0]?.content;
    prompt = typeof content === 'string' ? content : JSON.stringify(content ?? '');
    const continuation = /^Continue \w+ (\d+) from/m.exec(prompt);
    const write = /^Now write \w+ (\d+) of \d+/m.exec(prompt);
    if (/^Plan a book/.test(prompt)) kind = 'plan';
    else if (continuation) {
      kind = 'continuation';
      section = Number(continuation[1]);
    } else if (write) {
      kind = 'section';
      section = Number(write[1]);
    }
  }
  const kindIndex = calls.filter((call) => call.kind === kind && call.section === section).length;
  return {
    index: calls.length,
    kind,
    path,
    headers,
    body,
    prompt,
    ...(section !== undefined ? { section } : {}),
    kindIndex,
    startedAt: Date.now(),
  };
}

function answer(call: FakeCall, options: FakeOpenAiServerOptions): string {
  if (call.kind === 'plan') {
    const plan = options.plan?.(call.prompt) ?? fakePlan(call.prompt);
    const json = JSON.stringify(plan, null, 1);
    return options.fencedPlan ? `Here is the plan you asked for:\n\n\`\`\`json\n${json}\n\`\`\`\nEnjoy!` : json;
  }
  const budget = Number(/Length: about (\d+) words/.exec(call.prompt)?.[1] ?? 200);
  const words = Math.max(1, Math.round(budget * (options.wordRatio ?? 1)));
  const type = /Book type: (\w+)/.exec(call.prompt)?.[1] ?? 'novel';
  return JSON.stringify({ blocks: fakeBlocks(type, words, call.section ?? 0) });
}

export function fakePlan(prompt: string): Record<string, unknown> {
  const chosen = /^Book type: (\w+) \(/m.exec(prompt)?.[1];
  const type = chosen ?? 'novel';
  const length = /(\d+) to (\d+) \w+s, about (\d+) words in total/.exec(prompt);
  const count = Number(length?.[1] ?? 8);
  const total = Number(length?.[3] ?? 10_000);
  const style = /^Style: (\w+)\.$/m.exec(prompt)?.[1] ?? 'mystery';
  const sections = Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const share = Math.floor(total / count) + (index < total % count ? 1 : 0);
    return {
      title: `Section ${number} title`,
      summary: `Summary ${number}: Ada and Brann follow clue number ${number} along the harbour.`,
      words: share,
      panels: ['Ada on the pier at dusk', 'Brann points at the lighthouse', 'A shadow in the lantern room'],
      objectives: [`Explain idea ${number}`, `Apply idea ${number}`],
      principle: `Principle ${number}: small steps compound.`,
    };
  });
  return {
    title: FAKE_PLAN_TITLE,
    subtitle: 'A fake book',
    synopsis: 'Ada, a lighthouse keeper, and Brann, a fisherman, unravel the mystery of the dark lantern.',
    type,
    style,
    language: 'en',
    dedication: 'For the testers.',
    cast: [
      { name: 'Ada', description: 'the lighthouse keeper, patient and exact' },
      { name: 'Brann', description: 'a fisherman who talks too much' },
    ],
    objectives: ['Understand the basics', 'Practise the methods'],
    sources: ['Rachel Carson, The Sea Around Us (1951)'],
    sections,
  };
}

const VOCABULARY =
  'the keeper climbed slowly while waves broke against old stone and gulls cried over grey water'.split(' ');

function filler(count: number, offset: number): string {
  return Array.from({ length: count }, (_, index) => VOCABULARY[(index + offset) % VOCABULARY.length]).join(' ');
}

/** Blocks whose reader-visible text has exactly `words` words. */
function fakeBlocks(type: string, words: number, section: number): Array<Record<string, unknown>> {
  if (type === 'comic' || type === 'manga') {
    const panels = 3;
    return Array.from({ length: panels }, (_, index) => {
      const share = Math.floor(words / panels) + (index < words % panels ? 1 : 0);
      const captionWords = Math.ceil(share / 2);
      return {
        kind: 'panel',
        description: `Panel ${index + 1} of page ${section}: the harbour at night`,
        caption: filler(captionWords, index),
        dialogue: share - captionWords > 0 ? [{ speaker: 'Ada', text: filler(share - captionWords, index + 3) }] : [],
      };
    });
  }
  const blocks: Array<Record<string, unknown>> = [];
  let remaining = words;
  if (remaining > 10) {
    blocks.push({ kind: 'dialogue', speaker: 'Brann', text: `"${filler(5, section)}"` });
    remaining -= 5;
  }
  let offset = 0;
  while (remaining > 0) {
    const size = Math.min(100, remaining);
    blocks.push({ kind: 'paragraph', text: filler(size, offset) });
    remaining -= size;
    offset += 1;
  }
  if (type === 'textbook') {
    blocks.push(
      { kind: 'exercise', question: 'What did the keeper climb?', answer: 'The stairs.' },
      { kind: 'glossary_entry', term: `Term ${section}`, definition: 'A word defined by lesson.' },
    );
  }
  return blocks;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
