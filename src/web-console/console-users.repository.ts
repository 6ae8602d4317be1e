import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ConsoleMembershipEntity } from './entities/console-membership.entity';
import { ConsoleRole, ConsoleUserEntity } from './entities/console-user.entity';

@Injectable()
export class ConsoleUsersRepository {
  constructor(
    @InjectRepository(ConsoleUserEntity) private readonly users: Repository<ConsoleUserEntity>,
    @InjectRepository(ConsoleMembershipEntity) private readonly memberships: Repository<ConsoleMembershipEntity>,
  ) {}

  /** The user and its memberships in one transaction: a member is never created without its accounts. */
  async insert(user: {
    email: string;
    passwordHash: string;
    role: ConsoleRole;
    accountIds: readonly string[];
  }): Promise<ConsoleUserEntity> {
    return this.users.manager.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(ConsoleUserEntity, {
          email: user.email,
          passwordHash: user.passwordHash,
          role: user.role,
          disabledAt: null,
        }),
      );
      if (user.accountIds.length > 0) {
        await manager.insert(
          ConsoleMembershipEntity,
          user.accountIds.map((accountId) => ({ userId: created.id, accountId })),
        );
      }
      return created;
    });
  }

  findByEmail(email: string): Promise<ConsoleUserEntity | null> {
    return this.users.findOne({ where: { email } });
  }

  findById(id: string): Promise<ConsoleUserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  list(): Promise<ConsoleUserEntity[]> {
    return this.users.find({ order: { email: 'ASC' } });
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
  }

  /** Returns false when the user already was a member. */
  async addMembership(userId: string, accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.memberships.query(
      `INSERT INTO console_memberships (user_id, account_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, accountId],
    );
    return rows.length > 0;
  }

  async accountIdsOf(userId: string): Promise<string[]> {
    const rows = await this.memberships.find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map((row) => row.accountId);
  }

  async isMember(userId: string, accountId: string): Promise<boolean> {
    return this.memberships.exists({ where: { userId, accountId } });
  }
}
