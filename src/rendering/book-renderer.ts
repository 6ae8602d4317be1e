import type { OutputFormat } from '../catalog/catalog';
import type { BookDocument } from '../book/book-document';

/**
 * One output format. Adding a format means writing one class that implements
 * this and listing it in the renderer registry; nothing else changes.
 */
export interface BookRenderer {
  readonly format: OutputFormat;
  /** The `Content-Type` the download answers with. */
  readonly contentType: string;
  /** File name extension, without the dot. */
  readonly fileExtension: string;
  render(document: BookDocument): Promise<Buffer>;
  /** Optional one-time preparation (font parsing, caches), run when a rendering process starts. */
  warmUp?(): Promise<void>;
}
