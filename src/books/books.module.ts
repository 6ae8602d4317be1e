import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';

/** Submission over HTTP: POST /v1/book and the cancel route; jobs are stored by JobsModule. */
@Module({
  imports: [JobsModule, ThrottlingModule, WebhooksModule],
  controllers: [BooksController],
  providers: [BooksService],
})
export class BooksModule {}
