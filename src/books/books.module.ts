import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { JobsModule } from '../jobs/jobs.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BookBatchService } from './book-batch.service';
import { BooksController } from './books.controller';
import { BooksListingController } from './books-listing.controller';
import { BooksListingService } from './books-listing.service';
import { BooksService } from './books.service';

/** Books over HTTP: submission (POST /v1/book, POST /v1/books/batch), cancel and the listing (GET /v1/books); jobs are stored by JobsModule. */
@Module({
  imports: [AuthModule, JobsModule, ThrottlingModule, WebhooksModule],
  controllers: [BooksController, BooksListingController],
  providers: [BooksService, BookBatchService, BooksListingService],
})
export class BooksModule {}
