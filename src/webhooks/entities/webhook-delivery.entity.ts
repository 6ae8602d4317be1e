import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BookJobEntity } from '../../jobs/entities/book-job.entity';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'abandoned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The webhook a finished job owes (an outbox row). It is written in the same
 * transaction that makes the job terminal, so no finished job can lose its
 * delivery, whatever happens to Redis or a worker afterwards.
 */
@Entity({ name: 'webhook_deliveries' })
@Check('ck_webhook_deliveries_status', "status IN ('pending', 'delivered', 'abandoned')")
@Index('uq_webhook_deliveries_job', ['jobId'], { unique: true })
@Index('idx_webhook_deliveries_pending', ['nextAttemptAt'], { where: "status = 'pending'" })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_webhook_deliveries' })
  id!: string;

  @Column({ name: 'job_id', type: 'uuid' })
  @ForeignKey(() => BookJobEntity, { name: 'fk_webhook_deliveries_job', onDelete: 'CASCADE' })
  jobId!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /** The exact body sent on every attempt, frozen when the job ended. */
  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: DeliveryStatus;

  @Column({ name: 'attempt_count', type: 'integer', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
