import { Module } from '@nestjs/common';
import { CreditsController } from './credits.controller';
import { CreditsModule } from './credits.module';

/** GET /v1/credits; apart from CreditsModule so that the worker, which uses credits, imports no controller. */
@Module({
  imports: [CreditsModule],
  controllers: [CreditsController],
})
export class CreditsHttpModule {}
