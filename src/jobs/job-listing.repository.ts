import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BookJobEntity, JOB_STATUSES, JobStatus } from './entities/book-job.entity';
import type { JobStatusRow } from './jobs.repository';

/** One page of an owner's jobs, newest first. */
export interface JobListingQuery {
  accountId: string;
  /** Only this key's jobs; every key's jobs of the account when absent. */
  apiKeyId?: string;
  status?: JobStatus;
  /** ISO 8601 date-times, exclusive bounds; passed to PostgreSQL as written, so no precision is lost. */
  createdAfter?: string;
  createdBefore?: string;
  /** The id of the last job of the previous page. */
  startingAfter?: string;
  limit: number;
}

export type JobListingPage = { kind: 'page'; jobs: JobStatusRow[]; hasMore: boolean } | { kind: 'unknown_cursor' };

/**
 * Every field of a status answer. Typed against JobStatusRow, so a field added
 * there fails to compile here until the listing selects it too.
 */
const STATUS_ROW_FIELDS: Record<keyof JobStatusRow, true> = {
  id: true,
  status: true,
  progress: true,
  messages: true,
  error: true,
  creditsUsed: true,
  createdAt: true,
  completedAt: true,
  fileDeletedAt: true,
};

/**
 * Pages of jobs for GET /v1/books. Each status is read from its own range of
 * idx_book_jobs_key_status_recent or idx_book_jobs_account_status_recent
 * (owner, status, created_at, id), at most limit + 1 rows per status, and the
 * ranges are merged: a page costs the same after ten jobs or a million, and a
 * rare status is found without walking past the common ones.
 */
@Injectable()
export class JobListingRepository {
  /** `"created_at" AS "createdAt", ...`: rows come back as JobStatusRow. */
  private readonly selectList: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const metadata = dataSource.getMetadata(BookJobEntity);
    this.selectList = Object.keys(STATUS_ROW_FIELDS)
      .map((field) => {
        const column = metadata.findColumnWithPropertyName(field);
        if (!column) throw new Error(`book_jobs has no column for ${field}`);
        return `job."${column.databaseName}" AS "${field}"`;
      })
      .join(', ');
  }

  async page(query: JobListingQuery): Promise<JobListingPage> {
    if (query.startingAfter !== undefined && !(await this.isListed(query, query.startingAfter))) {
      return { kind: 'unknown_cursor' };
    }
    const [sql, parameters] = this.pageStatement(query);
    const rows: JobStatusRow[] = await this.dataSource.query(sql, parameters);
    return { kind: 'page', jobs: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
  }

  /**
   * The page's statement and its parameters: one more row than the limit, to
   * tell whether another page follows. Public for the plan checks of the
   * scale test.
   */
  pageStatement(query: JobListingQuery): [string, unknown[]] {
    const parameters: unknown[] = [query.status ? [query.status] : [...JOB_STATUSES], query.limit + 1];
    const bind = (value: unknown): string => {
      parameters.push(value);
      return `$${parameters.length}`;
    };
    // A key's jobs are all its account's: the key alone selects them. With the account too, the planner
    // may combine both indexes and sort every match instead of reading the key's range in order.
    const owner =
      query.apiKeyId === undefined
        ? `job.account_id = ${bind(query.accountId)}`
        : `job.api_key_id = ${bind(query.apiKeyId)}`;
    const conditions = [owner, `job.status = wanted.status`];
    if (query.createdAfter !== undefined) conditions.push(`job.created_at > ${bind(query.createdAfter)}::timestamptz`);
    if (query.createdBefore !== undefined) {
      conditions.push(`job.created_at < ${bind(query.createdBefore)}::timestamptz`);
    }
    if (query.startingAfter !== undefined) {
      // The cursor's created_at is read in SQL: a JavaScript Date would drop its microseconds and skip or repeat rows.
      const cursor = bind(query.startingAfter);
      conditions.push(
        `(job.created_at, job.id) < ((SELECT created_at FROM book_jobs WHERE id = ${cursor}::uuid), ${cursor}::uuid)`,
      );
    }
    const sql = `
      SELECT page.* FROM unnest($1::varchar[]) AS wanted(status)
      CROSS JOIN LATERAL (
        SELECT ${this.selectList} FROM book_jobs job
         WHERE ${conditions.join(' AND ')}
         ORDER BY job.created_at DESC, job.id DESC
         LIMIT $2
      ) AS page
      ORDER BY page."createdAt" DESC, page.id DESC
      LIMIT $2`;
    return [sql, parameters];
  }

  /** Whether the job would appear in this listing's scope (same account, and same key when key-scoped). */
  private async isListed(query: JobListingQuery, jobId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM book_jobs WHERE id = $1::uuid AND account_id = $2 AND ($3::varchar IS NULL OR api_key_id = $3)`,
      [jobId, query.accountId, query.apiKeyId ?? null],
    );
    return rows.length > 0;
  }
}
