import { Logger } from '@nestjs/common';
import type { KeyRefusal } from '../auth/api-keys.repository';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import {
  DEFAULT_MODEL,
  DEFAULT_OUTPUT_FORMAT,
  DEFAULT_STYLE,
  DEFAULT_TYPE,
  estimateCost,
  SERVICE_NAME,
} from '../catalog/catalog';
import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import type { JobAdmissions } from '../jobs/job-admissions';
import type { Admission } from '../jobs/jobs.repository';
import type { IdempotencyClaim, IdempotentCreation, JobsRepository, NewBookJob } from '../jobs/jobs.repository';
import { clientKey, TEST_BASE_URL, testPublicUrls } from '../jobs/testing/job-fixtures';
import {
  type RateLimitHeaders,
  type RateLimitService,
  RateLimitsUnavailableError,
} from '../throttling/rate-limit.service';
import type { WebhookUrlPolicy, WebhookUrlRejection } from '../webhooks/webhook-url-policy';
import { BooksService } from './books.service';
import { CREATE_BOOK_FIELDS, type CreateBookDto } from './dto/create-book.dto';

const ADMITTED: RateLimitHeaders = { 'RateLimit-Limit': '15', 'RateLimit-Remaining': '14', 'RateLimit-Reset': '86400' };
const PEEKED: RateLimitHeaders = { 'RateLimit-Limit': '15', 'RateLimit-Remaining': '9', 'RateLimit-Reset': '43000' };

/** A request with every field set to something other than its default. */
const FULL_REQUEST: CreateBookDto = {
  prompt: 'A lighthouse keeper finds a map that leads under the sea',
  style: 'mystery',
  type: 'novel',
  images: true,
  author: 'Ada Quill',
  custom_tone: 'wry, warm',
  model: '3.0',
  output_format: 'epub',
  webhook_url: 'https://hooks.example/books',
};

/**
 * JobsRepository.createQueuedOnce as its contract reads, in memory: the first
 * request of an API key's Idempotency-Key runs `admit` and creates the job;
 * later ones find the key and replay, saying whether the fingerprint matched.
 */
class InMemoryIdempotentJobs implements Pick<JobsRepository, 'createQueuedOnce'> {
  readonly claims: IdempotencyClaim[] = [];
  readonly created: NewBookJob[] = [];
  /** Where the transaction breaks, if a test wants it to. */
  failure: { at: 'before-admit' | 'after-admit'; error: Error } | null = null;
  /** The key turns out revoked, or its account suspended, in the admitting transaction. */
  refusal: KeyRefusal | null = null;
  private readonly firstByKey = new Map<string, { jobId: string; fingerprint: string }>();

  constructor(private readonly steps: string[]) {}

  async createQueuedOnce<A>(
    job: NewBookJob,
    claim: IdempotencyClaim,
    admit: () => Promise<A>,
  ): Promise<IdempotentCreation<A>> {
    this.steps.push('claim key');
    this.claims.push(claim);
    const first = this.firstByKey.get(`${job.apiKeyId}:${claim.key}`);
    if (first) return { kind: 'replay', jobId: first.jobId, sameRequest: first.fingerprint === claim.fingerprint };
    if (this.failure?.at === 'before-admit') throw this.failure.error;
    const admission = await admit();
    if (this.failure?.at === 'after-admit') throw this.failure.error;
    if (this.refusal) return { kind: 'refused', refusal: this.refusal };
    this.steps.push('insert job');
    this.created.push(job);
    this.firstByKey.set(`${job.apiKeyId}:${claim.key}`, { jobId: job.id, fingerprint: claim.fingerprint });
    return { kind: 'created', reserved: true, admission };
  }
}

function setUp() {
  const steps: string[] = [];
  const webhookPolicy = {
    check: jest.fn((_url: string) => Promise.resolve<WebhookUrlRejection | null>(null)),
  } satisfies Pick<WebhookUrlPolicy, 'check'>;
  const rateLimits = {
    admit: jest.fn((_key: AuthenticatedKey) => {
      steps.push('admit');
      return Promise.resolve(ADMITTED);
    }),
    peek: jest.fn((_key: AuthenticatedKey) => Promise.resolve<RateLimitHeaders | null>(PEEKED)),
    giveBack: jest.fn((_key: AuthenticatedKey) => {
      steps.push('give back');
      return Promise.resolve();
    }),
  } satisfies Pick<RateLimitService, 'admit' | 'peek' | 'giveBack'>;
  const admissions = {
    store: jest.fn((_job: NewBookJob) => {
      steps.push('store');
      return Promise.resolve<Admission>({ reserved: true });
    }),
    enqueue: jest.fn((_jobId: string) => {
      steps.push('enqueue');
      return Promise.resolve();
    }),
  } satisfies Pick<JobAdmissions, 'store' | 'enqueue'>;
  const jobs = new InMemoryIdempotentJobs(steps);
  const service = new BooksService(
    jobs as unknown as JobsRepository,
    admissions as unknown as JobAdmissions,
    rateLimits as unknown as RateLimitService,
    webhookPolicy as unknown as WebhookUrlPolicy,
    testPublicUrls(),
  );
  /** The job the non-idempotent path handed to JobAdmissions.store. */
  const storedJob = (): NewBookJob => admissions.store.mock.calls[0]![0];
  return { service, steps, webhookPolicy, rateLimits, admissions, jobs, storedJob };
}

describe('BooksService.submit', () => {
  const key = clientKey();
  let loggedErrors: jest.SpyInstance;

  beforeEach(() => {
    loggedErrors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('a key revoked after the guard read it', () => {
    it('answers 403 FORBIDDEN, gives the rate-limit slot back and queues nothing', async () => {
      const { service, steps, admissions } = setUp();
      admissions.store.mockResolvedValueOnce({ reserved: false, refused: 'key_revoked' });
      await expect(service.submit(key, {})).rejects.toMatchObject({
        status: 403,
        errorCode: ErrorCode.Forbidden,
        message: 'API key revoked',
      });
      expect(steps).toEqual(['admit', 'give back']);
      expect(admissions.enqueue).not.toHaveBeenCalled();
    });

    it('does the same with an Idempotency-Key, and remembers no job for the key', async () => {
      const { service, steps, jobs, admissions } = setUp();
      jobs.refusal = 'key_revoked';
      await expect(service.submit(key, {}, 'retry-1')).rejects.toMatchObject({
        status: 403,
        message: 'API key revoked',
      });
      expect(steps).toEqual(['claim key', 'admit', 'give back']);
      expect(jobs.created).toEqual([]);
      expect(admissions.enqueue).not.toHaveBeenCalled();
    });
  });

  describe('an account suspended after the guard read its key', () => {
    it('answers 403 "Account suspended", not "API key revoked", and gives the rate-limit slot back', async () => {
      const { service, steps, admissions } = setUp();
      admissions.store.mockResolvedValueOnce({ reserved: false, refused: 'account_suspended' });
      await expect(service.submit(key, {})).rejects.toMatchObject({
        status: 403,
        errorCode: ErrorCode.Forbidden,
        message: 'Account suspended',
      });
      expect(steps).toEqual(['admit', 'give back']);
    });

    it('does the same with an Idempotency-Key', async () => {
      const { service, jobs } = setUp();
      jobs.refusal = 'account_suspended';
      await expect(service.submit(key, {}, 'retry-1')).rejects.toMatchObject({
        status: 403,
        message: 'Account suspended',
      });
      expect(jobs.created).toEqual([]);
    });
  });

  describe('webhook policy', () => {
    it.each([
      ['without', undefined],
      ['with', 'retry-1'],
    ])(
      'refuses a rejected webhook_url with 400 INVALID_WEBHOOK_URL before counting or storing anything (%s Idempotency-Key)',
      async (_label, idempotencyKey) => {
        const { service, steps, webhookPolicy } = setUp();
        webhookPolicy.check.mockResolvedValueOnce({ reason: 'The host resolves to a private address' });

        await expect(
          service.submit(key, { webhook_url: 'https://10.0.0.8/hook' }, idempotencyKey),
        ).rejects.toMatchObject({
          status: 400,
          errorCode: ErrorCode.InvalidWebhookUrl,
          details: 'The host resolves to a private address',
        });
        expect(webhookPolicy.check).toHaveBeenCalledWith('https://10.0.0.8/hook');
        expect(steps).toEqual([]);
      },
    );

    it.each([
      ['omitted', {}],
      ['null', { webhook_url: null }],
    ])('does not consult the policy when webhook_url is %s, and stores no webhook', async (_label, request) => {
      const { service, webhookPolicy, storedJob } = setUp();
      await service.submit(key, request);
      expect(webhookPolicy.check).not.toHaveBeenCalled();
      expect(storedJob().webhookUrl).toBeNull();
    });
  });

  describe('the stored job', () => {
    it('applies the catalog defaults to every omitted field and reserves the default model price', async () => {
      const { service, storedJob } = setUp();
      await service.submit(key, {});
      expect(storedJob()).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        accountId: key.accountId,
        apiKeyId: key.id,
        parameters: {
          prompt: '',
          style: DEFAULT_STYLE,
          type: DEFAULT_TYPE,
          images: false,
          author: SERVICE_NAME,
          customTone: '',
          model: DEFAULT_MODEL,
          outputFormat: DEFAULT_OUTPUT_FORMAT,
        },
        webhookUrl: null,
        estimatedCost: estimateCost(DEFAULT_MODEL, false),
      });
    });

    it('keeps every value the client sent and reserves the price of the chosen model with images', async () => {
      const { service, storedJob } = setUp();
      await service.submit(key, FULL_REQUEST);
      expect(storedJob()).toMatchObject({
        parameters: {
          prompt: FULL_REQUEST.prompt,
          style: 'mystery',
          type: 'novel',
          images: true,
          author: 'Ada Quill',
          customTone: 'wry, warm',
          model: '3.0',
          outputFormat: 'epub',
        },
        webhookUrl: 'https://hooks.example/books',
        estimatedCost: estimateCost('3.0', true),
      });
    });

    it('gives each submission a job id of its own', async () => {
      const { service, admissions } = setUp();
      await service.submit(key, {});
      await service.submit(key, {});
      const [first, second] = admissions.store.mock.calls.map(([job]) => job.id);
      expect(first).not.toBe(second);
    });
  });

  describe('without an Idempotency-Key', () => {
    it('counts the rate limits, then stores the job, then rings the queue for that job', async () => {
      const { service, steps, admissions, jobs, storedJob } = setUp();
      await service.submit(key, {});
      expect(steps).toEqual(['admit', 'store', 'enqueue']);
      expect(admissions.enqueue).toHaveBeenCalledWith(storedJob().id);
      expect(jobs.claims).toEqual([]);
    });

    it('answers a queued receipt with the status URL of the new job and the headers of its admission', async () => {
      const { service, storedJob } = setUp();
      const receipt = await service.submit(key, {});
      const id = storedJob().id;
      expect(receipt).toEqual({
        body: {
          success: true,
          requestId: id,
          status: 'queued',
          statusUrl: `${TEST_BASE_URL}/status/${id}`,
          message: expect.stringContaining('statusUrl'),
        },
        rateLimitHeaders: ADMITTED,
      });
    });

    it('answers 503 JOB_START_FAILED with Retry-After and gives the slot back when the job cannot be stored', async () => {
      const { service, steps, admissions, rateLimits } = setUp();
      admissions.store.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));

      await expect(service.submit(key, {})).rejects.toMatchObject({
        status: 503,
        errorCode: ErrorCode.JobStartFailed,
        headers: { 'Retry-After': expect.stringMatching(/^[1-9]\d*$/) },
      });
      expect(rateLimits.giveBack).toHaveBeenCalledWith(key);
      expect(steps).toEqual(['admit', 'give back']);
      expect(loggedErrors).toHaveBeenCalledWith(expect.stringContaining('Connection terminated unexpectedly'));
    });

    it('answers 503 JOB_START_FAILED and gives back nothing when the rate limiter cannot be asked', async () => {
      const { service, steps, rateLimits } = setUp();
      rateLimits.admit.mockRejectedValueOnce(new RateLimitsUnavailableError(new Error('connect ECONNREFUSED')));

      await expect(service.submit(key, {})).rejects.toMatchObject({
        status: 503,
        errorCode: ErrorCode.JobStartFailed,
      });
      expect(rateLimits.giveBack).not.toHaveBeenCalled();
      expect(steps).toEqual([]);
      // The limiter logged its outage already; the submission adds no second error line.
      expect(loggedErrors).not.toHaveBeenCalled();
    });

    it('lets a 429 of the limiter through untouched and stores nothing', async () => {
      const { service, steps, rateLimits } = setUp();
      const tooMany = new ApiException(429, ErrorCode.RateLimitExceeded, 'Too many requests', 'Wait 6 seconds', {
        'Retry-After': '6',
      });
      rateLimits.admit.mockRejectedValueOnce(tooMany);

      await expect(service.submit(key, {})).rejects.toBe(tooMany);
      expect(steps).toEqual([]);
    });

    it('still answers the receipt when the queue cannot be rung: the job is committed and the reconciler queues it', async () => {
      const { service, admissions, rateLimits, storedJob } = setUp();
      admissions.enqueue.mockRejectedValueOnce(new Error('Redis connection lost'));

      const receipt = await service.submit(key, {});
      expect(receipt.body).toMatchObject({ requestId: storedJob().id, status: 'queued' });
      expect(receipt.rateLimitHeaders).toEqual(ADMITTED);
      expect(rateLimits.giveBack).not.toHaveBeenCalled();
    });
  });

  describe('with an Idempotency-Key', () => {
    it('counts the limits inside the key claim, creates the job there, and rings the queue for it', async () => {
      const { service, steps, admissions, jobs } = setUp();
      const receipt = await service.submit(key, FULL_REQUEST, 'retry-1');

      expect(steps).toEqual(['claim key', 'admit', 'insert job', 'enqueue']);
      expect(admissions.store).not.toHaveBeenCalled();
      expect(jobs.claims).toEqual([{ key: 'retry-1', fingerprint: expect.any(String) }]);
      const [job] = jobs.created;
      expect(job).toMatchObject({ accountId: key.accountId, apiKeyId: key.id, webhookUrl: FULL_REQUEST.webhook_url });
      expect(admissions.enqueue).toHaveBeenCalledWith(job!.id);
      expect(receipt.body.requestId).toBe(job!.id);
      expect(receipt.rateLimitHeaders).toEqual(ADMITTED);
    });

    it('replays the first job id for a repeat of the same request, without storing, counting or queueing again', async () => {
      const { service, rateLimits, admissions, jobs } = setUp();
      const first = await service.submit(key, FULL_REQUEST, 'retry-1');
      const repeat = await service.submit(key, { ...FULL_REQUEST }, 'retry-1');

      expect(repeat.body).toEqual(first.body);
      expect(repeat.rateLimitHeaders).toEqual(PEEKED);
      expect(jobs.created).toHaveLength(1);
      expect(rateLimits.admit).toHaveBeenCalledTimes(1);
      expect(admissions.enqueue).toHaveBeenCalledTimes(1);
      expect(admissions.store).not.toHaveBeenCalled();
    });

    it('replays without rate-limit headers when the counters cannot be read', async () => {
      const { service, rateLimits } = setUp();
      await service.submit(key, {}, 'retry-1');
      rateLimits.peek.mockResolvedValueOnce(null);

      const repeat = await service.submit(key, {}, 'retry-1');
      expect(repeat.body.status).toBe('queued');
      expect(repeat.rateLimitHeaders).toBeUndefined();
    });

    it('treats an omitted field and its default as the same request', async () => {
      const { service, jobs } = setUp();
      const first = await service.submit(key, {}, 'retry-1');
      const spelledOut: CreateBookDto = {
        style: DEFAULT_STYLE,
        type: DEFAULT_TYPE,
        images: false,
        author: SERVICE_NAME,
        model: DEFAULT_MODEL,
        output_format: DEFAULT_OUTPUT_FORMAT,
        webhook_url: null,
      };
      const repeat = await service.submit(key, spelledOut, 'retry-1');
      expect(repeat.body.requestId).toBe(first.body.requestId);
      expect(jobs.created).toHaveLength(1);
    });

    /** One change per request field: each must make the repeat a different request. */
    const CHANGED: Record<(typeof CREATE_BOOK_FIELDS)[number], CreateBookDto> = {
      prompt: { prompt: 'A different story' },
      style: { style: 'horror' },
      type: { type: 'comic' },
      images: { images: false },
      author: { author: 'Someone Else' },
      custom_tone: { custom_tone: 'terse' },
      model: { model: '2.0' },
      output_format: { output_format: 'pdf' },
      webhook_url: { webhook_url: 'https://hooks.example/elsewhere' },
    };

    it.each(CREATE_BOOK_FIELDS)(
      'refuses the key with 400 when the repeat differs in %s, and creates and counts nothing more',
      async (field) => {
        const { service, rateLimits, jobs } = setUp();
        await service.submit(key, FULL_REQUEST, 'retry-1');

        await expect(service.submit(key, { ...FULL_REQUEST, ...CHANGED[field] }, 'retry-1')).rejects.toMatchObject({
          status: 400,
          errorCode: ErrorCode.InvalidParameter,
          message: 'Idempotency-Key already used with a different request',
        });
        expect(jobs.created).toHaveLength(1);
        expect(rateLimits.admit).toHaveBeenCalledTimes(1);
        expect(rateLimits.giveBack).not.toHaveBeenCalled();
      },
    );

    it('lets a 429 of the limiter through and creates no job', async () => {
      const { service, rateLimits, jobs } = setUp();
      const tooMany = new ApiException(429, ErrorCode.RateLimitExceeded, 'Daily limit exceeded');
      rateLimits.admit.mockRejectedValueOnce(tooMany);

      await expect(service.submit(key, {}, 'retry-1')).rejects.toBe(tooMany);
      expect(jobs.created).toEqual([]);
    });

    it('answers 503 JOB_START_FAILED and gives the slot back when the transaction fails after counting', async () => {
      const { service, rateLimits, admissions, jobs } = setUp();
      jobs.failure = { at: 'after-admit', error: new Error('deadlock detected') };

      await expect(service.submit(key, {}, 'retry-1')).rejects.toMatchObject({
        status: 503,
        errorCode: ErrorCode.JobStartFailed,
      });
      expect(rateLimits.giveBack).toHaveBeenCalledWith(key);
      expect(admissions.enqueue).not.toHaveBeenCalled();
    });

    it('answers 503 JOB_START_FAILED and gives back nothing when the transaction fails before counting', async () => {
      const { service, rateLimits, jobs } = setUp();
      jobs.failure = { at: 'before-admit', error: new Error('Connection terminated') };

      await expect(service.submit(key, {}, 'retry-1')).rejects.toMatchObject({
        status: 503,
        errorCode: ErrorCode.JobStartFailed,
      });
      expect(rateLimits.admit).not.toHaveBeenCalled();
      expect(rateLimits.giveBack).not.toHaveBeenCalled();
    });
  });
});
