import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

export interface KeyTotals {
  totalRequests: number;
  totalCreditsUsed: number;
}

/**
 * The per-key totals behind GET /usage. Writers call these inside the
 * transaction that creates or settles a job, so the totals can never drift
 * from the jobs they count.
 */
@Injectable()
export class UsageCountersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async recordCredits(manager: EntityManager, apiKeyId: string, credits: number): Promise<void> {
    if (credits === 0) return;
    await manager.query(`UPDATE api_key_usage SET total_credits_used = total_credits_used + $2 WHERE api_key_id = $1`, [
      apiKeyId,
      credits,
    ]);
  }

  async totals(apiKeyId: string): Promise<KeyTotals> {
    const rows: Array<{ total_requests: string; total_credits_used: string }> = await this.dataSource.query(
      `SELECT total_requests, total_credits_used FROM api_key_usage WHERE api_key_id = $1`,
      [apiKeyId],
    );
    return {
      totalRequests: Number(rows[0]?.total_requests ?? 0),
      totalCreditsUsed: Number(rows[0]?.total_credits_used ?? 0),
    };
  }
}
