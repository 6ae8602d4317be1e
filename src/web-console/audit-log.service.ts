import { Injectable } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import type { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

/** Every action the audit log records; the console's next pages and the CLI add theirs here. */
export const AUDIT_ACTIONS = [
  'console.sign_in',
  'console.sign_in_failed',
  'console.sign_out',
  'console.password_change',
  'console_user.create',
  'console_user.add_member',
  'account.create',
  'account.suspend',
  'account.unsuspend',
  'key.create',
  'key.revoke',
  'secret.create',
  'secret.promote',
  'secret.revoke',
  'credits.grant',
  'key.set_limits',
  'job.cancel',
  'job.delete_file',
  'webhook.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actor of the operator command line. */
export const CLI_ACTOR = 'cli';
/** The actor of a failed sign-in whose email names no user. */
export const ANONYMOUS_ACTOR = 'anonymous';

export interface AuditEntry {
  /** A console user's id, CLI_ACTOR or ANONYMOUS_ACTOR. */
  actor: string;
  action: AuditAction;
  accountId?: string | null;
  target?: string | null;
  /** Never a secret, a password or a full key. */
  details?: Record<string, unknown>;
}

export interface AuditRecord extends Required<AuditEntry> {
  id: string;
  at: string;
}

/** Who did what, when: written by the web console and the operator CLI. */
@Injectable()
export class AuditLogService {
  constructor(private readonly entries: AuditLogRepository) {}

  record(entry: AuditEntry): Promise<void> {
    return this.entries.insert({
      actor: entry.actor,
      action: entry.action,
      accountId: entry.accountId ?? null,
      target: entry.target ?? null,
      details: entry.details ?? {},
    });
  }

  async recent(options: { accountId?: string; limit?: number } = {}): Promise<AuditRecord[]> {
    const rows = await this.entries.recent(options.accountId ?? null, options.limit ?? 100);
    return rows.map(toRecord);
  }

  /** One page of the whole log, newest first (the operators' audit page); `hasMore` when an older page follows. */
  async page(page: { offset: number; limit: number }): Promise<{ records: AuditRecord[]; hasMore: boolean }> {
    const rows = await this.entries.page(page.offset, page.limit + 1);
    return { records: rows.slice(0, page.limit).map(toRecord), hasMore: rows.length > page.limit };
  }
}

function toRecord(row: AuditLogEntryEntity): AuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action as AuditAction,
    accountId: row.accountId,
    target: row.target,
    details: row.details,
  };
}
