import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How long an Idempotency-Key is remembered (DESIGN.md, Requests). */
export const IDEMPOTENCY_WINDOW = "interval '24 hours'";

/** A key that is still remembered: the job it created and the fingerprint of the request that created it. */
export interface RememberedClaim {
  key: string;
  jobId: string;
  fingerprint: string;
}

/** Reads of the `idempotency_keys` table; claims are written with their job by JobsRepository.createQueuedOnce. */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Which of `keys` the API key used within the window, by primary key. */
  async remembered(apiKeyId: string, keys: readonly string[]): Promise<Map<string, RememberedClaim>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ idempotency_key: string; job_id: string; request_fingerprint: string }> =
      await this.dataSource.query(
        `SELECT idempotency_key, job_id, request_fingerprint FROM idempotency_keys
          WHERE api_key_id = $1 AND idempotency_key = ANY($2::varchar[]) AND created_at > now() - ${IDEMPOTENCY_WINDOW}`,
        [apiKeyId, keys],
      );
    return new Map(
      rows.map((row) => [
        row.idempotency_key,
        { key: row.idempotency_key, jobId: row.job_id, fingerprint: row.request_fingerprint },
      ]),
    );
  }
}
