import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { Test } from '@nestjs/testing';
import Redis from 'ioredis';
import { AccountsService } from '../../src/accounts/accounts.service';
import { AppModule, type AppModuleOptions } from '../../src/app.module';
import { ApiKeysService, CreateKeyOptions } from '../../src/auth/api-keys.service';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { CreditsService } from '../../src/credits/credits.service';
import { GENERATION_CONFIG_SECTIONS } from '../../src/generation/generation-settings';
import { configureHttpApp, createFastifyAdapter } from '../../src/http/http-app';
import { WEBHOOK_HTTP_CLIENT } from '../../src/webhooks/webhook-delivery.processor';
import { WebhookHttpClient } from '../../src/webhooks/webhook-http-client';
import { HOST_RESOLVER } from '../../src/webhooks/webhooks.module';
import { SigningSecretsService } from '../../src/webhooks/signing-secrets.service';
import type { LookupFunction } from 'node:net';
import { FakeHostResolver } from './fake-host-resolver';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  resolver: FakeHostResolver;
  /** Creates an account with credits and one key; returns the full key. */
  createCustomer(options?: { credits?: number; key?: Partial<Omit<CreateKeyOptions, 'accountId'>> }): Promise<Customer>;
  createKey(accountId: string, options?: Partial<Omit<CreateKeyOptions, 'accountId'>>): Promise<string>;
  /** POST /v1/book with a JSON body, as a client sends it; the raw answer. */
  submitBook(apiKey: string, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Submits a book that must be accepted and complete; its final status. */
  finishedBook(apiKey: string, body?: Record<string, unknown>, timeoutMs?: number): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export interface Customer {
  accountId: string;
  apiKey: string;
  keyId: string;
  webhookSecret: string;
}

/**
 * Boots the real service (Nest on Fastify, real PostgreSQL and Redis) with a
 * Redis prefix of its own, so suites running side by side never share
 * counters or queues. Settings may be overridden per suite.
 */
export interface TestAppOptions {
  /** Trust this CA (PEM) for webhook deliveries, e.g. a local HTTPS receiver's certificate. */
  webhookCa?: string;
  /**
   * DNS used when connecting to webhook receivers (rebinding tests). The
   * receiver listens on a random port, so every port is allowed
   * (WEBHOOK_ALLOWED_PORTS=1-65535) unless the suite sets WEBHOOK_ALLOWED_PORTS.
   */
  webhookLookup?: LookupFunction;
  /** Extension modules, as a deployment gives them to AppModule.forRole (examples/custom-extension). */
  extensions?: AppModuleOptions['extensions'];
}

export async function startTestApp(
  settings: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig(
    {
      ...process.env,
      ROLE: 'all',
      REDIS_PREFIX: prefix,
      BASE_URL: 'http://books.test/v1',
      GENERATION_CONCURRENCY: '4',
      // Suites share one database: a reconciler would pick up other suites' jobs. The recovery suite turns it on.
      RECONCILER_ENABLED: 'false',
      // A faked connect-time DNS sends a public-looking name to a local receiver on a random port.
      ...(options.webhookLookup ? { WEBHOOK_ALLOWED_PORTS: '1-65535' } : {}),
      ...settings,
    },
    GENERATION_CONFIG_SECTIONS,
  );
  const resolver = new FakeHostResolver();
  resolver.set('hooks.example.com', ['93.184.215.14']);
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRole(config, { extensions: options.extensions })],
  })
    .overrideProvider(HOST_RESOLVER)
    .useValue(resolver)
    .overrideProvider(WEBHOOK_HTTP_CLIENT)
    .useValue(
      new WebhookHttpClient({
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        ca: options.webhookCa,
        lookup: options.webhookLookup,
      }),
    )
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createFastifyAdapter(undefined, config), {
    logger: ['error'],
    bodyParser: false,
  });
  configureHttpApp(app, config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();

  // Resolved on use: a worker-only application has no HTTP-side services.
  const accounts = () => app.get(AccountsService, { strict: false });
  const keys = () => app.get(ApiKeysService, { strict: false });
  const credits = () => app.get(CreditsService, { strict: false });

  const createKey = async (accountId: string, options: Partial<Omit<CreateKeyOptions, 'accountId'>> = {}) =>
    (await keys().create({ accountId, name: options.name ?? 'test key', ...options })).apiKey;

  const submitBook = (apiKey: string, body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  return {
    app,
    config,
    resolver,
    createKey,
    submitBook,
    async finishedBook(apiKey, body = {}, timeoutMs = 60_000) {
      const accepted = await submitBook(apiKey, body);
      if (accepted.statusCode !== 202)
        throw new Error(`POST /v1/book answered ${accepted.statusCode}: ${accepted.body}`);
      const status = await waitForTerminal(app, accepted.json().requestId, timeoutMs);
      if (status.status !== 'completed') throw new Error(`Job ${status.requestId} ended ${JSON.stringify(status)}`);
      return status;
    },
    async createCustomer(options = {}) {
      const account = await accounts().create('Test customer');
      if ((options.credits ?? 10_000) > 0) await credits().grant(account.id, options.credits ?? 10_000);
      const created = await keys().create({ accountId: account.id, name: 'test key', ...options.key });
      const secret = await app.get(SigningSecretsService, { strict: false }).create(account.id);
      return {
        accountId: account.id,
        apiKey: created.apiKey,
        keyId: created.keyId,
        webhookSecret: secret.webhookSecret,
      };
    },
    async close() {
      await app.close();
      await deleteRedisKeys(config.REDIS_URL, config.REDIS_PREFIX);
    },
  };
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls a job's status until it is terminal (or the deadline passes). */
export async function waitForTerminal(
  app: NestFastifyApplication,
  requestId: string,
  timeoutMs = 30_000,
): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/v1/status/${requestId}` });
    const body = response.json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > deadline)
      throw new Error(
        `Job ${requestId} still ${body.status} after ${timeoutMs} ms (last answer ${response.statusCode}: ${response.body})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
