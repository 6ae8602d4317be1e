import { Logger } from '@nestjs/common';
import Ajv, { type ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import { Agent, fetch as undiciFetch } from 'undici';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { CallKind, GenerationMeter } from '../../generation-report';
import { GenerationCancelledError, GenerationError } from '../../generation.errors';
import { extractJson } from './model-json';
import type { OpenAiModelSettings } from './openai-settings';
import { describeForLog, toGenerationError } from './provider-errors';
import { looksLikeRefusal } from '../checks/answer-checks';
import type { JsonSchema } from './strict-schema';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `cut`: the stream ended without a finish reason (a reset, an idle timeout) after some text arrived. */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'cut' | 'other';

export interface TokenUsage {
  prompt: number;
  completion: number;
  /** The server sent no usage (no `include_usage`, or the stream broke): counted from the text's length. */
  estimated: boolean;
  /** Of the prompt's tokens, those the server read from its prefix cache, when it says. */
  cached?: number;
}

export interface ChatAnswer {
  text: string;
  /** OpenAI's structured refusal (`message.refusal`), when the server sent one. */
  refusal: string | null;
  finishReason: FinishReason;
  usage: TokenUsage;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Sized by the caller to what it asks for; an answer that reaches it comes back with `finishReason: 'length'`. */
  maxTokens: number;
  /** How the meter counts the first attempt (a retry after a failure is always counted as `retry`). */
  kind: CallKind;
  /** What is being written, for messages and logs: "chapter 3", "the outline". */
  label: string;
  /** Sees the whole text so far each time a piece of the answer arrives. */
  onText?: (text: string) => void;
}

/** One structured step: the schema of its answer and how to read a valid answer into a value. */
export interface StructuredStep<T> {
  /** `^[a-zA-Z0-9_-]+$`, sent as `json_schema.name`. */
  name: string;
  schema: JsonSchema;
  /**
   * Checks what a schema cannot (counts, cross-references) and converts. Problems name fields, never quote the
   * model. A value with `concerns` is usable but falls short of what was asked: it is asked for again, saying why,
   * and the last usable value is kept when no attempt does better.
   */
  read(value: unknown): StepReading<T>;
}

/** What a structured step made of an answer: a value (perhaps with concerns), or why the answer is unusable. */
export type StepReading<T> = { value: T; concerns?: string[] } | { problems: string[] };

/** The job-level things every call needs. */
export interface CallContext {
  signal: AbortSignal;
  meter: GenerationMeter;
  /** A line for the job's `messages` (retries, continuations): the client reports what it had to do. */
  notify(message: string): Promise<void>;
}

/**
 * How structured answers are asked for. Servers differ: OpenAI and recent
 * vLLM enforce `json_schema`; some proxies and older servers only know
 * `json_object`; a few reject `response_format` altogether. The client starts
 * at the strongest and steps down, for good, the first time a server refuses.
 */
export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

/** Attempts at one structured answer before the step fails. */
const STRUCTURED_ATTEMPTS = 3;
/** An answer cut at its token limit is asked again with this much more room, up to the ceiling below. */
export const TOKEN_GROWTH = 1.75;
export const MAX_OUTPUT_TOKENS = 32_000;
/** Bounds what a malformed answer adds to the conversation when it is sent back for correction. */
const ECHO_LIMIT = 12_000;
/** Longest wait between retries, whatever a Retry-After header says (a job must still finish). */
const MAX_RETRY_WAIT_MS = 60_000;
/**
 * A server that reports reading this share of a prompt or less cut it.
 * Ollama's OpenAI-compatible endpoint ignores `num_ctx` and drops what does
 * not fit its context window without an error, rules first. Tokenizers
 * differ from `fewestTokens` by a fifth or so (longer tokens, a chat
 * template's own), never by two fifths.
 */
const PROMPT_CUT_SHARE = 0.6;
/** Below this many (estimated) tokens a chat template's overhead weighs too much for the share to tell. */
const PROMPT_CUT_MIN_TOKENS = 1_000;

/** The marker a prompt-only structured request carries; the project's fake server reads the same form. */
export function schemaBlock(name: string, schema: JsonSchema): string {
  return `JSON Schema (name: ${name}):\n\`\`\`json\n${JSON.stringify(schema)}\n\`\`\``;
}

export function createOpenAiClient(settings: OpenAiModelSettings): OpenAI {
  return new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK refuses to start without one.
    apiKey: settings.apiKey || 'no-key',
    timeout: settings.timeoutMs,
    // Retries are ours: they honour Retry-After, can be cancelled, and are counted and reported.
    maxRetries: 0,
    fetch: undiciFetch as unknown as typeof fetch,
    fetchOptions: { dispatcher: modelDispatcher(settings) } as object,
  });
}

/**
 * fetch's own agent gives up on a server that sends no headers within 300 s and on a body silent for
 * 300 s, whatever the SDK's timeout: a local model reading a long prompt, or a queue in front of it,
 * was cut at five minutes and asked again from the start. Our timeouts (the first piece within
 * OPENAI_TIMEOUT_SECONDS, then OPENAI_IDLE_TIMEOUT_SECONDS of silence) are the only ones; the agent's
 * are set past them. One agent per client, so its connections are reused.
 */
export function modelAgentTimeouts(settings: Pick<OpenAiModelSettings, 'timeoutMs' | 'idleTimeoutMs'>): {
  headersTimeout: number;
  bodyTimeout: number;
} {
  const longest = Math.max(settings.timeoutMs, settings.idleTimeoutMs) + 60_000;
  return { headersTimeout: longest, bodyTimeout: longest };
}

function modelDispatcher(settings: OpenAiModelSettings): Agent {
  return new Agent(modelAgentTimeouts(settings));
}

/**
 * The validators of structured answers, shared by every client of the process. A validator depends on its
 * schema alone, not on the client: production makes one client a model id and would gain nothing from this,
 * but the provider's unit specs make one a book (over a hundred books a run), and each compiled Ajv's
 * meta-schema and the same step schemas again: some 7% of those specs' time.
 */
const SHARED_AJV = new Ajv({ strict: false, allErrors: true });
const SHARED_VALIDATORS = new LRUCache<string, ValidateFunction>({ max: 256 });

/**
 * Every request to the model goes through here. Each one streams (so slow
 * local models work, progress rises as words arrive, and a silent server is
 * noticed by an idle timeout rather than a whole-call one), sends a token
 * limit, counts its tokens, and is retried on 429, 5xx, resets and timeouts
 * with the server's Retry-After or a jittered backoff.
 */
export class ModelClient {
  private readonly logger = new Logger(ModelClient.name);
  private readonly ajv = SHARED_AJV;
  /**
   * Compiled validators by schema text. Steps build their schemas per call (a
   * batch's section count, a page's panel count), so identical schemas must
   * share one compilation, and the cache is bounded: it lives as long as the
   * process (see SHARED_VALIDATORS).
   */
  private readonly validators = SHARED_VALIDATORS;
  private structuredMode: StructuredMode = 'json_schema';
  /**
   * Set the first time an answer to a json_schema request is not JSON at all:
   * the server takes `response_format` and ignores it (some llama.cpp chat
   * templates and proxies do), so from then on the schema also goes in the
   * prompt, as in the modes below json_schema.
   */
  private schemaInPrompt = false;
  private tokenParameter: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';
  private streamUsage = true;

  constructor(
    private readonly settings: OpenAiModelSettings,
    private readonly client: OpenAI,
  ) {}

  /** A prose (or any free-text) answer. Cut answers are returned as they are: the caller decides how to continue. */
  complete(request: ChatRequest, context: CallContext): Promise<ChatAnswer> {
    return this.withRetries(request, undefined, context);
  }

  /**
   * A data answer, validated against its schema and by the step; an unusable
   * answer is sent back with what was wrong (which fixes most on the next
   * try), a cut one is asked again with more room, and after three failures
   * the step fails the job with a clear message. A usable answer with
   * concerns is asked for again the same way, and the last one is kept when
   * no attempt answers without them.
   */
  async structured<T>(step: StructuredStep<T>, request: Omit<ChatRequest, 'kind'>, context: CallContext): Promise<T> {
    let messages = request.messages;
    let maxTokens = request.maxTokens;
    let problems: string[] = [];
    // An answer that was usable but fell short of what was asked (see StepReading): kept if none does better.
    let fallback: { value: T; concerns: string[] } | undefined;
    for (let attempt = 1; attempt <= STRUCTURED_ATTEMPTS; attempt += 1) {
      const answer = await this.withRetries(
        { ...request, messages, maxTokens, kind: attempt === 1 ? 'first' : 'retry' },
        step,
        context,
      );
      let verdict = 'was unusable';
      const refused =
        answer.refusal !== null || answer.finishReason === 'content_filter' || looksLikeRefusal(answer.text);
      if (!refused) this.noticeIgnoredSchema(answer.text);
      if (refused) {
        problems = ['the model refused to answer'];
        // A refusal of a planning step is usually a fluke of sampling: ask the same question again.
        messages = request.messages;
      } else if (answer.finishReason === 'length' || answer.finishReason === 'cut') {
        problems = ['the answer was cut off before the JSON was complete'];
        maxTokens = Math.min(MAX_OUTPUT_TOKENS, Math.ceil(maxTokens * TOKEN_GROWTH));
        messages = request.messages;
      } else {
        const reading = this.read(step, answer.text);
        let correction = 'That answer cannot be used';
        if ('value' in reading) {
          if (!reading.concerns?.length) return reading.value;
          fallback = { value: reading.value, concerns: reading.concerns };
          problems = reading.concerns;
          verdict = 'needs correcting';
          correction = 'That answer needs correcting';
        } else {
          problems = reading.problems;
        }
        messages = [
          ...request.messages,
          { role: 'assistant', content: answer.text.slice(0, ECHO_LIMIT) },
          {
            role: 'user',
            content:
              `${correction}: ${problems.slice(0, 8).join('; ')}. ` +
              'Answer again with the complete, corrected JSON object and nothing else.',
          },
        ];
      }
      this.logger.warn(
        `Answer for ${request.label} ${verdict} (attempt ${attempt}): ${problems.slice(0, 4).join('; ')}`,
      );
      if (attempt < STRUCTURED_ATTEMPTS) {
        await context.notify(`${capitalise(request.label)}: the answer ${verdict} (${problems[0]}); asking again`);
      }
    }
    if (fallback) {
      await context.notify(`${capitalise(request.label)}: kept as answered, though ${fallback.concerns[0]}`);
      return fallback.value;
    }
    // Permanent: a model that cannot produce this step three times running will not on a job retry either.
    throw new GenerationError(
      `The model did not return a usable answer for ${request.label} after ${STRUCTURED_ATTEMPTS} attempts ` +
        `(${problems[0] ?? 'no answer'})`,
      true,
    );
  }

  /**
   * A server that enforces json_schema answers with an object from the first
   * character; prose, or JSON after a sentence, means it took the format and
   * ignored it. From then on the schema goes in the prompt as well.
   */
  private noticeIgnoredSchema(text: string): void {
    const start = text.trimStart();
    if (this.structuredMode !== 'json_schema' || this.schemaInPrompt || start === '' || start.startsWith('{')) return;
    this.logger.warn(
      'The model server answered a json_schema request with something other than a JSON object: it ignores ' +
        'response_format, so the schema goes in the prompt too from now on',
    );
    this.schemaInPrompt = true;
  }

  private read<T>(step: StructuredStep<T>, text: string): StepReading<T> {
    const json = extractJson(text);
    if (json === undefined) return { problems: ['the answer is not valid JSON'] };
    const key = JSON.stringify(step.schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(step.schema);
      // Ajv keeps every compiled schema in its own cache, keyed by object: ours is the only one.
      this.ajv.removeSchema(step.schema);
      this.validators.set(key, validate);
    }
    if (!validate(json)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || 'the answer'} ${error.message}`);
      return { problems: [...new Set(problems)].slice(0, 10) };
    }
    return step.read(json);
  }

  private async withRetries(
    request: ChatRequest,
    step: StructuredStep<unknown> | undefined,
    context: CallContext,
  ): Promise<ChatAnswer> {
    let retries = 0;
    let kind = request.kind;
    for (;;) {
      if (context.signal.aborted) throw new GenerationCancelledError();
      context.meter.countCall(kind);
      kind = 'retry';
      const sent = this.currentProtocol();
      try {
        return await this.streamOnce(request, step, context);
      } catch (error) {
        if (context.signal.aborted) throw new GenerationCancelledError();
        // A server that refuses a parameter is adapted to at once (each step down happens once per client); a
        // concurrent call that was sent before another one stepped down is simply sent again as things are now.
        if (this.adaptTo(error, sent)) continue;
        if (!isRetryable(error) || retries >= this.settings.maxRetries) {
          this.logger.warn(`Model call for ${request.label} failed: ${describeForLog(error, this.settings.apiKey)}`);
          throw toGenerationError(error, this.settings, request.label);
        }
        retries += 1;
        const waitMs = retryDelay(error, retries);
        await context.notify(
          `${capitalise(request.label)}: ${describeBriefly(error)}; retry ${retries} of ${this.settings.maxRetries} ` +
            `in ${Math.max(1, Math.round(waitMs / 1000))} s`,
        );
        await sleep(waitMs, context.signal);
      }
    }
  }

  private async streamOnce(
    request: ChatRequest,
    step: StructuredStep<unknown> | undefined,
    context: CallContext,
  ): Promise<ChatAnswer> {
    const messages =
      step && (this.structuredMode !== 'json_schema' || this.schemaInPrompt)
        ? withSchemaBlock(request.messages, step)
        : request.messages;
    const params: ChatCompletionCreateParamsStreaming & Record<string, unknown> = {
      model: request.model,
      messages,
      stream: true,
      // What the answer needs, and room for a reasoning model's thinking, which counts toward the same limit.
      [this.tokenParameter]: request.maxTokens + (this.settings.reasoningTokens ?? 0),
      ...(this.streamUsage ? { stream_options: { include_usage: true } } : {}),
    };
    if (step && this.structuredMode === 'json_schema') {
      params.response_format = {
        type: 'json_schema',
        json_schema: { name: step.name, schema: step.schema, strict: true },
      };
    } else if (step && this.structuredMode === 'json_object') {
      params.response_format = { type: 'json_object' };
    }

    // One controller per attempt: aborted by the job's cancellation or by the idle watchdog.
    const controller = new AbortController();
    const cancel = () => controller.abort();
    context.signal.addEventListener('abort', cancel, { once: true });
    let idle = false;
    let watchdog: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        idle = true;
        controller.abort();
      }, ms);
    };
    // Until the first piece arrives the server may still be reading a long prompt: that gets the longer timeout.
    arm(Math.max(this.settings.timeoutMs, this.settings.idleTimeoutMs));

    let text = '';
    let refusal: string | null = null;
    let finish: string | null = null;
    let usage: ReportedUsage | undefined;
    try {
      const stream = await this.client.chat.completions.create(params, {
        signal: controller.signal,
        maxRetries: 0,
      });
      for await (const chunk of stream) {
        arm(this.settings.idleTimeoutMs);
        if (chunk.usage) usage = chunk.usage;
        const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
        if (!choice) continue;
        const delta = choice.delta as { content?: string | null; refusal?: string | null } | undefined;
        if (delta?.refusal) refusal = (refusal ?? '') + delta.refusal;
        if (delta?.content) {
          text += delta.content;
          request.onText?.(text);
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
    } catch (error) {
      if (context.signal.aborted) throw new GenerationCancelledError();
      if (text === '') throw idle ? new IdleTimeoutError(this.settings.idleTimeoutMs) : error;
      // Text arrived and then the stream stopped: keep what came, the caller continues from there.
      this.logger.warn(
        `Stream for ${request.label} ended early after ${text.length} characters: ` +
          (idle ? 'idle timeout' : describeForLog(error, this.settings.apiKey)),
      );
      finish = null;
    } finally {
      clearTimeout(watchdog);
      context.signal.removeEventListener('abort', cancel);
    }

    const counted: TokenUsage =
      usage?.prompt_tokens !== undefined && usage.completion_tokens !== undefined
        ? {
            prompt: usage.prompt_tokens,
            completion: usage.completion_tokens,
            estimated: false,
            ...cachedTokens(usage),
          }
        : {
            prompt: estimateTokens(messages.map((message) => message.content).join('\n')),
            completion: estimateTokens(text + (refusal ?? '')),
            estimated: true,
          };
    context.meter.addTokens(request.model, counted);
    if (!counted.estimated)
      this.expectWholePromptRead(request.label, messages, promptTokensRead(usage, counted.prompt));
    // Nothing written, no token spent, and stopped for length: the prompt left the answer no room at all (a
    // full context window). A reasoning model that spent its budget thinking reports completion tokens, and is
    // given more room by the caller instead.
    if (text === '' && refusal === null && finish === 'length' && !counted.estimated && counted.completion === 0) {
      throw new GenerationError(
        `The model server had no room left in its context window to answer for ${request.label}: the operator must ` +
          'give the model a larger context window',
        true,
      );
    }
    return { text, refusal, finishReason: toFinishReason(finish), usage: counted };
  }

  /**
   * Fails the job, for good, when the server read far less of the prompt than
   * was sent: it cut the prompt to its context window, and an answer to the
   * part it kept (often without the rules) is worth nothing. No retry helps
   * until the server is given a larger window.
   */
  private expectWholePromptRead(label: string, messages: ChatMessage[], read: number): void {
    const prompt = messages.map((message) => message.content).join('\n');
    const sent = estimateTokens(prompt);
    if (sent < PROMPT_CUT_MIN_TOKENS || read >= fewestTokens(prompt) * PROMPT_CUT_SHARE) return;
    this.logger.warn(
      `The model server read ${read} prompt tokens of about ${sent} sent for ${label}: it cut the prompt to its ` +
        'context window. Raise the window (Ollama: OLLAMA_CONTEXT_LENGTH or num_ctx in the Modelfile; ' +
        'llama.cpp: --ctx-size; vLLM: --max-model-len) to at least the prompt plus the answer.',
    );
    throw new GenerationError(
      `The model server cut the prompt for ${label} to fit its context window (it read ${read} of about ${sent} ` +
        'tokens): the operator must give the model a larger context window',
      true,
    );
  }

  private currentProtocol(): Protocol {
    return { mode: this.structuredMode, tokenParameter: this.tokenParameter, streamUsage: this.streamUsage };
  }

  /** Steps down after a 400 that names a parameter this server does not take; true when the request can be sent again. */
  private adaptTo(error: unknown, sent: Protocol): boolean {
    if (!(error instanceof APIError) || error.status !== 400) return false;
    const now = this.currentProtocol();
    if (now.mode !== sent.mode || now.tokenParameter !== sent.tokenParameter || now.streamUsage !== sent.streamUsage) {
      return true;
    }
    const message = `${error.message} ${JSON.stringify(error.error ?? '')}`.toLowerCase();
    if (this.streamUsage && message.includes('stream_options')) {
      this.logger.warn('The model server rejects stream_options: token usage will be estimated from text length');
      this.streamUsage = false;
      return true;
    }
    if (
      this.tokenParameter === 'max_tokens' &&
      message.includes('max_tokens') &&
      message.includes('max_completion_tokens')
    ) {
      this.logger.warn('The model rejects max_tokens: sending max_completion_tokens from now on');
      this.tokenParameter = 'max_completion_tokens';
      return true;
    }
    if (message.includes('response_format') || message.includes('json_schema') || message.includes('json_object')) {
      if (this.structuredMode === 'json_schema') {
        this.logger.warn('The model server rejects json_schema response formats: falling back to json_object');
        this.structuredMode = 'json_object';
        return true;
      }
      if (this.structuredMode === 'json_object') {
        this.logger.warn('The model server rejects response_format: asking for JSON in the prompt only');
        this.structuredMode = 'prompt';
        return true;
      }
    }
    return false;
  }
}

/** A stream's usage as servers and proxies report it (the cache fields beside OpenAI's own are proxies' names). */
interface ReportedUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  prompt_cache_hit_tokens?: number;
}

/**
 * The prompt tokens a server read, for telling a cut prompt. Some proxies
 * leave cached tokens out of `prompt_tokens`, and writers share a long cached
 * prefix, so every cache count is added: counting a token twice can only hide
 * a cut, never invent one.
 */
/** The prompt tokens a server says it read from its prefix cache (OpenAI, vLLM, DeepSeek, Anthropic-style proxies). */
function cachedTokens(usage: ReportedUsage): { cached?: number } {
  const cached =
    usage.prompt_tokens_details?.cached_tokens ?? usage.cache_read_input_tokens ?? usage.prompt_cache_hit_tokens;
  return typeof cached === 'number' && cached > 0 ? { cached } : {};
}

export function promptTokensRead(usage: ReportedUsage | undefined, prompt: number): number {
  const cached = [
    usage?.prompt_tokens_details?.cached_tokens,
    usage?.cache_read_input_tokens,
    usage?.cache_creation_input_tokens,
    usage?.prompt_cache_hit_tokens,
  ];
  return cached.reduce<number>((sum, count) => sum + (typeof count === 'number' && count > 0 ? count : 0), prompt);
}

/** What a request was sent with, so a refusal is only adapted to once however many calls were in flight. */
interface Protocol {
  mode: StructuredMode;
  tokenParameter: 'max_tokens' | 'max_completion_tokens';
  streamUsage: boolean;
}

/** The step's schema and an instruction added to the system message, for servers that enforce no schema. */
function withSchemaBlock(messages: ChatMessage[], step: StructuredStep<unknown>): ChatMessage[] {
  const instruction =
    'Answer with one JSON object that matches this schema exactly: every property present, no other ' +
    `properties, no commentary, no code fence.\n${schemaBlock(step.name, step.schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

export class IdleTimeoutError extends Error {
  constructor(readonly idleMs: number) {
    super(`The model sent nothing for ${Math.round(idleMs / 1000)} s`);
    this.name = 'IdleTimeoutError';
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof IdleTimeoutError) return true;
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) {
    const status: number = typeof error.status === 'number' ? error.status : 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  // undici's "terminated" and socket errors surface as plain errors from the stream iterator.
  return (
    error instanceof TypeError || (error instanceof Error && /terminated|socket|ECONNRESET|EPIPE/i.test(error.message))
  );
}

/** Retry-After (seconds or a date) or retry-after-ms when the server gave one, else exponential backoff with jitter. */
export function retryDelay(error: unknown, retry: number): number {
  const headers = error instanceof APIError ? (error.headers as Headers | undefined) : undefined;
  const millis = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(millis) && millis > 0) return Math.min(millis, MAX_RETRY_WAIT_MS);
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number(after);
    const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
    if (Number.isFinite(wait) && wait >= 0) return Math.min(wait, MAX_RETRY_WAIT_MS);
  }
  const base = Math.min(8_000, 500 * 2 ** (retry - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

function describeBriefly(error: unknown): string {
  if (error instanceof IdleTimeoutError) return error.message.toLowerCase();
  if (error instanceof APIError && error.status) return `the model provider answered ${error.status}`;
  return 'the connection to the model provider failed';
}

function toFinishReason(value: string | null): FinishReason {
  if (value === null) return 'cut';
  if (value === 'stop' || value === 'length' || value === 'content_filter') return value;
  return 'other';
}

/** About four characters a token for alphabetic scripts; one a character for CJK. Only used when the server sends no usage. */
export function estimateTokens(text: string): number {
  const cjk = cjkCharacters(text);
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/**
 * The fewest tokens a tokenizer makes of a text, for telling a cut prompt from an honest count: a large
 * vocabulary (o200k, Qwen's, Gemma's) takes a common two- or three-character Chinese or Japanese word as one
 * token, so a Japanese prompt may count a third of `estimateTokens`, and the same prompt read whole was
 * taken for one cut to half (a played model's server counted one token per four characters of any script).
 */
export function fewestTokens(text: string): number {
  const cjk = cjkCharacters(text);
  return Math.ceil(cjk / 3) + Math.ceil((text.length - cjk) / 4);
}

function cjkCharacters(text: string): number {
  return text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new GenerationCancelledError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new GenerationCancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
