/**
 * The typographic cover of a book without a picture for one: title, a short rule, subtitle and author on a
 * field in the colours of the book's type, inside a frame. One design for the EPUB's cover image
 * (renderers/epub/epub-typographic-cover.ts) and the PDF's title page (renderers/pdf/pdf-book-layout.ts).
 */
import type { BookDocument } from '../book/book-document';

type BookType = BookDocument['metadata']['type'];

/** The cover's colours: the field that fills it, the lettering, and the frame and the rule under the title. */
export interface CoverPalette {
  readonly field: string;
  readonly ink: string;
  readonly rule: string;
}

/** Field, lettering and rule colours per type: a novel's night blue, a picture book's warm yellow. */
const PALETTES: Readonly<Record<BookType, CoverPalette>> = {
  novel: { field: '#1d3557', ink: '#f1faee', rule: '#e9c46a' },
  short_story: { field: '#3a2e39', ink: '#f4ede4', rule: '#d4a373' },
  comic: { field: '#c1121f', ink: '#fdf0d5', rule: '#ffd166' },
  manga: { field: '#111111', ink: '#ffffff', rule: '#ef476f' },
  childrens: { field: '#ffb703', ink: '#023047', rule: '#fb8500' },
  textbook: { field: '#264653', ink: '#ffffff', rule: '#2a9d8f' },
  self_help: { field: '#2a9d8f', ink: '#ffffff', rule: '#e9c46a' },
  non_fiction: { field: '#3d405b', ink: '#f4f1de', rule: '#e07a5f' },
};

/** The colours of a book type's cover; a novel's for a type this table does not know. */
export function coverPalette(type: BookType): CoverPalette {
  return PALETTES[type] ?? PALETTES.novel;
}

/**
 * The cover's measures, in units of a 600 x 900 cover (the EPUB's image); a PDF page scales them to its
 * size. Sizes are font sizes; `leading` is the distance between baselines.
 */
export const COVER = {
  width: 600,
  height: 900,
  /** The frame's distance from the edges, and its line width. */
  frame: { inset: 30, stroke: 2 },
  /** The lettering's distance from the left and right edges. */
  textInset: 60,
  /**
   * The title, in bold: its baselines centred on `centre`, `lineHeight` sizes apart; a long title shrinks by
   * `step` until it fits in `maxLines`, down to `minSize`.
   */
  title: { size: 60, minSize: 28, step: 4, maxLines: 4, lineHeight: 1.15, centre: 300 },
  /** The short rule under the title: its top a title line's leading and `gap` below the title's last baseline. */
  rule: { width: 80, height: 4, gap: 10 },
  /**
   * The subtitle, in italics: its first baseline `gap` below the rule's top, in at most `maxLines` lines. The
   * EPUB's image leaves out what does not fit (its alt text has it all); a PDF page, whose text is read as the
   * book's words, keeps every word and shrinks a longer subtitle by `step`, down to `minSize`.
   */
  subtitle: { size: 28, leading: 34, gap: 56, maxLines: 3, minSize: 16, step: 4 },
  /**
   * The author, low on the cover: the (last) baseline `baseline` from the top. A PDF page shrinks a name
   * longer than `maxLines` by `step`, down to `minSize`, as it does the subtitle.
   */
  author: { size: 32, baseline: 800, maxLines: 2, minSize: 16, step: 4 },
} as const;
