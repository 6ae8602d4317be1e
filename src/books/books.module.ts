import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BooksController } from './books.controller';
import { BooksRepository } from './books.repository';
import { BooksService } from './books.service';
import { GenerationProducer } from './generation.producer';

@Module({
  imports: [CreditsModule, ThrottlingModule, UsageModule, WebhooksModule],
  controllers: [BooksController],
  providers: [BooksRepository, BooksService, GenerationProducer],
  exports: [BooksRepository, GenerationProducer],
})
export class BooksModule {}
