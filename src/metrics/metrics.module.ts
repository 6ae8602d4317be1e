import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** The process's metric registry, injectable anywhere that counts something. */
@Global()
@Module({
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
