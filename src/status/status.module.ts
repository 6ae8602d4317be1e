import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { RetentionModule } from '../retention/retention.module';
import { StorageModule } from '../storage/storage.module';
import { BookFilesController } from './book-files.controller';
import { DownloadService } from './download.service';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

/** A job as clients read it: status, download, and deleting its file (DELETE /v1/book/{id}). */
@Module({
  imports: [JobsModule, RetentionModule, StorageModule],
  controllers: [StatusController, BookFilesController],
  providers: [StatusService, DownloadService],
  // The web console deletes files too, and forgets the remembered answer as DELETE /v1/book does.
  exports: [StatusService],
})
export class StatusModule {}
