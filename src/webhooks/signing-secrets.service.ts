import { Injectable } from '@nestjs/common';
import { randomBase62 } from '../auth/api-key-format';
import { AppConfig } from '../config/app-config';
import type { SigningSecretEntity } from './entities/signing-secret.entity';
import { SecretCipher } from './secret-cipher';
import { SigningSecretsRepository } from './signing-secrets.repository';

export const SIGNING_SECRET_PREFIX = 'whsec_';

export interface CreatedSigningSecret {
  secretId: string;
  webhookSecret: string;
  state: SigningSecretState;
}

/** `staged`: created, not signing yet; `signing`: its `v1` is in every delivery; `retired`: revoked for good. */
export type SigningSecretState = 'staged' | 'signing' | 'retired';

export interface SigningSecretSummary {
  secretId: string;
  preview: string;
  state: SigningSecretState;
  createdAt: string;
  activatedAt: string | null;
  revokedAt: string | null;
}

/**
 * Webhook signing secrets: created in the console, shown once, stored
 * encrypted. Rotation is staged (DESIGN.md, Webhooks): create a staged
 * secret, promote it (it signs from then on, its `v1` last), retire the old.
 */
@Injectable()
export class SigningSecretsService {
  private readonly cipher: SecretCipher;

  constructor(
    private readonly secrets: SigningSecretsRepository,
    config: AppConfig,
  ) {
    this.cipher = new SecretCipher(config.SECRETS_ENCRYPTION_KEY);
  }

  async create(accountId: string, { staged = false }: { staged?: boolean } = {}): Promise<CreatedSigningSecret> {
    const webhookSecret = `${SIGNING_SECRET_PREFIX}${randomBase62(40)}`;
    const preview = `${webhookSecret.slice(0, SIGNING_SECRET_PREFIX.length + 4)}...${webhookSecret.slice(-4)}`;
    const row = await this.secrets.insert(accountId, this.cipher.encrypt(webhookSecret), preview, { staged });
    return { secretId: row.id, webhookSecret, state: stateOf(row) };
  }

  /** A staged secret starts signing; false when the id is not a staged secret. */
  promote(secretId: string): Promise<boolean> {
    return this.secrets.promote(secretId);
  }

  /** Retires a secret (staged or signing): immediate and permanent. */
  revoke(secretId: string): Promise<boolean> {
    return this.secrets.revoke(secretId);
  }

  async find(secretId: string): Promise<SigningSecretSummary | null> {
    const row = await this.secrets.findById(secretId);
    return row ? toSummary(row) : null;
  }

  async list(accountId: string): Promise<SigningSecretSummary[]> {
    return (await this.secrets.listByAccount(accountId)).map(toSummary);
  }

  /** Plaintext secrets that sign, the most recently promoted last: the order of the `v1` values. */
  async signingSecrets(accountId: string): Promise<string[]> {
    const rows = await this.secrets.listSigning(accountId);
    return rows.map((row) => this.cipher.decrypt(row.encryptedSecret));
  }
}

function stateOf(row: SigningSecretEntity): SigningSecretState {
  if (row.revokedAt) return 'retired';
  return row.activatedAt ? 'signing' : 'staged';
}

function toSummary(row: SigningSecretEntity): SigningSecretSummary {
  return {
    secretId: row.id,
    preview: row.preview,
    state: stateOf(row),
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
