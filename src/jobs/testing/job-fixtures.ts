import type { AuthenticatedKey } from '../../auth/api-keys.service';
import { PublicUrls } from '../../common/public-urls';
import { AppConfig } from '../../config/app-config';
import type { BookJobEntity } from '../entities/book-job.entity';

/** The BASE_URL of the unit specs: every statusUrl and resultUrl they expect starts with it. */
export const TEST_BASE_URL = 'https://books.example/v1';

/** The service's real address builder on the specs' BASE_URL (trailing slash included, as an operator may write it). */
export function testPublicUrls(): PublicUrls {
  return new PublicUrls(Object.assign(new AppConfig(), { BASE_URL: `${TEST_BASE_URL}/` }));
}

/** An API key with both scopes and the deployment's default limits, as the API-key guard hands it to a service. */
export function clientKey(overrides: Partial<AuthenticatedKey> = {}): AuthenticatedKey {
  return {
    id: 'key0000000a1',
    accountId: '7d3e1c52-0f1b-4a8e-9b57-2c6a51d4e001',
    scopes: ['books:write', 'usage:read'],
    dailyLimit: null,
    minIntervalSeconds: null,
    ...overrides,
  };
}

/** A stored job row with every column set; a spec overrides the columns its rule reads. */
export function bookJob(overrides: Partial<BookJobEntity> = {}): BookJobEntity {
  return {
    id: '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70',
    accountId: '7d3e1c52-0f1b-4a8e-9b57-2c6a51d4e001',
    apiKeyId: 'key0000000a1',
    status: 'queued',
    progress: 0,
    messages: ['Request accepted and queued'],
    parameters: {
      prompt: 'A lighthouse keeper finds a map',
      style: 'mystery',
      type: 'novel',
      images: false,
      author: 'Ada Quill',
      customTone: '',
      model: '2.0',
      outputFormat: 'epub',
    },
    webhookUrl: null,
    creditsReserved: 250,
    creditsUsed: 0,
    error: null,
    title: null,
    generation: null,
    attempts: 0,
    revision: 1,
    createdAt: new Date('2025-03-01T10:00:00.000Z'),
    startedAt: null,
    completedAt: null,
    fileDeletedAt: null,
    updatedAt: new Date('2025-03-01T10:00:00.000Z'),
    ...overrides,
  };
}
