import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { JobStatus } from '../jobs/entities/book-job.entity';

export interface RecentRequest {
  requestId: string;
  status: JobStatus;
  createdAt: Date;
  completedAt: Date | null;
  creditsUsed: number;
}

/** One key's books on one UTC day. */
export interface DailyKeyUsage {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  apiKeyId: string;
  /** Books requested that day (every job admitted, whatever became of it). */
  books: number;
  /** Credits charged for those of them that completed (failed and unfinished jobs cost nothing). */
  creditsUsed: number;
}

@Injectable()
export class UsageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Served by idx_book_jobs_key_recent: a backward index scan that stops after `limit` rows. */
  async recent(apiKeyId: string, limit: number): Promise<RecentRequest[]> {
    const rows: Array<{
      id: string;
      status: JobStatus;
      created_at: Date;
      completed_at: Date | null;
      credits_used: number;
    }> = await this.dataSource.query(
      `SELECT id, status, created_at, completed_at, credits_used FROM book_jobs
          WHERE api_key_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [apiKeyId, limit],
    );
    return rows.map((row) => ({
      requestId: row.id,
      status: row.status,
      createdAt: row.created_at,
      completedAt: row.completed_at,
      creditsUsed: row.credits_used,
    }));
  }

  /**
   * Books and credits per UTC day per key of the account, over the last `days`
   * days (today included), oldest first; days without books are absent.
   * Credits count as GET /usage counts them: only completed jobs cost.
   */
  async dailyByKey(accountId: string, days: number): Promise<DailyKeyUsage[]> {
    const rows: Array<{ day: string; api_key_id: string; books: string; credits_used: string }> =
      await this.dataSource.query(
        `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, api_key_id,
                count(*) AS books,
                COALESCE(SUM(credits_used) FILTER (WHERE status = 'completed'), 0) AS credits_used
           FROM book_jobs
          WHERE account_id = $1
            AND created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $2::int - 1)) AT TIME ZONE 'UTC'
          GROUP BY 1, 2
          ORDER BY 1, 2`,
        [accountId, days],
      );
    return rows.map((row) => ({
      day: row.day,
      apiKeyId: row.api_key_id,
      books: Number(row.books),
      creditsUsed: Number(row.credits_used),
    }));
  }
}
