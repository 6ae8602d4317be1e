import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiKeyAuthenticator } from '../src/auth/api-key-authenticator';
import type { AuthenticatedKey, KeyVerification } from '../src/auth/api-keys.service';
import { API_KEY_SCOPES } from '../src/auth/entities/api-key.entity';
import { ScriptoriumExtension } from '../src/extensions/scriptorium-extension.decorator';
import type { ArtifactHead, ArtifactStorage, StoredArtifact } from '../src/storage/artifact-storage';
import { Customer, startTestApp, TestApp } from './support/test-app';

/**
 * The storage and authentication seams (the provider and renderer seams are
 * proven by examples/custom-extension). A map in memory serves as storage
 * here only because this suite runs API and worker in one process.
 */
@Injectable()
class InMemoryArtifactStorage implements ArtifactStorage {
  readonly files = new Map<string, ArtifactHead & { content: Buffer }>();

  put(artifact: StoredArtifact): Promise<void> {
    this.files.set(artifact.jobId, { ...artifact, createdAt: new Date() });
    return Promise.resolve();
  }

  head(jobId: string): Promise<ArtifactHead | null> {
    const file = this.files.get(jobId);
    if (!file) return Promise.resolve(null);
    const { content: _content, ...head } = file;
    return Promise.resolve(head);
  }

  read(head: Pick<ArtifactHead, 'jobId'>): Readable {
    return Readable.from([this.files.get(head.jobId)!.content]);
  }

  delete(jobId: string): Promise<boolean> {
    return Promise.resolve(this.files.delete(jobId));
  }
}

/** Accepts the tokens of a single sign-on, each standing for a key of the api_keys table. */
@Injectable()
class SingleSignOnAuthenticator implements ApiKeyAuthenticator {
  private readonly tokens = new Map<string, AuthenticatedKey>();

  allow(token: string, key: AuthenticatedKey): void {
    this.tokens.set(token, key);
  }

  verify(presented: string): Promise<KeyVerification> {
    const key = this.tokens.get(presented);
    return Promise.resolve(key ? { outcome: 'ok', key } : { outcome: 'unknown' });
  }
}

@ScriptoriumExtension({ artifactStorage: InMemoryArtifactStorage, apiKeyAuthenticator: SingleSignOnAuthenticator })
@Module({
  providers: [InMemoryArtifactStorage, SingleSignOnAuthenticator],
  exports: [InMemoryArtifactStorage, SingleSignOnAuthenticator],
})
class PlatformExtensionModule {}

describe('Extensions replacing the artifact storage and the API-key authentication', () => {
  const TOKEN = 'sso-token-of-the-platform-team';
  let t: TestApp;
  let customer: Customer;
  let storage: InMemoryArtifactStorage;

  beforeAll(async () => {
    t = await startTestApp({}, { extensions: [PlatformExtensionModule] });
    customer = await t.createCustomer();
    storage = t.app.get(InMemoryArtifactStorage, { strict: false });
    t.app.get(SingleSignOnAuthenticator, { strict: false }).allow(TOKEN, {
      id: customer.keyId,
      accountId: customer.accountId,
      scopes: [...API_KEY_SCOPES],
      dailyLimit: null,
      minIntervalSeconds: 0,
    });
  });
  afterAll(() => t.close());

  const book = { type: 'short_story', output_format: 'txt' };

  it("asks the extension's authenticator instead of the api_keys table", async () => {
    const refused = await t.submitBook(customer.apiKey, book);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe('AUTH_FAILED');

    const accepted = await t.submitBook(TOKEN, book);
    expect(accepted.statusCode).toBe(202);
    // The job belongs to the key the token stands for: its usage shows it.
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': TOKEN } });
    expect(usage.statusCode).toBe(200);
    expect(JSON.stringify(usage.json())).toContain(accepted.json().requestId);
  });

  it("keeps finished books in the extension's storage and serves downloads from it, with the service's ETag", async () => {
    const { requestId } = await t.finishedBook(TOKEN, book);

    const stored = storage.files.get(requestId);
    expect(stored?.content.length).toBeGreaterThan(100);
    const rows = await t.app
      .get(DataSource)
      .query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM artifacts WHERE job_id = $1', [requestId]);
    expect(rows[0]?.n).toBe(0);

    const download = await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(stored!.content)).toBe(true);
    expect(download.headers.etag).toBe(`"${createHash('sha256').update(stored!.content).digest('base64url')}"`);
    const head = await t.app.inject({ method: 'HEAD', url: `/v1/download/${requestId}` });
    expect(head.headers['content-length']).toBe(String(stored!.content.length));
  });
});
