import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GenerationSectionEntity } from './entities/generation-section.entity';
import { GenerationSectionsRepository } from './generation-sections.repository';
import { GenerationService } from './generation.service';

@Module({
  imports: [TypeOrmModule.forFeature([GenerationSectionEntity])],
  providers: [GenerationSectionsRepository, GenerationService],
  exports: [GenerationService],
})
export class GenerationModule {}
