import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from '../../auth/entities/api-key.entity';

const bigintAsNumber = { to: (value: number) => value, from: (value: string) => Number(value) };

/**
 * Running totals per key, moved in the same transactions as the jobs they
 * count, so GET /usage costs the same after ten requests or ten million.
 */
@Entity({ name: 'api_key_usage' })
export class ApiKeyUsageEntity {
  @PrimaryColumn({ name: 'api_key_id', type: 'varchar', length: 32, primaryKeyConstraintName: 'pk_api_key_usage' })
  @ForeignKey(() => ApiKeyEntity, { name: 'fk_api_key_usage_api_key' })
  apiKeyId!: string;

  @Column({ name: 'total_requests', type: 'bigint', default: 0, transformer: bigintAsNumber })
  totalRequests!: number;

  @Column({ name: 'total_credits_used', type: 'bigint', default: 0, transformer: bigintAsNumber })
  totalCreditsUsed!: number;
}
