import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who did what, when, from the web console or the operator CLI. Append-only;
 * no foreign keys, so an entry outlives whatever it names.
 */
@Entity({ name: 'audit_log' })
@Index('idx_audit_log_account_at', ['accountId', 'at'])
export class AuditLogEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'pk_audit_log' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  at!: Date;

  /** A console user's id, `cli` for the operator command line, `anonymous` for a failed sign-in with no such user. */
  @Column({ type: 'varchar', length: 64 })
  actor!: string;

  /** Dotted verb, e.g. `console.sign_in`, `account.suspend`, `key.create`. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'account_id', type: 'uuid', nullable: true })
  accountId!: string | null;

  /** The object acted on (a key id, a secret id, a user's email), when there is one besides the account. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  target!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  details!: Record<string, unknown>;
}
