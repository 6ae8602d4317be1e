import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { ServiceIndexController } from './service-index.controller';

@Module({
  controllers: [HealthController, ServiceIndexController],
  providers: [HealthService],
})
export class HealthModule {}
