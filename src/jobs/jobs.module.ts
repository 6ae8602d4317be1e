import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FinishedJobNotifier } from './finished-job.notifier';
import { GenerationProducer } from './generation.producer';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { JobAdmissions } from './job-admissions';
import { JobCancellationService } from './job-cancellation.service';
import { JobListingRepository } from './job-listing.repository';
import { JobStatusPublisher } from './job-status.publisher';
import { JobsRepository } from './jobs.repository';

/**
 * The job store: the book job, its transactional repository (a job moves with
 * its credits, usage totals and webhook outbox row), the generation queue's
 * producer, what follows a terminal transition, and the announcement of every
 * committed change on Redis (JobStatusPublisher, read by job-events). No
 * controller: the API (books, status) and the worker both build on it.
 */
@Module({
  imports: [CreditsModule, UsageModule, WebhooksModule],
  providers: [
    JobsRepository,
    JobStatusPublisher,
    JobAdmissions,
    GenerationProducer,
    FinishedJobNotifier,
    JobCancellationService,
    JobListingRepository,
    IdempotencyKeysRepository,
  ],
  exports: [
    JobsRepository,
    JobAdmissions,
    GenerationProducer,
    FinishedJobNotifier,
    JobCancellationService,
    JobListingRepository,
    IdempotencyKeysRepository,
  ],
})
export class JobsModule {}
