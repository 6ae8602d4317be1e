import { CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';
import { ConsoleUserEntity } from './console-user.entity';

/** A member may open the console pages of this account (operators need no membership). */
@Entity({ name: 'console_memberships' })
@Index('idx_console_memberships_account', ['accountId'])
export class ConsoleMembershipEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'pk_console_memberships' })
  @ForeignKey(() => ConsoleUserEntity, { name: 'fk_console_memberships_user', onDelete: 'CASCADE' })
  userId!: string;

  @PrimaryColumn({ name: 'account_id', type: 'uuid', primaryKeyConstraintName: 'pk_console_memberships' })
  @ForeignKey(() => AccountEntity, { name: 'fk_console_memberships_account', onDelete: 'CASCADE' })
  accountId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
