import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PublicUrls } from '../common/public-urls';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { buildWebhookPayload, FinishedJob } from './webhook-payload';

/**
 * Writes the delivery a finished job owes, inside the transaction that
 * finishes the job (transactional outbox). One row per job, however often
 * the finishing step is replayed.
 */
@Injectable()
export class WebhookOutboxRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly urls: PublicUrls,
  ) {}

  /** Returns the delivery id, or null when the job asked for no webhook. */
  async recordFor(manager: EntityManager, job: FinishedJob): Promise<string | null> {
    if (!job.webhookUrl) return null;
    const payload = JSON.stringify(buildWebhookPayload(job, this.urls.download(job.id)));
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO webhook_deliveries (job_id, account_id, url, payload, status, next_attempt_at)
       VALUES ($1, $2, $3, $4, 'pending', now())
       ON CONFLICT (job_id) DO UPDATE SET job_id = EXCLUDED.job_id
       RETURNING id`,
      [job.id, job.accountId, job.webhookUrl, payload],
    );
    return rows[0]?.id ?? null;
  }

  findById(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.dataSource.getRepository(WebhookDeliveryEntity).findOne({ where: { id } });
  }
}
