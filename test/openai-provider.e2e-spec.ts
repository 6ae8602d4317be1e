import { DataSource } from 'typeorm';
import { bookShape } from '../src/book/book-shapes';
import { loadConfig, ConfigValidationError } from '../src/config/app-config';
import { CreditsService } from '../src/credits/credits.service';
import { GENERATION_CONFIG_SECTIONS } from '../src/generation/generation-settings';
import {
  startFakeChatServer,
  type FakeChatServer,
  type FakeChatServerOptions,
} from '../src/generation/model-writer/testing/fake-chat-server';
import { startTestApp, waitForTerminal } from './support/test-app';

/**
 * With GENERATION_PROVIDER=openai the API writes its books through the
 * long-form pipeline against an OpenAI-compatible server (here the project's
 * fake of one, streaming, with real token accounting): the book is complete,
 * the job says what it used, /metrics counts the tokens, and a provider that
 * keeps failing ends the job failed and refunded.
 */
describe('Books written by an OpenAI-compatible model, through the HTTP API', () => {
  let fake: FakeChatServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const settingsFor = (server: FakeChatServer) => ({
    GENERATION_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODEL: 'fake-writer',
    OPENAI_PLANNER_MODEL: 'fake-planner',
    OPENAI_MAX_RETRIES: '1',
    OPENAI_CONCURRENCY: '3',
  });

  it('writes a full-length book, records what it used on the job and in /metrics, and charges by its words', async () => {
    fake = await startFakeChatServer({ latency: { firstTokenMs: [5, 20], tokensPerSecond: 20_000 } });
    const t = await startTestApp(settingsFor(fake));
    try {
      const customer = await t.createCustomer({ credits: 1_000 });
      const status = await t.finishedBook(
        customer.apiKey,
        {
          prompt: 'A lighthouse keeper called Mira finds a drowned map. The mayor is the culprit.',
          type: 'short_story',
          style: 'mystery',
          output_format: 'json',
        },
        120_000,
      );
      expect(status).toMatchObject({ status: 'completed', progress: 100 });
      const messages = status.messages.join('\n');
      expect(messages).toMatch(/Planned ".+": 4 parts/);
      expect(messages).toMatch(/Part \d of 4 written: [\d,]+ of [\d,]+ words/);
      expect(messages).toMatch(/Continuity check/);
      expect(fake.maxInFlight()).toBeLessThanOrEqual(3);

      const download = await t.app.inject({ method: 'GET', url: `/v1/download/${status.requestId}` });
      const book = download.json();
      expect(book.schemaVersion).toBe('1.4');
      expect(book.metadata.scale).toBe('full');
      expect(book.metadata.wordCount).toBeGreaterThanOrEqual(0.95 * book.metadata.targetWords);
      expect(book.metadata.targetWords).toBeGreaterThanOrEqual(0.95 * bookShape('short_story', '2.0').totalWords);
      expect(book.metadata.generation).toMatchObject({
        provider: 'openai',
        models: { planner: 'fake-planner', writer: 'fake-writer' },
        tokensEstimated: false,
      });
      const served = fake.tokensServed();
      expect(book.metadata.generation.promptTokens + book.metadata.generation.completionTokens).toBe(
        served.prompt + served.completion,
      );

      const rows: Array<{ generation: { byModel: Record<string, { completionTokens: number }> } }> = await t.app
        .get(DataSource)
        .query('SELECT generation FROM book_jobs WHERE id = $1', [status.requestId]);
      expect(Object.keys(rows[0]!.generation.byModel).sort()).toEqual(['fake-planner', 'fake-writer']);
      expect(rows[0]!.generation.byModel['fake-writer']!.completionTokens).toBeGreaterThan(book.metadata.wordCount);

      const models = await t.app.inject({ method: 'GET', url: '/v1/models' });
      for (const model of models.json().data) expect(model.description).toMatch(/language model/);

      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/scriptorium_model_tokens_total\{model="fake-writer",kind="completion"\} \d+/);
      expect(metrics.body).toMatch(/scriptorium_model_calls_total\{model="fake-planner"\} \d+/);

      const balance = await t.app.get(CreditsService, { strict: false }).balance(customer.accountId);
      expect(balance).toBe(1_000 - status.creditsUsed);
      expect(status.creditsUsed).toBeGreaterThanOrEqual(225);
      expect(status.creditsUsed).toBeLessThanOrEqual(275);
    } finally {
      await t.close();
    }
  }, 150_000);

  /**
   * A book submitted to the API with the fake server set up by `options`,
   * which must fail: the job ends failed, nothing charged, the pool whole.
   * Answers the job's final status.
   */
  async function failedBook(options: FakeChatServerOptions): Promise<Awaited<ReturnType<typeof waitForTerminal>>> {
    fake = await startFakeChatServer(options);
    const t = await startTestApp(settingsFor(fake));
    try {
      const customer = await t.createCustomer({ credits: 1_000 });
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      const status = await waitForTerminal(t.app, accepted.json().requestId, 90_000);
      expect(status.status).toBe('failed');
      expect(status.creditsUsed).toBe(0);
      expect(await t.app.get(CreditsService, { strict: false }).balance(customer.accountId)).toBe(1_000);
      return status;
    } finally {
      await t.close();
    }
  }

  it('fails the job with a clear error and refunds it when the provider keeps failing', async () => {
    const status = await failedBook({ script: () => ({ status: 503, message: 'overloaded' }) });
    expect(status.error).toMatch(/model provider failed: 503/i);
    expect(status.error).not.toContain(fake!.baseUrl);
    expect(status.messages.join('\n')).toMatch(/answered 503; retry 1 of 1/);
  }, 120_000);

  it('fails the job before any chapter is written, refunded, when the model server cuts its prompts (Ollama /v1)', async () => {
    // Ollama's OpenAI-compatible endpoint ignores num_ctx: a prompt over the window is cut without an error.
    const status = await failedBook({ silentContextWindow: 600 });
    expect(status.error).toMatch(
      /^The model server cut the prompt for the (book bible|outline[^(]*) to fit its context window \(it read 600 of about \d+ tokens\)/,
    );
    // The job stopped at the first cut prompt (the bible's is short enough to pass): planning calls only, no chapter.
    expect(new Set(fake!.calls.map((call) => call.name))).toEqual(new Set(['book_form', 'book_bible', 'book_outline']));
  }, 120_000);

  it('refuses to start with an openai route but no model name, naming the variable', () => {
    const env = { SECRETS_ENCRYPTION_KEY: '0'.repeat(64), GENERATION_PROVIDER_3_0: 'openai' };
    expect(() => loadConfig(env, GENERATION_CONFIG_SECTIONS)).toThrow(ConfigValidationError);
    expect(() => loadConfig(env, GENERATION_CONFIG_SECTIONS)).toThrow(/OPENAI_MODEL/);
  });
});
