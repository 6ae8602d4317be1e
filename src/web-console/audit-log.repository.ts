import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuditEntry } from './audit-log.service';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

@Injectable()
export class AuditLogRepository {
  constructor(@InjectRepository(AuditLogEntryEntity) private readonly entries: Repository<AuditLogEntryEntity>) {}

  async insert(entry: Required<AuditEntry>): Promise<void> {
    await this.entries.query(
      `INSERT INTO audit_log (actor, action, account_id, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [entry.actor, entry.action, entry.accountId, entry.target, JSON.stringify(entry.details)],
    );
  }

  /** Newest first; only the account's entries when one is given. */
  recent(accountId: string | null, limit: number): Promise<AuditLogEntryEntity[]> {
    return this.entries.find({
      where: accountId ? { accountId } : {},
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** Every entry, newest first, `limit` from `offset`. */
  page(offset: number, limit: number): Promise<AuditLogEntryEntity[]> {
    return this.entries.find({ order: { id: 'DESC' }, skip: offset, take: limit });
  }
}
