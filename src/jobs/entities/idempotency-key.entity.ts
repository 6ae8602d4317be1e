import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { BookJobEntity } from './book-job.entity';

/**
 * An `Idempotency-Key` a client sent with POST /book, bound to the job it
 * created and to a fingerprint of the request body (kept 24 hours).
 */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'api_key_id', type: 'varchar', length: 32, primaryKeyConstraintName: 'pk_idempotency_keys' })
  apiKeyId!: string;

  @PrimaryColumn({
    name: 'idempotency_key',
    type: 'varchar',
    length: 255,
    primaryKeyConstraintName: 'pk_idempotency_keys',
  })
  idempotencyKey!: string;

  /** SHA-256 of the normalised request: the same key with another body is refused. */
  @Column({ name: 'request_fingerprint', type: 'char', length: 64 })
  requestFingerprint!: string;

  @Column({ name: 'job_id', type: 'uuid' })
  @ForeignKey(() => BookJobEntity, { name: 'fk_idempotency_keys_job', onDelete: 'CASCADE' })
  jobId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
