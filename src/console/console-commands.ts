import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService, CreatedKey, KeySummary } from '../auth/api-keys.service';
import { CreditsService } from '../credits/credits.service';
import { LedgerMovement } from '../credits/credits.repository';
import { SigningSecretsService, SigningSecretSummary, CreatedSigningSecret } from '../webhooks/signing-secrets.service';
import { AuditLogService, CLI_ACTOR, type AuditEntry } from '../web-console/audit-log.service';
import { ConsoleUserError, ConsoleUsersService, type ConsoleUserSummary } from '../web-console/console-users.service';

export class ConsoleError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The operator actions behind `npm run cli`; each returns what the command prints. */
@Injectable()
export class ConsoleCommands {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
    private readonly credits: CreditsService,
    private readonly secrets: SigningSecretsService,
    private readonly consoleUsers: ConsoleUsersService,
    private readonly audit: AuditLogService,
  ) {}

  async createAccount(name: string, initialCredits: number): Promise<{ accountId: string; webhookSecret: string }> {
    const account = await this.accounts.create(requireText(name, '--name', 200));
    if (initialCredits > 0) await this.credits.grant(account.id, initialCredits, 'initial credits');
    const secret = await this.secrets.create(account.id);
    await this.record({
      action: 'account.create',
      accountId: account.id,
      details: { name: account.name, initialCredits },
    });
    return { accountId: account.id, webhookSecret: secret.webhookSecret };
  }

  async createKey(options: {
    accountId: string;
    name: string;
    dailyLimit?: number;
    minIntervalSeconds?: number;
  }): Promise<CreatedKey> {
    const accountId = await this.existingAccount(options.accountId);
    const created = await this.keys.create({
      accountId,
      name: requireText(options.name, '--name', 200),
      dailyLimit: options.dailyLimit ?? null,
      minIntervalSeconds: options.minIntervalSeconds ?? null,
    });
    await this.record({ action: 'key.create', accountId, target: created.keyId });
    return created;
  }

  async revokeKey(keyId: string): Promise<{ keyId: string; revoked: boolean }> {
    const revoked = await this.keys.revoke(keyId);
    if (revoked) await this.record({ action: 'key.revoke', target: keyId });
    return { keyId, revoked };
  }

  async listKeys(accountId: string): Promise<KeySummary[]> {
    return this.keys.list(await this.existingAccount(accountId));
  }

  async grantCredits(accountId: string, amount: number): Promise<{ balance: number }> {
    const balance = await this.credits.grant(await this.existingAccount(accountId), amount, 'granted by operator');
    await this.record({ action: 'credits.grant', accountId, details: { amount } });
    return { balance };
  }

  async balance(accountId: string): Promise<{ balance: number }> {
    const balance = await this.credits.balance(await this.existingAccount(accountId));
    return { balance: balance ?? 0 };
  }

  async ledger(accountId: string): Promise<LedgerMovement[]> {
    return this.credits.ledger(await this.existingAccount(accountId));
  }

  async createSecret(accountId: string, options: { staged?: boolean } = {}): Promise<CreatedSigningSecret> {
    const created = await this.secrets.create(await this.existingAccount(accountId), options);
    await this.record({
      action: 'secret.create',
      accountId,
      target: created.secretId,
      details: { state: created.state },
    });
    return created;
  }

  /** Step 2 of a staged rotation: the staged secret signs from now on (its `v1` last). */
  async promoteSecret(secretId: string): Promise<{ secretId: string; promoted: boolean }> {
    const promoted = await this.secrets.promote(secretIdOf(secretId));
    if (promoted) await this.record({ action: 'secret.promote', target: secretId });
    return { secretId, promoted };
  }

  async revokeSecret(secretId: string): Promise<{ secretId: string; revoked: boolean }> {
    const revoked = await this.secrets.revoke(secretIdOf(secretId));
    if (revoked) await this.record({ action: 'secret.revoke', target: secretId });
    return { secretId, revoked };
  }

  /** A web-console user; the password comes from standard input or a prompt, never from the command line. */
  async createConsoleUser(options: {
    email: string;
    password: string;
    role: string;
    accountIds: string[];
  }): Promise<ConsoleUserSummary> {
    const user = await this.consoleUserAction(() => this.consoleUsers.create(options));
    await this.record({
      action: 'console_user.create',
      target: user.email,
      details: { role: user.role, accountIds: options.accountIds },
    });
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      accountIds: [...new Set(options.accountIds)],
      createdAt: user.createdAt.toISOString(),
      disabledAt: null,
    };
  }

  async addConsoleMember(
    email: string,
    accountId: string,
  ): Promise<{ email: string; accountId: string; added: boolean }> {
    const { user, added } = await this.consoleUserAction(() => this.consoleUsers.addMember(email, accountId));
    if (added) await this.record({ action: 'console_user.add_member', accountId, target: user.email });
    return { email: user.email, accountId, added };
  }

  listConsoleUsers(): Promise<ConsoleUserSummary[]> {
    return this.consoleUsers.list();
  }

  private async consoleUserAction<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      throw error instanceof ConsoleUserError ? new ConsoleError(error.message) : error;
    }
  }

  private record(entry: Omit<AuditEntry, 'actor'>): Promise<void> {
    return this.audit.record({ actor: CLI_ACTOR, ...entry });
  }

  async listSecrets(accountId: string): Promise<SigningSecretSummary[]> {
    return this.secrets.list(await this.existingAccount(accountId));
  }

  private async existingAccount(accountId: string): Promise<string> {
    if (!UUID.test(accountId))
      throw new ConsoleError(`--account must be an account id (a UUID), got ${JSON.stringify(accountId)}`);
    try {
      await this.accounts.get(accountId);
    } catch {
      throw new ConsoleError(`No account with id ${accountId}`);
    }
    return accountId;
  }
}

function requireText(value: string, flag: string, maxLength: number): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ConsoleError(`${flag} must not be empty`);
  if (trimmed.length > maxLength) throw new ConsoleError(`${flag} must be at most ${maxLength} characters`);
  return trimmed;
}

function secretIdOf(secretId: string): string {
  if (!UUID.test(secretId)) {
    throw new ConsoleError(`--secret must be a secret id (a UUID), got ${JSON.stringify(secretId)}`);
  }
  return secretId;
}
