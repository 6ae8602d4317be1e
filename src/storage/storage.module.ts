import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ARTIFACT_STORAGE, EXTENSION_ARTIFACT_STORAGE, type ArtifactStorage } from './artifact-storage';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactEntity } from './entities/artifact.entity';
import { PostgresArtifactStorage } from './postgres-artifact-storage';
import { StorageService } from './storage.service';

@Module({
  imports: [TypeOrmModule.forFeature([ArtifactEntity])],
  providers: [
    ArtifactsRepository,
    PostgresArtifactStorage,
    {
      // PostgreSQL unless an extension sets a storage of its own.
      provide: ARTIFACT_STORAGE,
      inject: [PostgresArtifactStorage, { token: EXTENSION_ARTIFACT_STORAGE, optional: true }],
      useFactory: (postgres: PostgresArtifactStorage, extension?: ArtifactStorage): ArtifactStorage =>
        extension ?? postgres,
    },
    StorageService,
  ],
  exports: [StorageService],
})
export class StorageModule {}
