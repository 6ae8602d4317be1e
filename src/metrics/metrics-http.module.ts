import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { MetricsController } from './metrics.controller';
import { QueueMetrics } from './queue-metrics';

/** GET /metrics and the gauges it samples. */
@Module({
  imports: [BooksModule],
  controllers: [MetricsController],
  providers: [QueueMetrics],
})
export class MetricsHttpModule {}
