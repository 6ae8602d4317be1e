import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactEntity } from './entities/artifact.entity';
import { StorageService } from './storage.service';

@Module({
  imports: [TypeOrmModule.forFeature([ArtifactEntity])],
  providers: [ArtifactsRepository, StorageService],
  exports: [StorageService],
})
export class StorageModule {}
