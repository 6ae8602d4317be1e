import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { MetricsController } from './metrics.controller';
import { QueueMetrics } from './queue-metrics';

/** GET /metrics and the gauges it samples. */
@Module({
  imports: [JobsModule],
  controllers: [MetricsController],
  providers: [QueueMetrics],
})
export class MetricsHttpModule {}
