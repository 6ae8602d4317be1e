import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { StorageModule } from '../storage/storage.module';
import { DownloadService } from './download.service';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

@Module({
  imports: [JobsModule, StorageModule],
  controllers: [StatusController],
  providers: [StatusService, DownloadService],
})
export class StatusModule {}
