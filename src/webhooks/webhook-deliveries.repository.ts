import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity';

export interface ClaimedDelivery {
  id: string;
  accountId: string;
  url: string;
  payload: string;
  attemptNumber: number;
}

export interface AttemptRecord {
  attemptNumber: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** A claimed attempt that is not recorded within this lease is taken to have crashed and is tried again. */
const ATTEMPT_LEASE_SECONDS = 120;

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes the next attempt of a pending delivery that is due, atomically: two
   * workers (a retry and the reconciler) can never both send one attempt.
   */
  async claim(id: string): Promise<ClaimedDelivery | null> {
    const rows: Array<{ id: string; account_id: string; url: string; payload: string; attempt_count: number }> =
      await this.dataSource.query(
        `WITH claimed AS (
           UPDATE webhook_deliveries
              SET attempt_count = attempt_count + 1,
                  next_attempt_at = now() + make_interval(secs => $2)
            WHERE id = $1 AND status = 'pending' AND next_attempt_at <= now()
            RETURNING id, account_id, url, payload, attempt_count
         )
         SELECT * FROM claimed`,
        [id, ATTEMPT_LEASE_SECONDS],
      );
    const row = rows[0];
    return row
      ? { id: row.id, accountId: row.account_id, url: row.url, payload: row.payload, attemptNumber: row.attempt_count }
      : null;
  }

  /** Records the attempt and moves the delivery on: delivered, rescheduled, or abandoned. */
  async settle(
    deliveryId: string,
    attempt: AttemptRecord,
    outcome: { kind: 'delivered' } | { kind: 'retry'; delayMs: number } | { kind: 'abandoned' },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(WebhookAttemptEntity)
        .values({ deliveryId, ...attempt, error: attempt.error?.slice(0, 1000) ?? null })
        .orIgnore()
        .execute();
      switch (outcome.kind) {
        case 'delivered':
          await manager.query(
            `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), next_attempt_at = NULL WHERE id = $1`,
            [deliveryId],
          );
          break;
        case 'retry':
          await manager.query(
            `UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1`,
            [deliveryId, outcome.delayMs / 1000],
          );
          break;
        case 'abandoned':
          await manager.query(
            `UPDATE webhook_deliveries SET status = 'abandoned', next_attempt_at = NULL WHERE id = $1`,
            [deliveryId],
          );
          break;
      }
    });
  }

  /** Pending deliveries that are due (or whose attempt lease ran out): the reconciler rings for them. */
  async findDue(limit: number): Promise<Array<{ id: string; attemptCount: number }>> {
    const rows: Array<{ id: string; attempt_count: number }> = await this.dataSource.query(
      `SELECT id, attempt_count FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at ASC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ id: row.id, attemptCount: row.attempt_count }));
  }
}
