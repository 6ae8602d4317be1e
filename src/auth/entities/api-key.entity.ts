import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';

export const API_KEY_SCOPES = ['books:write', 'usage:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * An API key. The public id is part of the key itself; only a SHA-256 hash
 * of the secret part is stored (the secret has 190 bits of entropy, so a
 * slow hash would add latency without adding safety).
 */
@Entity({ name: 'api_keys' })
@Index('idx_api_keys_account', ['accountId'])
@Check(
  'ck_api_keys_limits',
  '(daily_limit IS NULL OR daily_limit > 0) AND (min_interval_seconds IS NULL OR min_interval_seconds >= 0)',
)
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'pk_api_keys' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  @ForeignKey(() => AccountEntity, { name: 'fk_api_keys_account' })
  accountId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'secret_hash', type: 'bytea' })
  secretHash!: Buffer;

  /** First and last characters of the full key, for recognising it in the console. */
  @Column({ type: 'varchar', length: 64 })
  preview!: string;

  @Column({ type: 'text', array: true, default: () => "'{books:write,usage:read}'" })
  scopes!: ApiKeyScope[];

  /** Per-key override of RATE_LIMIT_DAILY (enterprise keys); null uses the deployment default. */
  @Column({ name: 'daily_limit', type: 'integer', nullable: true })
  dailyLimit!: number | null;

  /** Per-key override of RATE_LIMIT_MIN_INTERVAL_SECONDS; null uses the deployment default. */
  @Column({ name: 'min_interval_seconds', type: 'integer', nullable: true })
  minIntervalSeconds!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
