import { Body, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AccountEntity } from '../accounts/entities/account.entity';
import { ApiKeysService, type KeyLimits, type KeySummary } from '../auth/api-keys.service';
import { AppConfig } from '../config/app-config';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { formField, FormPost } from './console-form';
import { MAX_INTEGER, optionalWholeNumber } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { consoleNotFound } from './web-console.exceptions';

const KEY_NAME_MAX_LENGTH = 200;

/** What the create form or a limits form sent back, to show again beside its error. */
interface KeyForm {
  error?: string;
  name?: string;
  dailyLimit?: string;
  minIntervalSeconds?: string;
}

/**
 * An account's API keys: list, create (the full key shown once, in the answer
 * to the form and nowhere else), per-key rate limits, revoke with confirmation.
 */
@ConsoleController('console/accounts/:accountId/keys')
export class ConsoleKeysController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly keys: ApiKeysService,
    private readonly audit: AuditLogService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    await this.show(signedIn, account, reply, 200);
  }

  @FormPost('')
  async create(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const form: KeyForm = {
      name: formField(body, 'name').trim(),
      dailyLimit: formField(body, 'daily_limit'),
      minIntervalSeconds: formField(body, 'min_interval_seconds'),
    };
    if (!form.name || form.name.length > KEY_NAME_MAX_LENGTH) {
      await this.show(signedIn, account, reply, 400, {
        ...form,
        error: `Give the key a name of 1 to ${KEY_NAME_MAX_LENGTH} characters.`,
      });
      return;
    }
    const limits = readLimits(body);
    if ('error' in limits) {
      await this.show(signedIn, account, reply, 400, { ...form, error: limits.error });
      return;
    }
    const created = await this.keys.create({ accountId: account.id, name: form.name, ...limits });
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'key.create',
      accountId: account.id,
      target: created.keyId,
      details: { name: form.name, ...limits },
    });
    // The one time the full key is shown: in this answer, never in a URL, a cookie or the session.
    await this.show(signedIn, account, reply, 200, {}, { keyId: created.keyId, value: created.apiKey });
  }

  @FormPost(':keyId/limits')
  async setLimits(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('keyId') keyId: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const limits = readLimits(body);
    if ('error' in limits) {
      await this.show(signedIn, account, reply, 400, { error: limits.error });
      return;
    }
    if (!(await this.keys.setLimits(keyId, account.id, limits))) {
      throw consoleNotFound('There is no such active key in this account.');
    }
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'key.set_limits',
      accountId: account.id,
      target: keyId,
      details: { ...limits },
    });
    this.pages.redirect(reply, `/console/accounts/${account.id}/keys`);
  }

  @Get(':keyId/revoke')
  async confirmRevoke(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('keyId') keyId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const key = await this.keyOf(account, keyId);
    this.pages.page(reply, 'key-revoke', await this.access.frame(signedIn, `Revoke ${key.name}`, account.id), {
      account: { id: account.id, name: account.name },
      key,
    });
  }

  @FormPost(':keyId/revoke')
  async revoke(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('keyId') keyId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const key = await this.keyOf(account, keyId);
    if (await this.keys.revoke(key.keyId)) {
      await this.audit.record({
        actor: signedIn.user.id,
        action: 'key.revoke',
        accountId: account.id,
        target: key.keyId,
        details: { name: key.name },
      });
    }
    this.pages.redirect(reply, `/console/accounts/${account.id}/keys`);
  }

  /** A key of this account: another account's key is as unknown as one that does not exist. */
  private async keyOf(account: AccountEntity, keyId: string): Promise<KeySummary> {
    const key = (await this.keys.list(account.id)).find((candidate) => candidate.keyId === keyId);
    if (!key) throw consoleNotFound('There is no such key in this account.');
    return key;
  }

  private async show(
    signedIn: SignedIn,
    account: AccountEntity,
    reply: FastifyReply,
    status: number,
    form: KeyForm = {},
    newKey?: { keyId: string; value: string },
  ): Promise<void> {
    const keys = await this.keys.list(account.id);
    this.pages.page(
      reply,
      'keys',
      await this.access.frame(signedIn, `API keys · ${account.name}`, account.id),
      {
        account: { id: account.id, name: account.name },
        keys: [...keys].reverse(),
        form,
        newKey,
        defaults: {
          dailyLimit: this.config.RATE_LIMIT_DAILY,
          minIntervalSeconds: this.config.RATE_LIMIT_MIN_INTERVAL_SECONDS,
        },
        copyScript: this.pages.assetUrl('copy-value.js'),
      },
      status,
    );
  }
}

/** The limits of a create or limits form; empty fields mean the deployment's defaults. */
function readLimits(body: unknown): KeyLimits | { error: string } {
  const daily = optionalWholeNumber(formField(body, 'daily_limit'), 'The daily limit', { min: 1, max: MAX_INTEGER });
  if ('error' in daily) return daily;
  const interval = optionalWholeNumber(formField(body, 'min_interval_seconds'), 'The minimum interval', {
    min: 0,
    max: MAX_INTEGER,
  });
  if ('error' in interval) return interval;
  return { dailyLimit: daily.value, minIntervalSeconds: interval.value };
}
