/**
 * The book as a print-style PDF: embedded fonts with per-character fallback
 * (Latin, Greek, Cyrillic, Japanese, Chinese, Korean, Arabic and Hebrew,
 * right-to-left lines in display order), a title page, front matter, a
 * table of contents with page numbers, running heads, illustrations and
 * comic panel grids. Layout lives in pdf-book-layout.ts.
 */
import { CONTENT_TYPES } from '../../../catalog/catalog';
import type { BookDocument } from '../../../generation/book-document';
import type { BookRenderer } from '../../book-renderer';
import { layOutBook } from './pdf-book-layout';

export class PdfRenderer implements BookRenderer {
  readonly format = 'pdf';
  readonly contentType = CONTENT_TYPES.pdf;
  readonly fileExtension = 'pdf';

  render(document: BookDocument): Promise<Buffer> {
    return layOutBook(document);
  }
}
