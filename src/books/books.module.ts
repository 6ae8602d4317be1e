import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BooksController } from './books.controller';
import { BooksRepository } from './books.repository';
import { BooksService } from './books.service';
import { FinishedJobNotifier } from './finished-job.notifier';
import { GenerationProducer } from './generation.producer';
import { JobCancellationService } from './job-cancellation.service';

@Module({
  imports: [CreditsModule, ThrottlingModule, UsageModule, WebhooksModule],
  controllers: [BooksController],
  providers: [BooksRepository, BooksService, GenerationProducer, FinishedJobNotifier, JobCancellationService],
  exports: [BooksRepository, GenerationProducer, FinishedJobNotifier],
})
export class BooksModule {}
