import { Module } from '@nestjs/common';
import { GenerationModule } from '../generation/generation.module';
import { JobsModule } from '../jobs/jobs.module';
import { RenderingModule } from '../rendering/rendering.module';
import { RetentionModule } from '../retention/retention.module';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { GenerationProcessor } from './generation.processor';
import { QueueWorkers } from './queue-workers';
import { ReconcilerService } from './reconciler.service';

/** Everything that takes work off the queues; only ROLE=worker and ROLE=all load it. No controller. */
@Module({
  imports: [JobsModule, GenerationModule, RenderingModule, RetentionModule, StorageModule, WebhooksModule],
  providers: [GenerationProcessor, QueueWorkers, ReconcilerService],
  exports: [ReconcilerService],
})
export class WorkerModule {}
