import { createHash } from 'node:crypto';
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

  content(jobId: string): Promise<Buffer | null> {
    return this.artifacts.findContent(jobId);
  }
}
