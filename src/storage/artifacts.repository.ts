import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ArtifactEntity } from './entities/artifact.entity';

export type ArtifactHead = Omit<ArtifactEntity, 'content'>;

@Injectable()
export class ArtifactsRepository {
  constructor(@InjectRepository(ArtifactEntity) private readonly artifacts: Repository<ArtifactEntity>) {}

  /** Replaces any earlier artifact of the job: a retried job writes the same book again. */
  async upsert(artifact: Omit<ArtifactEntity, 'createdAt'>): Promise<void> {
    await this.artifacts.upsert(artifact, ['jobId']);
  }

  findHead(jobId: string): Promise<ArtifactHead | null> {
    return this.artifacts.findOne({
      where: { jobId },
      select: {
        jobId: true,
        format: true,
        contentType: true,
        fileName: true,
        sizeBytes: true,
        etag: true,
        createdAt: true,
      },
    });
  }

  async findContent(jobId: string): Promise<Buffer | null> {
    const row = await this.artifacts.findOne({ where: { jobId }, select: { jobId: true, content: true } });
    return row?.content ?? null;
  }
}
