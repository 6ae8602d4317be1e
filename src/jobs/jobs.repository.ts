import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { GenerationReport } from '../generation/generation-report';
import type { KeyRefusal } from '../auth/api-keys.repository';
import { CreditsRepository } from '../credits/credits.repository';
import { UsageCountersRepository } from '../usage/usage-counters.repository';
import { WebhookOutboxRepository } from '../webhooks/webhook-outbox.repository';
import type { BookRequest } from '../book/book-request';
import { IDEMPOTENCY_WINDOW } from './idempotency-keys.repository';
import { BookJobEntity, JobStatus, TERMINAL_STATUSES } from './entities/book-job.entity';
import { IdempotencyKeyEntity } from './entities/idempotency-key.entity';
import type { JobStatusChange } from './job-status-change';
import { JobStatusPublisher } from './job-status.publisher';

export interface NewBookJob {
  id: string;
  accountId: string;
  apiKeyId: string;
  parameters: BookRequest;
  webhookUrl: string | null;
  estimatedCost: number;
}

export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** The first line of every job's messages. */
const QUEUED_MESSAGE = 'Request accepted and queued';

/** How long an Idempotency-Key is remembered (DESIGN.md section 3). */

export type IdempotentCreation<A> =
  | { kind: 'created'; reserved: boolean; admission: A }
  | { kind: 'replay'; jobId: string; sameRequest: boolean }
  | { kind: 'refused'; refusal: KeyRefusal };

/** What admission did with one job: stored, its cost reserved or not; or refused because of its key. */
export interface Admission {
  reserved: boolean;
  /** The key was revoked, or its account suspended, before the job could be admitted: nothing was stored or charged. */
  refused?: KeyRefusal;
}

export interface CompletedBook {
  title: string;
  price: number;
  generation: GenerationReport;
}

/** What the terminal transition committed, for the caller to act on after commit. */
export interface TerminalTransition {
  job: BookJobEntity;
  webhookDeliveryId: string | null;
}

/** Why a job is failed: its `error` as the client sees it, and the line added to its messages. */
export interface FailureReason {
  error: string;
  message: string;
}

/** What a cancellation found: the job cancelled now, a job already finished, or no such job of the account. */
/** What asking to delete a job's file found. */
export type FileDeletion =
  { kind: 'marked' } | { kind: 'already_deleted' } | { kind: 'unfinished'; status: JobStatus } | { kind: 'not_found' };

export type Cancellation =
  | { kind: 'cancelled'; transition: TerminalTransition }
  | { kind: 'finished'; status: JobStatus }
  | { kind: 'not_found' };

/** The columns a status answer is made of. */
export type JobStatusRow = Pick<
  BookJobEntity,
  'id' | 'status' | 'progress' | 'messages' | 'error' | 'creditsUsed' | 'createdAt' | 'completedAt' | 'fileDeletedAt'
>;

/** The SQL columns of a JobStatusRow and the job's revision: what a status answer and a job change are read from. */
const STATUS_CHANGE_COLUMNS =
  'id, status, progress, messages, error, credits_used, created_at, completed_at, file_deleted_at, revision';

function toStatusRow(row: Record<string, unknown>): JobStatusRow {
  return {
    id: row.id as string,
    status: row.status as JobStatus,
    progress: row.progress as number,
    messages: row.messages as string[],
    error: row.error as string | null,
    creditsUsed: row.credits_used as number,
    createdAt: row.created_at as Date,
    completedAt: row.completed_at as Date | null,
    fileDeletedAt: row.file_deleted_at as Date | null,
  };
}

function toStatusChange(row: Record<string, unknown>): JobStatusChange {
  return { revision: row.revision as number, job: toStatusRow(row) };
}

/** A failure committed by failLocked: what its caller acts on, and the change to publish once it commits. */
interface LockedFailure {
  transition: TerminalTransition;
  change: JobStatusChange;
}

/**
 * The book job unit of work: each method is one transaction that moves the
 * job, its credits and its webhook outbox row together, so a crash between
 * steps can never leave credits or a delivery half-done.
 */
@Injectable()
export class JobsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly credits: CreditsRepository,
    private readonly outbox: WebhookOutboxRepository,
    private readonly usage: UsageCountersRepository,
    private readonly changes: JobStatusPublisher,
  ) {}

  /**
   * Admits jobs together in one statement, its own transaction: the keys are
   * checked, each job's estimated cost is reserved in arrival order while its
   * pool covers it, and the jobs, debits, ledger rows and usage counts are
   * written (the function `admit_book_jobs`: one round trip per batch, the
   * accounts' row locks held for that statement alone). Returns, per job,
   * whether its cost was reserved, or why its key was refused (nothing
   * stored for it).
   */
  async createQueuedBatch(jobs: readonly NewBookJob[]): Promise<Admission[]> {
    return this.insertQueued(this.dataSource.manager, jobs);
  }

  /**
   * Creates the job for an Idempotency-Key at most once. Requests with the
   * same key are serialised by a transaction-scoped advisory lock: the first
   * runs `admit` (the rate limits) and commits the job together with the key;
   * the others then find the key and replay the first answer, uncounted.
   */
  async createQueuedOnce<A>(
    job: NewBookJob,
    claim: IdempotencyClaim,
    admit: () => Promise<A>,
  ): Promise<IdempotentCreation<A>> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${job.apiKeyId}:${claim.key}`]);
      const existing: Array<{ job_id: string; request_fingerprint: string; fresh: boolean }> = await manager.query(
        `SELECT job_id, request_fingerprint, created_at > now() - ${IDEMPOTENCY_WINDOW} AS fresh
           FROM idempotency_keys WHERE api_key_id = $1 AND idempotency_key = $2`,
        [job.apiKeyId, claim.key],
      );
      const previous = existing[0];
      if (previous?.fresh) {
        return {
          kind: 'replay',
          jobId: previous.job_id,
          sameRequest: previous.request_fingerprint === claim.fingerprint,
        };
      }
      if (previous) {
        await manager.delete(IdempotencyKeyEntity, { apiKeyId: job.apiKeyId, idempotencyKey: claim.key });
      }
      const admission = await admit();
      const [stored = { reserved: false, refused: 'key_revoked' }] = await this.insertQueued(manager, [job]);
      if (stored.refused) return { kind: 'refused', refusal: stored.refused };
      const { reserved } = stored;
      await manager.insert(IdempotencyKeyEntity, {
        apiKeyId: job.apiKeyId,
        idempotencyKey: claim.key,
        requestFingerprint: claim.fingerprint,
        jobId: job.id,
      });
      return { kind: 'created', reserved, admission };
    });
  }

  /** The batch through `admit_book_jobs` (migration AdmitBookJobs): its keys checked, costs reserved, rows written. */
  private async insertQueued(manager: EntityManager, batch: readonly NewBookJob[]): Promise<Admission[]> {
    if (batch.length === 0) return [];
    const rows: Array<{ refusal: KeyRefusal | null; reserved: boolean }> = await manager.query(
      `SELECT refusal, reserved
         FROM admit_book_jobs($1::uuid[], $2::uuid[], $3::varchar[], $4::jsonb[], $5::varchar[], $6::bigint[], $7::text)`,
      [
        batch.map((job) => job.id),
        batch.map((job) => job.accountId),
        batch.map((job) => job.apiKeyId),
        batch.map((job) => JSON.stringify(job.parameters)),
        batch.map((job) => job.webhookUrl),
        batch.map((job) => job.estimatedCost),
        QUEUED_MESSAGE,
      ],
    );
    if (rows.length !== batch.length) {
      throw new Error(`admit_book_jobs answered ${rows.length} rows for ${batch.length} jobs`);
    }
    return rows.map((row) => (row.refusal ? { reserved: false, refused: row.refusal } : { reserved: row.reserved }));
  }

  /**
   * What a status answer needs, by primary key, as one prepared statement
   * without entity hydration: status polls are the hottest query of the
   * service and TypeORM's find path costs more than the lookup itself.
   */
  async findStatusById(id: string): Promise<JobStatusRow | null> {
    return (await this.findStatusChange(id))?.job ?? null;
  }

  /** The job's current state with its revision: where a listener of the job's changes starts (one indexed row). */
  async findStatusChange(id: string): Promise<JobStatusChange | null> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT ${STATUS_CHANGE_COLUMNS} FROM book_jobs WHERE id = $1`,
      [id],
    );
    return rows[0] ? toStatusChange(rows[0]) : null;
  }

  /**
   * The current state of each given job whose revision is above the one
   * given for it, in one query however many jobs: how the listeners of an API
   * process catch up on changes whose announcement they may have missed.
   */
  async findStatusChangesAfter(revisions: ReadonlyMap<string, number>): Promise<JobStatusChange[]> {
    if (revisions.size === 0) return [];
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT ${STATUS_CHANGE_COLUMNS.split(', ')
        .map((column) => `j.${column}`)
        .join(', ')}
         FROM book_jobs j
         JOIN unnest($1::uuid[], $2::int[]) AS known(id, revision) ON known.id = j.id
        WHERE j.revision > known.revision`,
      [[...revisions.keys()], [...revisions.values()]],
    );
    return rows.map(toStatusChange);
  }

  /** Only the job's state: the cheap query a running job's cancellation watcher repeats. */
  async findStatus(id: string): Promise<JobStatus | null> {
    const rows: Array<{ status: JobStatus }> = await this.dataSource.query(
      `SELECT status FROM book_jobs WHERE id = $1`,
      [id],
    );
    return rows[0]?.status ?? null;
  }

  findById(id: string): Promise<BookJobEntity | null> {
    return this.dataSource.getRepository(BookJobEntity).findOne({ where: { id } });
  }

  /** Moves a queued (or crashed, still processing) job to processing; null when it is already terminal. */
  async markProcessing(id: string, message: string): Promise<BookJobEntity | null> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH started AS (
       UPDATE book_jobs
         SET status = 'processing',
             attempts = attempts + 1,
             started_at = COALESCE(started_at, now()),
             progress = GREATEST(progress, 1),
             messages = array_append(messages, $2),
             revision = revision + 1,
             updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'processing')
       RETURNING ${STATUS_CHANGE_COLUMNS}
       )
       SELECT * FROM started`,
      [id, message],
    );
    if (!rows[0]) return null;
    await this.changes.publish(toStatusChange(rows[0]));
    return this.findById(id);
  }

  /**
   * Records progress; never lowers it, never touches a terminal job. A report
   * that changes nothing a client sees (same progress, no message) still
   * marks the job as alive for the reconciler but keeps its revision, so its
   * announcement is dropped by every listener.
   */
  async recordProgress(id: string, progress: number, message: string | null): Promise<void> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH recorded AS (
       UPDATE book_jobs
         SET progress = GREATEST(progress, LEAST($2::int, 99)),
             messages = CASE WHEN $3::text IS NULL THEN messages ELSE array_append(messages, $3::text) END,
             revision = revision + CASE WHEN $3::text IS NOT NULL OR progress < LEAST($2::int, 99) THEN 1 ELSE 0 END,
             updated_at = now()
       WHERE id = $1 AND status = 'processing'
       RETURNING ${STATUS_CHANGE_COLUMNS}
       )
       SELECT * FROM recorded`,
      [id, Math.round(progress), message],
    );
    if (rows[0]) await this.changes.publish(toStatusChange(rows[0]));
  }

  async complete(id: string, result: CompletedBook, message: string): Promise<TerminalTransition | null> {
    const committed = await this.dataSource.transaction(async (manager) => {
      const job = await this.lockUnfinished(manager, id);
      if (!job) return null;
      const charged = await this.credits.settle(manager, job.accountId, job.id, job.creditsReserved, result.price);
      const rows: Array<Record<string, unknown>> = await manager.query(
        `WITH completed AS (
         UPDATE book_jobs
           SET status = 'completed', progress = 100, credits_used = $2, title = $3, generation = $5,
               messages = array_append(messages, $4), completed_at = now(), updated_at = now(),
               revision = revision + 1
         WHERE id = $1
         RETURNING ${STATUS_CHANGE_COLUMNS}
         )
         SELECT * FROM completed`,
        [id, charged, result.title.slice(0, 500), message, JSON.stringify(result.generation)],
      );
      await this.usage.recordCredits(manager, job.apiKeyId, charged);
      const completed = await manager.findOneByOrFail(BookJobEntity, { id });
      const webhookDeliveryId = await this.outbox.recordFor(manager, completed);
      return { transition: { job: completed, webhookDeliveryId }, change: toStatusChange(rows[0]!) };
    });
    if (!committed) return null;
    await this.changes.publish(committed.change);
    return committed.transition;
  }

  async fail(id: string, error: string): Promise<TerminalTransition | null> {
    const failure = await this.dataSource.transaction(async (manager) => {
      const job = await this.lockUnfinished(manager, id);
      if (!job) return null;
      return this.failLocked(manager, job, { error, message: `Generation failed: ${error}` });
    });
    if (!failure) return null;
    await this.changes.publish(failure.change);
    return failure.transition;
  }

  /**
   * Cancels an unfinished job of the account: it fails exactly as any failure
   * does (full refund, webhook row), in one transaction. Finished jobs are
   * left alone, and a job of another account is not found: the answer must
   * not reveal that it exists.
   */
  async cancel(id: string, accountId: string, reason: FailureReason): Promise<Cancellation> {
    const outcome = await this.dataSource.transaction(
      async (manager): Promise<Exclude<Cancellation, { kind: 'cancelled' }> | LockedFailure> => {
        const job = await manager.findOne(BookJobEntity, {
          where: { id, accountId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!job) return { kind: 'not_found' };
        if (TERMINAL_STATUSES.includes(job.status)) return { kind: 'finished', status: job.status };
        return this.failLocked(manager, job, reason);
      },
    );
    if (!('change' in outcome)) return outcome;
    await this.changes.publish(outcome.change);
    return { kind: 'cancelled', transition: outcome.transition };
  }

  /** The failure step of a job whose row this transaction has locked unfinished. */
  private async failLocked(manager: EntityManager, job: BookJobEntity, reason: FailureReason): Promise<LockedFailure> {
    await this.credits.refund(manager, job.accountId, job.id, job.creditsReserved);
    const rows: Array<Record<string, unknown>> = await manager.query(
      `WITH failed AS (
       UPDATE book_jobs
         SET status = 'failed', credits_used = 0, error = $2,
             messages = array_append(messages, $3), completed_at = now(), updated_at = now(),
             revision = revision + 1
       WHERE id = $1
       RETURNING ${STATUS_CHANGE_COLUMNS}
       )
       SELECT * FROM failed`,
      [job.id, reason.error, reason.message],
    );
    const failed = await manager.findOneByOrFail(BookJobEntity, { id: job.id });
    const webhookDeliveryId = await this.outbox.recordFor(manager, failed);
    return { transition: { job: failed, webhookDeliveryId }, change: toStatusChange(rows[0]!) };
  }

  /**
   * Marks the file of a finished job of the account deleted (DELETE
   * /v1/book/{id}). The mark comes before the file is deleted, so from that
   * moment downloads answer 410 whatever becomes of the deletion, and a
   * deletion that failed is retried by the client's repeat.
   */
  async markFileDeleted(jobId: string, accountId: string): Promise<FileDeletion> {
    const rows: Array<Record<string, unknown> & { marked: boolean }> = await this.dataSource.query(
      `WITH job AS (
         SELECT id, status, file_deleted_at FROM book_jobs WHERE id = $1 AND account_id = $2 FOR UPDATE
       ), marked AS (
         UPDATE book_jobs SET file_deleted_at = now(), revision = revision + 1
          WHERE id = (SELECT id FROM job WHERE status IN ('completed', 'failed') AND file_deleted_at IS NULL)
          RETURNING ${STATUS_CHANGE_COLUMNS}
       )
       SELECT marked.*, true AS marked FROM marked
       UNION ALL
       SELECT job.id, job.status, NULL, NULL, NULL, NULL, NULL, NULL, job.file_deleted_at, NULL, false FROM job
        WHERE NOT EXISTS (SELECT 1 FROM marked)`,
      [jobId, accountId],
    );
    const row = rows[0];
    if (!row) return { kind: 'not_found' };
    if (row.marked) {
      await this.changes.publish(toStatusChange(row));
      return { kind: 'marked' };
    }
    const status = row.status as JobStatus;
    if (!TERMINAL_STATUSES.includes(status)) return { kind: 'unfinished', status };
    return { kind: 'already_deleted' };
  }

  /** Marks up to `limit` files of jobs completed more than `days` days ago (BOOK_RETENTION_DAYS); returns those jobs. */
  async markFilesExpired(days: number, limit: number): Promise<string[]> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH marked AS (
         UPDATE book_jobs SET file_deleted_at = now(), revision = revision + 1
          WHERE id IN (
            SELECT id FROM book_jobs
             WHERE status = 'completed' AND file_deleted_at IS NULL AND completed_at < now() - make_interval(days => $1)
             ORDER BY completed_at
             LIMIT $2
             FOR UPDATE SKIP LOCKED)
          RETURNING ${STATUS_CHANGE_COLUMNS}
       )
       SELECT * FROM marked`,
      [days, limit],
    );
    for (const row of rows) await this.changes.publish(toStatusChange(row));
    return rows.map((row) => row.id as string);
  }

  /** Takes back the mark of files the sweep could not delete, so that the next sweep tries again. */
  async unmarkFilesDeleted(jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE book_jobs SET file_deleted_at = NULL, revision = revision + 1 WHERE id = ANY($1::uuid[])`,
      [jobIds],
    );
  }

  /** Unfinished jobs not touched for `staleSeconds`: candidates for the reconciler. */
  async findUnfinished(staleSeconds: number, limit: number): Promise<Array<{ id: string; status: JobStatus }>> {
    return this.dataSource.query(
      `SELECT id, status FROM book_jobs
        WHERE status IN ('queued', 'processing') AND updated_at < now() - make_interval(secs => $1)
        ORDER BY updated_at ASC LIMIT $2`,
      [staleSeconds, limit],
    );
  }

  /** Unfinished jobs submitted longer ago than the deadline. */
  async findOverdue(deadlineMinutes: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM book_jobs
        WHERE status IN ('queued', 'processing') AND created_at < now() - make_interval(mins => $1)
        ORDER BY created_at ASC LIMIT $2`,
      [deadlineMinutes, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Served by the partial index on unfinished jobs: cheap however many finished jobs exist. */
  async countUnfinishedByStatus(): Promise<Record<'queued' | 'processing', number>> {
    const rows: Array<{ status: 'queued' | 'processing'; n: number }> = await this.dataSource.query(
      `SELECT status, count(*)::int AS n FROM book_jobs WHERE status IN ('queued', 'processing') GROUP BY status`,
    );
    const counts = { queued: 0, processing: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  private async lockUnfinished(manager: EntityManager, id: string): Promise<BookJobEntity | null> {
    const job = await manager.findOne(BookJobEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!job || TERMINAL_STATUSES.includes(job.status)) return null;
    return job;
  }
}
