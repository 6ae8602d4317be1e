import type { OutputFormat } from '../catalog/catalog';
import type { BookDocument } from '../book/book-document';

/**
 * One output format. Adding a format means writing one class that implements
 * this and listing it in the renderer registry; nothing else changes. An
 * extension's renderer replaces the renderer of its format (the formats
 * themselves are the catalog's: the API validates `output_format` against it).
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

/**
 * The renderers of this process, in order of precedence (a later renderer
 * takes its format from an earlier one): the builtin ones first, then the
 * extensions' (EXTENSION_BOOK_RENDERERS). RendererRegistry serves them.
 */
export const BOOK_RENDERERS = Symbol('BOOK_RENDERERS');

/** The renderers that extensions contribute (ExtensionsModule); RenderingModule puts them after the builtin ones. */
export const EXTENSION_BOOK_RENDERERS = Symbol('EXTENSION_BOOK_RENDERERS');
