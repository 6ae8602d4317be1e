import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
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

  /**
   * Which of these keys may not be used, and why, read inside the caller's
   * transaction and held against a concurrent revocation until it ends (FOR
   * SHARE): a request admitted with a key is ordered before that key's
   * revocation. A key of a suspended account is refused too (the guard may
   * have read it from memory before the suspension). Keys not in the answer
   * are usable.
   */
  async lockRefusals(manager: EntityManager, ids: readonly string[]): Promise<Map<string, KeyRefusal>> {
    const unique = [...new Set(ids)];
    const rows: Array<{ id: string; suspended: boolean }> = await manager.query(
      `SELECT k.id, a.suspended_at IS NOT NULL AS suspended FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.id = ANY($1::varchar[]) AND k.revoked_at IS NULL
        ORDER BY k.id FOR SHARE OF k`,
      [unique],
    );
    const unrevoked = new Map(rows.map((row) => [row.id, row.suspended]));
    const refusals = new Map<string, KeyRefusal>();
    for (const id of unique) {
      const suspended = unrevoked.get(id);
      if (suspended === undefined) refusals.set(id, 'key_revoked');
      else if (suspended) refusals.set(id, 'account_suspended');
    }
    return refusals;
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
