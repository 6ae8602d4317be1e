import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import { ConsoleSessionEntity } from './entities/console-session.entity';

@Injectable()
export class ConsoleSessionsRepository {
  constructor(@InjectRepository(ConsoleSessionEntity) private readonly sessions: Repository<ConsoleSessionEntity>) {}

  async insert(session: Omit<ConsoleSessionEntity, 'createdAt'>): Promise<void> {
    await this.sessions.insert(session);
  }

  findById(id: string): Promise<ConsoleSessionEntity | null> {
    return this.sessions.findOne({ where: { id } });
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.sessions.update({ id }, { lastSeenAt: at });
  }

  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  /** Every session of the user but one (the one that changed the password). */
  async deleteOthersOfUser(userId: string, keepId: string): Promise<number> {
    const result = await this.sessions.delete({ userId, id: Not(keepId) });
    return result.affected ?? 0;
  }

  /** Sessions past their end, so the table does not grow with every sign-in. */
  async deleteEndedBefore(now: Date, idleSince: Date): Promise<void> {
    await this.sessions
      .createQueryBuilder()
      .delete()
      .where('expires_at <= :now OR last_seen_at <= :idleSince', { now, idleSince })
      .execute();
  }
}
