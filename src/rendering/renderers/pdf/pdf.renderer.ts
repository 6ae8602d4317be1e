/**
 * The book as a print-style PDF: embedded fonts with per-character fallback
 * (Latin, Greek, Cyrillic, Japanese, Chinese, Korean, Arabic and Hebrew,
 * right-to-left lines in display order), a title page, front matter, a
 * table of contents with page numbers, running heads, illustrations and
 * comic panel grids. Layout lives in pdf-book-layout.ts.
 */
import { CONTENT_TYPES } from '../../../catalog/catalog';
import { BOOK_DOCUMENT_VERSION, type BookDocument } from '../../../book/book-document';
import type { BookRenderer } from '../../book-renderer';
import { layOutBook } from './pdf-book-layout';

export class PdfRenderer implements BookRenderer {
  readonly format = 'pdf';
  readonly contentType = CONTENT_TYPES.pdf;
  readonly fileExtension = 'pdf';

  render(document: BookDocument): Promise<Buffer> {
    return layOutBook(document);
  }

  /**
   * The first PDF of a process parses the Latin faces and builds pdfkit's
   * tables: about half a second of blocked event loop that would otherwise
   * land in the middle of a worker's first jobs (and their Bull lock renewals).
   * The other scripts stay lazy: their fonts are large and most workers never
   * need them.
   */
  async warmUp(): Promise<void> {
    await layOutBook(WARM_UP_BOOK);
  }
}

const WARM_UP_BOOK: BookDocument = {
  schemaVersion: BOOK_DOCUMENT_VERSION,
  metadata: {
    title: 'Warm-up',
    author: 'Scriptorium',
    language: 'en',
    type: 'novel',
    style: 'drama',
    model: '2.0',
    synopsis: 'A page to load the fonts.',
    readingDirection: 'ltr',
    identifier: '00000000-0000-4000-8000-000000000000',
    createdAt: '2026-01-01T00:00:00.000Z',
    wordCount: 12,
  },
  frontMatter: { foreword: ['A foreword.'], dedication: 'For the fonts.' },
  chapters: [
    {
      id: 'ch-001',
      kind: 'chapter',
      number: 1,
      title: 'The first chapter',
      blocks: [
        { kind: 'heading', level: 2, text: 'A heading' },
        { kind: 'paragraph', text: 'A paragraph.' },
        { kind: 'dialogue', speaker: 'Ada', text: 'A line of dialogue.' },
      ],
    },
  ],
  images: [],
};
