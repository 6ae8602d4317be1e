import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity';
import type { DeliveryStatus } from './entities/webhook-delivery.entity';

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

/** A delivery as the web console lists it: its job, where it goes, how it stands. */
export interface DeliverySummary {
  id: string;
  jobId: string;
  url: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A delivery with every recorded attempt, oldest first. */
export interface DeliveryWithAttempts extends DeliverySummary {
  attempts: AttemptRecord[];
  /** Its last attempt failed and none is under way: it may be sent again (`reopenForResend`). */
  resendable: boolean;
}

/**
 * Whether delivery `d` may be sent again: not delivered, and its latest
 * attempt is recorded and failed (no attempt is in flight). One home for the
 * rule, shared by the detail page and the resend itself.
 */
const RESENDABLE = `(d.status <> 'delivered' AND EXISTS (
    SELECT 1 FROM webhook_attempts a
     WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count
       AND (a.status_code IS NULL OR a.status_code NOT BETWEEN 200 AND 299)))`;

const SUMMARY_COLUMNS =
  'd.id, d.job_id, d.url, d.status, d.attempt_count, d.next_attempt_at, d.delivered_at, d.created_at';

function toSummary(row: Record<string, unknown>): DeliverySummary {
  return {
    id: row.id as string,
    jobId: row.job_id as string,
    url: row.url as string,
    status: row.status as DeliveryStatus,
    attemptCount: row.attempt_count as number,
    nextAttemptAt: row.next_attempt_at as Date | null,
    deliveredAt: row.delivered_at as Date | null,
    createdAt: row.created_at as Date,
  };
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

  /** One page of the account's deliveries, newest first; `hasMore` when an older page follows. */
  async pageOfAccount(
    accountId: string,
    page: { offset: number; limit: number },
  ): Promise<{ deliveries: DeliverySummary[]; hasMore: boolean }> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM webhook_deliveries d
        WHERE d.account_id = $1 ORDER BY d.created_at DESC, d.id DESC OFFSET $2 LIMIT $3`,
      [accountId, page.offset, page.limit + 1],
    );
    return { deliveries: rows.slice(0, page.limit).map(toSummary), hasMore: rows.length > page.limit };
  }

  /** A delivery of the account with its attempts; null when there is none (or it is another account's). */
  async findWithAttempts(id: string, accountId: string): Promise<DeliveryWithAttempts | null> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, ${RESENDABLE} AS resendable FROM webhook_deliveries d
        WHERE d.id = $1 AND d.account_id = $2`,
      [id, accountId],
    );
    const row = rows[0];
    if (!row) return null;
    const attempts = await this.dataSource.getRepository(WebhookAttemptEntity).find({
      where: { deliveryId: id },
      order: { attemptNumber: 'ASC' },
    });
    return {
      ...toSummary(row),
      resendable: row.resendable === true,
      attempts: attempts.map((attempt) => ({
        attemptNumber: attempt.attemptNumber,
        attemptedAt: attempt.attemptedAt,
        statusCode: attempt.statusCode,
        latencyMs: attempt.latencyMs,
        error: attempt.error,
      })),
    };
  }

  /**
   * Makes a delivery whose last attempt failed due now (pending again if it
   * was abandoned), for one more attempt: the number it returns, which the
   * caller queues. Null when the delivery is not the account's or not
   * resendable (delivered, or an attempt under way). A failing resent
   * attempt is beyond the retry schedule, so it is abandoned again at once.
   */
  async reopenForResend(id: string, accountId: string): Promise<number | null> {
    const rows: Array<{ attempt_count: number }> = await this.dataSource.query(
      `WITH reopened AS (
         UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now()
          WHERE d.id = $1 AND d.account_id = $2 AND ${RESENDABLE}
          RETURNING d.attempt_count
       )
       SELECT attempt_count FROM reopened`,
      [id, accountId],
    );
    const row = rows[0];
    return row ? row.attempt_count + 1 : null;
  }
}
