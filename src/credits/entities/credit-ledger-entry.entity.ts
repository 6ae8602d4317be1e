import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';

export const LEDGER_KINDS = ['grant', 'reserve', 'release', 'charge', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One movement of an account's available credits (append-only). `amount`
 * is signed: what the movement added to the available balance. A job's
 * rows net to minus its `creditsUsed`. The unique (job_id, kind) index makes
 * every job step idempotent: a replayed step inserts nothing and moves nothing.
 */
@Entity({ name: 'credit_ledger' })
@Index('uq_credit_ledger_job_kind', ['jobId', 'kind'], { unique: true, where: 'job_id IS NOT NULL' })
@Index('idx_credit_ledger_account', ['accountId', 'createdAt'])
@Check('ck_credit_ledger_kind', "kind IN ('grant', 'reserve', 'release', 'charge', 'refund')")
@Check('ck_credit_ledger_balance_after', 'balance_after >= 0')
export class CreditLedgerEntryEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', primaryKeyConstraintName: 'pk_credit_ledger' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  @ForeignKey(() => AccountEntity, { name: 'fk_credit_ledger_account' })
  accountId!: string;

  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  kind!: LedgerKind;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  amount!: number;

  /** Balance after this movement, for audit. */
  @Column({
    name: 'balance_after',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  balanceAfter!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
