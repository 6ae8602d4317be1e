import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

export const CONSOLE_ROLES = ['operator', 'member'] as const;
/** `operator`: every account; `member`: only the accounts of its memberships. */
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** A person who signs in to the web console. Emails are stored lowercased, so the unique index is case-blind. */
@Entity({ name: 'console_users' })
@Unique('uq_console_users_email', ['email'])
@Check('ck_console_users_role', `role IN ('operator', 'member')`)
@Check('ck_console_users_email_lowercase', 'email = lower(email)')
export class ConsoleUserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_console_users' })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id, in its PHC string form (algorithm, parameters and salt included). */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: ConsoleRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** A disabled user cannot sign in and its sessions stop working. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;
}
