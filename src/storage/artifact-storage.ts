import type { Readable } from 'node:stream';
import type { OutputFormat } from '../catalog/catalog';

/** A finished book file as it is kept: its bytes and the headers its download answers with. */
export interface StoredArtifact {
  jobId: string;
  format: OutputFormat;
  contentType: string;
  fileName: string;
  sizeBytes: number;
  /** Strong ETag: the quoted SHA-256 of the bytes (computed by StorageService, the same for every storage). */
  etag: string;
  content: Buffer;
}

/** Everything about a stored file but its bytes: what a download's headers (and HEAD) are made of. */
export interface ArtifactHead extends Omit<StoredArtifact, 'content'> {
  createdAt: Date;
}

/**
 * Where finished books are kept (PostgreSQL by default). Every API process
 * must read what any worker wrote, so a storage is shared by all of them (a
 * database, an object store), never a process's memory or local disk.
 */
export interface ArtifactStorage {
  /** Keeps a job's file, replacing any earlier one: a retried job writes the same book again. */
  put(artifact: StoredArtifact): Promise<void>;
  /** The file's headers, or null when the job has no file. */
  head(jobId: string): Promise<ArtifactHead | null>;
  /**
   * The file's bytes as a stream, without holding the whole file in memory.
   * The stream errors, rather than ending early or sending other bytes, when
   * the file changed or vanished since `head`.
   */
  read(head: Pick<ArtifactHead, 'jobId' | 'sizeBytes'>): Readable;
  /** Deletes a job's file (DELETE /v1/book/{id}, BOOK_RETENTION_DAYS); false when there was none. */
  delete(jobId: string): Promise<boolean>;
}

/** The storage StorageService writes to and reads from: PostgreSQL, unless an extension sets its own. */
export const ARTIFACT_STORAGE = Symbol('ARTIFACT_STORAGE');

/** The storage an extension sets (ExtensionsModule); StorageModule uses it instead of PostgreSQL. */
export const EXTENSION_ARTIFACT_STORAGE = Symbol('EXTENSION_ARTIFACT_STORAGE');
