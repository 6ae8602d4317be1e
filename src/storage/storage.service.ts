import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { OutputFormat } from '../catalog/catalog';
import { ArtifactHead, ArtifactsRepository } from './artifacts.repository';

export interface StoredBook {
  jobId: string;
  format: OutputFormat;
  contentType: string;
  fileName: string;
  content: Buffer;
}

/** Downloads are read from PostgreSQL this many bytes at a time. */
export const DOWNLOAD_SLICE_BYTES = 1024 * 1024;

/** Keeps finished books where every API process can serve them (PostgreSQL by default). */
@Injectable()
export class StorageService {
  constructor(private readonly artifacts: ArtifactsRepository) {}

  async save(book: StoredBook): Promise<void> {
    const etag = `"${createHash('sha256').update(book.content).digest('base64url')}"`;
    await this.artifacts.upsert({
      jobId: book.jobId,
      format: book.format,
      contentType: book.contentType,
      fileName: book.fileName,
      sizeBytes: book.content.length,
      etag,
      content: book.content,
    });
  }

  head(jobId: string): Promise<ArtifactHead | null> {
    return this.artifacts.findHead(jobId);
  }

  /**
   * The stored file as a stream of slices: a 50 MB PDF never sits whole in an
   * API process's memory, and a slow client holds one slice at a time.
   */
  stream(head: Pick<ArtifactHead, 'jobId' | 'sizeBytes'>): Readable {
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
