import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { ConsoleUserEntity } from './console-user.entity';

/**
 * A signed-in browser. The id is the SHA-256 (hex) of the cookie's token, so
 * the table alone never lets anyone act as a user.
 */
@Entity({ name: 'console_sessions' })
@Index('idx_console_sessions_user', ['userId'])
export class ConsoleSessionEntity {
  @PrimaryColumn({ type: 'char', length: 64, primaryKeyConstraintName: 'pk_console_sessions' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  @ForeignKey(() => ConsoleUserEntity, { name: 'fk_console_sessions_user', onDelete: 'CASCADE' })
  userId!: string;

  /** The synchronizer token every form of this session posts back (`_csrf`, or X-CSRF-Token from htmx). */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  /** The absolute end of the session, however active it is (CONSOLE_SESSION_LIFETIME_HOURS). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
