import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService, CreatedKey, KeySummary } from '../auth/api-keys.service';
import { CreditsService } from '../credits/credits.service';
import { LedgerMovement } from '../credits/credits.repository';
import { SigningSecretsService, SigningSecretSummary, CreatedSigningSecret } from '../webhooks/signing-secrets.service';

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
  ) {}

  async createAccount(name: string, initialCredits: number): Promise<{ accountId: string; webhookSecret: string }> {
    const account = await this.accounts.create(requireText(name, '--name', 200));
    if (initialCredits > 0) await this.credits.grant(account.id, initialCredits, 'initial credits');
    const secret = await this.secrets.create(account.id);
    return { accountId: account.id, webhookSecret: secret.webhookSecret };
  }

  async createKey(options: {
    accountId: string;
    name: string;
    dailyLimit?: number;
    minIntervalSeconds?: number;
  }): Promise<CreatedKey> {
    const accountId = await this.existingAccount(options.accountId);
    return this.keys.create({
      accountId,
      name: requireText(options.name, '--name', 200),
      dailyLimit: options.dailyLimit ?? null,
      minIntervalSeconds: options.minIntervalSeconds ?? null,
    });
  }

  async revokeKey(keyId: string): Promise<{ keyId: string; revoked: boolean }> {
    return { keyId, revoked: await this.keys.revoke(keyId) };
  }

  async listKeys(accountId: string): Promise<KeySummary[]> {
    return this.keys.list(await this.existingAccount(accountId));
  }

  async grantCredits(accountId: string, amount: number): Promise<{ balance: number }> {
    return { balance: await this.credits.grant(await this.existingAccount(accountId), amount, 'granted by operator') };
  }

  async balance(accountId: string): Promise<{ balance: number }> {
    const balance = await this.credits.balance(await this.existingAccount(accountId));
    return { balance: balance ?? 0 };
  }

  async ledger(accountId: string): Promise<LedgerMovement[]> {
    return this.credits.ledger(await this.existingAccount(accountId));
  }

  async createSecret(accountId: string, options: { staged?: boolean } = {}): Promise<CreatedSigningSecret> {
    return this.secrets.create(await this.existingAccount(accountId), options);
  }

  /** Step 2 of a staged rotation: the staged secret signs from now on (its `v1` last). */
  async promoteSecret(secretId: string): Promise<{ secretId: string; promoted: boolean }> {
    return { secretId, promoted: await this.secrets.promote(secretIdOf(secretId)) };
  }

  async revokeSecret(secretId: string): Promise<{ secretId: string; revoked: boolean }> {
    return { secretId, revoked: await this.secrets.revoke(secretIdOf(secretId)) };
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
