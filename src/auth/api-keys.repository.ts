import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity, ApiKeyScope } from './entities/api-key.entity';

/** Why a key the guard let through is refused when its request is admitted. */
export type KeyRefusal = 'key_revoked' | 'account_suspended';

export interface NewApiKey {
  id: string;
  accountId: string;
  name: string;
  secretHash: Buffer;
  preview: string;
  scopes: ApiKeyScope[];
  dailyLimit: number | null;
  minIntervalSeconds: number | null;
}

export type KeyForVerification = Pick<
  ApiKeyEntity,
  'id' | 'accountId' | 'secretHash' | 'scopes' | 'dailyLimit' | 'minIntervalSeconds' | 'lastUsedAt' | 'revokedAt'
> & {
  /** When the key's account was suspended (web console), read in the same statement as the key. */
  accountSuspendedAt: Date | null;
};

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  async insert(key: NewApiKey): Promise<ApiKeyEntity> {
    return this.keys.save(this.keys.create({ ...key, lastUsedAt: null, revokedAt: null }));
  }

  /**
   * The columns verification needs, as one prepared statement without entity
   * hydration: every authenticated request asks this, and TypeORM's find
   * path costs more than the lookup itself. The account's suspension rides
   * along (a primary-key join), so refusing a suspended account costs no query.
   */
  async findForVerification(id: string): Promise<KeyForVerification | null> {
    const rows: Array<Record<string, unknown>> = await this.keys.query(
      `SELECT k.id, k.account_id, k.secret_hash, k.scopes, k.daily_limit, k.min_interval_seconds, k.last_used_at,
              k.revoked_at, a.suspended_at AS account_suspended_at
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      accountId: row.account_id as string,
      secretHash: row.secret_hash as Buffer,
      scopes: row.scopes as ApiKeyScope[],
      dailyLimit: row.daily_limit as number | null,
      minIntervalSeconds: row.min_interval_seconds as number | null,
      lastUsedAt: row.last_used_at as Date | null,
      revokedAt: row.revoked_at as Date | null,
      accountSuspendedAt: row.account_suspended_at as Date | null,
    };
  }

  listByAccount(accountId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** Revocation is permanent: a revoked key is never un-revoked. Returns false when already revoked or unknown. */
  async revoke(id: string): Promise<boolean> {
    const result = await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }

  /** New per-key limits (null: the deployment default); false when the key is not the account's or is revoked. */
  async setLimits(
    id: string,
    accountId: string,
    limits: { dailyLimit: number | null; minIntervalSeconds: number | null },
  ): Promise<boolean> {
    const result = await this.keys.update({ id, accountId, revokedAt: IsNull() }, limits);
    return (result.affected ?? 0) > 0;
  }

  /** At most one write a minute per key, however busy the key is. */
  async touchLastUsed(id: string): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'now()' })
      .where('id = :id', { id })
      .andWhere("(last_used_at IS NULL OR last_used_at < now() - interval '1 minute')")
      .execute();
  }
}
