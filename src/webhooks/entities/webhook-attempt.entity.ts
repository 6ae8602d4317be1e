import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** One try at delivering a webhook, kept for operators and for the retry schedule. */
@Entity({ name: 'webhook_attempts' })
@Index('uq_webhook_attempts_delivery_number', ['deliveryId', 'attemptNumber'], { unique: true })
export class WebhookAttemptEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', primaryKeyConstraintName: 'pk_webhook_attempts' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  @ForeignKey(() => WebhookDeliveryEntity, { name: 'fk_webhook_attempts_delivery', onDelete: 'CASCADE' })
  deliveryId!: string;

  /** 1 for the first try, 2-4 for the retries. */
  @Column({ name: 'attempt_number', type: 'integer' })
  attemptNumber!: number;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'integer' })
  latencyMs!: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error!: string | null;
}
