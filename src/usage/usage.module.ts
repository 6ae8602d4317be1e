import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller';
import { UsageCountersRepository } from './usage-counters.repository';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

@Module({
  controllers: [UsageController],
  providers: [UsageRepository, UsageCountersRepository, UsageService],
  exports: [UsageCountersRepository, UsageRepository],
})
export class UsageModule {}
