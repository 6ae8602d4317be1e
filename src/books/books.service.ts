import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import {
  DEFAULT_MODEL,
  DEFAULT_OUTPUT_FORMAT,
  DEFAULT_STYLE,
  DEFAULT_TYPE,
  estimateCost,
  SERVICE_NAME,
} from '../catalog/catalog';
import type { KeyRefusal } from '../auth/api-keys.repository';
import { keyRefused } from '../auth/auth.exceptions';
import { ApiException } from '../common/api-exception';
import { PublicUrls } from '../common/public-urls';
import { RateLimitHeaders, RateLimitService, RateLimitsUnavailableError } from '../throttling/rate-limit.service';
import { WebhookUrlPolicy } from '../webhooks/webhook-url-policy';
import type { BookRequest } from '../book/book-request';
import { JobAdmissions } from '../jobs/job-admissions';
import { JobLifecycleLog } from '../jobs/job-lifecycle-log';
import { JobsRepository, NewBookJob } from '../jobs/jobs.repository';
import { idempotencyKeyReused, invalidWebhookUrl, jobStartFailed } from './books.exceptions';
import { CreateBookDto } from './dto/create-book.dto';

export interface SubmissionReceipt {
  body: {
    success: true;
    requestId: string;
    status: 'queued';
    statusUrl: string;
    message: string;
  };
  /** Absent only when a replayed answer could not read the counters. */
  rateLimitHeaders?: RateLimitHeaders;
}

@Injectable()
export class BooksService {
  private readonly logger = new Logger(BooksService.name);
  private readonly lifecycle = new JobLifecycleLog();

  constructor(
    private readonly jobs: JobsRepository,
    private readonly admissions: JobAdmissions,
    private readonly rateLimits: RateLimitService,
    private readonly webhookPolicy: WebhookUrlPolicy,
    private readonly urls: PublicUrls,
  ) {}

  /**
   * Accepts a validated request: webhook policy, then the limits, then one
   * transaction for the job and its credit reservation, then the queue.
   * With an Idempotency-Key, a repeat of the same request replays the first
   * answer without a new job, charge or rate-limit count.
   */
  async submit(key: AuthenticatedKey, request: CreateBookDto, idempotencyKey?: string): Promise<SubmissionReceipt> {
    const job = await this.prepare(key, request);

    let admitted: RateLimitHeaders | undefined;
    const admit = async () => (admitted = await this.rateLimits.admit(key));
    let rateLimitHeaders: RateLimitHeaders;
    try {
      if (idempotencyKey === undefined) {
        await admit();
        const admission = await this.admissions.store(job);
        if (admission.refused) throw await this.refuse(key, admission.refused);
        rateLimitHeaders = admitted!;
      } else {
        const fingerprint = requestFingerprint(job);
        const outcome = await this.jobs.createQueuedOnce(job, { key: idempotencyKey, fingerprint }, admit);
        if (outcome.kind === 'refused') throw await this.refuse(key, outcome.refusal);
        if (outcome.kind === 'replay') {
          if (!outcome.sameRequest) {
            throw idempotencyKeyReused();
          }
          return this.receipt(outcome.jobId, (await this.rateLimits.peek(key)) ?? undefined);
        }
        rateLimitHeaders = outcome.admission;
      }
    } catch (error) {
      if (error instanceof ApiException) throw error;
      if (!(error instanceof RateLimitsUnavailableError)) {
        this.logger.error(`Could not store job ${job.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (admitted) await this.rateLimits.giveBack(key);
      throw jobStartFailed();
    }
    await this.announce(job);
    return this.receipt(job.id, rateLimitHeaders);
  }

  /** Logs a stored job's acceptance and rings the generation queue. */
  async announce(job: NewBookJob): Promise<void> {
    this.lifecycle.accepted(job);
    try {
      await this.admissions.enqueue(job.id);
    } catch (error) {
      // The job is committed: the reconciler queues it once Redis answers again.
      this.logger.warn(
        `Job ${job.id} stored but not queued yet: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * A validated request as the job to store: defaults filled in, its cost
   * estimated, its webhook URL checked (400 INVALID_WEBHOOK_URL).
   */
  async prepare(key: AuthenticatedKey, request: CreateBookDto): Promise<NewBookJob> {
    const webhookUrl = request.webhook_url ?? null;
    if (webhookUrl) {
      const rejection = await this.webhookPolicy.check(webhookUrl);
      if (rejection) {
        throw invalidWebhookUrl(rejection.reason);
      }
    }
    const parameters = withDefaults(request);
    return {
      id: randomUUID(),
      accountId: key.accountId,
      apiKeyId: key.id,
      parameters,
      webhookUrl,
      estimatedCost: estimateCost(parameters.model, parameters.images),
    };
  }

  /** The 202 answer for a job, first time or replayed. */
  receipt(requestId: string, rateLimitHeaders?: RateLimitHeaders): SubmissionReceipt {
    return {
      body: {
        success: true,
        requestId,
        status: 'queued',
        statusUrl: this.urls.status(requestId),
        message: 'Book generation started. Poll statusUrl (every 120 seconds is plenty) or wait for the webhook.',
      },
      rateLimitHeaders,
    };
  }

  /**
   * A key revoked, or an account suspended, since the guard read the key:
   * nothing was stored, so the request does not count against its limits.
   */
  private async refuse(key: AuthenticatedKey, refusal: KeyRefusal): Promise<ApiException> {
    await this.rateLimits.giveBack(key);
    return keyRefused(refusal);
  }
}

/** What makes two submissions "the same request" for an Idempotency-Key: the stored parameters and webhook. */
export function requestFingerprint(job: Pick<NewBookJob, 'parameters' | 'webhookUrl'>): string {
  return createHash('sha256')
    .update(JSON.stringify({ parameters: job.parameters, webhookUrl: job.webhookUrl }))
    .digest('hex');
}

function withDefaults(request: CreateBookDto): BookRequest {
  return {
    prompt: request.prompt ?? '',
    style: request.style ?? DEFAULT_STYLE,
    type: request.type ?? DEFAULT_TYPE,
    images: request.images ?? false,
    author: request.author ?? SERVICE_NAME,
    customTone: request.custom_tone ?? '',
    model: request.model ?? DEFAULT_MODEL,
    outputFormat: request.output_format ?? DEFAULT_OUTPUT_FORMAT,
  };
}
