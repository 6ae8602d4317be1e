import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { APIError } from 'openai';
import { GenerationError } from '../../generation.errors';
import { GenerationMeter } from '../../generation-report';
import {
  createOpenAiClient,
  estimateTokens,
  modelAgentTimeouts,
  ModelClient,
  promptTokensRead,
  retryDelay,
  type StructuredStep,
} from './model-client';
import { obj, str } from './strict-schema';
import { startFakeChatServer, type FakeChatServer } from '../testing/fake-chat-server';
import { fakeServerSettings } from '../testing/provider-harness';

describe('the model client’s arithmetic', () => {
  it('waits what the server asks before a retry: retry-after-ms, Retry-After seconds or date, else a jittered backoff', () => {
    const withHeaders = (headers: Record<string, string>) =>
      new APIError(429, { message: 'slow down' }, 'slow down', new Headers(headers));
    expect(retryDelay(withHeaders({ 'retry-after-ms': '1500' }), 1)).toBe(1500);
    expect(retryDelay(withHeaders({ 'retry-after': '2' }), 1)).toBe(2000);
    // A server asking for an hour still gets at most a minute: a job must finish.
    expect(retryDelay(withHeaders({ 'retry-after': '3600' }), 1)).toBe(60_000);
    const backoff = retryDelay(withHeaders({}), 3);
    expect(backoff).toBeGreaterThanOrEqual(1500);
    expect(backoff).toBeLessThanOrEqual(2500);
  });

  it('counts every cached prompt token a proxy reports beside prompt_tokens, so a cached prefix is never a cut prompt', () => {
    expect(promptTokensRead(undefined, 900)).toBe(900);
    // OpenAI: cached tokens are part of prompt_tokens (counted twice here, which can only hide a cut).
    expect(promptTokensRead({ prompt_tokens: 5_000, prompt_tokens_details: { cached_tokens: 4_000 } }, 5_000)).toBe(
      9_000,
    );
    // Proxies of Anthropic-style usage: prompt_tokens is only the uncached tail.
    expect(
      promptTokensRead({ prompt_tokens: 300, cache_read_input_tokens: 4_500, cache_creation_input_tokens: 200 }, 300),
    ).toBe(5_000);
    expect(promptTokensRead({ prompt_tokens: 300, prompt_cache_hit_tokens: 4_700 }, 300)).toBe(5_000);
  });

  it('estimates tokens from text when a server sends no usage: four characters a token, one per CJK character', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('東京の夜')).toBe(4);
  });
});

describe('the model client against a server that cuts prompts to its context window (as Ollama’s /v1 does)', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** One prose call with a prompt of `tokens` estimated tokens to a fake that reads at most `window` of them. */
  async function ask(
    tokens: number,
    window: number,
    {
      rule = 'Keep every rule. ',
      countPromptTokens,
    }: { rule?: string; countPromptTokens?: (text: string) => number } = {},
  ) {
    server = await startFakeChatServer({ silentContextWindow: window, countPromptTokens });
    const settings = fakeServerSettings(server, { concurrency: 1 });
    const client = new ModelClient(settings, createOpenAiClient(settings));
    const meter = new GenerationMeter('openai', { planner: 'planner-model', writer: 'writer-model' });
    const notes: string[] = [];
    const answer = client.complete(
      {
        model: 'writer-model',
        messages: [
          {
            role: 'system',
            content: `You write books. ${rule.repeat(Math.ceil(tokens / (estimateTokens(rule.repeat(4)) / 4)))}`,
          },
          { role: 'user', content: 'Write the chapter now, about 40 words.' },
        ],
        maxTokens: 400,
        kind: 'first',
        label: 'chapter 1',
      },
      { signal: new AbortController().signal, meter, notify: (note) => Promise.resolve(void notes.push(note)) },
    );
    return { answer, meter, notes };
  }

  it('fails for good, naming the step, when the server read far less of the prompt than was sent', async () => {
    const { answer, meter, notes } = await ask(4_000, 2_048);
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenerationError);
    expect(error).toMatchObject({
      permanent: true,
      message: expect.stringMatching(
        /^The model server cut the prompt for chapter 1 to fit its context window \(it read 2048 of about 40\d\d tokens\)/,
      ),
    });
    // Not retried (no retry can help), and the tokens the server did spend are counted.
    expect(server!.calls).toHaveLength(1);
    expect(notes).toEqual([]);
    expect(meter.snapshot().promptTokens).toBe(2_048);
  });

  it('accepts a count a fifth under the estimate (a tokenizer with longer tokens) and short prompts whatever they count', async () => {
    const long = await ask(4_000, 3_200);
    await expect(long.answer).resolves.toMatchObject({ finishReason: 'stop' });
    await server?.close();
    // A chat template's own tokens weigh too much in a short prompt for a share to say anything.
    const short = await ask(800, 200);
    await expect(short.answer).resolves.toMatchObject({ finishReason: 'stop' });
  });

  it('takes a Japanese prompt read whole by a large-vocabulary tokenizer (a word a token) for what it is, and a cut one for a cut', async () => {
    const rule = '規則をすべて守ること。'; // 11 characters: 11 tokens by estimate, as few as 4 in a large vocabulary
    const wordATokenServer = (text: string) => Math.ceil(text.length / 4);
    const whole = await ask(4_000, 100_000, { rule, countPromptTokens: wordATokenServer });
    await expect(whole.answer).resolves.toMatchObject({ finishReason: 'stop' });
    await server?.close();
    const cut = await ask(4_000, 600, { rule, countPromptTokens: wordATokenServer });
    await expect(cut.answer).rejects.toMatchObject({
      permanent: true,
      message: expect.stringMatching(/cut the prompt/),
    });
  });
});

describe('structured answers that are usable but fall short (concerns)', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A step whose `read` finds the concern in the first `shortfalls` answers; the value is the attempt's number. */
  async function ask(shortfalls: number) {
    server = await startFakeChatServer();
    const settings = fakeServerSettings(server, { concurrency: 1 });
    const client = new ModelClient(settings, createOpenAiClient(settings));
    const meter = new GenerationMeter('openai', { planner: 'planner-model', writer: 'writer-model' });
    const notes: string[] = [];
    let answers = 0;
    const step: StructuredStep<number> = {
      name: 'plan',
      schema: obj({ title: str() }),
      read: () => {
        answers += 1;
        return answers <= shortfalls
          ? { value: answers, concerns: ['/title must name the lighthouse'] }
          : { value: answers };
      },
    };
    const value = await client.structured(
      step,
      { model: 'planner-model', messages: [{ role: 'user', content: 'Plan it.' }], maxTokens: 400, label: 'the plan' },
      { signal: new AbortController().signal, meter, notify: (note) => Promise.resolve(void notes.push(note)) },
    );
    return { value, notes, calls: server.calls };
  }

  it('asks again, saying why, and takes the answer that meets the concern', async () => {
    const { value, notes, calls } = await ask(1);
    expect(value).toBe(2);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.lastUserMessage).toBe(
      'That answer needs correcting: /title must name the lighthouse. ' +
        'Answer again with the complete, corrected JSON object and nothing else.',
    );
    expect(notes).toEqual(['The plan: the answer needs correcting (/title must name the lighthouse); asking again']);
  });

  it('keeps the last usable answer after three, rather than failing the job, and says so', async () => {
    const { value, notes, calls } = await ask(3);
    expect(value).toBe(3);
    expect(calls).toHaveLength(3);
    expect(notes.at(-1)).toBe('The plan: kept as answered, though /title must name the lighthouse');
  });
});

describe('the model client’s connections', () => {
  let server: http.Server | undefined;
  const previousDispatcher = getGlobalDispatcher();
  afterEach(async () => {
    setGlobalDispatcher(previousDispatcher);
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  it('waits for a server that sends nothing for longer than fetch’s own agent allows (its 300 s cut slow local models)', async () => {
    // fetch's default agent, made impatient: a request through it would be cut before this server answers.
    setGlobalDispatcher(new Agent({ headersTimeout: 150, bodyTimeout: 150 }));
    server = http.createServer((request, response) => {
      request.resume();
      const chunk = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm' };
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(
          `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'Slow ' } }] })}\n\n`,
        );
        setTimeout(() => {
          response.write(
            `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'but here.' }, finish_reason: 'stop' }] })}\n\n`,
          );
          response.end('data: [DONE]\n\n');
        }, 400);
      }, 400);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createOpenAiClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: '',
      model: 'm',
      plannerModel: 'm',
      timeoutMs: 5_000,
      idleTimeoutMs: 5_000,
      maxRetries: 0,
      concurrency: 1,
    });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
    expect(text).toBe('Slow but here.');
    // Through an agent of its own, whose timeouts lie past the settings' (an hour here, as for a played model).
    expect((client as unknown as { fetchOptions: { dispatcher: unknown } }).fetchOptions.dispatcher).toBeInstanceOf(
      Agent,
    );
    expect(modelAgentTimeouts({ timeoutMs: 3_600_000, idleTimeoutMs: 600_000 })).toEqual({
      headersTimeout: 3_660_000,
      bodyTimeout: 3_660_000,
    });
  });
});
