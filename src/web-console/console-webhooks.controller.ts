import { Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookDeliveryProducer } from '../webhooks/webhook-delivery.producer';
import { AuditLogService } from './audit-log.service';
import { ConsoleAccess } from './console-access';
import { FormPost } from './console-form';
import { isUuid, pageNumber, pageWindow } from './console-input';
import { ConsolePages } from './console-pages';
import { ConsoleController, CurrentConsoleSession } from './console-route.decorator';
import type { SignedIn } from './console-sessions.service';
import { consoleNotFound } from './web-console.exceptions';

const DELIVERIES_PAGE_SIZE = 25;

/**
 * The webhook deliveries of an account's jobs, each with its attempts (time,
 * status code, response time, error), and sending again one whose last
 * attempt failed: one more attempt through the delivery queue, signed like any.
 */
@ConsoleController('console/accounts/:accountId/webhooks')
export class ConsoleWebhooksController {
  constructor(
    private readonly pages: ConsolePages,
    private readonly access: ConsoleAccess,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly producer: WebhookDeliveryProducer,
    private readonly audit: AuditLogService,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Query('page') pageParameter: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const page = pageNumber(pageParameter);
    const { deliveries, hasMore } = await this.deliveries.pageOfAccount(
      account.id,
      pageWindow(page, DELIVERIES_PAGE_SIZE),
    );
    this.pages.page(reply, 'webhooks', await this.access.frame(signedIn, `Webhooks · ${account.name}`, account.id), {
      account: { id: account.id, name: account.name },
      deliveries,
      page,
      hasNext: hasMore,
    });
  }

  @Get(':deliveryId')
  async detail(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('deliveryId') deliveryId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    const delivery = isUuid(deliveryId) ? await this.deliveries.findWithAttempts(deliveryId, account.id) : null;
    if (!delivery) throw consoleNotFound('There is no such delivery in this account.');
    this.pages.page(reply, 'delivery', await this.access.frame(signedIn, 'Webhook delivery', account.id), {
      account: { id: account.id, name: account.name },
      delivery,
    });
  }

  @FormPost(':deliveryId/resend')
  async resend(
    @CurrentConsoleSession() signedIn: SignedIn,
    @Param('accountId') accountId: string,
    @Param('deliveryId') deliveryId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const account = await this.access.openAccount(signedIn, accountId);
    if (!isUuid(deliveryId)) throw consoleNotFound('There is no such delivery in this account.');
    const attemptNumber = await this.deliveries.reopenForResend(deliveryId, account.id);
    if (attemptNumber !== null) {
      await this.producer.sendNow(deliveryId, attemptNumber);
      await this.audit.record({
        actor: signedIn.user.id,
        action: 'webhook.resend',
        accountId: account.id,
        target: deliveryId,
        details: { attemptNumber },
      });
    } else if (!(await this.deliveries.findWithAttempts(deliveryId, account.id))) {
      throw consoleNotFound('There is no such delivery in this account.');
    }
    // Not resendable (delivered, or an attempt under way): its page shows how it stands.
    this.pages.redirect(reply, `/console/accounts/${account.id}/webhooks/${deliveryId}`);
  }
}
