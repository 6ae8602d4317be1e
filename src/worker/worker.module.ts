import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { GenerationProcessor } from '../books/generation.processor';
import { GenerationModule } from '../generation/generation.module';
import { RenderingModule } from '../rendering/rendering.module';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { QueueWorkers } from './queue-workers';
import { ReconcilerService } from './reconciler.service';

/** Everything that takes work off the queues; only ROLE=worker and ROLE=all load it. */
@Module({
  imports: [BooksModule, GenerationModule, RenderingModule, StorageModule, WebhooksModule],
  providers: [GenerationProcessor, QueueWorkers, ReconcilerService],
  exports: [ReconcilerService],
})
export class WorkerModule {}
