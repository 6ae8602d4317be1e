import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity, ApiKeyScope } from './entities/api-key.entity';

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

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  async insert(key: NewApiKey): Promise<ApiKeyEntity> {
    return this.keys.save(this.keys.create({ ...key, lastUsedAt: null, revokedAt: null }));
  }

  findById(id: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOne({ where: { id } });
  }

  listByAccount(accountId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** Revocation is permanent: a revoked key is never un-revoked. Returns false when already revoked or unknown. */
  async revoke(id: string): Promise<boolean> {
    const result = await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
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
