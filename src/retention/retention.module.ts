import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { StorageModule } from '../storage/storage.module';
import { BookRetentionService } from './book-retention.service';

/** Deleting book files, on request and after BOOK_RETENTION_DAYS; the API and the worker's housekeeping share it. */
@Module({
  imports: [JobsModule, StorageModule],
  providers: [BookRetentionService],
  exports: [BookRetentionService],
})
export class RetentionModule {}
