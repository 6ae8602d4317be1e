import { Body, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../auth/api-keys.service';
import { CreditsService } from '../credits/credits.service';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { formField, FormPost } from './console-form';
import { ConsolePages } from './console-pages';
import { ConsoleController, ConsoleRoute, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { consoleNotFound } from './web-console.exceptions';

const ACCOUNT_NAME_MAX_LENGTH = 200;

/** The sections of an account; the overview links to each (their pages live beside this controller). */
export const ACCOUNT_SECTIONS = [
  { path: 'keys', label: 'API keys' },
  { path: 'secrets', label: 'Signing secrets' },
  { path: 'credits', label: 'Credits and usage' },
  { path: 'jobs', label: 'Jobs' },
  { path: 'webhooks', label: 'Webhook deliveries' },
] as const;

/** The console's home, the accounts list (operators create and suspend accounts) and an account's overview. */
@ConsoleController()
export class ConsoleAccountsController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly accounts: AccountsService,
    private readonly credits: CreditsService,
    private readonly keys: ApiKeysService,
    private readonly audit: AuditLogService,
  ) {}

  /** Operators start at the accounts list; a member of one account at that account. */
  @Get()
  async home(@CurrentConsoleSession() signedIn: SignedIn, @Res() reply: FastifyReply): Promise<void> {
    if (signedIn.user.role === 'member') {
      const accounts = await this.access.accountsOf(signedIn);
      if (accounts.length === 1) {
        this.pages.redirect(reply, `/console/accounts/${accounts[0]!.id}`);
        return;
      }
    }
    this.pages.redirect(reply, '/console/accounts');
  }

  /** The header's account switcher (a GET form, so it works without JavaScript). */
  @Get('switch')
  switchAccount(@Query('account') accountId: unknown, @Res() reply: FastifyReply): void {
    if (typeof accountId !== 'string' || !/^[0-9a-f-]{36}$/i.test(accountId)) throw consoleNotFound();
    this.pages.redirect(reply, `/console/accounts/${accountId}`);
  }

  @Get('accounts')
  async list(@CurrentConsoleSession() signedIn: SignedIn, @Res() reply: FastifyReply): Promise<void> {
    await this.showList(signedIn, reply, 200);
  }

  @FormPost('accounts')
  @ConsoleRoute({ role: 'operator' })
  async create(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const name = formField(body, 'name').trim();
    if (!name || name.length > ACCOUNT_NAME_MAX_LENGTH) {
      await this.showList(signedIn, reply, 400, {
        error: `Give the account a name of 1 to ${ACCOUNT_NAME_MAX_LENGTH} characters.`,
        name,
      });
      return;
    }
    const account = await this.accounts.create(name);
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'account.create',
      accountId: account.id,
      details: { name },
    });
    this.pages.redirect(reply, `/console/accounts/${account.id}`);
  }

  @FormPost('accounts/:accountId/suspend')
  @ConsoleRoute({ role: 'operator' })
  async suspend(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.setSuspended(signedIn, accountId, true);
    this.pages.redirect(reply, '/console/accounts');
  }

  @FormPost('accounts/:accountId/unsuspend')
  @ConsoleRoute({ role: 'operator' })
  async unsuspend(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.setSuspended(signedIn, accountId, false);
    this.pages.redirect(reply, '/console/accounts');
  }

  @Get('accounts/:accountId')
  async overview(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const [pool, keys] = await Promise.all([this.credits.pool(account.id), this.keys.list(account.id)]);
    this.pages.page(reply, 'account', await this.access.frame(signedIn, account.name, account.id), {
      account: { id: account.id, name: account.name, createdAt: account.createdAt, suspendedAt: account.suspendedAt },
      pool,
      activeKeys: keys.filter((key) => key.revokedAt === null).length,
      sections: ACCOUNT_SECTIONS,
    });
  }

  private async setSuspended(signedIn: SignedIn, accountId: string, suspended: boolean): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const changed = suspended ? await this.accounts.suspend(account.id) : await this.accounts.unsuspend(account.id);
    if (changed) {
      await this.audit.record({
        actor: signedIn.user.id,
        action: suspended ? 'account.suspend' : 'account.unsuspend',
        accountId: account.id,
      });
    }
  }

  private async showList(
    signedIn: SignedIn,
    reply: FastifyReply,
    status: number,
    form: { error?: string; name?: string } = {},
  ): Promise<void> {
    const accounts = await this.access.accountsOf(signedIn);
    this.pages.page(
      reply,
      'accounts',
      await this.access.frame(signedIn, 'Accounts'),
      {
        accounts: accounts.map((account) => ({
          id: account.id,
          name: account.name,
          createdAt: account.createdAt,
          suspended: account.suspendedAt !== null,
        })),
        isOperator: signedIn.user.role === 'operator',
        error: form.error,
        name: form.name ?? '',
      },
      status,
    );
  }
}
