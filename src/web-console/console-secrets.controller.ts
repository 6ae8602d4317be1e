import { Body, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AccountEntity } from '../accounts/entities/account.entity';
import { SigningSecretsService, type SigningSecretSummary } from '../webhooks/signing-secrets.service';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { formField, FormPost } from './console-form';
import { isUuid } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { consoleNotFound } from './web-console.exceptions';

/**
 * An account's webhook signing secrets and their staged rotation: create
 * (staged, or signing at once for the first one; the `whsec_` shown once in
 * the answer), promote a staged secret, retire one with confirmation.
 */
@ConsoleController('console/accounts/:accountId/secrets')
export class ConsoleSecretsController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly secrets: SigningSecretsService,
    private readonly audit: AuditLogService,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    await this.show(signedIn, account, reply);
  }

  @FormPost('')
  async create(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const staged = formField(body, 'staged') !== '';
    const created = await this.secrets.create(account.id, { staged });
    await this.audit.record({
      actor: signedIn.user.id,
      action: 'secret.create',
      accountId: account.id,
      target: created.secretId,
      details: { state: created.state },
    });
    // The one time the secret is shown: in this answer, never in a URL, a cookie or the session.
    await this.show(signedIn, account, reply, {
      secretId: created.secretId,
      value: created.webhookSecret,
      state: created.state,
    });
  }

  @FormPost(':secretId/promote')
  async promote(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('secretId') secretId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const secret = await this.secretOf(account, secretId);
    if (await this.secrets.promote(secret.secretId)) {
      await this.audit.record({
        actor: signedIn.user.id,
        action: 'secret.promote',
        accountId: account.id,
        target: secret.secretId,
      });
    }
    this.pages.redirect(reply, `/console/accounts/${account.id}/secrets`);
  }

  @Get(':secretId/retire')
  async confirmRetire(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('secretId') secretId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const secret = await this.secretOf(account, secretId);
    const signing = (await this.secrets.list(account.id)).filter((candidate) => candidate.state === 'signing');
    this.pages.page(reply, 'secret-retire', await this.access.frame(signedIn, 'Retire a secret', account.id), {
      account: { id: account.id, name: account.name },
      secret,
      lastSigning: secret.state === 'signing' && signing.length === 1,
    });
  }

  @FormPost(':secretId/retire')
  async retire(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('secretId') secretId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const secret = await this.secretOf(account, secretId);
    if (await this.secrets.revoke(secret.secretId)) {
      // The same action the operator CLI records for `secret:revoke`: retiring is revoking.
      await this.audit.record({
        actor: signedIn.user.id,
        action: 'secret.revoke',
        accountId: account.id,
        target: secret.secretId,
        details: { was: secret.state },
      });
    }
    this.pages.redirect(reply, `/console/accounts/${account.id}/secrets`);
  }

  /** A secret of this account: another account's secret is as unknown as one that does not exist. */
  private async secretOf(account: AccountEntity, secretId: string): Promise<SigningSecretSummary> {
    const secret = isUuid(secretId)
      ? (await this.secrets.list(account.id)).find((candidate) => candidate.secretId === secretId)
      : undefined;
    if (!secret) throw consoleNotFound('There is no such signing secret in this account.');
    return secret;
  }

  private async show(
    signedIn: SignedIn,
    account: AccountEntity,
    reply: FastifyReply,
    newSecret?: { secretId: string; value: string; state: string },
  ): Promise<void> {
    const secrets = await this.secrets.list(account.id);
    this.pages.page(
      reply,
      'secrets',
      await this.access.frame(signedIn, `Signing secrets · ${account.name}`, account.id),
      {
        account: { id: account.id, name: account.name },
        secrets: [...secrets].reverse(),
        hasSigning: secrets.some((secret) => secret.state === 'signing'),
        hasStaged: secrets.some((secret) => secret.state === 'staged'),
        newSecret,
        copyScript: this.pages.assetUrl('copy-value.js'),
      },
    );
  }
}
