import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A customer: owns API keys, webhook signing secrets and one credit pool. */
@Entity({ name: 'accounts' })
@Check('ck_accounts_credit_balance_non_negative', 'credit_balance >= 0')
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_accounts' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Credits available for new reservations; a CHECK constraint keeps it >= 0. */
  @Column({
    name: 'credit_balance',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  creditBalance!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set by an operator in the web console: the account's API keys are refused (403) until it is lifted. */
  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt!: Date | null;
}
