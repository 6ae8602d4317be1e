import { CreditsService } from '../src/credits/credits.service';
import {
  failAlways,
  FAKE_PLAN_TITLE,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../src/generation/openai/testing/fake-openai-server';
import { loadConfig, ConfigValidationError } from '../src/config/app-config';
import { startTestApp, waitForTerminal } from './support/test-app';

/**
 * Issue 5: with GENERATION_PROVIDER=openai the same API writes books with any
 * OpenAI-compatible server (here a local fake of one), and a provider that
 * keeps failing ends the job failed, refunded, never hanging.
 */
describe('Books written by an OpenAI-compatible model', () => {
  let fake: FakeOpenAiServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const settingsFor = (server: FakeOpenAiServer) => ({
    GENERATION_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODEL: 'fake-model',
    OPENAI_MAX_RETRIES: '1',
    OPENAI_CONCURRENCY: '3',
  });

  it('plans once, writes the chapters concurrently and serves the book', async () => {
    fake = await startFakeOpenAiServer({ delayMs: 20 });
    const t = await startTestApp(settingsFor(fake));
    try {
      const customer = await t.createCustomer({ credits: 1_000 });
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ prompt: 'A lighthouse keeper called Mira', output_format: 'json' }),
      });
      expect(accepted.statusCode).toBe(202);
      const status = await waitForTerminal(t.app, accepted.json().requestId, 60_000);
      expect(status).toMatchObject({ status: 'completed', progress: 100 });
      const plans = fake.calls.filter((call) => call.kind === 'plan');
      expect(plans).toHaveLength(1);
      expect(fake.calls.filter((call) => call.kind === 'section').length).toBeGreaterThan(3);
      expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
      expect(status.messages.join('\n')).toMatch(/Writing chapter \d+ of \d+/);

      const download = await t.app.inject({ method: 'GET', url: `/v1/download/${status.requestId}` });
      const book = download.json();
      expect(book.metadata.title).toBe(FAKE_PLAN_TITLE);
      expect(book.metadata.wordCount).toBeGreaterThan(5_000);
      const balance = await t.app.get(CreditsService, { strict: false }).balance(customer.accountId);
      expect(balance).toBe(1_000 - status.creditsUsed);
    } finally {
      await t.close();
    }
  });

  it('fails the job with a clear error and refunds it when the provider keeps failing', async () => {
    fake = await startFakeOpenAiServer({ script: failAlways(503) });
    const t = await startTestApp(settingsFor(fake));
    try {
      const customer = await t.createCustomer({ credits: 1_000 });
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey },
      });
      const status = await waitForTerminal(t.app, accepted.json().requestId, 60_000);
      expect(status.status).toBe('failed');
      expect(status.creditsUsed).toBe(0);
      expect(status.error).toMatch(/model provider failed/i);
      expect(status.error).not.toContain(fake.baseUrl);
      expect(await t.app.get(CreditsService, { strict: false }).balance(customer.accountId)).toBe(1_000);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('refuses to start with an openai route but no model name, naming the variable', () => {
    expect(() => loadConfig({ SECRETS_ENCRYPTION_KEY: '0'.repeat(64), GENERATION_PROVIDER_3_0: 'openai' })).toThrow(
      ConfigValidationError,
    );
    expect(() => loadConfig({ SECRETS_ENCRYPTION_KEY: '0'.repeat(64), GENERATION_PROVIDER_3_0: 'openai' })).toThrow(
      /OPENAI_MODEL/,
    );
  });
});
