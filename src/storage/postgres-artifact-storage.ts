import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { ArtifactHead, ArtifactStorage, StoredArtifact } from './artifact-storage';
import { ArtifactsRepository } from './artifacts.repository';

/** Downloads are read from PostgreSQL this many bytes at a time. */
const DOWNLOAD_SLICE_BYTES = 1024 * 1024;

/** The default storage: the `artifacts` table, so every API process can serve every download without shared disks. */
@Injectable()
export class PostgresArtifactStorage implements ArtifactStorage {
  constructor(private readonly artifacts: ArtifactsRepository) {}

  put(artifact: StoredArtifact): Promise<void> {
    return this.artifacts.upsert(artifact);
  }

  head(jobId: string): Promise<ArtifactHead | null> {
    return this.artifacts.findHead(jobId);
  }

  delete(jobId: string): Promise<boolean> {
    return this.artifacts.delete(jobId);
  }

  /**
   * The stored file as a stream of slices: a 50 MB PDF never sits whole in an
   * API process's memory, and a slow client holds one slice at a time.
   */
  read(head: Pick<ArtifactHead, 'jobId' | 'sizeBytes'>): Readable {
    const artifacts = this.artifacts;
    return Readable.from(
      (async function* slices() {
        for (let offset = 0; offset < head.sizeBytes; offset += DOWNLOAD_SLICE_BYTES) {
          const slice = await artifacts.readSlice(head.jobId, offset, DOWNLOAD_SLICE_BYTES);
          // The file was replaced or deleted mid-download: end short rather than send another file's bytes.
          if (slice.length === 0) throw new Error(`Artifact ${head.jobId} changed during download`);
          yield slice;
        }
      })(),
      { objectMode: false },
    );
  }
}
