import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthenticatedKey } from '../auth/api-keys.service';
import { keyRefused } from '../auth/auth.exceptions';
import { ApiException, BODY_LIMIT_BYTES, ErrorEnvelope, payloadTooLarge } from '../common/api-exception';
import { IdempotencyKeysRepository } from '../jobs/idempotency-keys.repository';
import { JobAdmissions } from '../jobs/job-admissions';
import { JobsRepository, NewBookJob } from '../jobs/jobs.repository';
import { RateLimitHeaders, RateLimitService, RateLimitsUnavailableError } from '../throttling/rate-limit.service';
import { idempotencyKeyReused, jobStartFailed } from './books.exceptions';
import { BooksService, requestFingerprint, SubmissionReceipt } from './books.service';
import { parseBookRequest } from './dto/book-request.parser';

/** One item's answer, in the place of its request: what POST /v1/book would have answered for it alone. */
export type BatchItemResult =
  { status: 202; body: SubmissionReceipt['body'] } | { status: number; body: ErrorEnvelope; retryAfter?: number };

export interface BatchReceipt {
  results: BatchItemResult[];
  /** Absent only when the counters could not be read for a batch that counted nothing. */
  rateLimitHeaders?: RateLimitHeaders;
}

/** A valid item on its way in: the job it becomes and, with an Idempotency-Key, its own claim. */
interface Candidate {
  index: number;
  job: NewBookJob;
  claim?: { key: string; fingerprint: string };
}

/**
 * POST /v1/books/batch: up to 50 requests answered one by one. Each item is
 * what POST /v1/book would make of it (validation, webhook policy, credits,
 * idempotency), stored in its own all-or-nothing admission; the batch counts
 * once against the burst limit and once per valid item against the daily
 * limit (RateLimitService.admitBatch).
 */
@Injectable()
export class BookBatchService {
  private readonly logger = new Logger(BookBatchService.name);

  constructor(
    private readonly books: BooksService,
    private readonly jobs: JobsRepository,
    private readonly admissions: JobAdmissions,
    private readonly claims: IdempotencyKeysRepository,
    private readonly rateLimits: RateLimitService,
  ) {}

  async submit(key: AuthenticatedKey, requests: readonly unknown[], idempotencyKey?: string): Promise<BatchReceipt> {
    const results = new Array<BatchItemResult>(requests.length);
    const candidates: Candidate[] = [];
    await Promise.all(
      requests.map(async (request, index) => {
        try {
          candidates.push({ index, job: await this.prepare(key, request) });
        } catch (error) {
          results[index] = failure(error);
        }
      }),
    );
    candidates.sort((a, b) => a.index - b.index);

    const fresh =
      idempotencyKey === undefined ? candidates : await this.replayRemembered(key, idempotencyKey, candidates, results);
    if (fresh.length === 0) {
      return { results, rateLimitHeaders: (await this.rateLimits.peek(key)) ?? undefined };
    }

    let admission;
    try {
      admission = await this.rateLimits.admitBatch(key, fresh.length);
    } catch (error) {
      if (error instanceof ApiException) throw error;
      if (error instanceof RateLimitsUnavailableError) throw jobStartFailed();
      throw error;
    }
    const admitted = fresh.slice(0, admission.admitted);
    for (const refused of fresh.slice(admission.admitted)) {
      const refusal = admission.refusal!;
      results[refused.index] = {
        status: refusal.status,
        body: refusal.toEnvelope(),
        retryAfter: Number(refusal.headers['Retry-After']),
      };
    }

    const outcomes = await Promise.all(admitted.map((candidate) => this.store(candidate)));
    let unused = 0;
    const stored: NewBookJob[] = [];
    outcomes.forEach((outcome, position) => {
      const candidate = admitted[position]!;
      if (outcome.kind === 'stored') stored.push(candidate.job);
      else unused += 1;
      results[candidate.index] =
        outcome.kind === 'stored'
          ? { status: 202, body: this.books.receipt(candidate.job.id).body }
          : outcome.kind === 'replayed'
            ? { status: 202, body: this.books.receipt(outcome.jobId).body }
            : failure(outcome.error);
    });
    // Slots of items that were not stored (our failure, a revoked key, a concurrent replay) are given back.
    await this.rateLimits.giveBackDaily(key, unused);
    await Promise.all(stored.map((job) => this.books.announce(job)));
    return { results, rateLimitHeaders: admission.headers };
  }

  private async prepare(key: AuthenticatedKey, request: unknown): Promise<NewBookJob> {
    // The body limit of POST /v1/book holds for each item, so a batch is no way around it.
    if (Buffer.byteLength(JSON.stringify(request ?? null), 'utf8') > BODY_LIMIT_BYTES) throw payloadTooLarge();
    return this.books.prepare(key, parseBookRequest(request));
  }

  /**
   * With an Idempotency-Key, each item has a claim of its own (the key and its
   * place in the batch). Items whose claim is remembered are answered as the
   * first time, uncounted; the others are returned to be admitted.
   */
  private async replayRemembered(
    key: AuthenticatedKey,
    idempotencyKey: string,
    candidates: Candidate[],
    results: BatchItemResult[],
  ): Promise<Candidate[]> {
    const batchKey = createHash('sha256').update(idempotencyKey).digest('hex');
    for (const candidate of candidates) {
      candidate.claim = { key: `batch:${batchKey}:${candidate.index}`, fingerprint: requestFingerprint(candidate.job) };
    }
    const remembered = await this.claims.remembered(
      key.id,
      candidates.map((candidate) => candidate.claim!.key),
    );
    return candidates.filter((candidate) => {
      const previous = remembered.get(candidate.claim!.key);
      if (!previous) return true;
      results[candidate.index] =
        previous.fingerprint === candidate.claim!.fingerprint
          ? { status: 202, body: this.books.receipt(previous.jobId).body }
          : failure(idempotencyKeyReused());
      return false;
    });
  }

  /** One item's admission: its job and reservation commit together, or nothing of it does. */
  private async store(
    candidate: Candidate,
  ): Promise<{ kind: 'stored' } | { kind: 'replayed'; jobId: string } | { kind: 'refused'; error: unknown }> {
    try {
      if (!candidate.claim) {
        const admission = await this.admissions.store(candidate.job);
        return admission.refused ? { kind: 'refused', error: keyRefused(admission.refused) } : { kind: 'stored' };
      }
      const outcome = await this.jobs.createQueuedOnce(candidate.job, candidate.claim, () => Promise.resolve());
      if (outcome.kind === 'refused') return { kind: 'refused', error: keyRefused(outcome.refusal) };
      if (outcome.kind === 'replay') {
        // A copy of this batch sent at the same time stored the item first.
        return outcome.sameRequest
          ? { kind: 'replayed', jobId: outcome.jobId }
          : { kind: 'refused', error: idempotencyKeyReused() };
      }
      return { kind: 'stored' };
    } catch (error) {
      this.logger.error(
        `Could not store job ${candidate.job.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { kind: 'refused', error: jobStartFailed() };
    }
  }
}

/** An item's error answer; anything but an ApiException is ours, and answered as the job not starting. */
function failure(error: unknown): BatchItemResult {
  const exception = error instanceof ApiException ? error : jobStartFailed();
  return { status: exception.status, body: exception.toEnvelope() };
}
