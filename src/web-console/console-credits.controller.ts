import { Body, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AccountEntity } from '../accounts/entities/account.entity';
import { ApiKeysService } from '../auth/api-keys.service';
import { CreditsService } from '../credits/credits.service';
import { UsageRepository } from '../usage/usage.repository';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { formField, FormPost } from './console-form';
import { optionalWholeNumber, pageNumber, pageWindow } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, ConsoleRoute, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';

const LEDGER_PAGE_SIZE = 25;
/** The usage chart's span, today included. */
const USAGE_DAYS = 30;
const NOTE_MAX_LENGTH = 500;
/** One grant at most; larger amounts are several grants, each in the audit log. */
const GRANT_MAX = 1_000_000_000;

/** An account's credits: balance, reserved and available, the ledger, usage per day per key; operators grant. */
@ConsoleController('console/accounts/:accountId/credits')
export class ConsoleCreditsController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly credits: CreditsService,
    private readonly usage: UsageRepository,
    private readonly keys: ApiKeysService,
    private readonly audit: AuditLogService,
  ) {}

  @Get()
  async show(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Query('page') page: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    await this.render(signedIn, account, reply, pageNumber(page), 200);
  }

  @FormPost('grant')
  @ConsoleRoute({ role: 'operator' })
  async grant(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const grant = readGrant(body);
    if ('error' in grant) {
      await this.render(signedIn, account, reply, 1, 400, {
        error: grant.error,
        amount: formField(body, 'amount'),
        note: formField(body, 'note'),
      });
      return;
    }
    const { amount, note } = grant;
    const balance = await this.credits.grant(account.id, amount, note ?? 'granted in the web console');
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'credits.grant',
      accountId: account.id,
      details: { amount, note, balanceAfter: balance },
    });
    this.pages.redirect(reply, `/console/accounts/${account.id}/credits`);
  }

  private async render(
    signedIn: SignedIn,
    account: AccountEntity,
    reply: FastifyReply,
    page: number,
    status: number,
    grantForm: { error: string; amount: string; note: string } | undefined = undefined,
  ): Promise<void> {
    const [pool, ledger, usage, keys] = await Promise.all([
      this.credits.pool(account.id),
      this.credits.ledgerPage(account.id, pageWindow(page, LEDGER_PAGE_SIZE)),
      this.usage.dailyByKey(account.id, USAGE_DAYS),
      this.keys.list(account.id),
    ]);
    const keyNames = new Map(keys.map((key) => [key.keyId, key.name]));
    this.pages.page(
      reply,
      'credits',
      await this.access.frame(signedIn, `Credits · ${account.name}`, account.id),
      {
        account: { id: account.id, name: account.name },
        pool,
        ledger: ledger.movements,
        page,
        hasNext: ledger.hasMore,
        usage: usage.map((row) => ({ ...row, keyName: keyNames.get(row.apiKeyId) ?? row.apiKeyId })),
        usageDays: USAGE_DAYS,
        ...usageWindow(new Date(), USAGE_DAYS),
        isOperator: signedIn.user.role === 'operator',
        grantForm,
        chart: {
          script: this.pages.assetUrl('usage-chart.js'),
          uplot: this.pages.assetUrl('uPlot.iife.min.js'),
          css: this.pages.assetUrl('uPlot.min.css'),
        },
      },
      status,
    );
  }
}

/** The grant form: a whole number of credits and an optional note. */
function readGrant(body: unknown): { amount: number; note: string | null } | { error: string } {
  const amount = optionalWholeNumber(formField(body, 'amount'), 'The amount', { min: 1, max: GRANT_MAX });
  if ('error' in amount) return amount;
  if (amount.value === null) return { error: 'Give the number of credits to grant.' };
  const note = formField(body, 'note').trim();
  if (note.length > NOTE_MAX_LENGTH) return { error: `The note may have at most ${NOTE_MAX_LENGTH} characters.` };
  return { amount: amount.value, note: note || null };
}

/** The chart's days, as the usage query counts them: UTC days, today and the `days - 1` before it. */
export function usageWindow(now: Date, days: number): { usageFrom: string; usageTo: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { usageFrom: day(today - (days - 1) * 86_400_000), usageTo: day(today) };
}
