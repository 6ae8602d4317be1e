import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { OutputFormat } from '../catalog/catalog';
import { ARTIFACT_STORAGE, type ArtifactHead, type ArtifactStorage } from './artifact-storage';

export interface StoredBook {
  jobId: string;
  format: OutputFormat;
  contentType: string;
  fileName: string;
  content: Buffer;
}

/**
 * Keeps finished books where every API process can serve them, through the
 * configured ArtifactStorage (PostgreSQL by default). What a download
 * promises whatever the storage (size, strong ETag) is decided here.
 */
@Injectable()
export class StorageService {
  constructor(@Inject(ARTIFACT_STORAGE) private readonly storage: ArtifactStorage) {}

  async save(book: StoredBook): Promise<void> {
    const etag = `"${createHash('sha256').update(book.content).digest('base64url')}"`;
    await this.storage.put({
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
    return this.storage.head(jobId);
  }

  /** Deletes a job's file; false when there was none. */
  delete(jobId: string): Promise<boolean> {
    return this.storage.delete(jobId);
  }

  /** The stored file's bytes, streamed by the storage without holding the whole file. */
  stream(head: Pick<ArtifactHead, 'jobId' | 'sizeBytes'>): Readable {
    return this.storage.read(head);
  }
}
