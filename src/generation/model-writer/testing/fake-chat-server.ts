/**
 * A realistic stand-in for an OpenAI-compatible chat-completions server, on
 * 127.0.0.1, for specs, end-to-end tests and benchmarks.
 *
 * It knows nothing about Scriptorium's steps: it reads requests the way a
 * model would, through a small protocol shared with the pipeline.
 *  - Structured call: `response_format: json_schema` (its name and schema),
 *    or, with `json_object` or no response_format, a block
 *    "JSON Schema (name: X):" + a ```json fence in a system or user message.
 *    The answer is a JSON value generated from the schema (valueFromSchema).
 *  - Prose call: anything else. About the first "about N words" of the last
 *    user message (default 300), in the language of "Language of the book:
 *    Name (tag)", with the cast found in the prompt (`"name": "X"`,
 *    `- Name (role)`, `- Name: ...`). A prose call whose prompt holds the
 *    `=== NOTES ===` marker and a schema block ends with the marker and JSON
 *    for that schema.
 *  - The client's material, `<premise>...</premise>`, is followed as a model
 *    follows it: the people it names lead the cast (a name introduced as one,
 *    "named Mara", first), its sentences are the requirements that
 *    `instructions` restate (or the "- " or "1. " lines under a line about the
 *    client's instructions, which a section's `carries` copies), and before
 *    a "Language of the book" line exists, answers are in the premise's
 *    language or the one it asks for ("in French").
 *  - Tokens are ceil(characters / 4), one per CJK character; `max_tokens` or
 *    `max_completion_tokens` cuts the answer there (finish_reason "length").
 * Answers are deterministic (seeded by the request), stream like OpenAI's and
 * take realistic, scalable time. Faults are scripted per call: HTTP errors,
 * resets, stalls, refusals, fixed contents.
 *
 * Only `node:` built-ins: this file is also compiled into the engine benchmark
 * with plain tsc, and booted in-process by end-to-end tests.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { primaryLanguage } from '../../../book/language-tag';
import { countWords } from '../../../book/word-count';
import { toPresent } from '../../builtin/story/present-tense';
import type { Tense } from '../checks/narration-tense';
import { sentencesOf } from '../checks/prose-words';
import { NOTES_MARKER } from '../pipeline/steps/notes.step';
import { escapeRegExp } from '../../../common/escape-reg-exp';
import { asksForDrawing } from '../drawings/svg-pictures';
import { fakeDrawings } from './fake-drawings';

// ---------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------

export interface FakeLatency {
  /** Time to first token, in ms, drawn per call (seeded) from this range. */
  firstTokenMs: [number, number];
  /** Output speed once the answer flows; Infinity answers at once. */
  tokensPerSecond: number;
  /**
   * Prompt reading speed: adds promptTokens / rate to the first-token delay,
   * as real servers take longer to start on long prompts. Default Infinity.
   */
  promptTokensPerSecond?: number;
}

/** An HTTP error with an OpenAI-style body (429 with Retry-After, 500, 503, 400 context_length_exceeded...). */
export interface FakeHttpErrorFault {
  status: number;
  headers?: Record<string, string>;
  message?: string;
  code?: string;
  /** `error.type`; derived from the status (and code) when absent. */
  type?: string;
  /** `error.param`; 'messages' for context_length_exceeded when absent. */
  param?: string;
}

/** Destroys the socket: before answering, or after `afterTokens` tokens of a stream (no finish_reason, no [DONE]). */
export interface FakeResetFault {
  reset: true;
  afterTokens?: number;
}

/** Answers exactly this text (streamed as usual, never cut by max_tokens); an image call, these base64 bytes. */
export interface FakeContentFault {
  content: string;
  finishReason?: 'stop' | 'length' | 'content_filter';
  /** Completion tokens the usage reports, when not the content's own: a reasoning model's hidden thinking. */
  completionTokens?: number;
}

/** Structured call: `message.refusal` / `delta.refusal`, content null. Prose call: the text is the content. */
export interface FakeRefusalFault {
  refusal: string;
}

/** This call writes this share of the target words (short chapters, or long ones that hit max_tokens). */
export interface FakeWordRatioFault {
  wordRatio: number;
}

/** The answer pauses `stallMs` after `afterTokens` tokens, then goes on (idle timeouts). */
export interface FakeStallFault {
  stallMs: number;
  afterTokens: number;
}

export type FakeFault =
  FakeHttpErrorFault | FakeResetFault | FakeContentFault | FakeRefusalFault | FakeWordRatioFault | FakeStallFault;

export type FakeCallKind = 'structured' | 'prose' | 'drawing' | 'image' | 'other';

/** How a call ended, from the server's side. */
export type FakeCallOutcome = 'answered' | 'error' | 'reset' | 'client-closed' | 'server-closed';

export interface FakeChatCall {
  /** 0-based arrival order; SDK retries are calls of their own. */
  index: number;
  kind: FakeCallKind;
  /** Schema name of a structured call (a prose call's notes trailer schema is `notesName`, not this). */
  name?: string;
  responseFormat: 'json_schema' | 'json_object' | 'none';
  stream: boolean;
  /** `max_completion_tokens` or `max_tokens`, whichever was sent. */
  maxTokens?: number;
  model?: string;
  messages: Array<{ role: string; content: string }>;
  lastUserMessage: string;
  /** Prose calls: the first "about N words" of the last user message (default 300). */
  targetWords?: number;
  /** The book's language tag from "Language of the book: X (tag)", default 'en'. */
  language: string;
  body: Record<string, unknown>;
  /** 0-based count of earlier calls with the same kind and name. */
  kindIndex: number;
  status?: number;
  finishReason?: string;
  /** The text answered (as sent, cut where it was cut). */
  answer?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  startedAt: number;
  finishedAt?: number;

  // Beyond the protocol: details tests often want.
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Prose calls with a notes trailer: the trailer schema's name. */
  notesName?: string;
  /** Structured calls: where the schema came from. */
  schemaSource?: 'response_format' | 'prompt';
  /** What the script returned for this call. */
  fault?: FakeFault;
  outcome?: FakeCallOutcome;
  /** When the response headers (and, streaming, the first chunk) went out. */
  firstTokenAt?: number;
}

export interface FakeChatServerOptions {
  /** Share of the target words written (default 1.0), with a deterministic +/-8% jitter per call. */
  wordRatio?: number;
  /**
   * Prompt-only structured answers (no response_format) come wrapped in a
   * ```json fence after a sentence, as chatty models do; notes trailers get
   * the fence. `true`: always; a number in 0..1: that share of calls (seeded).
   * json_object / json_schema answers are never wrapped (those modes guarantee JSON).
   */
  chattyJson?: boolean | number;
  /**
   * The notes marker as this writer writes it: models given `=== NOTES ===`
   * answer `=== Notes ===`, `**NOTES:**` or nothing at all (an empty string:
   * the notes JSON straight after the prose). Default: the marker as given.
   */
  notesMarker?: string;
  /**
   * Markdown a model slips into prose it was told to keep plain: a word in
   * `*italics*` or `**bold**` in every third paragraph, and, where the prompt
   * allows headings (non-fiction), a three-item bullet list after the first
   * paragraph.
   */
  markdownHabits?: boolean;
  /**
   * The stock phrases of machine-written prose ("A shiver ran down her
   * spine.", "The air was thick with salt."; in a subject book "Let's dive
   * in.", "Routine plays a crucial role here."), one sentence of them at the end
   * of every third paragraph of English, French, Spanish or German prose
   * ("Un frisson lui parcourut l'échine."; each at most once an answer), as
   * chat models write unless edited.
   */
  stockPhrases?: boolean;
  /** Default `{ firstTokenMs: [0, 0], tokensPerSecond: Infinity }`: instant. */
  latency?: Partial<FakeLatency>;
  /** Multiplies every delay (0.05 runs a 40 tok/s model 20x faster). Default 1. */
  timeScale?: number;
  /**
   * Evaluated when a call arrives (after parsing, before the first-token delay and before the
   * server's own 400s). HTTP errors are answered at once; a reset without afterTokens comes
   * after the first-token delay. A throwing script gets a 500 that names it.
   */
  script?: (call: FakeChatCall) => FakeFault | undefined;
  /**
   * Replaces or patches a structured answer (also a notes trailer's JSON).
   * Return the value to send: a string is sent verbatim (to test malformed
   * JSON), anything else is serialised; `undefined` keeps `generated`
   * (which may have been patched in place).
   */
  answer?: (call: FakeChatCall, generated: unknown) => unknown;
  /**
   * Replaces or patches a prose answer (without its notes trailer), before it
   * is cut at the token limit: to give one section a slip a real writer
   * makes. `undefined` keeps `generated`.
   */
  prose?: (call: FakeChatCall, generated: string) => string | undefined;
  /**
   * Replaces a drawing answer (the illustrator's SVG, before it is cut at the
   * token limit): to answer hostile or broken drawings. `undefined` keeps `generated`.
   */
  drawing?: (call: FakeChatCall, generated: string) => string | undefined;
  /** 400 whenever `response_format.type` is `json_schema`. */
  rejectJsonSchema?: boolean;
  /** 400 for any `response_format`. */
  rejectResponseFormat?: boolean;
  /**
   * Takes `response_format` and ignores it, as some llama.cpp chat templates
   * and proxies do: a call is structured only when its prompt carries a
   * schema block, and anything else is answered as prose.
   */
  ignoreResponseFormat?: boolean;
  /** 400 when `stream_options` is sent, as some old servers do. */
  rejectStreamOptions?: boolean;
  /** 400 when `max_tokens` is sent (reasoning models want `max_completion_tokens`). */
  rejectMaxTokens?: boolean;
  /** Never cuts answers at the token limit. */
  ignoreMaxTokens?: boolean;
  /** Echoed as `model` in answers; default the request's `model`. */
  modelName?: string;
  /** When set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401. */
  apiKey?: string;
  /** When set, prompt tokens + max tokens above it get OpenAI's 400 context_length_exceeded. */
  contextWindow?: number;
  /**
   * As Ollama's OpenAI-compatible endpoint does (it ignores `num_ctx`): a
   * prompt over this many tokens is read only up to it, without an error,
   * and the usage reports the tokens read. The answer is still made from the
   * whole prompt, so only the usage tells.
   */
  silentContextWindow?: number;
  /** As OpenAI and vLLM report a prefix cache: this share of each prompt's tokens as `cached_tokens`. */
  cachedPromptShare?: number;
  /** How the server counts a prompt's tokens; by default as `estimateTokens` does (one per CJK character). */
  countPromptTokens?: (text: string) => number;
  /** OpenAI's strict-mode checks on json_schema: name pattern, object root, all properties required, additionalProperties false. */
  validateSchemas?: boolean;
  /** Mixed into every call's seed, to get another (still deterministic) set of answers. */
  seed?: string;
  /** Default 0: a free port. */
  port?: number;
}

export interface FakeChatServer {
  /** Ends in `/v1`, ready for OPENAI_BASE_URL or `new OpenAI({ baseURL })`. */
  baseUrl: string;
  calls: FakeChatCall[];
  /** The most requests in flight at once. */
  maxInFlight(): number;
  inFlight(): number;
  /** Sums of the usage reported by completed chat answers. */
  tokensServed(): { prompt: number; completion: number };
  /** Stops listening, cuts streams in progress, clears every timer. */
  close(): Promise<void>;
}

/** Hints for values generated from a schema. */
export interface SchemaHints {
  /** BCP 47 tag of the book: texts are written in it, `language` fields get it. */
  language?: string;
  /** The cast: `name`-like fields use these first. */
  names?: string[];
  /**
   * What the client asked for, one item each: `instructions` fields restate
   * them, a section's `carries` takes one, an `instruction` copies its own.
   */
  requirements?: string[];
  /** Numbers of the paragraphs the prompt quotes as `[n] ...` lines: a `paragraph` field picks one of them. */
  paragraphs?: number[];
  /** The tense the client asked for: a `tense` field gives it (default past). */
  tense?: Tense;
  /** Who tells the story in the first person, when the client asked for it: `point_of_view` fields name them. */
  narrator?: string;
  /** What the client asks of every section: an `every_section` list restates them. */
  rules?: string[];
  /** The client's limits on length: `section_words_max` and `book_words_max` give them, or null. */
  wordLimits?: { section?: number; book?: number };
  /** What a subject book is about: `term` fields name these first. */
  topics?: string[];
  /** A subject book: its texts explain its topics instead of telling a story (in English). */
  subject?: boolean;
}

/** A 1x1 transparent PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The writer's notes trailer marker: the fake follows the pipeline's prompt as a model would. */
export { NOTES_MARKER };

// ---------------------------------------------------------------------------
// The protocol's patterns
// ---------------------------------------------------------------------------

const SCHEMA_BLOCK = /JSON Schema \(name: ([A-Za-z0-9_-]+)\):\s*```json\s*\n([\s\S]*?)\n```/;
const TARGET_WORDS = /about ([\d,]+) words/;
const BOOK_LANGUAGE = /Language of the book: [^(\n]*\(([A-Za-z-]+)\)/;
const DEFAULT_TARGET_WORDS = 300;
/** Bodies larger than this get a 413, as real gateways do. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** The shortest pause of a stream between writes (see the streaming loop). */
const MIN_TICK_MS = 4;
/** Largest write of a stream's events. */
const WRITE_BYTES = 4_096;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

// ---------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------

/** What the fake works out from a chat request, beyond what it records. */
interface ChatAnalysis {
  seed: string;
  schema?: unknown;
  notesSchema?: unknown;
  names: string[];
  /** The tense asked for: by the client's premise (a planner), or by the bible's narration line (a writer). */
  tense: Tense;
  /** The first-person narrator asked for, in the same two ways; absent for a narrator in the third person. */
  narrator?: string;
  requirements: string[];
  rules: string[];
  wordLimits: { section?: number; book?: number };
  paragraphs: number[];
  /** What a subject book is about, as a model reads it: the premise's topics, then the bible's concept terms. */
  topics: string[];
  /** A subject book (non-fiction, a textbook): the prompt carries its thesis, or a section's concepts. It explains. */
  subject: boolean;
}

interface AnswerPlan {
  text: string;
  channel: 'content' | 'refusal';
  finishReason: 'stop' | 'length' | 'content_filter';
  /** Reported instead of the text's own count (FakeContentFault.completionTokens). */
  completionTokens?: number;
}

/**
 * One request's lifetime: its pending waits are cancelled together when the
 * client goes away or the server closes, so no timer outlives its request.
 */
class RequestLife {
  alive = true;
  call?: FakeChatCall;
  private readonly waits = new Map<NodeJS.Timeout, (alive: boolean) => void>();

  /** Resolves true after `ms`, or false at once when the request has ended. */
  sleep(ms: number): Promise<boolean> {
    if (!this.alive) return Promise.resolve(false);
    if (!(ms > 0)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waits.delete(timer);
          resolve(this.alive);
        },
        Math.min(ms, MAX_TIMER_MS),
      );
      this.waits.set(timer, resolve);
    });
  }

  end(): void {
    this.alive = false;
    for (const [timer, resolve] of this.waits) {
      clearTimeout(timer);
      resolve(false);
    }
    this.waits.clear();
  }
}

export async function startFakeChatServer(options: FakeChatServerOptions = {}): Promise<FakeChatServer> {
  const calls: FakeChatCall[] = [];
  const lives = new Set<RequestLife>();
  const kindCounts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let closing: Promise<void> | undefined;
  let closed = false;

  const timeScale = options.timeScale ?? 1;
  const latency: Required<FakeLatency> = {
    firstTokenMs: options.latency?.firstTokenMs ?? [0, 0],
    tokensPerSecond: options.latency?.tokensPerSecond ?? Infinity,
    promptTokensPerSecond: options.latency?.promptTokensPerSecond ?? Infinity,
  };
  const msForTokens = (tokens: number): number =>
    Number.isFinite(latency.tokensPerSecond) && latency.tokensPerSecond > 0
      ? (tokens / latency.tokensPerSecond) * 1000 * timeScale
      : 0;

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const life = new RequestLife();
    lives.add(life);
    // Sockets torn down by a reset or a departing client must not surface as unhandled errors.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    res.on('close', () => {
      inFlight -= 1;
      life.end();
      lives.delete(life);
      const call = life.call;
      if (call) {
        call.finishedAt ??= Date.now();
        call.outcome ??= closed ? 'server-closed' : 'client-closed';
      }
    });
    readBody(req)
      .then((raw) => handle(req, res, raw, life))
      .catch((error: unknown) => {
        if (error instanceof BodyTooLarge) {
          sendJson(res, 413, errorBody('Request body too large.', 'invalid_request_error'));
        } else if (!res.headersSent && !res.destroyed) {
          sendJson(res, 500, errorBody(`fake-chat-server failed: ${describe(error)}`, 'server_error'));
        } else {
          res.destroy();
        }
      });
  });

  function record(req: IncomingMessage, path: string, body: Record<string, unknown>, life: RequestLife): FakeChatCall {
    const call: FakeChatCall = {
      index: calls.length,
      kind: 'other',
      responseFormat: 'none',
      stream: false,
      messages: [],
      lastUserMessage: '',
      language: 'en',
      body,
      kindIndex: 0,
      startedAt: Date.now(),
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
    };
    calls.push(call);
    life.call = call;
    return call;
  }

  /** Sets kindIndex once kind and name are known. */
  function countKind(call: FakeChatCall): void {
    const key = `${call.kind}\u0000${call.name ?? ''}`;
    call.kindIndex = kindCounts.get(key) ?? 0;
    kindCounts.set(key, call.kindIndex + 1);
  }

  function fail(
    res: ServerResponse,
    call: FakeChatCall,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ) {
    call.status = status;
    call.outcome = 'error';
    call.finishedAt = Date.now();
    sendJson(res, status, body, { 'x-request-id': requestId(call), ...headers });
  }

  function reset(res: ServerResponse, call: FakeChatCall): void {
    call.outcome = 'reset';
    call.finishedAt = Date.now();
    const socket = res.socket;
    if (!socket || !res.headersSent) {
      (socket ?? res).destroy();
      return;
    }
    // What was written reaches the client first, as on a real connection that dies mid-answer
    // (an instant stream writes its tokens and dies in the same tick).
    socket.write('', () => socket.destroy());
  }

  /** Runs the script; a throwing script becomes a 500 that names it, so a broken test is obvious. */
  function runScript(call: FakeChatCall): FakeFault | { scriptError: string } | undefined {
    if (!options.script) return undefined;
    try {
      const fault = options.script(call);
      call.fault = fault;
      return fault;
    } catch (error) {
      return { scriptError: describe(error) };
    }
  }

  function firstTokenDelay(seed: string, call: FakeChatCall, promptTokens: number): number {
    const [min, max] = latency.firstTokenMs;
    const rng = new Random(`${seed}\u0000timing\u0000${call.index}`);
    const drawn = min + rng.next() * Math.max(0, max - min);
    const reading =
      Number.isFinite(latency.promptTokensPerSecond) && latency.promptTokensPerSecond > 0
        ? (promptTokens / latency.promptTokensPerSecond) * 1000
        : 0;
    return (drawn + reading) * timeScale;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string, life: RequestLife): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route =
      method === 'POST' && path === '/v1/chat/completions'
        ? 'chat'
        : method === 'POST' && path === '/v1/images/generations'
          ? 'image'
          : 'other';

    let body: Record<string, unknown> = {};
    let invalidJson = false;
    if (route !== 'other') {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isRecord(parsed)) body = parsed;
        else invalidJson = true;
      } catch {
        invalidJson = true;
      }
    }
    const call = record(req, path, body, life);

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      fail(
        res,
        call,
        401,
        errorBody(
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          null,
          'invalid_api_key',
        ),
      );
      return;
    }
    if (route === 'other') {
      fail(res, call, 404, errorBody(`Invalid URL (${method} ${path})`, 'invalid_request_error'));
      return;
    }
    if (invalidJson) {
      fail(
        res,
        call,
        400,
        errorBody(
          'We could not parse the JSON body of your request. The OpenAI API expects a JSON payload, ' +
            'but what was sent was not valid JSON.',
          'invalid_request_error',
        ),
      );
      return;
    }
    if (route === 'image') await handleImage(res, call, life);
    else await handleChat(res, call, life);
  }

  async function handleImage(res: ServerResponse, call: FakeChatCall, life: RequestLife): Promise<void> {
    call.kind = 'image';
    call.lastUserMessage = typeof call.body.prompt === 'string' ? call.body.prompt : '';
    call.model = typeof call.body.model === 'string' ? call.body.model : undefined;
    countKind(call);
    const fault = runScript(call);
    if (fault && 'scriptError' in fault) {
      fail(res, call, 500, errorBody(`fake-chat-server: the script threw: ${fault.scriptError}`, 'server_error'));
      return;
    }
    if (fault && 'status' in fault) {
      fail(res, call, fault.status, faultBody(fault, 0), fault.headers);
      return;
    }
    const seed = `${options.seed ?? ''}\u0000${JSON.stringify(call.body)}`;
    if (!(await life.sleep(firstTokenDelay(seed, call, 0)))) return;
    if (fault && 'reset' in fault) {
      reset(res, call);
      return;
    }
    const n = Math.min(10, Math.max(1, typeof call.body.n === 'number' ? Math.floor(call.body.n) : 1));
    // A content fault is the picture's bytes as this server sends them (a JPEG, as some local servers do; or junk).
    const b64 = fault && 'content' in fault ? fault.content : TINY_PNG_BASE64;
    call.status = 200;
    call.outcome = 'answered';
    call.firstTokenAt = Date.now();
    call.finishedAt = Date.now();
    sendJson(
      res,
      200,
      {
        created: nowSeconds(),
        data: Array.from({ length: n }, () => ({ b64_json: b64 })),
        // gpt-image models report their tokens (a 1024x1024 picture at medium quality is 1,056); dall-e none.
        ...(/^gpt-image/i.test(call.model ?? '')
          ? {
              usage: {
                input_tokens: Math.ceil(call.lastUserMessage.length / 4),
                output_tokens: 1056 * n,
                total_tokens: Math.ceil(call.lastUserMessage.length / 4) + 1056 * n,
                input_tokens_details: { text_tokens: Math.ceil(call.lastUserMessage.length / 4), image_tokens: 0 },
              },
            }
          : {}),
      },
      { 'x-request-id': requestId(call) },
    );
  }

  async function handleChat(res: ServerResponse, call: FakeChatCall, life: RequestLife): Promise<void> {
    const body = call.body;
    const analysis = describeChat(call, options.seed ?? '', options.ignoreResponseFormat === true);
    countKind(call);

    // The script sees every parsed call first, so a scripted fault wins over the server's own 400s.
    // HTTP errors go out at once (servers refuse at the door); resets come after the first-token delay.
    const fault = runScript(call);
    if (fault && 'scriptError' in fault) {
      fail(res, call, 500, errorBody(`fake-chat-server: the script threw: ${fault.scriptError}`, 'server_error'));
      return;
    }
    const promptTokens = (options.countPromptTokens ?? countTokens)(
      call.messages.map((message) => message.content).join('\n'),
    );
    if (fault && 'status' in fault) {
      fail(res, call, fault.status, faultBody(fault, promptTokens), fault.headers);
      return;
    }
    const rejection = rejectChat(call, promptTokens, options);
    if (rejection) {
      fail(res, call, 400, rejection);
      return;
    }

    let plan: AnswerPlan;
    try {
      plan = planAnswer(call, analysis, fault, options);
    } catch (error) {
      fail(res, call, 500, errorBody(`fake-chat-server: the answer hook threw: ${describe(error)}`, 'server_error'));
      return;
    }
    const model = options.modelName ?? call.model ?? 'fake-model';
    const id = `chatcmpl-${createHash('sha256').update(`${analysis.seed}\u0000${call.index}`).digest('hex').slice(0, 24)}`;
    const created = nowSeconds();
    const firstMs = firstTokenDelay(analysis.seed, call, promptTokens);
    const resetFault = fault && 'reset' in fault ? fault : undefined;
    const stall = fault && 'stallMs' in fault ? fault : undefined;
    const promptRead = Math.min(promptTokens, options.silentContextWindow ?? Number.POSITIVE_INFINITY);
    const usage = (text: string) => {
      const completion = plan.completionTokens ?? countTokens(text);
      const cached = Math.floor(promptRead * (options.cachedPromptShare ?? 0));
      return {
        prompt_tokens: promptRead,
        completion_tokens: completion,
        total_tokens: promptRead + completion,
        ...(cached > 0 ? { prompt_tokens_details: { cached_tokens: cached } } : {}),
      };
    };

    if (!call.stream) {
      const total = countTokens(plan.text);
      if (resetFault) {
        const at = resetFault.afterTokens === undefined ? 0 : msForTokens(Math.min(resetFault.afterTokens, total));
        if (await life.sleep(firstMs + at)) reset(res, call);
        return;
      }
      const thinking = firstMs + msForTokens(total) + (stall ? stall.stallMs * timeScale : 0);
      const startedAt = Date.now();
      if (!(await life.sleep(thinking))) return;
      call.status = 200;
      call.finishReason = plan.finishReason;
      call.answer = plan.text;
      call.usage = usage(plan.text);
      call.outcome = 'answered';
      call.firstTokenAt = Date.now();
      call.finishedAt = Date.now();
      sendJson(
        res,
        200,
        {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: plan.channel === 'content' ? plan.text : null,
                refusal: plan.channel === 'refusal' ? plan.text : null,
              },
              logprobs: null,
              finish_reason: plan.finishReason,
            },
          ],
          usage: call.usage,
        },
        { 'x-request-id': requestId(call), 'openai-processing-ms': String(Date.now() - startedAt) },
      );
      return;
    }

    // Streaming: headers and the role chunk go out with the first token, as OpenAI's do.
    if (!(await life.sleep(firstMs))) return;
    if (resetFault && resetFault.afterTokens === undefined) {
      reset(res, call);
      return;
    }
    const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': requestId(call),
    });
    call.status = 200;
    call.firstTokenAt = Date.now();
    // Events due together go out in one write: a compressed benchmark runs hundreds of streams at
    // hundreds of tokens a second, and one timer and one write per tick keep the fake's own cost small.
    // A write holds about 4 KB, as a real server's arrive; one write of a whole answer made the
    // provider spec about a tenth slower.
    let batch = '';
    const send = (payload: unknown): void => {
      batch += `data: ${JSON.stringify(payload)}\n\n`;
      if (batch.length >= WRITE_BYTES) flush();
    };
    const flush = (): void => {
      if (batch !== '' && life.alive && !res.destroyed && !res.writableEnded) res.write(batch);
      batch = '';
    };
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
    send(chunk({ role: 'assistant' }, null));
    flush();

    const bounds = tokenBoundaries(plan.text);
    const total = bounds.length - 1;
    const pieces = new Random(`${analysis.seed}\u0000chunks\u0000${call.index}`);
    const resetAt = resetFault?.afterTokens;
    const start = performance.now();
    let offset = 0;
    let sent = 0;
    let stalled = false;
    for (;;) {
      if (stall && !stalled && sent >= stall.afterTokens) {
        stalled = true;
        flush();
        const pause = stall.stallMs * timeScale;
        if (!(await life.sleep(pause))) return;
        offset += pause;
      }
      if (resetAt !== undefined && sent >= resetAt) {
        flush();
        reset(res, call);
        return;
      }
      if (sent >= total) break;
      // A few tokens per chunk, never crossing a point where a fault must happen.
      let take = Math.min(pieces.int(1, 4), total - sent);
      if (resetAt !== undefined) take = Math.min(take, resetAt - sent);
      if (stall && !stalled) take = Math.min(take, stall.afterTokens - sent);
      // Chunks keep their own due times (so the rate is exact over the stream), but the fake
      // sleeps at least MIN_TICK_MS at a time and then sends everything that has come due.
      const wait = start + offset + msForTokens(sent + take) - performance.now();
      if (wait > 0) {
        flush();
        if (!(await life.sleep(Math.max(wait, MIN_TICK_MS)))) return;
      }
      send(chunk({ [plan.channel]: plan.text.slice(bounds[sent], bounds[sent + take]) }, null));
      sent += take;
    }
    call.finishReason = plan.finishReason;
    call.answer = plan.text;
    call.usage = usage(plan.text);
    call.outcome = 'answered';
    send(chunk({}, plan.finishReason));
    if (includeUsage) send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: call.usage });
    batch += 'data: [DONE]\n\n';
    flush();
    if (life.alive && !res.destroyed) res.end();
    call.finishedAt = Date.now();
  }

  function planAnswer(
    call: FakeChatCall,
    analysis: ChatAnalysis,
    fault: FakeFault | undefined,
    serverOptions: FakeChatServerOptions,
  ): AnswerPlan {
    if (fault && 'refusal' in fault) {
      return { text: fault.refusal, channel: call.kind === 'structured' ? 'refusal' : 'content', finishReason: 'stop' };
    }
    if (fault && 'content' in fault) {
      return {
        text: fault.content,
        channel: 'content',
        finishReason: fault.finishReason ?? 'stop',
        completionTokens: fault.completionTokens,
      };
    }
    const full =
      call.kind === 'structured'
        ? structuredText(call, analysis, serverOptions)
        : call.kind === 'drawing'
          ? drawingText(call, analysis, serverOptions)
          : proseText(call, analysis, fault && 'wordRatio' in fault ? fault.wordRatio : undefined, serverOptions);
    const limit = call.maxTokens;
    if (limit === undefined || serverOptions.ignoreMaxTokens)
      return { text: full, channel: 'content', finishReason: 'stop' };
    const bounds = tokenBoundaries(full);
    if (bounds.length - 1 <= limit) return { text: full, channel: 'content', finishReason: 'stop' };
    return { text: full.slice(0, bounds[limit]), channel: 'content', finishReason: 'length' };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    maxInFlight: () => maxInFlight,
    inFlight: () => inFlight,
    tokensServed: () =>
      calls.reduce(
        (sum, call) => ({
          prompt: sum.prompt + (call.usage?.prompt_tokens ?? 0),
          completion: sum.completion + (call.usage?.completion_tokens ?? 0),
        }),
        { prompt: 0, completion: 0 },
      ),
    close: () => {
      closed = true;
      closing ??= new Promise<void>((resolve) => {
        // Wake every waiting request (they see they are over and write nothing), then cut the sockets.
        for (const life of lives) life.end();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

// ---------------------------------------------------------------------------
// Reading a chat request
// ---------------------------------------------------------------------------

/** Fills the call's record from the body and works out what kind of answer it wants. */
function describeChat(call: FakeChatCall, extraSeed: string, ignoreResponseFormat: boolean): ChatAnalysis {
  const body = call.body;
  call.model = typeof body.model === 'string' ? body.model : undefined;
  call.stream = body.stream === true;
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  call.maxTokens = typeof maxTokens === 'number' ? maxTokens : undefined;
  call.messages = Array.isArray(body.messages)
    ? body.messages.filter(isRecord).map((message) => ({
        role: typeof message.role === 'string' ? message.role : 'user',
        content: textOf(message.content),
      }))
    : [];
  call.lastUserMessage = [...call.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  for (const message of call.messages) {
    const language = BOOK_LANGUAGE.exec(message.content)?.[1];
    if (language) {
      call.language = language;
      break;
    }
  }
  // Before the book has a language (its first plan), a model writes in the premise's, or the one it asks for.
  if (!call.messages.some((message) => BOOK_LANGUAGE.test(message.content))) {
    call.language = premiseLanguage(call.messages) ?? call.language;
  }

  // Same request, same answer: the seed leaves out what only changes delivery (streaming, limits),
  // so a streamed answer reassembles to the non-streamed one and a cut answer is a prefix of the whole.
  const {
    stream: _stream,
    stream_options: _options,
    max_tokens: _max,
    max_completion_tokens: _maxc,
    ...content
  } = body;
  const analysis: ChatAnalysis = {
    seed: `${extraSeed}\u0000${JSON.stringify(content)}`,
    names: castNames(call.messages),
    tense: askedTense(call.messages),
    narrator: askedNarrator(call.messages),
    requirements: clientRequirements(call.messages),
    rules: premiseRules(call.messages),
    wordLimits: premiseWordLimits(call.messages),
    paragraphs: Array.from(call.lastUserMessage.matchAll(/^\[(\d+)\] /gm), (match) => Number(match[1])),
    topics: bookTopics(call.messages),
    subject: call.messages.some((message) => /^(?:Thesis|Concepts|Objectives): /m.test(message.content)),
  };

  const format = isRecord(body.response_format) ? body.response_format : undefined;
  call.responseFormat =
    format?.type === 'json_schema' ? 'json_schema' : format?.type === 'json_object' ? 'json_object' : 'none';
  // What the answer follows: the format asked for, unless this server ignores it.
  const followed = ignoreResponseFormat ? 'none' : call.responseFormat;
  if (followed === 'json_schema') {
    const jsonSchema = isRecord(format?.json_schema) ? format.json_schema : {};
    call.kind = 'structured';
    call.schemaSource = 'response_format';
    call.name = typeof jsonSchema.name === 'string' ? jsonSchema.name : undefined;
    analysis.schema = jsonSchema.schema ?? {};
    return analysis;
  }

  const block = findSchemaBlock(call.messages);
  // The notes marker is looked for anywhere in the text (the protocol's "line of its own" is the
  // common case), since a prompt that says `write === NOTES === and then...` means the same thing.
  const wantsNotes = call.messages.some((message) => message.content.includes(NOTES_MARKER));
  if (block && wantsNotes && followed === 'none') {
    call.kind = 'prose';
    call.notesName = block.name;
    analysis.notesSchema = block.schema;
  } else if (block) {
    call.kind = 'structured';
    call.schemaSource = 'prompt';
    call.name = block.name;
    analysis.schema = block.schema;
    return analysis;
  } else if (followed === 'json_object') {
    // JSON mode with no schema to follow: an empty object is all a model could safely say.
    call.kind = 'structured';
    return analysis;
  } else if (asksForDrawing(call.messages)) {
    call.kind = 'drawing';
    return analysis;
  } else {
    call.kind = 'prose';
  }
  const target = TARGET_WORDS.exec(call.lastUserMessage)?.[1];
  const words = target ? Number(target.replace(/,/g, '')) : DEFAULT_TARGET_WORDS;
  call.targetWords = Number.isFinite(words) && words > 0 ? words : DEFAULT_TARGET_WORDS;
  return analysis;
}

/** The first schema block, looking in system (and developer) messages first, then user messages. */
function findSchemaBlock(messages: FakeChatCall['messages']): { name: string; schema: unknown } | undefined {
  const ordered = [
    ...messages.filter((message) => message.role === 'system' || message.role === 'developer'),
    ...messages.filter((message) => message.role === 'user'),
  ];
  for (const message of ordered) {
    const match = SCHEMA_BLOCK.exec(message.content);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      let schema: unknown = {};
      try {
        schema = JSON.parse(match[2]);
      } catch {
        // A schema the model cannot read: it answers with an empty object.
      }
      return { name: match[1], schema };
    }
  }
  return undefined;
}

/** Words that open labelled lines ("- Setting: ...") and are not people. */
const NOT_NAMES = new Set(
  (
    'name role title summary setting settings chapter part section lesson page spread note notes language voice ' +
    'tense wants arc description point present objectives concepts ending thesis audience timeline places place ' +
    'characters character time style type length words beats scenes opening closing focus carries instructions ' +
    'rules world synopsis premise tone genre theme themes subtitle outline spine facts format example examples ' +
    'goal goals purpose context important warning answer question step steps key points glossary padding'
  ).split(' '),
);

const NAME_WORDS = String.raw`(?:\p{Lu}[\p{L}\p{M}'’.-]*|[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]{1,8})`;
const LISTED_WITH_ROLE = new RegExp(
  String.raw`^[ \t]*[-*•][ \t]+(${NAME_WORDS}(?:[ \t]+${NAME_WORDS}){0,2})[ \t]*\(`,
  'gmu',
);
const LISTED_WITH_COLON = new RegExp(
  String.raw`^[ \t]*[-*•][ \t]+(${NAME_WORDS}(?:[ \t]+${NAME_WORDS}){0,2})[ \t]*:`,
  'gmu',
);
const JSON_NAME = /"name"\s*:\s*"([^"\\\n]{1,60})"/g;

/**
 * The cast, in the order a writer would weigh them: `"name": "X"` values and
 * `- Name (role)` lines first (characters), then `- Name: ...` lines (which
 * also catch places, so they come last).
 */
function castNames(messages: FakeChatCall['messages']): string[] {
  const found: string[] = [];
  // A planner told that a name is the kind models give every character gives another, as a model would.
  const refused = new Set(
    messages.flatMap((message) =>
      [...message.content.matchAll(REFUSED_NAMES)].flatMap((match) =>
        [...(match[1] ?? '').matchAll(/"([^"]+)"/g)].map((quoted) => (quoted[1] ?? '').toLowerCase()),
      ),
    ),
  );
  const add = (raw: string | undefined) => {
    const name = raw?.trim().replace(/\s+/g, ' ');
    if (!name || found.includes(name) || name.split(' ').length > 4) return;
    if (NOT_NAMES.has(name.toLowerCase())) return;
    if (name.split(' ').some((word) => refused.has(word.toLowerCase()))) return;
    found.push(name);
  };
  // A bible's places and a subject book's terms are listed like people ("- Merrow Point: ..."); they get no lines.
  const text = messages
    .map((message) => message.content)
    .join('\n')
    .replace(/^(?:Places|Concepts and terms)[^\n]*\n(?:[ \t]*[-*•][^\n]*\n?)*/gmu, '');
  for (const name of premiseNames(text)) add(name);
  for (const match of text.matchAll(JSON_NAME)) add(match[1]);
  for (const match of text.matchAll(LISTED_WITH_ROLE)) add(match[1]);
  for (const match of text.matchAll(LISTED_WITH_COLON)) add(match[1]);
  return found.slice(0, 12);
}

/** A correction's names a planner must not use: `"Elara" and "Voss" are names language models give ...`. */
const REFUSED_NAMES = /((?:"[^"]+"(?: and )?)+) (?:is a name|are names) language models give/g;
const PREMISE = /<premise>([\s\S]*?)<\/premise>/;
const SENTENCE_END = /(?<=[.!?。！？])\s+/u;
const NAME_SEQUENCE = /(?<![\p{L}\p{M}])\p{Lu}[\p{Ll}\p{M}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}\p{M}'’-]+){0,2}/gu;

// "named Mara", "appelée Maëlle": what follows names a person more surely than a capital alone ("in Paris").
// "named Mara", and the narrator a premise names: "told by Mara", "erzählt von Greta".
const INTRODUCED =
  /(?:named|called|nommée?|appelée?|llamad[oa]|namens|genannt|(?:told|narrated) by|racontée? par|erzählt von|(?:narrad|contad)[oa] por)\s+$/iu;
// "on the island of Skerry", "in Paris", "at Blackwater", "à Lisbonne", "en Lisboa", "aus Lissabon": a model reads
// what follows as a place, not a person (not after "de", which as often names whose: "la nieta de Inés").
const PLACED =
  /(?:(?<![\p{L}\p{M}])(?:in|at|near|on|à|en|aus|nach)|\b(?:island|isle|village|town|city|port|coast|bay|valley|river|lake|harbour|harbor|kingdom)\s+of)\s+$/iu;

/**
 * The people a premise names, as a model reads them: capitalised words that
 * do not open a sentence ("A keeper named Mara finds..." names Mara), those
 * introduced as names first, and none that a preposition makes a place. The hero a client names leads the cast, so
 * they come before everyone else.
 */
function premiseNames(text: string): string[] {
  const premise = PREMISE.exec(text)?.[1] ?? '';
  const introduced: string[] = [];
  const others: string[] = [];
  for (const sentence of premise.split(SENTENCE_END)) {
    for (const match of sentence.matchAll(NAME_SEQUENCE)) {
      const word = match[0].toLowerCase();
      if (match.index === sentence.search(/\S/) || NOT_NAMES.has(word) || word in LANGUAGE_NAMES) continue;
      const before = sentence.slice(0, match.index);
      if (PLACED.test(before)) continue;
      (INTRODUCED.test(before) ? introduced : others).push(match[0]);
    }
  }
  // German capitalises every noun: there only a name introduced as one ("namens Jonas") is a name.
  return premiseWrittenIn(premise) === 'de' ? introduced : [...introduced, ...others];
}

/**
 * The tense a model is asked to write in: the premise's "in the present
 * tense" ("au présent", "im Präsens", "en presente"), or the bible's
 * "Narration: ...; present tense; ..." that a writer is given. A type
 * guide's "panel descriptions ... in present tense" asks nothing of the
 * narration.
 */
function askedTense(messages: FakeChatCall['messages']): Tense {
  const text = messages.map((message) => message.content).join('\n');
  const premise = PREMISE.exec(text)?.[1] ?? '';
  return PRESENT_ASKED.test(premise) || /^Narration: [^\n]*; present tense;/m.test(text) ? 'present' : 'past';
}

/** A premise asking for the present tense, as a model reads it in the languages the fake writes. */
const PRESENT_ASKED = /\bpresent tense\b|\bau présent\b|\bim Präsens\b|\ben (?:tiempo )?presente\b/iu;

/**
 * Who tells the book in the first person: the bible's "Narration: first
 * person, Ines; ..." that a writer is given (or its own entry's "Point of
 * view: first person, Tomas"), or, for a planner, the lead of
 * a premise that asks for the first person (the first person it names).
 */
function askedNarrator(messages: FakeChatCall['messages']): string | undefined {
  const text = messages.map((message) => message.content).join('\n');
  // A writer's own entry may give its section to another narrator ("Point of view: first person, Tomas").
  const own = [...text.matchAll(new RegExp(`^Point of view: ${FIRST_PERSON_OF}$`, 'gm'))].at(-1)?.[1];
  const planned = own ?? new RegExp(`^Narration: ${FIRST_PERSON_OF};`, 'm').exec(text)?.[1];
  if (planned) return planned.trim();
  const premise = PREMISE.exec(text)?.[1] ?? '';
  if (!ASKS_FIRST_PERSON.test(premise) || ASKS_NOT_FIRST_PERSON.test(premise)) return undefined;
  return TOLD_BY.exec(premise)?.[1] ?? premiseNames(text)[0];
}

/** A plan's first-person narration, as the fake writes it (FIRST_PERSON_NARRATION), and the narrator it names. */
const FIRST_PERSON_OF = '(?:first person|première personne|erste Person|primera persona), ([^;\\n]+)';
/** A premise that asks for a narrator telling it as "I", in the languages the fake writes, and one that asks not to. */
const ASKS_FIRST_PERSON = /\bfirst[- ]person\b|première personne|\bersten Person\b|\bIch-Form\b|\bprimera persona\b/i;
/** Who a premise says tells it: "told by Ines", "racontée par Inès", "erzählt von Mara", "narrada por Inés". */
const TOLD_BY =
  /\b(?:[Tt]old|[Nn]arrated|[Rr]aconté|[Rr]acontée|[Nn]arrée?|[Ee]rzählt|[Cc]ontad[ao]|[Nn]arrad[ao]) (?:by|par|von|por) (\p{Lu}[\p{L}\p{M}]+)/u;
const ASKS_NOT_FIRST_PERSON =
  /\bnot (?:in )?(?:the )?first[- ]person|\bpas à la première personne|\bnicht in der ersten Person|\bno en primera persona/i;

/**
 * What the client asked for: the instructions a prompt lists ("The client's
 * instructions ...:" and "- " or "1. " lines), as a model copies them; else the
 * premise's sentences, which a planner restates one by one.
 */
function clientRequirements(messages: FakeChatCall['messages']): string[] {
  const text = messages.map((message) => message.content).join('\n');
  const listed = /^[^\n]*\binstructions\b[^\n]*:[ \t]*\n((?:[ \t]*(?:-|\d+\.)[ \t]+[^\n]+(?:\n|$))+)/im.exec(text)?.[1];
  if (listed) {
    return listed
      .split('\n')
      .map((line) => line.replace(/^[ \t]*(?:-|\d+\.)[ \t]+/, '').trim())
      .filter(Boolean);
  }
  return premiseSentences(text).filter((sentence) => !EVERY_SECTION.test(sentence));
}

/** A sentence that asks something of every chapter ("end each chapter with a checklist"), as a planner reads it. */
const EVERY_SECTION =
  /\b(each|every|all)\s+(chapters?|sections?|lessons?|pages?|parts?)\b|\b(chaque|tous les)\s+chapitres?\b/i;

function premiseSentences(text: string): string[] {
  const premise = PREMISE.exec(text)?.[1]?.trim() ?? '';
  if (premise.startsWith('(none')) return [];
  return premise
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * What a subject book is about, as a planner and its writers read it: the
 * topics its premise lists ("on medication safety: the five rights, dosage
 * calculation with worked examples, ..." gives "the five rights" and "dosage
 * calculation"), then the terms its bible defines ("- Dose check: ...").
 */
function bookTopics(messages: FakeChatCall['messages']): string[] {
  const text = messages.map((message) => message.content).join('\n');
  const topics: string[] = [];
  const add = (raw: string) => {
    const [head = '', tail] = raw.replace(/^\s*(?:and|or)\s+/i, '').split(/\s+(?:with|including)\s+/i);
    for (const part of [head, tail ?? '']) {
      // "Dosage calculation" as a term, "dosage calculation" inside a sentence; "Beacon Code" stays a name.
      const written = part.trim();
      const topic = /^\p{Lu}[^\s]*(?:\s+[^\p{Lu}\s][^\s]*)+$/u.test(written)
        ? written[0]!.toLowerCase() + written.slice(1)
        : written;
      const words = topic.split(/\s+/).length;
      if (topic.length >= 3 && words <= 6 && !topics.some((known) => known.toLowerCase() === topic.toLowerCase())) {
        topics.push(topic);
      }
    }
  };
  const [first = ''] = (PREMISE.exec(text)?.[1] ?? '').split(SENTENCE_END);
  const listed = first.includes(':') ? first.slice(first.indexOf(':') + 1) : /\b(?:on|about)\s+(.+)$/i.exec(first)?.[1];
  for (const part of (listed ?? '').replace(/[.!?]+$/, '').split(/,|;|\band\b/)) add(part);
  const concepts = /^Concepts and terms[^\n]*\n((?:[ \t]*[-*•][^\n]*\n?)*)/mu.exec(text)?.[1] ?? '';
  for (const match of concepts.matchAll(/^[ \t]*[-*•][ \t]+([^:\n]{1,60}):/gmu)) add(match[1] ?? '');
  return topics.slice(0, 12);
}

/** What the premise asks of every section, restated one sentence each, as a planner puts it in `every_section`. */
function premiseRules(messages: FakeChatCall['messages']): string[] {
  const text = messages.map((message) => message.content).join('\n');
  const fromPremise = premiseSentences(text).filter((sentence) => EVERY_SECTION.test(sentence));
  // A call without the premise (a lesson's exercises) may list the plan's rules instead.
  const listed = /^The client's rules for every [^\n]*\n((?:- [^\n]*\n?)*)/m.exec(text)?.[1] ?? '';
  const fromPlan = Array.from(listed.matchAll(/^- (.+)$/gm), (match) => (match[1] ?? '').trim());
  return [...new Set([...fromPremise, ...fromPlan])];
}

/** "five practice questions", "10 exercises": how many a rule asks for. */
const COUNTED_QUESTIONS =
  /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[a-z-]+\s+)?(?:questions|exercises)\b/i;

/** How many questions or exercises the client's rules ask of each section, if they say. */
function askedQuestionCount(rules: readonly string[]): number | undefined {
  for (const rule of rules) {
    const word = COUNTED_QUESTIONS.exec(rule)?.[1]?.toLowerCase();
    if (word) return numberWord(word);
  }
  return undefined;
}

/** "under 2,000 words", "at most 800 words", "no more than 3000 words", "moins de 1 500 mots". */
const WORD_LIMIT =
  /\b(?:under|below|at most|no more than|not more than|fewer than|less than|maximum of|max\.?|moins de|au plus)\s+(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})*|\d+)\s+(?:words|mots)\b/i;
const PER_SECTION = /\b(chapters?|sections?|lessons?|pages?|parts?|chapitres?|per|each|every|chaque|par)\b/i;

/**
 * The limits on length a premise sets, as a planner reads them: a limit in a
 * sentence about chapters (or "each", "per") is a chapter's, any other the book's.
 */
function premiseWordLimits(messages: FakeChatCall['messages']): { section?: number; book?: number } {
  const limits: { section?: number; book?: number } = {};
  for (const sentence of premiseSentences(messages.map((message) => message.content).join('\n'))) {
    const match = WORD_LIMIT.exec(sentence);
    if (!match?.[1]) continue;
    const words = Number(match[1].replace(/\D/g, ''));
    if (PER_SECTION.test(sentence)) limits.section ??= words;
    else limits.book ??= words;
  }
  return limits;
}

/** Languages the fake writes, by their English names, for "write it in French". */
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  french: 'fr',
  spanish: 'es',
  german: 'de',
  japanese: 'ja',
  anglais: 'en',
  français: 'fr',
  espagnol: 'es',
  allemand: 'de',
  japonais: 'ja',
};
/** A few of each language's commonest words: enough to tell a premise's language, as a model does at a glance. */
const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set('the a an and is of to in on who with his her finds under'.split(' ')),
  fr: new Set('le la les un une des du et est qui dans sur sous avec son sa trouve'.split(' ')),
  es: new Set('el la los las un una y es que en con su del bajo encuentra'.split(' ')),
  de: new Set('der die das ein eine und ist in mit sein ihr unter den dem findet'.split(' ')),
};

/**
 * The language a premise is written in, or asks for ("in French", "en
 * anglais"); undefined without a premise.
 */
function premiseLanguage(messages: FakeChatCall['messages']): string | undefined {
  const premise = PREMISE.exec(messages.map((message) => message.content).join('\n'))?.[1]?.trim() ?? '';
  if (!premise || premise.startsWith('(none')) return undefined;
  const asked =
    /\b(?:in|en)\s+(english|french|spanish|german|japanese|anglais|français|espagnol|allemand|japonais)\b/i.exec(
      premise,
    )?.[1];
  return asked ? LANGUAGE_NAMES[asked.toLowerCase()] : premiseWrittenIn(premise);
}

/** The language a premise is written in: its script, else the one whose commonest words it uses most. */
function premiseWrittenIn(premise: string): string {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(premise)) return 'ja';
  const words = premise.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best: { language: string; hits: number } = { language: 'en', hits: 0 };
  for (const [language, common] of Object.entries(FUNCTION_WORDS)) {
    const hits = words.filter((word) => common.has(word)).length;
    if (hits > best.hits) best = { language, hits };
  }
  return best.language;
}

/** OpenAI's 400s for requests it would not accept, and the server options that imitate other servers. */
function rejectChat(call: FakeChatCall, promptTokens: number, options: FakeChatServerOptions): unknown {
  const body = call.body;
  if (typeof body.model !== 'string' || body.model === '') {
    return errorBody('you must provide a model parameter', 'invalid_request_error');
  }
  if (body.messages === undefined) {
    return errorBody(
      "Missing required parameter: 'messages'.",
      'invalid_request_error',
      'messages',
      'missing_required_parameter',
    );
  }
  if (!Array.isArray(body.messages)) {
    return errorBody(
      `Invalid type for 'messages': expected an array of objects, but got ${typeof body.messages} instead.`,
      'invalid_request_error',
      'messages',
      'invalid_type',
    );
  }
  if (body.messages.length === 0) {
    return errorBody(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'invalid_request_error',
      'messages',
      'empty_array',
    );
  }
  for (const parameter of ['max_tokens', 'max_completion_tokens'] as const) {
    const value = body[parameter];
    if (value !== undefined && value !== null && (!Number.isInteger(value) || (value as number) < 1)) {
      return errorBody(
        `Invalid '${parameter}': integer below minimum value. Expected a value >= 1, but got ${JSON.stringify(value)} instead.`,
        'invalid_request_error',
        parameter,
        'integer_below_min_value',
      );
    }
  }
  if (options.rejectMaxTokens && body.max_tokens !== undefined) {
    return errorBody(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      'invalid_request_error',
      'max_tokens',
      'unsupported_parameter',
    );
  }
  if (body.stream_options !== undefined && body.stream_options !== null) {
    if (options.rejectStreamOptions) {
      return errorBody(
        'Unrecognized request argument supplied: stream_options',
        'invalid_request_error',
        'stream_options',
      );
    }
    if (body.stream !== true) {
      return errorBody(
        "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
        'invalid_request_error',
        'stream_options',
      );
    }
  }
  if (body.response_format !== undefined && body.response_format !== null) {
    if (options.rejectResponseFormat) {
      return errorBody(
        "Invalid parameter: 'response_format' is not supported by this model.",
        'invalid_request_error',
        'response_format',
        'unsupported_parameter',
      );
    }
    if (options.rejectJsonSchema && call.responseFormat === 'json_schema') {
      return errorBody(
        "response_format.type 'json_schema' is not supported by this model",
        'invalid_request_error',
        'response_format',
      );
    }
    if (call.responseFormat === 'json_schema') {
      const format = body.response_format as Record<string, unknown>;
      const jsonSchema = isRecord(format.json_schema) ? format.json_schema : undefined;
      if (!jsonSchema || typeof jsonSchema.name !== 'string') {
        return errorBody(
          "Missing required parameter: 'response_format.json_schema.name'.",
          'invalid_request_error',
          'response_format.json_schema.name',
          'missing_required_parameter',
        );
      }
      if (options.validateSchemas) {
        const problem = strictSchemaProblem(jsonSchema.name, jsonSchema.schema, jsonSchema.strict === true);
        if (problem) return errorBody(problem, 'invalid_request_error', 'response_format', 'invalid_json_schema');
      }
    }
  }
  if (options.contextWindow !== undefined) {
    const requested = promptTokens + (call.maxTokens ?? 0);
    if (requested > options.contextWindow) {
      return errorBody(
        `This model's maximum context length is ${options.contextWindow} tokens. However, you requested ${requested} ` +
          `tokens (${promptTokens} in the messages, ${call.maxTokens ?? 0} in the completion). ` +
          'Please reduce the length of the messages or completion.',
        'invalid_request_error',
        'messages',
        'context_length_exceeded',
      );
    }
  }
  return undefined;
}

/** The first thing OpenAI's strict structured outputs would refuse in a schema, in its words. */
function strictSchemaProblem(name: string, schema: unknown, strict: boolean): string | undefined {
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
    return "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.";
  }
  const prefix = `Invalid schema for response_format '${name}'`;
  if (!isRecord(schema)) return `${prefix}: schema must be a JSON Schema object.`;
  if (schema.type !== 'object') {
    return `${prefix}: schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`;
  }
  if (!strict) return undefined;
  const visit = (node: unknown, context: string[]): string | undefined => {
    if (!isRecord(node)) return undefined;
    const where = `In context=(${context.map((part) => `'${part}'`).join(', ')})`;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('object') || isRecord(node.properties)) {
      if (node.additionalProperties !== false) {
        return `${prefix}: ${where}, 'additionalProperties' is required to be supplied and to be false.`;
      }
      const properties = isRecord(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = properties.find((key) => !required.includes(key));
      if (missing !== undefined) {
        return `${prefix}: ${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
      }
      for (const key of properties) {
        const problem = visit((node.properties as Record<string, unknown>)[key], [...context, 'properties', key]);
        if (problem) return problem;
      }
    }
    if (node.items !== undefined) {
      const problem = visit(node.items, [...context, 'items']);
      if (problem) return problem;
    }
    for (const keyword of ['anyOf', '$defs', 'definitions'] as const) {
      const children = node[keyword];
      const entries = Array.isArray(children)
        ? children.map((child, index) => [String(index), child] as const)
        : isRecord(children)
          ? Object.entries(children)
          : [];
      for (const [key, child] of entries) {
        const problem = visit(child, [...context, keyword, key]);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return visit(schema, []);
}

// ---------------------------------------------------------------------------
// Writing answers
// ---------------------------------------------------------------------------

const CHATTY_OPENINGS = [
  'Here is the JSON you asked for:',
  "Sure! Here's the requested JSON object:",
  'Certainly. The answer, as JSON:',
];

/** Whether this call's JSON comes wrapped, for `chattyJson` (a share, drawn from the request's seed). */
function chatty(option: boolean | number | undefined, rng: Random): boolean {
  if (option === true) return true;
  if (typeof option === 'number') return rng.next() < option;
  return false;
}

function serialise(value: unknown, pretty: boolean): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
}

function patched(call: FakeChatCall, generated: unknown, options: FakeChatServerOptions): unknown {
  if (!options.answer) return generated;
  const value = options.answer(call, generated);
  return value === undefined ? generated : value;
}

/** The illustrator's answer: the fake's flat scenes (see fake-drawings.ts), or what `options.drawing` makes of them. */
function drawingText(call: FakeChatCall, analysis: ChatAnalysis, options: FakeChatServerOptions): string {
  const generated = fakeDrawings(call.messages.map((message) => message.content).join('\n'), analysis.seed);
  return options.drawing?.(call, generated) ?? generated;
}

function structuredText(call: FakeChatCall, analysis: ChatAnalysis, options: FakeChatServerOptions): string {
  const hints: SchemaHints = {
    language: call.language,
    names: analysis.names,
    tense: analysis.tense,
    ...(analysis.narrator ? { narrator: analysis.narrator } : {}),
    requirements: analysis.requirements,
    rules: analysis.rules,
    wordLimits: analysis.wordLimits,
    paragraphs: analysis.paragraphs,
    topics: analysis.topics,
    subject: analysis.subject,
  };
  const generated = analysis.schema === undefined ? {} : valueFromSchema(analysis.schema, analysis.seed, hints);
  const value = patched(call, generated, options);
  // Strict and JSON modes come back compact, as OpenAI's do; prompt-only answers are pretty-printed, as models write them.
  const promptOnly = call.responseFormat === 'none';
  const json = serialise(value, promptOnly);
  if (
    promptOnly &&
    typeof value !== 'string' &&
    chatty(options.chattyJson, new Random(`${analysis.seed}\u0000chatty`))
  ) {
    const opening = new Random(`${analysis.seed}\u0000opening`).pick(CHATTY_OPENINGS);
    return `${opening}\n\n\`\`\`json\n${json}\n\`\`\``;
  }
  return json;
}

/** Whether the writer may set headings: a subject book (non-fiction, self-help, a lesson), as its prompt says. */
function allowsHeadings(call: FakeChatCall): boolean {
  return call.messages.some((message) => message.content.includes('a line starting "## "'));
}

/** See FakeChatServerOptions.markdownHabits. */
function withMarkdownHabits(text: string, call: FakeChatCall, writer: ProseWriter): string {
  const paragraphs = text.split('\n\n').map((paragraph, index) => {
    if (index % 3 !== 2) return paragraph;
    // The paragraph's longest word, emphasised as models do.
    const word = paragraph
      .split(/\s+/)
      .reduce((longest, next) => (/^\p{L}+$/u.test(next) && next.length > longest.length ? next : longest), '');
    return word ? paragraph.replace(word, index % 2 === 0 ? `*${word}*` : `**${word}**`) : paragraph;
  });
  const headingsAllowed = allowsHeadings(call);
  if (headingsAllowed && paragraphs.length > 1) {
    // Items of the writer's own sentences: a list repeated word for word in every section would be a loop.
    paragraphs.splice(1, 0, [1, 2, 3].map(() => `- ${writer.sentences(1)}`).join('\n'));
  }
  return paragraphs.join('\n\n');
}

/** Sentences made of the stock phrases models lean on (see FakeChatServerOptions.stockPhrases). */
const STOCK_SENTENCES = [
  'A shiver ran down her spine.',
  "She couldn't help but glance at the door.",
  'The air was thick with salt and smoke.',
  'A wave of relief washed over her.',
  'Her heart pounded in her chest.',
  'The silence hung heavy in the air.',
  'For what felt like an eternity, nobody moved.',
  'She felt a pang of guilt.',
];

/** A model writing French writes French ones. */
const FRENCH_STOCK_SENTENCES = [
  'Un frisson lui parcourut l’échine.',
  'Elle ne put s’empêcher de jeter un regard vers la porte.',
  'L’air était chargé de sel et de fumée.',
  'Une vague de soulagement la submergea.',
  'Son cœur battait la chamade.',
  'Le silence était assourdissant.',
  'Pendant ce qui sembla une éternité, personne ne bougea.',
  'Une lueur d’espoir passa dans ses yeux.',
];

/** The same for a subject book (non-fiction, self-help, a lesson). */
const SUBJECT_STOCK_SENTENCES = [
  "In today's fast-paced world, this matters more than ever.",
  "Let's dive in.",
  "It's important to note that small steps add up.",
  "Whether you're a beginner or an expert, the method works.",
  'Routine plays a crucial role here.',
  'For many readers it has been a game-changer.',
  'This is how you unlock your full potential.',
  'In conclusion, the habit is the point.',
];

const FRENCH_SUBJECT_STOCK_SENTENCES = [
  'Dans le monde actuel, cela compte plus que jamais.',
  'Plongeons dans le vif du sujet.',
  'Il est important de noter que les petits pas comptent.',
  'Que vous soyez débutant ou expert, la méthode fonctionne.',
  'La routine joue un rôle crucial ici.',
  'Pour beaucoup de lecteurs, cette méthode change la donne.',
  'C’est ainsi que vous libérez tout votre potentiel.',
  'En conclusion, l’habitude est l’essentiel.',
];

const SPANISH_STOCK_SENTENCES = [
  'Un escalofrío le recorrió la espalda.',
  'No pudo evitar mirar hacia la puerta.',
  'El aire estaba cargado de sal y humo.',
  'Una oleada de alivio la invadió.',
  'Su corazón latía con fuerza.',
  'El silencio era ensordecedor.',
  'Durante lo que pareció una eternidad, nadie se movió.',
  'Un destello de esperanza cruzó su mirada.',
];

const SPANISH_SUBJECT_STOCK_SENTENCES = [
  'En el mundo actual, esto importa más que nunca.',
  'Profundicemos en el tema.',
  'Es importante destacar que los pequeños pasos suman.',
  'Ya seas principiante o experto, el método funciona.',
  'La rutina juega un papel crucial aquí.',
  'Así es como liberas todo tu potencial.',
  'En conclusión, el hábito es lo esencial.',
  'Al fin y al cabo, la constancia lo es todo.',
];

const GERMAN_STOCK_SENTENCES = [
  'Ein kalter Schauer lief ihr über den Rücken.',
  'Sie konnte nicht anders, als zur Tür zu sehen.',
  'Die Luft war erfüllt von Salz und Rauch.',
  'Eine Welle der Erleichterung überkam sie.',
  'Ihr Herz pochte wie wild.',
  'Die Stille war ohrenbetäubend.',
  'Eine gefühlte Ewigkeit lang rührte sich niemand.',
  'Ein Hoffnungsschimmer lag in ihrem Blick.',
];

const GERMAN_SUBJECT_STOCK_SENTENCES = [
  'In der heutigen schnelllebigen Welt ist das wichtiger denn je.',
  'Tauchen wir tiefer ein.',
  'Es ist wichtig zu beachten, dass kleine Schritte zählen.',
  'Die Routine spielt eine entscheidende Rolle.',
  'So entfalten Sie Ihr volles Potenzial.',
  'Zusammenfassend lässt sich sagen, dass die Gewohnheit zählt.',
  'Am Ende des Tages zählt die Beständigkeit.',
  'Für viele Leser war das ein Paradigmenwechsel.',
];

/** The stock sentences of each language the fake writes them in: a story's, and a subject book's. */
const STOCK_SENTENCES_BY_LANGUAGE: Readonly<Record<string, { story: string[]; subject: string[] }>> = {
  en: { story: STOCK_SENTENCES, subject: SUBJECT_STOCK_SENTENCES },
  fr: { story: FRENCH_STOCK_SENTENCES, subject: FRENCH_SUBJECT_STOCK_SENTENCES },
  es: { story: SPANISH_STOCK_SENTENCES, subject: SPANISH_SUBJECT_STOCK_SENTENCES },
  de: { story: GERMAN_STOCK_SENTENCES, subject: GERMAN_SUBJECT_STOCK_SENTENCES },
};

/**
 * See FakeChatServerOptions.stockPhrases; `subject` for a subject book's. Each sentence once an answer: a model
 * varies them, and a loop is a fault.
 */
function withStockPhrases(text: string, rng: Random, subject: boolean, language: string): string {
  const sentences = STOCK_SENTENCES_BY_LANGUAGE[language];
  if (!sentences) return text;
  const left = [...(subject ? sentences.subject : sentences.story)];
  return text
    .split('\n\n')
    .map((paragraph, index) => {
      if (index % 3 !== 1 || left.length === 0) return paragraph;
      const [sentence] = left.splice(Math.floor(rng.next() * left.length), 1);
      return `${paragraph} ${sentence}`;
    })
    .join('\n\n');
}

/**
 * The fake's English prose, written for past narration, told in the present
 * by the builtin writer's converter (its main verbs, not every verb: "and
 * waited" can stay, as a model's slips do).
 */
function inPresentTense(text: string): string {
  return text
    .split('\n\n')
    .map((paragraph) =>
      sentencesOf(paragraph)
        .map((sentence) => toPresent(sentence.trimEnd()))
        .join(' '),
    )
    .join('\n\n');
}

// Words after which a name is the subject of its clause ("and Ines waited", "while Ines hid").
const SUBJECT_BEFORE =
  /(?:^|[.!?]\s+|,\s+|\b(?:and|while|when|as|so|but|because|until|before|after|that|was|then|once|if|though|moment)\s+)$/i;

/**
 * The fake's English prose, written about the narrator, told by them: their
 * name outside speech becomes "I", "me" or "my" by where it stands (a
 * model's first person, slips included: "for Tiago and I").
 */
function inFirstPerson(text: string, narrator: string): string {
  const first = narrator.split(' ')[0] ?? narrator;
  const name = new RegExp(`\\b(?:${escapeRegExp(narrator)}|${escapeRegExp(first)})(['’]s)?\\b`, 'g');
  return text
    .split(/("[^"]*"|“[^”]*”)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(name, (_match, possessive: string | undefined, offset: number, whole: string) => {
            const before = whole.slice(Math.max(0, offset - 12), offset);
            const starts = (offset === 0 && index === 0) || /[.!?]\s+$/.test(before);
            // Right after a quotation, the name tags the speech: "...," Ines said.
            const tagsSpeech = index > 0 && /^\s*$/.test(before) && offset < 12;
            const word = possessive ? 'my' : tagsSpeech || SUBJECT_BEFORE.test(before) ? 'I' : 'me';
            return starts && word !== 'I' ? `${word[0]!.toUpperCase()}${word.slice(1)}` : word;
          }),
    )
    .join('');
}

/**
 * The fake's prose as the narration asked for tells it: a model asked for
 * the first person or the present tense writes mostly in it, and slips now
 * and then, as models do. English only: French, Spanish and German prose is
 * told in the first person and in the present as it is written
 * (`ProseWriter.toldBy`, `vocabularyFor`).
 */
function inAskedNarration(text: string, asked: { narrator?: string; tense: Tense }, language: string): string {
  if (language !== 'en') return text;
  const told = asked.narrator ? inFirstPerson(text, asked.narrator) : text;
  if (asked.tense !== 'present') return told;
  return asked.narrator ? withFirstPersonVerbs(inPresentTense(told)) : inPresentTense(told);
}

/** The present converter's third-person verbs after "I": "I hides" is "I hide", "I is" is "I am". */
function withFirstPersonVerbs(text: string): string {
  return text
    .replace(/\bI (is|has|does|goes)\b/g, (_match, verb: string) => `I ${FIRST_PERSON_IRREGULAR[verb] ?? verb}`)
    .replace(/\bI ([a-z]+)ies\b/g, 'I $1y')
    .replace(/\bI ([a-z]+(?:ch|sh|ss|x))es\b/g, 'I $1')
    .replace(/\bI ([a-z]+[^su])s\b/g, 'I $1');
}

const FIRST_PERSON_IRREGULAR: Readonly<Record<string, string>> = { is: 'am', has: 'have', does: 'do', goes: 'go' };

function proseText(
  call: FakeChatCall,
  analysis: ChatAnalysis,
  faultRatio: number | undefined,
  options: FakeChatServerOptions,
): string {
  const jitter = 0.92 + new Random(`${analysis.seed}\u0000jitter`).next() * 0.16;
  const ratio = faultRatio ?? options.wordRatio ?? 1;
  const words = Math.max(0, Math.round((call.targetWords ?? DEFAULT_TARGET_WORDS) * ratio * jitter));
  const writer = new ProseWriter(
    new Random(`${analysis.seed}\u0000prose`),
    vocabularyFor(call.language, analysis.tense),
    analysis.names,
    { topics: analysis.topics, expository: analysis.subject },
  );
  const drafted = words > 0 ? writer.toldBy(analysis.narrator, () => writer.text(words)) : '';
  const plain = inAskedNarration(drafted, analysis, call.language);
  const habits = options.markdownHabits ? withMarkdownHabits(plain, call, writer) : plain;
  const written = options.stockPhrases
    ? withStockPhrases(habits, new Random(`${analysis.seed}\u0000stock`), allowsHeadings(call), call.language)
    : habits;
  const prose = options.prose?.(call, written) ?? written;
  if (analysis.notesSchema === undefined) return prose;
  const generated = valueFromSchema(analysis.notesSchema, `${analysis.seed}\u0000notes`, {
    language: call.language,
    names: analysis.names,
    requirements: analysis.requirements,
    topics: analysis.topics,
    subject: analysis.subject,
  });
  const value = patched(call, generated, options);
  const json = serialise(value, true);
  const fenced = typeof value !== 'string' && chatty(options.chattyJson, new Random(`${analysis.seed}\u0000chatty`));
  const marker = options.notesMarker ?? NOTES_MARKER;
  return `${prose}\n\n${marker ? `${marker}\n` : ''}${fenced ? `\`\`\`json\n${json}\n\`\`\`` : json}`;
}

// ---------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES && !done) {
        done = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
    req.on('close', () => {
      if (done) return;
      done = true;
      reject(new Error('the client closed the connection before sending the whole body'));
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function errorBody(message: string, type: string, param: string | null = null, code: string | null = null) {
  return { error: { message, type, param, code } };
}

/** An HTTP error fault's body, with OpenAI's wording and types when the script gave none. */
function faultBody(fault: FakeHttpErrorFault, promptTokens: number) {
  const code = fault.code ?? (fault.status === 429 ? 'rate_limit_exceeded' : null);
  const type =
    fault.type ??
    (code === 'insufficient_quota'
      ? 'insufficient_quota'
      : fault.status === 429
        ? 'requests'
        : fault.status >= 500
          ? 'server_error'
          : 'invalid_request_error');
  const defaults: Record<number, string> = {
    400: 'Invalid request.',
    401: 'Incorrect API key provided.',
    403: 'You are not allowed to sample from this model.',
    404: 'The model does not exist or you do not have access to it.',
    408: 'Request timed out.',
    409: 'The request conflicted with another request.',
    429: 'Rate limit reached for requests. Please try again later.',
    500: 'The server had an error while processing your request. Sorry about that!',
    502: 'Bad gateway.',
    503: 'The engine is currently overloaded, please try again later.',
    504: 'Gateway timeout.',
  };
  const message =
    fault.message ??
    (code === 'context_length_exceeded'
      ? `This model's maximum context length is 128000 tokens. However, your messages resulted in ${promptTokens} tokens. ` +
        'Please reduce the length of the messages.'
      : (defaults[fault.status] ?? `Fake failure ${fault.status}.`));
  const param = fault.param ?? (code === 'context_length_exceeded' ? 'messages' : null);
  return errorBody(message, type, param, code);
}

function requestId(call: FakeChatCall): string {
  return `req_fake_${call.index}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message's text: a string, or the text parts of a content array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

// ---------------------------------------------------------------------------
// Tokens and words
// ---------------------------------------------------------------------------

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_CHARS = new RegExp(CJK_CHAR.source, 'gu');

/** The protocol's token count: one per CJK character, plus one per four other characters (rounded up). */
export function countTokens(text: string): number {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/**
 * `bounds[t]` is the end (a UTF-16 offset) of the longest prefix counting at
 * most `t` tokens; `bounds.length - 1` is the text's token count. One pass,
 * so streams can be cut into token-sized chunks and limits applied exactly
 * (never inside a surrogate pair).
 */
function tokenBoundaries(text: string): number[] {
  const bounds = [0];
  let cjk = 0;
  let other = 0;
  let tokens = 0;
  for (let offset = 0; offset < text.length;) {
    const code = text.codePointAt(offset)!;
    const size = code > 0xffff ? 2 : 1;
    // No CJK script starts below Hangul Jamo (U+1100), so most characters need no regular expression.
    if (code >= 0x1100 && CJK_CHAR.test(String.fromCodePoint(code))) {
      cjk += 1;
      other += size - 1;
    } else {
      other += size;
    }
    const now = cjk + Math.ceil(other / 4);
    for (let t = tokens; t < now; t += 1) bounds[t] = offset;
    tokens = now;
    offset += size;
  }
  bounds[tokens] = text.length;
  return bounds;
}

/** Words as the project counts them: the fake sizes its answers by the rule the pipeline checks them with. */
export const wordCount = countWords;

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

/** sfc32 seeded from a SHA-256 of the seed text: fast, well mixed, and the same on every machine. */
class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const digest = createHash('sha256').update(seed).digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12);
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** In [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('fake-chat-server: nothing to pick from');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

// ---------------------------------------------------------------------------
// Vocabularies
// ---------------------------------------------------------------------------

/** How a language's printed books set a line of speech. `verb` may hold a separable particle after `|` (German). */
interface DialogueForms {
  /** `"We leave at dawn," Mara said. "Not before."` */
  split(first: string, second: string, speaker: string, verb: string): string;
  /** `"Where did you find it?" Tomas asked.` */
  ask(question: string, speaker: string, verb: string): string;
  /** `"Keep it close," Mara said.` */
  tag(line: string, speaker: string, verb: string): string;
}

interface Vocabulary {
  /** Between sentences: a space, or nothing (Japanese). */
  spacer: string;
  /** Narrative sentence templates: `{SLOT}` picks from `slots`, `{N}`/`{N2}` are two of the cast, `{VI@N}` puts N inside a split verb. */
  narrative: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
  /** Spoken lines, without final punctuation. */
  statements: readonly string[];
  questions: readonly string[];
  said: readonly string[];
  asked: readonly string[];
  dialogue: DialogueForms;
  /** For `question` fields. */
  studyQuestions: readonly string[];
  titles: readonly string[];
  titleCase: boolean;
  places: readonly string[];
  terms: readonly string[];
  roles: readonly string[];
  sounds: readonly string[];
  firstNames: readonly string[];
  surnames: readonly string[];
  fullName(first: string, last: string): string;
  /** Contractions the templates can produce ("à le" -> "au"). */
  fixups: ReadonlyArray<readonly [RegExp, string]>;
  /**
   * How the narrator of a first-person book tells their own part, where
   * the person changes the verb (French, Spanish) or the reflexive (German),
   * so a name cannot simply become a pronoun as in English (`inFirstPerson`).
   */
  firstPerson?: FirstPersonForms;
  /**
   * Sentences explaining a subject book's topics (`{TOPIC}`, `{TOPIC2}`,
   * example people `{N}` and `{N2}`, and the `slots`), in the present: a
   * textbook's prose explains where a story's tells. English only; other
   * languages' subject books are told.
   */
  exposition?: readonly string[];
  /**
   * The narration's tense-bearing parts written in the present, for a book
   * told in it (see `vocabularyFor`): French, Spanish and German verbs change
   * with the person, so their present is written, not converted as English
   * prose is (`inPresentTense`).
   */
  present?: PresentForms;
}

/** What a vocabulary's present replaces: its templates, the slots that hold verbs, its speech tags. */
interface PresentForms {
  narrative: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
  said: readonly string[];
  asked: readonly string[];
  firstPerson: Pick<FirstPersonForms, 'narrative' | 'slots' | 'said' | 'asked'>;
}

interface FirstPersonForms {
  /** Templates told by the narrator: `{N2}` is someone else, the narrator's own verbs are in `slots`. */
  narrative: readonly string[];
  /** The narrator's verbs (`{VT1}`, `{VI1}`) and whatever else the templates need. */
  slots: Readonly<Record<string, readonly string[]>>;
  /** Speech tags of the narrator's own lines ("dis-je", "dije", "sagte" with `speaker` "ich"). */
  said: readonly string[];
  asked: readonly string[];
  /** The narrator in their speech tags: a pronoun, or nothing where the verb says the person. */
  speaker: string;
}

const cap = (text: string): string => text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
const NBSP = '\u00a0';
/** Where the first-person narrator's name would stand in a speech tag (see `ProseWriter.speech`). */
const SELF = '\u0001';

const EN: Vocabulary = {
  spacer: ' ',
  narrative: [
    '{T}, {N} {VT} {O} {PL}.',
    '{N} {VT} {O} and {VI}.',
    'Outside, {C}, and {N} {VI}.',
    '{N} thought of {M} and {VI}.',
    '{T}, {C}.',
    'When {N2} {VT} {O}, {N} {VI}.',
    'Nothing {PL} seemed {ADJ} to {N} any more.',
    '{N} {VT} {O} {PL}, as if nothing had happened.',
    'It was {N2} who {VT} {O} first, {T}.',
    'For a long moment {N} {VI}, and {C}.',
    '{PL}, {N} {VI}.',
    '{N} had not forgotten {M}, and {N2} knew it.',
    'The silence {PL} felt {ADJ}, and {N} {VI}.',
    '{N2} {VI} while {N} {VT} {O}.',
    'There was {O} {PL}, and nobody could say why.',
    '{C}, so {N} {VT} {O} and waited for {N2}.',
  ],
  slots: {
    // When a subject book's explanations apply (see `exposition`).
    WHEN: [
      'on a busy day',
      'under time pressure',
      'at the end of a long day',
      'after an interruption',
      'when the routine changes',
      'with a new colleague',
      'when the numbers look wrong',
      'in the first week',
      'when nobody is watching',
      'when two tasks compete',
      'late at night',
      'when the instructions are unclear',
    ],
    T: [
      'that evening',
      'before dawn',
      'the next morning',
      'after a while',
      'a little later',
      'at first light',
      'long after midnight',
      'by noon',
      'in the grey hour before supper',
      'on the third day',
      'when the tide turned',
      'as the bells rang for vespers',
    ],
    VT: [
      'opened',
      'closed',
      'lifted',
      'studied',
      'folded',
      'pocketed',
      'set down',
      'turned over',
      'unwrapped',
      'carried',
      'checked',
      'hid',
    ],
    O: [
      'the lantern',
      'the old notebook',
      'the letter from the mainland',
      'the keys to the tower',
      'a worn map of the coast',
      'the wet coat',
      'the brass compass',
      'a chipped blue cup',
      'the photograph',
      'the ledger with the torn spine',
      'a coil of rope',
      'the small wooden box',
    ],
    PL: [
      'in the kitchen',
      'on the table by the window',
      'at the end of the pier',
      'on the narrow stairs',
      'under the eaves',
      'beside the cold stove',
      'in the shadow of the lighthouse',
      'behind the boathouse',
      'at the top of the cliff path',
      'in the back room of the inn',
      'on the sea wall',
      'near the harbour gate',
    ],
    VI: [
      'waited without a word',
      'listened to the rain',
      'stood very still',
      'sat down by the fire',
      'closed both eyes',
      'smiled despite everything',
      'counted the seconds',
      'looked out at the water',
      'walked on alone',
      'did not answer',
      'held a breath',
      'turned back toward the house',
    ],
    C: [
      'the sea was grey and restless',
      'the wind had shifted to the west',
      'the house smelled of salt and candle wax',
      'the waves were breaking over the harbour wall',
      'the lamp in the tower had gone dark',
      'the gulls had fallen silent',
      'a door banged somewhere upstairs',
      'the fog was coming in off the water',
      'the last ferry had already left',
      'nobody in the village had slept',
      'the clock on the landing had stopped',
      'rain drummed on the slate roof',
    ],
    M: [
      'the winter the boats did not come back',
      'a promise made years ago',
      'the sound of the foghorn',
      'the face in the photograph',
      'the first storm of the year',
      'everything the old keeper had said',
      'the night of the fire',
      'the smell of tar and rope',
    ],
    ADJ: ['strange', 'familiar', 'heavy', 'fragile', 'simple', 'dangerous', 'quiet', 'possible'],
    TL: ['at dawn', 'tonight', 'before the tide turns', 'in an hour', 'after the bells', 'tomorrow'],
    TP: ['last night', 'that winter', 'after the storm'],
    tAdj: ['Quiet', 'Last', 'Hidden', 'Broken', 'Long', 'Salt', 'Distant', 'Paper', 'Iron', 'Northern'],
    tNoun: [
      'Lantern',
      'Harbour',
      'Letter',
      'Tide',
      'Map',
      'Key',
      'Orchard',
      'Bridge',
      'Bell',
      'Storm',
      'River',
      'Lamp',
    ],
    tPlace: ['Merrow Point', 'the Grey Coast', 'the Old Mill', 'Saint Ives', 'the Narrows', 'Blackwater'],
  },
  statements: [
    'we leave {TL}',
    'leave {O} {PL}',
    'I saw {O} {PL}',
    'nobody stays {PL} {TL}',
    'you should have told me about {M}',
    'it was {ADJ}, that is all',
    'not {TL}',
    '{N2} is looking for {O}',
    'keep {O} close',
    'I never asked about {M}',
  ],
  questions: [
    'where did you find {O}',
    'did you see {N2} {PL}',
    'what happened {TP}',
    'who told you about {M}',
    'why did you leave {O} {PL}',
    'are you sure about {O}',
  ],
  said: ['said', 'murmured', 'whispered', 'replied', 'added', 'said quietly'],
  asked: ['asked', 'asked softly', 'wanted to know'],
  dialogue: {
    split: (first, second, speaker, verb) => `"${cap(first)}," ${speaker} ${verb}. "${cap(second)}."`,
    ask: (question, speaker, verb) => `"${cap(question)}?" ${speaker} ${verb}.`,
    tag: (line, speaker, verb) => `"${cap(line)}," ${speaker} ${verb}.`,
  },
  studyQuestions: ['What did {N} know about {O}?', 'Why does {M} matter to {N}?', 'What changes for {N} {TP}?'],
  titles: [
    'The {tAdj} {tNoun}',
    'The {tNoun} of {tPlace}',
    'A Lantern for {N}',
    'What the {tNoun} Knew',
    'Before the {tNoun}',
    'The Last {tNoun} at {tPlace}',
    '{tAdj} {tNoun}s',
  ],
  titleCase: true,
  places: [
    'Merrow Point',
    'the Old Harbour',
    'Gull Street',
    'the Lantern Inn',
    'Blackwater Mill',
    'the Narrows',
    "Saint Brigid's Chapel",
    'the Salt Flats',
    'Harrow Lighthouse',
    'the Upper Town',
  ],
  terms: [
    'Tidal Ledger',
    "Keeper's Oath",
    'Salt Debt',
    'Lantern Rule',
    'Harbour Right',
    'Fog Bell',
    'Night Watch',
    'Storm Log',
    'Crossing Fee',
    'Winter Tithe',
    'Beacon Code',
    'Drift Line',
  ],
  exposition: [
    'Start with {TOPIC}: what it is, why it matters, and where it fails {WHEN}.',
    '{TOPIC} is where most mistakes begin {WHEN}, so it is worth slowing down here.',
    'The idea behind {TOPIC} is simple to state and harder to keep {WHEN}.',
    'A common error {WHEN} is to treat {TOPIC} as a formality rather than a check.',
    '{WHEN}, {TOPIC} and {TOPIC2} meet, and the second depends on the first.',
    'Keep the difference between {TOPIC} and {TOPIC2} clear, above all {WHEN}.',
    'Consider a case: {N} meets {TOPIC} {WHEN} and has to decide quickly.',
    'In that case, {N} checks {TOPIC} first and only then turns to {TOPIC2}.',
    'Most readers know {TOPIC} by name; fewer can apply it step by step {WHEN}.',
    'Ask what {TOPIC} looks like {WHEN}.',
    'The evidence on {TOPIC} points one way: small checks prevent large harms {WHEN}.',
    'Here {TOPIC} is the rule, and {TOPIC2} marks where it stops.',
    'Write down each step of {TOPIC} {WHEN}; a step left unwritten is a step skipped.',
    'Notice how {TOPIC} changes once {TOPIC2} is taken into account.',
    'None of this replaces judgement, but {TOPIC} gives judgement something to work with {WHEN}.',
    'Errors in {TOPIC} rarely come from ignorance; they come from haste and habit {WHEN}.',
    'Could you explain {TOPIC} to a colleague {WHEN}? Try it before reading on.',
    'A worked case makes {TOPIC} concrete: {N} follows it line by line {WHEN} and finds the slip.',
    '{N} learned {TOPIC} from {N2} {WHEN}, and still checks it twice.',
    'Think of {TOPIC} as a habit more than a rule: it has to hold {WHEN}.',
    'What {TOPIC} asks of you {WHEN} is attention, not memory.',
    'The same steps apply to {TOPIC2}, with one difference that matters {WHEN}.',
  ],
  roles: ['protagonist', 'mentor', 'rival', 'ally', 'antagonist', 'confidant', 'foil'],
  sounds: ['Crash!', 'Thud.', 'Whoosh!', 'Clang!', 'Creak...', 'Splash!'],
  firstNames: ['Mara', 'Tomas', 'Elena', 'Jonah', 'Iris', 'Caleb', 'Nora', 'Felix', 'Ruth', 'Owen', 'Hazel', 'Simon'],
  surnames: ['Quill', 'Harrow', 'Penrose', 'Vance', 'Ashby', 'Morrow', 'Calder', 'Finch', 'Hale', 'Ward'],
  fullName: (first, last) => `${first} ${last}`,
  fixups: [],
};

/** French times of day that say nothing of the tense; the `T` slots add the two that do. */
const FRENCH_TIMES = [
  'ce soir-là',
  'avant l’aube',
  'le lendemain matin',
  'au bout d’un moment',
  'un peu plus tard',
  'aux premières lueurs',
  'bien après minuit',
  'vers midi',
  'à l’heure grise du dîner',
  'le troisième jour',
];

const FR: Vocabulary = {
  spacer: ' ',
  narrative: [
    '{T}, {N} {VT} {O} {PL}.',
    '{N} {VT} {O} et {VI}.',
    'Dehors, {C}, et {N} {VI}.',
    '{N} pensa à {M} et {VI}.',
    '{T}, {C}.',
    'Quand {N2} {VT} {O}, {N} {VI}.',
    'Plus rien {PL} ne semblait {ADJ} à {N}.',
    '{N} {VT} {O} {PL}, comme si de rien n’était.',
    'Ce fut {N2} qui {VT} {O} en premier, {T}.',
    'Pendant un long moment, {N} {VI}, et {C}.',
    '{PL}, {N} {VI}.',
    '{N} n’avait pas oublié {M}, et {N2} le savait.',
    'Le silence {PL} était {ADJ}, et {N} {VI}.',
    '{N2} {VI} pendant que {N} {VT} {O}.',
    'Il y avait {O} {PL}, et personne ne savait pourquoi.',
    '{C}, alors {N} {VT} {O} et attendit {N2}.',
  ],
  slots: {
    T: [...FRENCH_TIMES, 'quand la marée tourna', 'lorsque les cloches sonnèrent'],
    VT: [
      'ouvrit',
      'referma',
      'souleva',
      'examina',
      'plia',
      'rangea',
      'posa',
      'retourna',
      'déballa',
      'porta',
      'vérifia',
      'cacha',
    ],
    O: [
      'la lanterne',
      'le vieux carnet',
      'la lettre du continent',
      'les clés de la tour',
      'une carte usée de la côte',
      'le manteau trempé',
      'la boussole de cuivre',
      'une tasse bleue ébréchée',
      'la photographie',
      'le registre au dos déchiré',
      'un rouleau de corde',
      'la petite boîte en bois',
    ],
    PL: [
      'dans la cuisine',
      'sur la table près de la fenêtre',
      'au bout de la jetée',
      'dans l’escalier étroit',
      'sous l’avant-toit',
      'à côté du poêle froid',
      'dans l’ombre du phare',
      'derrière le hangar à bateaux',
      'en haut du sentier de la falaise',
      'dans l’arrière-salle de l’auberge',
      'sur la digue',
      'près de la porte du port',
    ],
    VI: [
      'attendit sans un mot',
      'écouta la pluie',
      'resta immobile',
      's’assit près du feu',
      'ferma les yeux',
      'sourit malgré tout',
      'compta les secondes',
      'regarda la mer',
      'continua son chemin',
      'ne répondit pas',
      'retint son souffle',
      'revint vers la maison',
    ],
    C: [
      'la mer était grise et agitée',
      'le vent avait tourné à l’ouest',
      'la maison sentait le sel et la cire',
      'les vagues se brisaient sur la digue',
      'la lampe de la tour s’était éteinte',
      'les mouettes s’étaient tues',
      'une porte claqua à l’étage',
      'le brouillard montait de l’eau',
      'le dernier bac était déjà parti',
      'personne au village n’avait dormi',
      'l’horloge du palier s’était arrêtée',
      'la pluie tambourinait sur le toit d’ardoise',
    ],
    M: [
      'l’hiver où les bateaux ne revinrent pas',
      'une promesse faite il y a des années',
      'le son de la corne de brume',
      'le visage de la photographie',
      'la première tempête de l’année',
      'tout ce que le vieux gardien avait dit',
      'la nuit de l’incendie',
      'l’odeur du goudron et des cordages',
    ],
    ADJ: ['étrange', 'familier', 'lourd', 'fragile', 'simple', 'dangereux', 'calme', 'possible'],
    TL: ['à l’aube', 'ce soir', 'avant la marée', 'dans une heure', 'après les cloches', 'demain'],
    TP: ['la nuit dernière', 'cet hiver-là', 'après la tempête'],
    tNP: [
      'la lanterne',
      'le silence',
      'la marée',
      'le dernier hiver',
      'la carte',
      'les clés',
      'le jardin',
      'la lettre',
      'le phare',
      'la tempête',
      'le pont',
      'la cloche',
    ],
    tComp: [
      'du port',
      'de Merrow',
      'sous la pluie',
      'des falaises',
      'du nord',
      'd’avant l’aube',
      'de la jetée',
      'de minuit',
    ],
  },
  statements: [
    'nous partons {TL}',
    'laisse {O} {PL}',
    'j’ai vu {O} {PL}',
    'personne ne reste {PL} {TL}',
    'tu aurais dû me parler de {M}',
    'c’était {ADJ}, voilà tout',
    'pas {TL}',
    '{N2} cherche {O}',
    'garde {O} près de toi',
    'je n’ai jamais rien demandé sur {M}',
  ],
  questions: [
    'où as-tu trouvé {O}',
    'as-tu vu {N2} {PL}',
    'que s’est-il passé {TP}',
    'qui t’a parlé de {M}',
    'pourquoi as-tu laissé {O} {PL}',
    'es-tu sûr pour {O}',
  ],
  said: ['dit', 'murmura', 'chuchota', 'répondit', 'ajouta', 'dit doucement'],
  asked: ['demanda', 'demanda doucement', 'voulut savoir'],
  dialogue: {
    split: (first, second, speaker, verb) =>
      `«${NBSP}${cap(first)}${NBSP}», ${verb} ${speaker}. «${NBSP}${cap(second)}.${NBSP}»`,
    ask: (question, speaker, verb) => `«${NBSP}${cap(question)}${NBSP}?${NBSP}» ${verb} ${speaker}.`,
    tag: (line, speaker, verb) => `«${NBSP}${cap(line)}${NBSP}», ${verb} ${speaker}.`,
  },
  studyQuestions: [
    `Que savait {N} sur {O}${NBSP}?`,
    `Que représente {O} pour {N}${NBSP}?`,
    `Qu’est-ce qui change pour {N} {TP}${NBSP}?`,
  ],
  titles: ['{tNP} {tComp}', 'avant {tNP}', 'une lanterne pour {N}', 'après {tNP}', '{tNP}'],
  titleCase: false,
  places: [
    'la Pointe de Merrow',
    'le Vieux Port',
    'la rue des Mouettes',
    'l’Auberge de la Lanterne',
    'le Moulin Noir',
    'les Passes',
    'la chapelle Sainte-Brigide',
    'les Marais salants',
    'le phare de Harrow',
    'la Ville haute',
  ],
  terms: [
    'registre des marées',
    'serment du gardien',
    'dette du sel',
    'règle de la lanterne',
    'droit de port',
    'cloche de brume',
    'veille de nuit',
    'journal des tempêtes',
    'droit de passage',
    'dîme d’hiver',
    'code des feux',
    'ligne de dérive',
  ],
  roles: ['protagoniste', 'mentor', 'rival', 'allié', 'antagoniste', 'confident', 'faire-valoir'],
  sounds: [`Boum${NBSP}!`, `Crac${NBSP}!`, `Vlan${NBSP}!`, `Plouf${NBSP}!`],
  firstNames: [
    'Camille',
    'Étienne',
    'Louise',
    'Bastien',
    'Margaux',
    'Julien',
    'Agathe',
    'Mathis',
    'Inès',
    'Lucien',
    'Odile',
    'Rémi',
  ],
  surnames: ['Marchand', 'Lefèvre', 'Roussel', 'Garnier', 'Dubois', 'Perrin', 'Fontaine', 'Chevalier'],
  fullName: (first, last) => `${first} ${last}`,
  fixups: [
    [/(^|\s)à le(?=\s)/g, '$1au'],
    [/(^|\s)à les(?=\s)/g, '$1aux'],
    [/(^|\s)de le(?=\s)/g, '$1du'],
    [/(^|\s)de les(?=\s)/g, '$1des'],
    // The narrator's "je" before a vowel: "j’ouvris".
    [/(^|\s)([Jj])e (?=[aeiouyéèêâh])/g, '$1$2’'],
  ],
  firstPerson: {
    narrative: [
      '{T}, je {VT1} {O} {PL}.',
      'Je {VT1} {O} et {VI1}.',
      'Dehors, {C}, et je {VI1}.',
      'Je pensai à {M} et {VI1}.',
      'Quand {N2} {VT} {O}, je {VI1}.',
      'Plus rien {PL} ne me semblait {ADJ}.',
      'Je {VT1} {O} {PL}, comme si de rien n’était.',
      'Pendant un long moment, je {VI1}, et {C}.',
      '{PL}, je {VI1}.',
      'Je n’avais pas oublié {M}, et {N2} le savait.',
      '{N2} n’avait pas oublié {M}, et je le savais.',
      'Le silence {PL} était {ADJ}, et je {VI1}.',
      '{N2} {VI} pendant que je {VT1} {O}.',
      '{C}, alors je {VT1} {O} et attendis {N2}.',
    ],
    slots: {
      VT1: ['ouvris', 'refermai', 'soulevai', 'examinai', 'pliai', 'rangeai', 'posai', 'retournai', 'déballai'],
      VI1: [
        'attendis sans un mot',
        'écoutai la pluie',
        'restai immobile',
        'm’assis près du feu',
        'fermai les yeux',
        'souris malgré tout',
        'comptai les secondes',
        'regardai la mer',
        'continuai mon chemin',
        'ne répondis pas',
        'retins mon souffle',
        'revins vers la maison',
      ],
    },
    said: ['dis-je', 'murmurai-je', 'chuchotai-je', 'répondis-je', 'ajoutai-je', 'dis-je doucement'],
    asked: ['demandai-je', 'demandai-je doucement', 'insistai-je'],
    speaker: '',
  },
  present: {
    narrative: [
      '{T}, {N} {VT} {O} {PL}.',
      '{N} {VT} {O} et {VI}.',
      'Dehors, {C}, et {N} {VI}.',
      '{N} pense à {M} et {VI}.',
      '{T}, {C}.',
      'Quand {N2} {VT} {O}, {N} {VI}.',
      'Plus rien {PL} ne semble {ADJ} à {N}.',
      '{N} {VT} {O} {PL}, comme si de rien n’était.',
      'C’est {N2} qui {VT} {O} en premier, {T}.',
      'Pendant un long moment, {N} {VI}, et {C}.',
      '{PL}, {N} {VI}.',
      '{N} n’a pas oublié {M}, et {N2} le sait.',
      'Le silence {PL} est {ADJ}, et {N} {VI}.',
      '{N2} {VI} pendant que {N} {VT} {O}.',
      'Il y a {O} {PL}, et personne ne sait pourquoi.',
      '{C}, alors {N} {VT} {O} et attend {N2}.',
    ],
    slots: {
      T: [...FRENCH_TIMES, 'quand la marée tourne', 'lorsque les cloches sonnent'],
      VT: [
        'ouvre',
        'referme',
        'soulève',
        'examine',
        'plie',
        'range',
        'pose',
        'retourne',
        'déballe',
        'porte',
        'vérifie',
        'cache',
      ],
      VI: [
        'attend sans un mot',
        'écoute la pluie',
        'reste immobile',
        's’assied près du feu',
        'ferme les yeux',
        'sourit malgré tout',
        'compte les secondes',
        'regarde la mer',
        'continue son chemin',
        'ne répond pas',
        'retient son souffle',
        'revient vers la maison',
      ],
      C: [
        'la mer est grise et agitée',
        'le vent a tourné à l’ouest',
        'la maison sent le sel et la cire',
        'les vagues se brisent sur la digue',
        'la lampe de la tour s’est éteinte',
        'les mouettes se sont tues',
        'une porte claque à l’étage',
        'le brouillard monte de l’eau',
        'le dernier bac est déjà parti',
        'personne au village n’a dormi',
        'l’horloge du palier s’est arrêtée',
        'la pluie tambourine sur le toit d’ardoise',
      ],
    },
    said: ['dit', 'murmure', 'chuchote', 'répond', 'ajoute', 'dit doucement'],
    asked: ['demande', 'demande doucement', 'veut savoir'],
    firstPerson: {
      narrative: [
        '{T}, je {VT1} {O} {PL}.',
        'Je {VT1} {O} et {VI1}.',
        'Dehors, {C}, et je {VI1}.',
        'Je pense à {M} et {VI1}.',
        'Quand {N2} {VT} {O}, je {VI1}.',
        'Plus rien {PL} ne me semble {ADJ}.',
        'Je {VT1} {O} {PL}, comme si de rien n’était.',
        'Pendant un long moment, je {VI1}, et {C}.',
        '{PL}, je {VI1}.',
        'Je n’ai pas oublié {M}, et {N2} le sait.',
        '{N2} n’a pas oublié {M}, et je le sais.',
        'Le silence {PL} est {ADJ}, et je {VI1}.',
        '{N2} {VI} pendant que je {VT1} {O}.',
        '{C}, alors je {VT1} {O} et attends {N2}.',
      ],
      slots: {
        VT1: ['ouvre', 'referme', 'soulève', 'examine', 'plie', 'range', 'pose', 'retourne', 'déballe'],
        VI1: [
          'attends sans un mot',
          'écoute la pluie',
          'reste immobile',
          'm’assieds près du feu',
          'ferme les yeux',
          'souris malgré tout',
          'compte les secondes',
          'regarde la mer',
          'continue mon chemin',
          'ne réponds pas',
          'retiens mon souffle',
          'reviens vers la maison',
        ],
      },
      // The present's own first-person incises: "dis-je", "fais-je" (not "murmuré-je").
      said: ['dis-je', 'fais-je', 'dis-je tout bas', 'réponds-je', 'fais-je encore', 'dis-je doucement'],
      asked: ['fais-je', 'fais-je doucement', 'dis-je'],
    },
  },
};

/** Spanish times of day that say nothing of the tense; the `T` slots add the two that do. */
const SPANISH_TIMES = [
  'esa noche',
  'antes del amanecer',
  'a la mañana siguiente',
  'al cabo de un rato',
  'un poco más tarde',
  'con la primera luz',
  'mucho después de medianoche',
  'hacia el mediodía',
  'a la hora gris de la cena',
  'al tercer día',
];

const ES: Vocabulary = {
  spacer: ' ',
  narrative: [
    '{T}, {N} {VT} {O} {PL}.',
    '{N} {VT} {O} y {VI}.',
    'Afuera, {C}, y {N} {VI}.',
    '{N} pensó en {M} y {VI}.',
    '{T}, {C}.',
    'Cuando {N2} {VT} {O}, {N} {VI}.',
    'Ya nada {PL} le parecía {ADJ} a {N}.',
    '{N} {VT} {O} {PL} mientras {C}.',
    'Fue {N2} quien {VT} {O} primero, {T}.',
    'Durante un largo momento, {N} {VI}, y {C}.',
    '{PL}, {N} {VI}.',
    '{N} no había olvidado {M}, y {N2} lo sabía.',
    'El silencio {PL} era {ADJ}, y {N} {VI}.',
    '{N2} {VI} mientras {N} {VT} {O}.',
    '{O} seguía {PL}, y nadie sabía por qué.',
    '{C}, así que {N} {VT} {O} y esperó a {N2}.',
  ],
  slots: {
    T: [...SPANISH_TIMES, 'cuando cambió la marea', 'cuando sonaron las campanas'],
    VT: [
      'abrió',
      'cerró',
      'levantó',
      'examinó',
      'dobló',
      'guardó',
      'dejó',
      'giró',
      'desenvolvió',
      'llevó',
      'revisó',
      'escondió',
    ],
    O: [
      'la linterna',
      'el cuaderno viejo',
      'la carta del continente',
      'la llave de la torre',
      'un mapa gastado de la costa',
      'el abrigo mojado',
      'la brújula de latón',
      'una taza azul desportillada',
      'la fotografía',
      'el registro de lomo roto',
      'un rollo de cuerda',
      'la cajita de madera',
    ],
    PL: [
      'en la cocina',
      'sobre la mesa junto a la ventana',
      'al final del muelle',
      'en la escalera estrecha',
      'bajo el alero',
      'junto a la estufa fría',
      'a la sombra del faro',
      'detrás del cobertizo de las barcas',
      'en lo alto del sendero del acantilado',
      'en la trastienda de la posada',
      'sobre el rompeolas',
      'cerca de la puerta del puerto',
    ],
    VI: [
      'esperó sin decir nada',
      'escuchó la lluvia',
      'se quedó inmóvil',
      'se sentó junto al fuego',
      'cerró los ojos',
      'sonrió a pesar de todo',
      'contó los segundos',
      'miró el mar',
      'siguió su camino',
      'no respondió',
      'contuvo el aliento',
      'volvió hacia la casa',
    ],
    C: [
      'el mar estaba gris e inquieto',
      'el viento había girado al oeste',
      'la casa olía a sal y a cera',
      'las olas rompían contra el rompeolas',
      'la lámpara de la torre se había apagado',
      'las gaviotas se habían callado',
      'una puerta golpeó en el piso de arriba',
      'la niebla subía del agua',
      'el último transbordador ya había salido',
      'nadie en el pueblo había dormido',
      'el reloj del rellano se había parado',
      'la lluvia tamborileaba sobre el tejado de pizarra',
    ],
    M: [
      'el invierno en que los barcos no volvieron',
      'una promesa hecha hace años',
      'el sonido de la sirena de niebla',
      'el rostro de la fotografía',
      'la primera tormenta del año',
      'todo lo que había dicho el viejo farero',
      'la noche del incendio',
      'el olor a brea y a cuerda',
    ],
    ADJ: ['extraño', 'familiar', 'pesado', 'frágil', 'sencillo', 'peligroso', 'tranquilo', 'posible'],
    TL: ['al amanecer', 'esta noche', 'antes de la marea', 'dentro de una hora', 'después de las campanas', 'mañana'],
    TP: ['anoche', 'aquel invierno', 'después de la tormenta'],
    tNP: [
      'la linterna',
      'el silencio',
      'la marea',
      'el último invierno',
      'el mapa',
      'las llaves',
      'el jardín',
      'la carta',
      'el faro',
      'la tormenta',
      'el puente',
      'la campana',
    ],
    tComp: [
      'del puerto',
      'de Merrow',
      'bajo la lluvia',
      'de los acantilados',
      'del norte',
      'de medianoche',
      'del muelle',
    ],
  },
  statements: [
    'nos vamos {TL}',
    'deja {O} {PL}',
    'vi {O} {PL}',
    'nadie se queda {PL} {TL}',
    'debiste contarme lo de {M}',
    'era {ADJ}, nada más',
    'no {TL}',
    '{N2} busca {O}',
    'guarda {O} cerca',
    'nunca pregunté por {M}',
  ],
  questions: [
    'dónde encontraste {O}',
    'viste a {N2} {PL}',
    'qué pasó {TP}',
    'quién te habló de {M}',
    'por qué dejaste {O} {PL}',
    'estás seguro de lo de {O}',
  ],
  said: ['dijo', 'murmuró', 'susurró', 'respondió', 'añadió', 'dijo en voz baja'],
  asked: ['preguntó', 'preguntó en voz baja', 'quiso saber'],
  dialogue: {
    split: (first, second, speaker, verb) => `—${cap(first)} —${verb} ${speaker}—. ${cap(second)}.`,
    ask: (question, speaker, verb) => `—¿${cap(question)}? —${verb} ${speaker}.`,
    tag: (line, speaker, verb) => `—${cap(line)} —${verb} ${speaker}.`,
  },
  studyQuestions: ['¿Qué sabía {N} sobre {O}?', '¿Qué significa {O} para {N}?', '¿Qué cambia para {N} {TP}?'],
  titles: ['{tNP} {tComp}', 'antes de {tNP}', 'una linterna para {N}', 'después de {tNP}', '{tNP}'],
  titleCase: false,
  places: [
    'Punta Merrow',
    'el Puerto Viejo',
    'la calle de las Gaviotas',
    'la Posada del Farol',
    'el Molino Negro',
    'los Estrechos',
    'la capilla de Santa Brígida',
    'las Salinas',
    'el faro de Harrow',
    'la Ciudad Alta',
  ],
  terms: [
    'libro de mareas',
    'juramento del farero',
    'deuda de sal',
    'regla del farol',
    'derecho de puerto',
    'campana de niebla',
    'guardia nocturna',
    'diario de tormentas',
    'peaje de paso',
    'diezmo de invierno',
    'código de luces',
    'línea de deriva',
  ],
  roles: ['protagonista', 'mentor', 'rival', 'aliado', 'antagonista', 'confidente'],
  sounds: ['¡Pum!', '¡Crac!', '¡Zas!', '¡Plaf!'],
  firstNames: ['Lucía', 'Mateo', 'Inés', 'Rafael', 'Carmen', 'Diego', 'Elena', 'Tomás', 'Pilar', 'Andrés'],
  surnames: ['Ortega', 'Navarro', 'Serrano', 'Molina', 'Castillo', 'Herrera', 'Vidal', 'Romero'],
  fullName: (first, last) => `${first} ${last}`,
  fixups: [
    [/(^|\s)a el(?=\s)/g, '$1al'],
    [/(^|\s)de el(?=\s)/g, '$1del'],
  ],
  firstPerson: {
    narrative: [
      '{T}, {VT1} {O} {PL}.',
      '{VT1} {O} y {VI1}.',
      'Afuera, {C}, y yo {VI1}.',
      'Pensé en {M} y {VI1}.',
      'Cuando {N2} {VT} {O}, {VI1}.',
      'Ya nada {PL} me parecía {ADJ}.',
      '{VT1} {O} {PL} mientras {C}.',
      'Durante un largo momento, {VI1}, y {C}.',
      '{PL}, {VI1}.',
      'No había olvidado {M}, y {N2} lo sabía.',
      '{N2} no había olvidado {M}, y yo lo sabía.',
      'El silencio {PL} era {ADJ}, y {VI1}.',
      '{N2} {VI} mientras yo {VT1} {O}.',
      '{C}, así que {VT1} {O} y esperé a {N2}.',
    ],
    slots: {
      VT1: ['abrí', 'cerré', 'levanté', 'examiné', 'doblé', 'guardé', 'dejé', 'giré', 'desenvolví', 'revisé'],
      VI1: [
        'esperé sin decir nada',
        'escuché la lluvia',
        'me quedé inmóvil',
        'me senté junto al fuego',
        'cerré los ojos',
        'sonreí a pesar de todo',
        'conté los segundos',
        'miré el mar',
        'seguí mi camino',
        'no respondí',
        'contuve el aliento',
        'volví hacia la casa',
      ],
    },
    said: ['dije', 'murmuré', 'susurré', 'respondí', 'añadí', 'dije en voz baja'],
    asked: ['pregunté', 'pregunté en voz baja', 'quise saber'],
    speaker: '',
  },
  present: {
    narrative: [
      '{T}, {N} {VT} {O} {PL}.',
      '{N} {VT} {O} y {VI}.',
      'Afuera, {C}, y {N} {VI}.',
      '{N} piensa en {M} y {VI}.',
      '{T}, {C}.',
      'Cuando {N2} {VT} {O}, {N} {VI}.',
      'Ya nada {PL} le parece {ADJ} a {N}.',
      '{N} {VT} {O} {PL} mientras {C}.',
      'Es {N2} quien {VT} {O} primero, {T}.',
      'Durante un largo momento, {N} {VI}, y {C}.',
      '{PL}, {N} {VI}.',
      '{N} no ha olvidado {M}, y {N2} lo sabe.',
      'El silencio {PL} es {ADJ}, y {N} {VI}.',
      '{N2} {VI} mientras {N} {VT} {O}.',
      '{O} sigue {PL}, y nadie sabe por qué.',
      '{C}, así que {N} {VT} {O} y espera a {N2}.',
    ],
    slots: {
      T: [...SPANISH_TIMES, 'cuando cambia la marea', 'cuando suenan las campanas'],
      VT: [
        'abre',
        'cierra',
        'levanta',
        'examina',
        'dobla',
        'guarda',
        'deja',
        'gira',
        'desenvuelve',
        'lleva',
        'revisa',
        'esconde',
      ],
      VI: [
        'espera sin decir nada',
        'escucha la lluvia',
        'se queda inmóvil',
        'se sienta junto al fuego',
        'cierra los ojos',
        'sonríe a pesar de todo',
        'cuenta los segundos',
        'mira el mar',
        'sigue su camino',
        'no responde',
        'contiene el aliento',
        'vuelve hacia la casa',
      ],
      C: [
        'el mar está gris e inquieto',
        'el viento ha girado al oeste',
        'la casa huele a sal y a cera',
        'las olas rompen contra el rompeolas',
        'la lámpara de la torre se ha apagado',
        'las gaviotas se han callado',
        'una puerta golpea en el piso de arriba',
        'la niebla sube del agua',
        'el último transbordador ya ha salido',
        'nadie en el pueblo ha dormido',
        'el reloj del rellano se ha parado',
        'la lluvia tamborilea sobre el tejado de pizarra',
      ],
    },
    said: ['dice', 'murmura', 'susurra', 'responde', 'añade', 'dice en voz baja'],
    asked: ['pregunta', 'pregunta en voz baja', 'quiere saber'],
    firstPerson: {
      narrative: [
        '{T}, {VT1} {O} {PL}.',
        '{VT1} {O} y {VI1}.',
        'Afuera, {C}, y yo {VI1}.',
        'Pienso en {M} y {VI1}.',
        'Cuando {N2} {VT} {O}, {VI1}.',
        'Ya nada {PL} me parece {ADJ}.',
        '{VT1} {O} {PL} mientras {C}.',
        'Durante un largo momento, {VI1}, y {C}.',
        '{PL}, {VI1}.',
        'No he olvidado {M}, y {N2} lo sabe.',
        '{N2} no ha olvidado {M}, y yo lo sé.',
        'El silencio {PL} es {ADJ}, y {VI1}.',
        '{N2} {VI} mientras yo {VT1} {O}.',
        '{C}, así que {VT1} {O} y espero a {N2}.',
      ],
      slots: {
        VT1: ['abro', 'cierro', 'levanto', 'examino', 'doblo', 'guardo', 'dejo', 'giro', 'desenvuelvo', 'reviso'],
        VI1: [
          'espero sin decir nada',
          'escucho la lluvia',
          'me quedo inmóvil',
          'me siento junto al fuego',
          'cierro los ojos',
          'sonrío a pesar de todo',
          'cuento los segundos',
          'miro el mar',
          'sigo mi camino',
          'no respondo',
          'contengo el aliento',
          'vuelvo hacia la casa',
        ],
      },
      said: ['digo', 'murmuro', 'susurro', 'respondo', 'añado', 'digo en voz baja'],
      asked: ['pregunto', 'pregunto en voz baja', 'quiero saber'],
    },
  },
};

const DE: Vocabulary = {
  spacer: ' ',
  narrative: [
    '{T} {VT} {N} {O} {PL}.',
    '{N} {VT} {O} und {VI}.',
    '{C}, und {N} {VI}.',
    '{N} dachte an {M} und {VI}.',
    'Als {N2} {O} {VT}, {VI@N}.',
    'Nichts {PL} kam {N} noch {ADJ} vor.',
    '{N} {VT} {O} {PL}, als wäre nichts geschehen.',
    '{T} {VT} {N2} {O}, und {N} sah zu.',
    'Einen langen Moment {VI@N}, und {C}.',
    '{PL} {VI@N}.',
    '{N} hatte {M} nicht vergessen, und {N2} wusste es.',
    'Die Stille {PL} war {ADJ}, und {N} {VI}.',
    '{N2} {VI}, während {N} {O} {VT}.',
    '{C}, als {N} {PL} {O} {VT}.',
    '{C}, also {VT} {N} {O} und wartete auf {N2}.',
  ],
  slots: {
    T: [
      'am Abend',
      'vor der Morgendämmerung',
      'am nächsten Morgen',
      'nach einer Weile',
      'etwas später',
      'beim ersten Licht',
      'lange nach Mitternacht',
      'gegen Mittag',
      'in der grauen Stunde vor dem Essen',
      'am dritten Tag',
    ],
    VT: [
      'öffnete',
      'schloss',
      'hob',
      'betrachtete',
      'faltete',
      'versteckte',
      'trug',
      'prüfte',
      'nahm',
      'hielt',
      'suchte',
      'fand',
    ],
    O: [
      'die Laterne',
      'das alte Notizbuch',
      'den Brief vom Festland',
      'die Schlüssel des Turms',
      'eine abgenutzte Karte der Küste',
      'den nassen Mantel',
      'den Messingkompass',
      'eine angeschlagene blaue Tasse',
      'die Fotografie',
      'das Register mit dem zerrissenen Rücken',
      'eine Rolle Seil',
      'die kleine Holzkiste',
    ],
    PL: [
      'in der Küche',
      'auf dem Tisch am Fenster',
      'am Ende der Mole',
      'auf der schmalen Treppe',
      'unter dem Vordach',
      'neben dem kalten Ofen',
      'im Schatten des Leuchtturms',
      'hinter dem Bootsschuppen',
      'oben auf dem Klippenpfad',
      'im Hinterzimmer des Gasthauses',
      'auf der Hafenmauer',
      'nahe dem Hafentor',
    ],
    // Verb and rest split by `|`, so `{VI@N}` can invert them around the subject (verb second).
    VI: [
      'wartete|ohne ein Wort',
      'hörte|dem Regen zu',
      'blieb|ganz still stehen',
      'setzte sich|ans Feuer',
      'schloss|die Augen',
      'lächelte|trotz allem',
      'zählte|die Sekunden',
      'sah|auf das Wasser hinaus',
      'ging|allein weiter',
      'antwortete|nicht',
      'hielt|den Atem an',
      'kehrte|zum Haus zurück',
    ],
    C: [
      'das Meer war grau und unruhig',
      'der Wind hatte auf West gedreht',
      'das Haus roch nach Salz und Kerzenwachs',
      'die Wellen brachen über die Hafenmauer',
      'die Lampe im Turm war erloschen',
      'die Möwen waren verstummt',
      'oben schlug eine Tür zu',
      'der Nebel kam vom Wasser herein',
      'die letzte Fähre war schon fort',
      'niemand im Dorf hatte geschlafen',
      'die Uhr auf dem Treppenabsatz war stehen geblieben',
      'der Regen trommelte auf das Schieferdach',
    ],
    M: [
      'den Winter ohne Boote',
      'ein Versprechen von vor vielen Jahren',
      'den Klang des Nebelhorns',
      'das Gesicht auf der Fotografie',
      'den ersten Sturm des Jahres',
      'die Worte des alten Wärters',
      'die Nacht des Feuers',
      'den Geruch von Teer und Tauwerk',
    ],
    ADJ: ['seltsam', 'vertraut', 'schwer', 'zerbrechlich', 'einfach', 'gefährlich', 'ruhig', 'möglich'],
    TL: ['im Morgengrauen', 'heute Nacht', 'vor der Flut', 'in einer Stunde', 'nach dem Läuten', 'morgen'],
    TP: ['letzte Nacht', 'in jenem Winter', 'nach dem Sturm'],
    tNP: [
      'Die Laterne',
      'Das Schweigen',
      'Die Flut',
      'Der letzte Winter',
      'Die Karte',
      'Die Schlüssel',
      'Der Garten',
      'Der Brief',
      'Der Leuchtturm',
      'Der Sturm',
      'Die Brücke',
      'Die Glocke',
    ],
    tComp: ['am Hafen', 'von Merrow', 'im Regen', 'der Klippen', 'des Nordens', 'um Mitternacht', 'an der Mole'],
  },
  statements: [
    'wir brechen {TL} auf',
    'lass {O} {PL}',
    'ich habe {O} {PL} gesehen',
    'niemand bleibt {TL} {PL}',
    'das war {ADJ}, mehr nicht',
    'nicht {TL}',
    '{N2} sucht {O}',
    'behalt {O} bei dir',
    'ich habe nie nach {N2} gefragt',
  ],
  questions: [
    'wo hast du {O} gefunden',
    'hast du {N2} {PL} gesehen',
    'was ist {TP} passiert',
    'wer hat dir von {N2} erzählt',
    'warum hast du {O} {PL} gelassen',
    'bist du sicher, was {O} angeht',
  ],
  said: ['sagte', 'murmelte', 'flüsterte', 'antwortete', 'fügte|hinzu', 'sagte|leise'],
  asked: ['fragte', 'fragte|leise', 'wollte|wissen'],
  dialogue: {
    split: (first, second, speaker, verb) => `„${cap(first)}“, ${invert(verb, speaker)}. „${cap(second)}.“`,
    ask: (question, speaker, verb) => `„${cap(question)}?“, ${invert(verb, speaker)}.`,
    tag: (line, speaker, verb) => `„${cap(line)}“, ${invert(verb, speaker)}.`,
  },
  studyQuestions: ['Was wusste {N} über {O}?', 'Was bedeutet {O} für {N}?', 'Was ändert sich für {N} {TP}?'],
  titles: ['{tNP} {tComp}', 'Vor dem Sturm von {N}', 'Eine Laterne für {N}', '{tNP}'],
  titleCase: false,
  places: [
    'Merrow Spitze',
    'der Alte Hafen',
    'die Möwengasse',
    'das Gasthaus zur Laterne',
    'die Schwarze Mühle',
    'die Engen',
    'die Kapelle Sankt Brigida',
    'die Salzwiesen',
    'der Leuchtturm von Harrow',
    'die Oberstadt',
  ],
  terms: [
    'Gezeitenbuch',
    'Wärtereid',
    'Salzschuld',
    'Laternenregel',
    'Hafenrecht',
    'Nebelglocke',
    'Nachtwache',
    'Sturmbuch',
    'Fährgeld',
    'Winterzehnt',
    'Leuchtfeuercode',
    'Driftlinie',
  ],
  roles: ['Hauptfigur', 'Mentor', 'Rivale', 'Verbündeter', 'Gegenspieler', 'Vertrauter'],
  sounds: ['Krach!', 'Rums!', 'Zisch!', 'Platsch!'],
  firstNames: ['Lena', 'Jonas', 'Greta', 'Felix', 'Anton', 'Frieda', 'Paul', 'Ida', 'Konrad', 'Marlene'],
  surnames: ['Brandt', 'Hofmann', 'Keller', 'Vogel', 'Lindner', 'Albrecht', 'Sommer', 'Winter'],
  fullName: (first, last) => `${first} ${last}`,
  fixups: [],
  firstPerson: {
    narrative: [
      '{T} {VT1} ich {O} {PL}.',
      'Ich {VT1} {O} und {VI1}.',
      '{C}, und ich {VI1}.',
      'Ich dachte an {M} und {VI1}.',
      'Als {N2} {O} {VT}, {VI1@I}.',
      'Nichts {PL} kam mir noch {ADJ} vor.',
      'Ich {VT1} {O} {PL}, als wäre nichts geschehen.',
      '{T} {VT} {N2} {O}, und ich sah zu.',
      'Einen langen Moment {VI1@I}, und {C}.',
      '{PL} {VI1@I}.',
      'Ich hatte {M} nicht vergessen, und {N2} wusste es.',
      '{N2} hatte {M} nicht vergessen, und ich wusste es.',
      'Die Stille {PL} war {ADJ}, und ich {VI1}.',
      '{N2} {VI}, während ich {O} {VT1}.',
      '{C}, also {VT1} ich {O} und wartete auf {N2}.',
    ],
    // The Präteritum's first person is its third ("ich hob", "sie hob"); the reflexive is not ("setzte mich").
    slots: {
      I: ['ich'],
      VT1: ['öffnete', 'schloss', 'hob', 'betrachtete', 'faltete', 'versteckte', 'trug', 'prüfte', 'nahm', 'hielt'],
      VI1: [
        'wartete|ohne ein Wort',
        'hörte|dem Regen zu',
        'blieb|ganz still stehen',
        'setzte|mich ans Feuer',
        'schloss|die Augen',
        'lächelte|trotz allem',
        'zählte|die Sekunden',
        'sah|auf das Wasser hinaus',
        'ging|allein weiter',
        'antwortete|nicht',
        'hielt|den Atem an',
        'kehrte|zum Haus zurück',
      ],
    },
    said: ['sagte', 'murmelte', 'flüsterte', 'antwortete', 'fügte|hinzu', 'sagte|leise'],
    asked: ['fragte', 'fragte|leise', 'wollte|wissen'],
    speaker: 'ich',
  },
  present: {
    narrative: [
      '{T} {VT} {N} {O} {PL}.',
      '{N} {VT} {O} und {VI}.',
      '{C}, und {N} {VI}.',
      '{N} denkt an {M} und {VI}.',
      'Als {N2} {O} {VT}, {VI@N}.',
      'Nichts {PL} kommt {N} noch {ADJ} vor.',
      '{N} {VT} {O} {PL}, als wäre nichts geschehen.',
      '{T} {VT} {N2} {O}, und {N} sieht zu.',
      'Einen langen Moment {VI@N}, und {C}.',
      '{PL} {VI@N}.',
      '{N} hat {M} nicht vergessen, und {N2} weiß es.',
      'Die Stille {PL} ist {ADJ}, und {N} {VI}.',
      '{N2} {VI}, während {N} {O} {VT}.',
      '{C}, als {N} {PL} {O} {VT}.',
      '{C}, also {VT} {N} {O} und wartet auf {N2}.',
    ],
    slots: {
      VT: [
        'öffnet',
        'schließt',
        'hebt',
        'betrachtet',
        'faltet',
        'versteckt',
        'trägt',
        'prüft',
        'nimmt',
        'hält',
        'sucht',
        'findet',
      ],
      VI: [
        'wartet|ohne ein Wort',
        'hört|dem Regen zu',
        'bleibt|ganz still stehen',
        'setzt sich|ans Feuer',
        'schließt|die Augen',
        'lächelt|trotz allem',
        'zählt|die Sekunden',
        'sieht|auf das Wasser hinaus',
        'geht|allein weiter',
        'antwortet|nicht',
        'hält|den Atem an',
        'kehrt|zum Haus zurück',
      ],
      C: [
        'das Meer ist grau und unruhig',
        'der Wind hat auf West gedreht',
        'das Haus riecht nach Salz und Kerzenwachs',
        'die Wellen brechen über die Hafenmauer',
        'die Lampe im Turm ist erloschen',
        'die Möwen sind verstummt',
        'oben schlägt eine Tür zu',
        'der Nebel kommt vom Wasser herein',
        'die letzte Fähre ist schon fort',
        'niemand im Dorf hat geschlafen',
        'die Uhr auf dem Treppenabsatz ist stehen geblieben',
        'der Regen trommelt auf das Schieferdach',
      ],
    },
    said: ['sagt', 'murmelt', 'flüstert', 'antwortet', 'fügt|hinzu', 'sagt|leise'],
    asked: ['fragt', 'fragt|leise', 'will|wissen'],
    firstPerson: {
      narrative: [
        '{T} {VT1} ich {O} {PL}.',
        'Ich {VT1} {O} und {VI1}.',
        '{C}, und ich {VI1}.',
        'Ich denke an {M} und {VI1}.',
        'Als {N2} {O} {VT}, {VI1@I}.',
        'Nichts {PL} kommt mir noch {ADJ} vor.',
        'Ich {VT1} {O} {PL}, als wäre nichts geschehen.',
        '{T} {VT} {N2} {O}, und ich sehe zu.',
        'Einen langen Moment {VI1@I}, und {C}.',
        '{PL} {VI1@I}.',
        'Ich habe {M} nicht vergessen, und {N2} weiß es.',
        '{N2} hat {M} nicht vergessen, und ich weiß es.',
        'Die Stille {PL} ist {ADJ}, und ich {VI1}.',
        '{N2} {VI}, während ich {O} {VT1}.',
        '{C}, also {VT1} ich {O} und warte auf {N2}.',
      ],
      slots: {
        VT1: ['öffne', 'schließe', 'hebe', 'betrachte', 'falte', 'verstecke', 'trage', 'prüfe', 'nehme', 'halte'],
        VI1: [
          'warte|ohne ein Wort',
          'höre|dem Regen zu',
          'bleibe|ganz still stehen',
          'setze|mich ans Feuer',
          'schließe|die Augen',
          'lächle|trotz allem',
          'zähle|die Sekunden',
          'sehe|auf das Wasser hinaus',
          'gehe|allein weiter',
          'antworte|nicht',
          'halte|den Atem an',
          'kehre|zum Haus zurück',
        ],
      },
      said: ['sage', 'murmle', 'flüstere', 'antworte', 'füge|hinzu', 'sage|leise'],
      asked: ['frage', 'frage|leise', 'will|wissen'],
    },
  },
};

const JA: Vocabulary = {
  spacer: '',
  narrative: [
    '{T}、{N}は{PL}で{O}を{VT}。',
    '{N}は{O}を{VT}。そして{VI}。',
    '外では{C}。{N}は{VI}。',
    '{N}は{M}を思い出し、{VI}。',
    '{T}、{C}。',
    '{N2}が{O}を{VT}とき、{N}は{VI}。',
    '{PL}では、{C}。',
    '{N}は{PL}で{O}を{VT}。まるで何事もなかったかのように。',
    '長いあいだ{N}は{VI}。そのあいだにも{C}。',
    '{N}は{M}を忘れていなかった。{N2}もそれを知っていた。',
    '{PL}の静けさは{ADJ}、{N}は{VI}。',
    '{N}が{O}を{VT}あと、{N2}は{VI}。',
  ],
  slots: {
    T: [
      'その夜',
      '夜明け前',
      '翌朝',
      'しばらくして',
      '少し後で',
      '朝一番に',
      '真夜中をとうに過ぎて',
      '昼ごろ',
      '夕食前の灰色の時間に',
      '三日目に',
    ],
    VT: [
      '開いた',
      '閉じた',
      '持ち上げた',
      'じっと見た',
      'たたんだ',
      'しまった',
      '置いた',
      '裏返した',
      '包みから出した',
      '運んだ',
      '確かめた',
      '隠した',
    ],
    O: [
      'ランプ',
      '古い手帳',
      '本土からの手紙',
      '塔の鍵',
      'すり切れた海岸の地図',
      '濡れたコート',
      '真鍮の羅針盤',
      '欠けた青いカップ',
      '写真',
      '背の破れた帳簿',
      'ひと巻きのロープ',
      '小さな木箱',
    ],
    PL: [
      '台所',
      '窓辺のテーブル',
      '桟橋の先',
      '狭い階段',
      '軒下',
      '冷えたストーブのそば',
      '灯台の陰',
      '舟小屋の裏',
      '崖の小道の上',
      '宿の奥の部屋',
      '防波堤',
      '港の門の近く',
    ],
    VI: [
      '黙って待った',
      '雨の音に耳を澄ませた',
      'じっと動かなかった',
      '火のそばに座った',
      '目を閉じた',
      'それでも微笑んだ',
      '秒を数えた',
      '海を見つめた',
      'ひとりで歩き続けた',
      '何も答えなかった',
      '息を止めた',
      '家のほうへ引き返した',
    ],
    C: [
      '海は灰色で荒れていた',
      '風は西に変わっていた',
      '家は塩と蝋の匂いがした',
      '波が防波堤を越えて砕けていた',
      '塔のランプは消えていた',
      'カモメたちは黙り込んでいた',
      '二階でどこかの扉が鳴った',
      '霧が海から上がってきていた',
      '最後の渡し船はもう出ていた',
      '村の誰も眠っていなかった',
      '踊り場の時計は止まっていた',
      '雨がスレート屋根を叩いていた',
    ],
    M: [
      '舟が戻らなかった冬',
      '何年も前の約束',
      '霧笛の音',
      '写真の中の顔',
      'その年最初の嵐',
      '老いた灯台守の言葉',
      '火事の夜',
      'タールとロープの匂い',
    ],
    ADJ: ['奇妙で', '重く', '懐かしく', '穏やかで', '不思議で', '冷たく'],
    TL: ['夜明けに', '今夜', '潮が変わる前に', '一時間後に', '鐘のあとで', '明日'],
    TP: ['昨夜', 'あの冬', '嵐のあと'],
    tPre: ['港の', '雨の中の', '北の', '崖の上の', '夜明けの', '真夜中の', '最後の'],
    tNoun: ['灯台', '冬', '潮', '地図', '沈黙', '鍵', '手紙', '庭', '鐘', '嵐'],
  },
  statements: [
    '{TL}出発する',
    '{O}は{PL}に置いておいて',
    '{PL}で{O}を見た',
    '{TL}は誰も{PL}に残らない',
    '{M}のことを話してほしかった',
    'ただそれだけのことだった',
    '{N2}が{O}を探している',
    '{O}を離さないで',
  ],
  questions: [
    '{O}をどこで見つけたの',
    '{PL}で{N2}を見た',
    '{TP}何があったの',
    '誰から{M}のことを聞いたの',
    'なぜ{O}を{PL}に置いたの',
    '{O}のことは確かなの',
  ],
  said: ['言った', 'つぶやいた', 'ささやいた', '答えた', '付け加えた', '静かに言った'],
  asked: ['尋ねた', '静かに尋ねた', '聞いた'],
  dialogue: {
    split: (first, second, speaker, verb) => `「${first}」と${speaker}は${verb}。「${second}」`,
    ask: (question, speaker, verb) => `「${question}？」と${speaker}は${verb}。`,
    tag: (line, speaker, verb) => `「${line}」と${speaker}は${verb}。`,
  },
  studyQuestions: [
    '{N}は{O}について何を知っていたのか？',
    '{O}は{N}にとって何を意味するのか？',
    '{TP}、{N}にとって何が変わったのか？',
  ],
  titles: ['{tPre}{tNoun}', '{N}の{tNoun}', '{tNoun}'],
  titleCase: false,
  places: [
    'メロウ岬',
    '古い港',
    'カモメ通り',
    'ランタン亭',
    '黒水の水車小屋',
    '狭い海峡',
    '聖ブリジッド礼拝堂',
    '塩田',
    'ハロウ灯台',
    '山の手',
  ],
  terms: [
    '潮の台帳',
    '灯台守の誓い',
    '塩の借り',
    'ランプの掟',
    '港の権利',
    '霧の鐘',
    '夜の見張り',
    '嵐の記録',
    '渡し賃',
    '冬の十分の一税',
    '灯火の符号',
    '漂流線',
  ],
  roles: ['主人公', '師', '好敵手', '味方', '敵役', '相談相手'],
  sounds: ['ドン！', 'ガシャン！', 'ザバーン！', 'ギイ…'],
  firstNames: ['美咲', '健太', '由美', '蓮', '陽菜', '大輔', '葵', '拓海'],
  surnames: ['佐藤', '高橋', '田中', '渡辺', '伊藤', '中村'],
  fullName: (first, last) => `${last}${first}`,
  fixups: [],
};

/** Study questions of a subject book (English, as its explanations). */
const SUBJECT_QUESTIONS = [
  'What is {TOPIC}, and why does it matter?',
  'How would you check {TOPIC} on a busy day?',
  'What goes wrong when {TOPIC} is skipped?',
  'How does {TOPIC} depend on {TOPIC2}?',
  'Which step of {TOPIC} is easiest to forget, and how would you remember it?',
];

/** Titles of a subject book and its sections (English: the only language with explanations). */
const SUBJECT_TITLES = [
  '{TOPIC} in practice',
  'understanding {TOPIC}',
  'a guide to {TOPIC}',
  '{TOPIC}',
  'getting {TOPIC} right',
];

/** German verb-second: `sagte Mara`, and a separable particle after the subject: `fügte Mara hinzu`. */
function invert(verb: string, subject: string): string {
  const [head, particle] = verb.split('|');
  return particle ? `${head} ${subject} ${particle}` : `${head} ${subject}`;
}

const VOCABULARIES: Record<string, Vocabulary> = { en: EN, fr: FR, es: ES, de: DE, ja: JA };

/** The vocabulary of `language`, its narration in `tense` where it has a present of its own (see Vocabulary.present). */
function vocabularyFor(language: string, tense: Tense = 'past'): Vocabulary {
  const vocab = VOCABULARIES[primaryLanguage(language)] ?? EN;
  const present = tense === 'present' ? vocab.present : undefined;
  if (!present) return vocab;
  return {
    ...vocab,
    narrative: present.narrative,
    slots: { ...vocab.slots, ...present.slots },
    said: present.said,
    asked: present.asked,
    ...(vocab.firstPerson
      ? {
          firstPerson: {
            ...vocab.firstPerson,
            ...present.firstPerson,
            slots: { ...vocab.firstPerson.slots, ...present.firstPerson.slots },
          },
        }
      : {}),
  };
}

const SMALL_TITLE_WORDS = new Set(['a', 'an', 'the', 'of', 'at', 'for', 'in', 'on', 'and', 'to', 'by']);

function toTitleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && SMALL_TITLE_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : cap(word)))
    .join(' ');
}

// ---------------------------------------------------------------------------
// Prose
// ---------------------------------------------------------------------------

/** Titles people are called by with their surname: "Captain Hale" stays whole in prose. */
const HONORIFICS =
  /^(mr|mrs|ms|miss|dr|captain|capt|lady|lord|sir|madame|monsieur|mme|don|doña|herr|frau|father|mother|sister|brother|aunt|uncle)\.?$/i;

/**
 * Writes sentences, paragraphs and the short texts of structured answers in
 * one language, from templates. Every sentence of one writer is new (a
 * model stuck in a loop is what the pipeline rejects, not what it should see
 * from a healthy fake), and so is every title, term and place.
 */
class ProseWriter {
  /** Full names, for `name` fields. */
  readonly cast: string[];
  /** How the prose calls them: "Mara" for "Mara Quinn". */
  private readonly callNames: string[];
  private readonly used = new Set<string>();
  private readonly usedLabels = new Set<string>();
  private readonly spoken = new Set<string>();
  /** The last few narrative templates, so neighbouring sentences are built differently. */
  private readonly recent: string[] = [];
  /** While `toldBy` writes: the first-person narrator's call name. */
  private teller: string | undefined;

  /** What the book is about (a subject book's topics): `term` names these first, explanations discuss them. */
  private readonly topics: readonly string[];
  /** A subject book's prose, where the vocabulary has explanations: it explains, with nobody talking. */
  private readonly explains: boolean;

  constructor(
    private readonly rng: Random,
    readonly vocab: Vocabulary,
    names: readonly string[],
    options: { topics?: readonly string[]; expository?: boolean } = {},
  ) {
    this.topics = options.topics ?? [];
    this.explains = options.expository === true && vocab.exposition !== undefined && this.topics.length > 0;
    this.cast = names.length > 0 ? [...names] : vocab.firstNames.slice(0, 4);
    this.callNames = this.cast.map((name) => {
      const words = name.split(' ');
      return words.length > 1 && !HONORIFICS.test(words[0] ?? '') ? (words[0] ?? name) : name;
    });
    // A lone character still needs someone to talk to.
    if (this.callNames.length === 1) {
      this.callNames.push(vocab.firstNames.find((name) => name !== this.callNames[0]) ?? 'Tomas');
    }
  }

  /** Two different people, the leads more often than the rest, as in a book. */
  pair(): [string, string] {
    const choose = () => this.callNames[Math.floor(this.rng.next() ** 1.7 * this.callNames.length)] as string;
    const first = choose();
    let second = choose();
    for (let tries = 0; second === first && tries < 8; tries += 1) second = choose();
    if (second === first) second = this.callNames.find((name) => name !== first) ?? first;
    return [first, second];
  }

  /** One of the cast, for fields like `speaker` or `point_of_view`. */
  anyCastName(): string {
    return this.cast[Math.floor(this.rng.next() ** 1.5 * this.cast.length)] as string;
  }

  private fill(template: string, n1: string, n2: string): string {
    const slot = (name: string): string => {
      if (name === 'N') return n1;
      if (name === 'N2') return n2;
      const values = this.vocab.slots[name] ?? this.vocab.firstPerson?.slots[name];
      return values ? this.rng.pick(values) : name;
    };
    let text = template.replace(/\{([A-Za-z0-9]+)(?:@([A-Za-z0-9]+))?\}/g, (_match, name: string, inner?: string) => {
      const value = slot(name);
      if (inner === undefined) return value.replace('|', ' ');
      return invert(value, slot(inner));
    });
    for (const [pattern, replacement] of this.vocab.fixups) text = text.replace(pattern, replacement);
    return text;
  }

  /** Tries for a text not written before; after many tries (a tiny vocabulary) takes a repeat. */
  /** Whether the last `fresh` found text not used before. */
  private lastWasFresh = true;

  private fresh(make: () => string, used = this.used, attempts = 40): string {
    let text = make();
    for (let tries = 0; used.has(text) && tries < attempts; tries += 1) text = make();
    this.lastWasFresh = !used.has(text);
    used.add(text);
    return text;
  }

  sentence(n1?: string, n2?: string): string {
    if (this.explains) return this.explanation();
    let text = '';
    // With its two names fixed, a template can run out of new sentences: then another template is tried, since
    // a writer that says the same sentence three times in a chapter reads as a model stuck in a loop.
    for (let templates = 0; templates < 16; templates += 1) {
      // Half the tries with the paragraph's two people, then with anyone: a small vocabulary runs out sooner.
      const [a, b] = templates < 8 && n1 && n2 ? [n1, n2] : [undefined, undefined];
      let template = this.rng.pick(this.vocab.narrative);
      for (let tries = 0; this.recent.includes(template) && tries < 10; tries += 1) {
        template = this.rng.pick(this.vocab.narrative);
      }
      this.recent.push(template);
      if (this.recent.length > Math.min(5, this.vocab.narrative.length - 1)) this.recent.shift();
      const told = this.teller === undefined ? undefined : this.vocab.firstPerson?.narrative;
      const toldTemplate = told ? this.rng.pick(told) : undefined;
      text = this.fresh(
        () => {
          const [first, second] = a && b ? [a, b] : this.pair();
          // A sentence about the narrator is told by them; the other of the two is its {N2}.
          const other = first === this.teller ? second : second === this.teller ? first : undefined;
          if (toldTemplate && other !== undefined) return cap(this.fill(toldTemplate, other, other));
          return cap(this.fill(template, first, second));
        },
        this.used,
        10,
      );
      if (this.lastWasFresh) break;
    }
    return text;
  }

  /** A line of dialogue with its speech tag, set as the language's books set it. */
  speech(speaker: string, other: string): string {
    // The narrator's own lines are tagged in the first person: "dis-je", "dije", "sagte ich".
    const mine = speaker === this.teller ? this.vocab.firstPerson : undefined;
    const { dialogue, statements, questions } = this.vocab;
    const { said, asked } = mine ?? this.vocab;
    const who = mine ? SELF : speaker;
    // Whom the line speaks of ("Did you see Tomas on the pier?"): someone other than the two talking, as people
    // do not speak of themselves or their listener by name.
    const absent = this.callNames.filter((name) => name !== speaker && name !== other);
    const about = absent.length > 0 ? this.rng.pick(absent) : other;
    return this.fresh(() => {
      const form = this.rng.next();
      let line: string;
      if (form < 0.3) line = dialogue.ask(this.utterance(questions, about), who, this.rng.pick(asked));
      else {
        const first = this.utterance(statements, about);
        line =
          form < 0.55
            ? dialogue.tag(first, who, this.rng.pick(said))
            : dialogue.split(first, this.utterance(statements, about), who, this.rng.pick(said));
      }
      return mine ? line.split(` ${SELF}`).join(mine.speaker ? ` ${mine.speaker}` : '') : line;
    });
  }

  /**
   * Writes as the first-person narrator `narrator` tells it, where the
   * language's first person needs its own sentences (see FirstPersonForms);
   * otherwise, and without a narrator, as ever.
   */
  toldBy(narrator: string | undefined, write: () => string): string {
    const first = narrator?.trim().split(/\s+/)[0];
    const teller = this.vocab.firstPerson && this.callNames.find((name) => name === narrator?.trim() || name === first);
    if (!teller) return write();
    this.teller = teller;
    try {
      return write();
    } finally {
      this.teller = undefined;
    }
  }

  /** Words a character says, not said before in this text when the vocabulary allows: people do not repeat lines. */
  private utterance(pool: readonly string[], about: string): string {
    let line = this.fill(this.rng.pick(pool), about, about);
    for (let tries = 0; this.spoken.has(line) && tries < 12; tries += 1) {
      line = this.fill(this.rng.pick(pool), about, about);
    }
    this.spoken.add(line);
    return line;
  }

  /** Two of the book's topics, different when it has two. */
  private twoTopics(): [string, string] {
    const first = this.rng.pick(this.topics);
    const others = this.topics.filter((topic) => topic !== first);
    return [first, others.length > 0 ? this.rng.pick(others) : first];
  }

  /** A sentence of a subject book's explanation: one of its topics, or two, and now and then an example person. */
  private explanation(): string {
    const templates = this.vocab.exposition ?? [];
    return this.fresh(
      () => {
        const [first, second] = this.twoTopics();
        const [person, other] = this.pair();
        const template = this.rng.pick(templates).replace('{TOPIC}', first).replace('{TOPIC2}', second);
        return cap(this.fill(template, person, other));
      },
      this.used,
      10,
    );
  }

  sentences(count: number): string {
    return Array.from({ length: count }, () => this.sentence()).join(this.vocab.spacer);
  }

  /**
   * About `target` words: paragraphs of 3-7 sentences separated by a blank
   * line, one in four or so a conversation between two of the cast. It
   * stops at the sentence that lands closest to the target.
   */
  text(target: number): string {
    const paragraphs: Array<{ sentences: string[]; speech: boolean }> = [];
    let words = 0;
    let done = false;
    while (!done && words < target) {
      const dialogue = paragraphs.length > 0 && !this.explains && this.rng.chance(0.25);
      const [a, b] = this.pair();
      const size = this.rng.int(3, 7);
      let current: { sentences: string[]; speech: boolean } | undefined;
      for (let index = 0; index < size; index += 1) {
        // A conversation: speech alternating between the two, with a narrative beat now and then.
        const spoken = dialogue && (index % 3 !== 2 || index === 0);
        const speaker = index % 2 === 0 ? a : b;
        const sentence = spoken ? this.speech(speaker, speaker === a ? b : a) : this.sentence(a, b);
        const count = wordCount(sentence);
        const first = !current && paragraphs.length === 0;
        if (!first && words + count > target && target - words < count / 2) {
          done = true;
          break;
        }
        // As printed books set speech: a new paragraph for each line spoken; a beat stays with the line before it.
        if (!current || spoken) {
          current = { sentences: [], speech: spoken };
          paragraphs.push(current);
        }
        current.sentences.push(sentence);
        words += count;
        if (words >= target) {
          done = true;
          break;
        }
      }
    }
    // A last narrative paragraph cut short by the target joins the narrative one before when that keeps it a paragraph's length.
    const last = paragraphs[paragraphs.length - 1];
    const before = paragraphs[paragraphs.length - 2];
    if (last && before && !last.speech && !before.speech && last.sentences.length < 3) {
      if (before.sentences.length + last.sentences.length <= 7) {
        before.sentences.push(...last.sentences);
        paragraphs.pop();
      }
    }
    return paragraphs.map((paragraph) => paragraph.sentences.join(this.vocab.spacer)).join('\n\n');
  }

  /** A new title; `refused` are patterns it must not follow ("What the … Knew"), as an editor asked to vary them. */
  title(refused: readonly string[] = []): string {
    const make = (): string => {
      if (this.explains) {
        const topic = this.rng.pick(this.topics);
        const text = this.rng.pick(SUBJECT_TITLES).replace('{TOPIC}', topic);
        return this.vocab.titleCase ? toTitleCase(cap(text)) : cap(text);
      }
      const [a] = this.pair();
      const text = cap(this.fill(this.rng.pick(this.vocab.titles), a, a));
      return this.vocab.titleCase ? toTitleCase(text) : text;
    };
    return this.label(() => {
      let text = make();
      for (let tries = 0; tries < 40 && refused.some((pattern) => fitsPattern(text, pattern)); tries += 1)
        text = make();
      return text;
    });
  }

  place(): string {
    return this.label(() => cap(this.rng.pick(this.vocab.places)));
  }

  term(): string {
    // A planner names the subject's own topics before anything of its own.
    const fresh = this.topics.find((topic) => !this.usedLabels.has(topic));
    if (fresh) {
      this.usedLabels.add(fresh);
      return cap(fresh);
    }
    // Sections of a subject book share its topics: a lesson's concepts come back in later lessons.
    if (this.explains) return cap(this.rng.pick(this.topics));
    return this.label(() => this.rng.pick(this.vocab.terms));
  }

  role(): string {
    return this.rng.pick(this.vocab.roles);
  }

  /** The role of the cast member at `index`: the first leads (every vocabulary lists the lead's role first). */
  castRole(index: number): string {
    return index === 0 ? (this.vocab.roles[0] as string) : this.rng.pick(this.vocab.roles.slice(1));
  }

  sound(): string {
    return this.rng.pick(this.vocab.sounds);
  }

  question(): string {
    if (this.explains) {
      return this.fresh(() => {
        const [first, second] = this.twoTopics();
        return cap(this.rng.pick(SUBJECT_QUESTIONS).replace('{TOPIC}', first).replace('{TOPIC2}', second));
      });
    }
    return this.fresh(() => {
      const [a, b] = this.pair();
      return cap(this.fill(this.rng.pick(this.vocab.studyQuestions), a, b));
    });
  }

  /** A name no one in `used` has: the cast first, in order, then invented first-and-last names. */
  personName(used: Set<string>): string {
    // An invented person never shares a first name with someone already named: planners keep "Mara" and
    // "Mara Ward" apart, readers could not.
    const taken = new Set([...used, ...this.cast].flatMap((known) => known.split(' ').slice(0, 1)));
    const firstNames = this.vocab.firstNames.filter((first) => !taken.has(first));
    const name =
      this.cast.find((candidate) => !used.has(candidate)) ??
      this.fresh(
        () =>
          this.vocab.fullName(
            this.rng.pick(firstNames.length > 0 ? firstNames : this.vocab.firstNames),
            this.rng.pick(this.vocab.surnames),
          ),
        new Set([...used, ...this.cast]),
      );
    used.add(name);
    return name;
  }

  /** Unique short labels (titles, places, terms); numbered once the vocabulary runs out. */
  private label(make: () => string): string {
    let text = make();
    for (let tries = 0; this.usedLabels.has(text) && tries < 40; tries += 1) text = make();
    const base = text;
    for (let number = 2; this.usedLabels.has(text); number += 1) text = `${base} ${toRoman(number)}`;
    this.usedLabels.add(text);
    return text;
  }
}

/** The patterns a field's description refuses: `not in the form "What the … Knew" or "The … of Saint Ives"`. */
function patternsRefused(description: string | undefined): string[] {
  const clause = /not in the form ((?:"[^"]+"(?: or )?)+)/.exec(description ?? '')?.[1] ?? '';
  return [...clause.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** Whether a title has the pattern's words, "…" standing for any one word (the fake's own reading, not the pipeline's). */
function fitsPattern(title: string, pattern: string): boolean {
  const words = title.toLowerCase().split(/\s+/);
  const fixed = pattern.toLowerCase().split(/\s+/);
  return words.length === fixed.length && fixed.every((word, index) => word === '…' || word === words[index]);
}

function toRoman(value: number): string {
  const numerals: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let text = '';
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      text += numeral;
      rest -= amount;
    }
  }
  return text;
}

// ---------------------------------------------------------------------------
// Values from JSON Schemas
// ---------------------------------------------------------------------------

/**
 * A plausible value that validates against `schema` (the subset strict
 * OpenAI schemas use: type and type arrays, properties, required, enum,
 * const, items, minItems/maxItems, minimum/maximum, minLength/maxLength,
 * anyOf, $ref to $defs, description), deterministic for a seed. Property
 * names guide the values: `name` is one of the cast (unique within an
 * array), `title` a title, `summary` two or three sentences, `words` a
 * budget, `language` the book's language, and so on; descriptions such as
 * "3 to 5 sentences" or "At most 25 words" are followed.
 */
export function valueFromSchema(schema: unknown, seed: string | number, hints: SchemaHints = {}): unknown {
  const rng = new Random(`schema\u0000${String(seed)}`);
  const language = hints.language ?? 'en';
  const writer = new ProseWriter(rng, vocabularyFor(language, hints.tense), hints.names ?? [], {
    topics: hints.topics ?? [],
    // A subject book's planner (its bible has a thesis) writes about the subject too.
    expository: hints.subject === true || JSON.stringify(schema ?? null).includes('"thesis"'),
  });
  return new SchemaFiller(
    schema,
    rng,
    writer,
    language,
    hints.requirements ?? [],
    hints.paragraphs ?? [],
    hints.rules ?? [],
    hints.wordLimits ?? {},
    hints.tense ?? 'past',
    hints.narrator,
  ).root();
}

interface FillContext {
  /** The property name, or for an array's items the array's property name. */
  key?: string;
  /** The property name of the array the nearest enclosing item belongs to ("characters", "places"). */
  container?: string;
  /** Position in the nearest enclosing array. */
  index?: number;
  isItem: boolean;
  /** Names already given in the nearest enclosing array (so a cast list has no twins). */
  names: Set<string>;
  depth: number;
  description?: string;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function numberWord(text: string): number {
  return NUMBER_WORDS[text.toLowerCase()] ?? Number(text);
}

/** "3 to 5 sentences", "one or two sentences", "2-3 sentences", "a sentence" in a description. */
function sentenceRange(description: string | undefined): [number, number] | undefined {
  if (!description) return undefined;
  const range =
    /\b(\d+|one|two|three|four|five|six)\s*(?:to|-|–|or)\s*(\d+|one|two|three|four|five|six|seven|eight)\s+sentences\b/i.exec(
      description,
    );
  if (range?.[1] && range[2]) return [numberWord(range[1]), numberWord(range[2])];
  const exact = /\b(\d+|one|two|three|four|five|six)\s+sentences?\b/i.exec(description);
  if (exact?.[1]) return [numberWord(exact[1]), numberWord(exact[1])];
  if (/\b(a|one|single) sentence\b/i.test(description)) return [1, 1];
  return undefined;
}

/** "At most 25 words", "25 words or fewer", "under 25 words". */
function wordLimit(description: string | undefined): number | undefined {
  if (!description) return undefined;
  const match =
    /\b(?:at most|no more than|up to|under|max(?:imum)?)\s+(\d+)\s+words\b|\b(\d+)\s+words or (?:fewer|less)\b/i.exec(
      description,
    );
  const value = match?.[1] ?? match?.[2];
  return value ? Number(value) : undefined;
}

function snake(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

const PERSON_KEY =
  /^(name|full_name|speaker|character|narrator|protagonist|antagonist|point_of_view|pov|author|owner|hero|villain|character_name|speaker_name|person)$/;
const REQUIREMENTS_KEY = /^(instructions|requirements)$/;

/** A bible's narration in the languages the fake writes, as a model phrases it. */
const NARRATION: Readonly<Record<string, (name: string) => string>> = {
  en: (name) => `close third person on ${name}`,
  fr: (name) => `troisième personne, au plus près de ${name}`,
  de: (name) => `dritte Person, nah bei ${name}`,
  es: (name) => `tercera persona, cerca de ${name}`,
};
const FIRST_PERSON_NARRATION: Readonly<Record<string, (name: string) => string>> = {
  en: (name) => `first person, ${name}`,
  fr: (name) => `première personne, ${name}`,
  de: (name) => `erste Person, ${name}`,
  es: (name) => `primera persona, ${name}`,
};
const PEOPLE_LIST = /(^|_)(present|characters|cast|names|people|speakers|participants|members|attendees)$/;
const PLACE_CONTAINER = /(place|location|setting|site|town|city|region|world|map|area)s?$/;
const TERM_CONTAINER = /(concept|term|glossary|vocabulary|object|item|tool|skill|keyword|tag)s?$/;
const TITLE_KEY = /(^|_)(title|heading|subtitle|headline|label)$/;
const LONG_TEXT_KEY = /^(text|content|body|paragraphs?|prose|passage|introduction|conclusion|explanation)$/;
const SUMMARY_KEY =
  /(summary|description|synopsis|premise|overview|abstract|ending|arc|state|context|backstory|recap|outcome)$/;

class SchemaFiller {
  constructor(
    private readonly rootSchema: unknown,
    private readonly rng: Random,
    private readonly writer: ProseWriter,
    private readonly language: string,
    private readonly requirements: readonly string[],
    private readonly paragraphs: readonly number[],
    private readonly rules: readonly string[],
    private readonly wordLimits: { readonly section?: number; readonly book?: number },
    private readonly tense: Tense,
    private readonly narrator: string | undefined,
  ) {}

  root(): unknown {
    const schema = this.resolve(this.rootSchema, 0);
    if (!isRecord(schema) || !hasTypeInformation(schema)) return {};
    return this.fill(this.rootSchema, { isItem: false, names: new Set(), depth: 0 });
  }

  /** Follows `$ref` (`#`, `#/$defs/x`, `#/definitions/x`) within the root schema. */
  private resolve(schema: unknown, depth: number): unknown {
    let current = schema;
    for (let hops = 0; isRecord(current) && typeof current.$ref === 'string' && hops < 16 + depth; hops += 1) {
      const ref: string = current.$ref;
      if (!ref.startsWith('#')) return {};
      let target: unknown = this.rootSchema;
      for (const part of ref.slice(1).split('/').filter(Boolean)) {
        const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
        target = isRecord(target) ? target[key] : undefined;
      }
      current = target ?? {};
    }
    return current;
  }

  private fill(raw: unknown, ctx: FillContext): unknown {
    const schema = this.resolve(raw, ctx.depth);
    if (!isRecord(schema)) return this.string({}, ctx);
    const description = typeof schema.description === 'string' ? schema.description : ctx.description;
    const here = { ...ctx, description };
    // Past some depth (recursive schemas), take the shortest valid way out.
    const deep = ctx.depth > 6;

    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return this.choose(schema.enum, here);
    // A planner gives the client's limit on length where the premise sets one, and null where it does not.
    const limitKey = /^(section|chapter|book)_words_max$/.exec(snake(ctx.key ?? ''))?.[1];
    if (limitKey !== undefined) return (limitKey === 'book' ? this.wordLimits.book : this.wordLimits.section) ?? null;
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches) && branches.length > 0) {
        const resolved = branches.map((branch) => this.resolve(branch, ctx.depth));
        if (deep && resolved.some((branch) => isRecord(branch) && branch.type === 'null')) return null;
        const chosen = resolved.find((branch) => !(isRecord(branch) && branch.type === 'null'));
        return chosen === undefined ? null : this.fill(chosen, { ...here, depth: ctx.depth + 1 });
      }
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      return this.fill(mergeAll(schema.allOf.map((part) => this.resolve(part, ctx.depth))), here);
    }

    const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
    if (deep && types.includes('null')) return null;
    const type =
      types.find((candidate) => typeof candidate === 'string' && candidate !== 'null') ??
      (types.includes('null')
        ? 'null'
        : isRecord(schema.properties)
          ? 'object'
          : schema.items !== undefined
            ? 'array'
            : 'string');
    switch (type) {
      case 'object':
        return this.object(schema, here);
      case 'array':
        return this.array(schema, here);
      case 'integer':
        return this.integer(schema, here);
      case 'number':
        return this.number(schema, here);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return this.string(schema, here);
    }
  }

  private choose(values: unknown[], ctx: FillContext): unknown {
    const key = snake(ctx.key ?? '');
    if (/(^|_)(language|lang|locale)$/.test(key) && values.includes(this.language)) return this.language;
    // The client's tense, else the past, as planners choose: a random pick would not match the writer's prose.
    if (/(^|_)tense$/.test(key) && values.includes(this.tense)) return this.tense;
    const candidates = values.filter((value) => value !== null);
    return this.rng.pick(candidates.length > 0 ? candidates : values);
  }

  private object(schema: Record<string, unknown>, ctx: FillContext): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const container = ctx.isItem ? ctx.key : ctx.container;
    for (const [key, child] of Object.entries(properties)) {
      result[key] = this.fill(child, {
        key,
        container,
        index: ctx.index,
        isItem: false,
        names: ctx.names,
        depth: ctx.depth + 1,
      });
    }
    // Required keys a (non-strict) schema forgot to describe still get a value.
    if (Array.isArray(schema.required)) {
      for (const key of schema.required) {
        if (typeof key === 'string' && !(key in result)) {
          result[key] = this.string({}, { ...ctx, key, isItem: false, depth: ctx.depth + 1 });
        }
      }
    }
    return result;
  }

  private array(schema: Record<string, unknown>, ctx: FillContext): unknown[] {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
    const key = snake(ctx.key ?? '');
    // Each of the client's requirements is carried out once: by the section at its position.
    if (key === 'carries') {
      const requirement = this.requirements[ctx.index ?? -1];
      if (min === 0) return requirement === undefined ? [] : [requirement];
    }
    // A model reveals a clue or a secret in some sections, not all (every third section here), and plants a
    // setup for a later one in fewer (every fourth; the section it names may not be a later one, as with a model).
    if ((key === 'reveals' || key === 'plants') && min === 0) {
      if ((ctx.index ?? 0) % (key === 'reveals' ? 3 : 4) !== (key === 'reveals' ? 2 : 1)) return [];
      return [this.fill(schema.items ?? {}, { ...ctx, isItem: true, depth: ctx.depth + 1, description: undefined })];
    }
    // A plan restates every requirement; a check reports on each; a teacher sets as many questions as asked.
    const asked = /(^|_)(exercises|questions)$/.test(key) ? askedQuestionCount(this.rules) : undefined;
    const wanted = REQUIREMENTS_KEY.test(key)
      ? this.requirements.length
      : key === 'every_section'
        ? this.rules.length
        : asked !== undefined
          ? asked
          : ctx.depth > 6
            ? min
            : this.rng.int(2, 4);
    const count = Math.max(min, Math.min(max, wanted));
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    const names = new Set<string>();
    const items: unknown[] = [];
    const seen = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const itemSchema = prefix[index] ?? schema.items ?? {};
      const make = () =>
        this.fill(itemSchema, {
          key: ctx.key,
          container: ctx.container,
          index,
          isItem: true,
          names,
          depth: ctx.depth + 1,
          description: undefined,
        });
      let item = make();
      for (let tries = 0; schema.uniqueItems === true && seen.has(JSON.stringify(item)) && tries < 20; tries += 1) {
        item = make();
      }
      seen.add(JSON.stringify(item));
      items.push(item);
    }
    return items;
  }

  private integer(schema: Record<string, unknown>, ctx: FillContext): number {
    const { low, high } = bounds(schema, true);
    const key = snake(ctx.key ?? '');
    const clamp = (value: number) => Math.min(high, Math.max(low, value));
    let value: number;
    const shown = this.paragraphs.filter((number) => number >= low && number <= high);
    if (/(^|_)paragraph$/.test(key) && shown.length > 0) {
      // An editor edits the paragraphs it was shown, in order.
      value = shown[(ctx.index ?? 0) % shown.length] as number;
    } else if (/(^|_)words?$|word_count$/.test(key)) {
      if (Number.isFinite(low) && Number.isFinite(high)) {
        const drawn = this.rng.int(low, high);
        const rounded = Math.round(drawn / 10) * 10;
        value = rounded >= low && rounded <= high ? rounded : drawn;
      } else {
        value = clamp(1500);
      }
    } else if (
      /^(number|index|position|order|rank|chapter|section|part|page|seq|sequence)$|_(number|index|no)$/.test(key)
    ) {
      value = clamp((Number.isFinite(low) ? low : 1) + (ctx.index ?? 0));
    } else if (/(^|_)age$/.test(key)) {
      value = clamp(this.rng.int(18, 80));
    } else if (/(^|_)year$/.test(key)) {
      value = clamp(this.rng.int(1850, 2030));
    } else {
      const from = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(1, high) : 1;
      const to = Number.isFinite(high) ? high : from + 9;
      value = this.rng.int(from, Math.max(from, Math.min(to, from + 1_000_000)));
    }
    const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined;
    if (step) {
      const stepped = Math.ceil(value / step) * step;
      value = stepped <= high ? stepped : Math.floor(value / step) * step;
    }
    return value;
  }

  private number(schema: Record<string, unknown>, ctx: FillContext): number {
    const { low, high } = bounds(schema, false);
    const key = snake(ctx.key ?? '');
    const probability = /(score|confidence|probability|ratio|share|weight)$/.test(key);
    const from = Number.isFinite(low) ? low : probability ? 0 : Number.isFinite(high) ? Math.min(0, high) : 0;
    const to = Number.isFinite(high) ? high : probability ? 1 : from + 100;
    const value = Math.round((from + this.rng.next() * (to - from)) * 100) / 100;
    return Math.min(high, Math.max(low, value));
  }

  private string(schema: Record<string, unknown>, ctx: FillContext): string {
    const text = this.stringFor(schema, ctx);
    return fitLength(text, schema, () => this.writer.sentence(), this.writer.vocab.spacer);
  }

  private stringFor(schema: Record<string, unknown>, ctx: FillContext): string {
    const key = snake(ctx.key ?? '');
    const container = snake(ctx.container ?? '');
    const format = typeof schema.format === 'string' ? schema.format : '';
    switch (format) {
      case 'date-time':
        return new Date(
          Date.UTC(2024, 4, 1 + this.rng.int(0, 300), this.rng.int(0, 23), this.rng.int(0, 59)),
        ).toISOString();
      case 'date':
        return new Date(Date.UTC(2024, 4, 1 + this.rng.int(0, 300))).toISOString().slice(0, 10);
      case 'email':
        return `reader${this.rng.int(1, 999)}@example.com`;
      case 'uri':
      case 'url':
        return `https://example.com/${this.rng.int(1, 9999)}`;
      case 'uuid':
        return createHash('sha256')
          .update(String(this.rng.next()))
          .digest('hex')
          .replace(/^(.{8})(.{4}).(.{3}).(.{3})(.{12}).*$/, '$1-$2-4$3-8$4-$5');
      default:
        break;
    }

    if (/(^|_)(language|lang|locale)$/.test(key)) return this.language;
    const requirement =
      (ctx.isItem && REQUIREMENTS_KEY.test(key)) || key === 'instruction' || key === 'requirement'
        ? this.requirements[ctx.index ?? -1]
        : undefined;
    if (requirement !== undefined) return requirement;
    const rule = ctx.isItem && key === 'every_section' ? this.rules[ctx.index ?? -1] : undefined;
    if (rule !== undefined) return rule;
    if (ctx.isItem && PEOPLE_LIST.test(key)) return this.writer.personName(ctx.names);
    // A bible's narration names its person, as models write it; a section's point of view is a name.
    if (key === 'point_of_view' && this.narrator) {
      const narration = FIRST_PERSON_NARRATION[this.language.split('-')[0] ?? ''];
      return !container && narration ? narration(this.narrator) : this.narrator;
    }
    if (key === 'point_of_view' && !container) {
      const name = this.writer.anyCastName();
      const narration = NARRATION[this.language.split('-')[0] ?? ''];
      return narration ? narration(name) : name;
    }
    if (PERSON_KEY.test(key)) {
      if (key === 'name' && PLACE_CONTAINER.test(container)) return this.writer.place();
      if (key === 'name' && TERM_CONTAINER.test(container)) return this.writer.term();
      if (key === 'name') return this.writer.personName(ctx.names);
      return this.writer.anyCastName();
    }
    if (TITLE_KEY.test(key)) return this.writer.title(patternsRefused(ctx.description));
    if (/(^|_)(term|concept|keyword|tag|word)$/.test(key) || (ctx.isItem && TERM_CONTAINER.test(key))) {
      return this.writer.term();
    }
    if (/(^|_)(setting|place|location)$/.test(key)) return this.writer.place();
    if (/(^|_)(role|archetype)$/.test(key)) {
      // A cast is listed lead first, as a planner writes it.
      return PEOPLE_LIST.test(container) ? this.writer.castRole(ctx.index ?? 0) : this.writer.role();
    }
    if (/(^|_)tense$/.test(key)) return this.tense;
    if (/(^|_)(sound_effect|sfx|sound)$/.test(key)) return this.writer.sound();
    if (/(^|_)(id|slug|key)$/.test(key))
      return `${(container || key || 'item').replace(/s$/, '')}-${(ctx.index ?? 0) + 1}`;
    if (/(^|_)question$/.test(key)) return this.writer.question();
    if (ctx.description?.includes('#rrggbb')) return `#${this.rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`;

    const range = sentenceRange(ctx.description);
    const limit = wordLimit(ctx.description);
    let text: string;
    if (range) text = this.writer.sentences(this.rng.int(range[0], Math.max(range[0], range[1])));
    // A word limit ("At most 25 words") asks for a line, not a paragraph cut short.
    else if (limit !== undefined) text = this.writer.sentence();
    // A reviser keeps a paragraph's length (the fake's paragraphs run 3-7 sentences).
    else if (/(^|_)replacement$/.test(key)) text = this.bookText(() => this.writer.sentences(this.rng.int(5, 7)));
    else if (LONG_TEXT_KEY.test(key)) text = this.bookText(() => this.writer.sentences(this.rng.int(3, 5)));
    else if (SUMMARY_KEY.test(key)) text = this.writer.sentences(this.rng.int(2, 3));
    else if (/(^|_)answer$/.test(key)) text = this.writer.sentences(this.rng.int(1, 2));
    // Anything else (definitions, goals, voices, facts, beats...): one sentence.
    else text = this.writer.sentence();
    return limit !== undefined ? limitWords(text, limit, this.writer.vocab.spacer) : text;
  }

  /** A passage of the book itself (a reviser's paragraph, a section's text), told as the narration asks. */
  private bookText(write: () => string): string {
    return inAskedNarration(
      this.writer.toldBy(this.narrator, write),
      { tense: this.tense, ...(this.narrator ? { narrator: this.narrator } : {}) },
      this.language,
    );
  }
}

function hasTypeInformation(schema: Record<string, unknown>): boolean {
  return ['type', 'properties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref'].some(
    (key) => key in schema,
  );
}

/** Inclusive bounds from minimum/maximum and their exclusive forms. */
function bounds(schema: Record<string, unknown>, integer: boolean): { low: number; high: number } {
  const step = integer ? 1 : 0.01;
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low, schema.exclusiveMinimum + step);
  if (typeof schema.exclusiveMaximum === 'number') high = Math.min(high, schema.exclusiveMaximum - step);
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  return { low, high };
}

/** allOf as one schema: properties and required lists merged, other keywords from the last part that has them. */
function mergeAll(parts: unknown[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required: unknown[] = [];
  for (const part of parts) {
    if (!isRecord(part)) continue;
    Object.assign(merged, part);
    if (isRecord(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) required.push(...(part.required as unknown[]));
  }
  delete merged.allOf;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}

/** Keeps at most `limit` words, ending the text as a sentence. */
function limitWords(text: string, limit: number, spacer: string): string {
  if (spacer === '') {
    // Unspaced scripts: two characters a word, as counted.
    return wordCount(text) <= limit ? text : `${text.slice(0, Math.max(1, limit * 2 - 1))}。`;
  }
  const words = text.split(' ');
  if (words.length <= limit) return text;
  return `${words
    .slice(0, Math.max(1, limit))
    .join(' ')
    .replace(/[,;:.!?]+$/, '')}.`;
}

/** Honours minLength (adding sentences) and maxLength (cutting at a word where it can). */
function fitLength(text: string, schema: Record<string, unknown>, more: () => string, spacer: string): string {
  let result = text;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  for (let tries = 0; [...result].length < minLength && tries < 1000; tries += 1) {
    result = `${result}${spacer}${more()}`.trim();
  }
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const chars = [...result];
  if (chars.length > maxLength) {
    const cut = chars.slice(0, maxLength).join('');
    const space = cut.lastIndexOf(' ');
    const atWord = space >= Math.max(minLength, maxLength / 2) ? cut.slice(0, space) : cut;
    result = atWord.length >= minLength ? atWord : cut;
  }
  return result;
}
