import { Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AuditLogService, CLI_ACTOR } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { pageNumber, pageWindow } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, ConsoleRoute, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { ConsoleUsersService } from './console-users.service';

const AUDIT_PAGE_SIZE = 50;

/** The audit log, for operators: who did what, to which account, when; newest first. */
@ConsoleController('console/audit')
@ConsoleRoute({ role: 'operator' })
export class ConsoleAuditController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly audit: AuditLogService,
    private readonly users: ConsoleUsersService,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Query('page') pageParameter: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = pageNumber(pageParameter);
    const [{ records, hasMore }, users, accounts] = await Promise.all([
      this.audit.page(pageWindow(page, AUDIT_PAGE_SIZE)),
      this.users.list(),
      this.access.accountsOf(signedIn),
    ]);
    const emails = new Map(users.map((user) => [user.id, user.email]));
    const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
    this.pages.page(reply, 'audit', await this.access.frame(signedIn, 'Audit log'), {
      records: records.map((record) => ({
        ...record,
        actorLabel: record.actor === CLI_ACTOR ? 'command line' : (emails.get(record.actor) ?? record.actor),
        accountName: record.accountId ? (accountNames.get(record.accountId) ?? record.accountId) : null,
      })),
      page,
      hasNext: hasMore,
    });
  }
}
