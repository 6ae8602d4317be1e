import { Injectable } from '@nestjs/common';
import { randomBase62 } from '../auth/api-key-format';
import { AppConfig } from '../config/app-config';
import { SecretCipher } from './secret-cipher';
import { SigningSecretsRepository } from './signing-secrets.repository';

export const SIGNING_SECRET_PREFIX = 'whsec_';

export interface CreatedSigningSecret {
  secretId: string;
  webhookSecret: string;
}

export interface SigningSecretSummary {
  secretId: string;
  preview: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Webhook signing secrets: created in the console, shown once, stored encrypted. */
@Injectable()
export class SigningSecretsService {
  private readonly cipher: SecretCipher;

  constructor(
    private readonly secrets: SigningSecretsRepository,
    config: AppConfig,
  ) {
    this.cipher = new SecretCipher(config.SECRETS_ENCRYPTION_KEY);
  }

  async create(accountId: string): Promise<CreatedSigningSecret> {
    const webhookSecret = `${SIGNING_SECRET_PREFIX}${randomBase62(40)}`;
    const preview = `${webhookSecret.slice(0, SIGNING_SECRET_PREFIX.length + 4)}...${webhookSecret.slice(-4)}`;
    const row = await this.secrets.insert(accountId, this.cipher.encrypt(webhookSecret), preview);
    return { secretId: row.id, webhookSecret };
  }

  revoke(secretId: string): Promise<boolean> {
    return this.secrets.revoke(secretId);
  }

  async list(accountId: string): Promise<SigningSecretSummary[]> {
    const rows = await this.secrets.listByAccount(accountId);
    return rows.map((row) => ({
      secretId: row.id,
      preview: row.preview,
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    }));
  }

  /** Plaintext active secrets, newest first, for signing a delivery. */
  async activeSecrets(accountId: string): Promise<string[]> {
    const rows = await this.secrets.listActive(accountId);
    return rows.map((row) => this.cipher.decrypt(row.encryptedSecret));
  }
}
