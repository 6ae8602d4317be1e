import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ArtifactHead, StoredArtifact } from './artifact-storage';
import { ArtifactEntity } from './entities/artifact.entity';

@Injectable()
export class ArtifactsRepository {
  constructor(@InjectRepository(ArtifactEntity) private readonly artifacts: Repository<ArtifactEntity>) {}

  /** Replaces any earlier artifact of the job: a retried job writes the same book again. */
  async upsert(artifact: StoredArtifact): Promise<void> {
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

  async delete(jobId: string): Promise<boolean> {
    const result = await this.artifacts.delete({ jobId });
    return (result.affected ?? 0) > 0;
  }

  /** Bytes [offset, offset + length) of the file; empty past its end. */
  async readSlice(jobId: string, offset: number, length: number): Promise<Buffer> {
    const rows: Array<{ slice: Buffer }> = await this.artifacts.query(
      // substring() on bytea is 1-based.
      `SELECT substring(content FROM $2::int + 1 FOR $3::int) AS slice FROM artifacts WHERE job_id = $1`,
      [jobId, offset, length],
    );
    return rows[0]?.slice ?? Buffer.alloc(0);
  }
}
