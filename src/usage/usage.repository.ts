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
}
