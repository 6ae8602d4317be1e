import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';
import { ApiKeyEntity } from '../../auth/entities/api-key.entity';
import type { BookRequest } from '../../book/book-request';
import type { GenerationReport } from '../../generation/generation-report';

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed'];

/** A book request: the row behind GET /status and the webhook payload. */
@Entity({ name: 'book_jobs' })
@Index('idx_book_jobs_key_recent', ['apiKeyId', 'createdAt', 'id'])
@Index('idx_book_jobs_key_status_recent', ['apiKeyId', 'status', 'createdAt', 'id'])
@Index('idx_book_jobs_account_status_recent', ['accountId', 'status', 'createdAt', 'id'])
@Check('ck_book_jobs_status', "status IN ('queued', 'processing', 'completed', 'failed')")
@Check('ck_book_jobs_progress', 'progress BETWEEN 0 AND 100')
@Check('ck_book_jobs_credits', 'credits_reserved >= 0 AND credits_used >= 0')
@Index('idx_book_jobs_unfinished', ['status', 'updatedAt'], { where: "status IN ('queued', 'processing')" })
@Index('idx_book_jobs_files_kept', ['completedAt'], { where: "status = 'completed' AND file_deleted_at IS NULL" })
export class BookJobEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_book_jobs' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  @ForeignKey(() => AccountEntity, { name: 'fk_book_jobs_account' })
  accountId!: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 32 })
  @ForeignKey(() => ApiKeyEntity, { name: 'fk_book_jobs_api_key' })
  apiKeyId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: JobStatus;

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  messages!: string[];

  @Column({ type: 'jsonb' })
  parameters!: BookRequest;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl!: string | null;

  /** Credits held for this job since acceptance (0 when the pool could not cover it). */
  @Column({ name: 'credits_reserved', type: 'integer', default: 0 })
  creditsReserved!: number;

  @Column({ name: 'credits_used', type: 'integer', default: 0 })
  creditsUsed!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  title!: string | null;

  /** What wrote the book: provider, models, calls, retries and tokens (set on completion). */
  @Column({ type: 'jsonb', nullable: true })
  generation!: GenerationReport | null;

  /** Bumped with every change a client sees (status, progress, messages, file deletion): the id of its progress events. */
  @Column({ type: 'integer', default: 1 })
  revision!: number;

  /** How many times a worker has started this job (crash recovery shows here). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** When its file was deleted (on request or by BOOK_RETENTION_DAYS); the record stays. */
  @Column({ name: 'file_deleted_at', type: 'timestamptz', nullable: true })
  fileDeletedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
