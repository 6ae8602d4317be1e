import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { WriteStatement } from '../database/combined-writes';

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

  /**
   * Counts one request per entry (a key may appear several times): a write
   * for the caller to run in its transaction with its own (see runCombinedWrites).
   */
  requestCounts(apiKeyIds: readonly string[]): WriteStatement {
    const counts = new Map<string, number>();
    for (const id of apiKeyIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    // Sorted, so concurrent transactions take the rows in one order and never deadlock.
    const keys = [...counts.keys()].sort();
    return {
      sql: `INSERT INTO api_key_usage (api_key_id, total_requests, total_credits_used)
            SELECT api_key_id, requests, 0 FROM unnest($1::varchar[], $2::bigint[]) AS u(api_key_id, requests)
            ON CONFLICT (api_key_id) DO UPDATE SET total_requests = api_key_usage.total_requests + EXCLUDED.total_requests`,
      params: [keys, keys.map((id) => counts.get(id))],
    };
  }

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
