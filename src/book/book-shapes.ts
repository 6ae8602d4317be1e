/**
 * How long each type of book is, per model id: how many sections, how many
 * words in each, how many in all. The planner sizes outlines and budgets from
 * it, the providers check what they wrote against it, pricing compares the
 * words delivered with it, and the README's table is this table. Nothing
 * else may state a book's length.
 */
import { MODEL_IDS, type BookType, type ModelId } from '../catalog/catalog';
import type { ChapterKind } from './book-document';

export type ConcreteBookType = Exclude<BookType, 'automatic'>;

/**
 * `full`: books as a reader would call them by their type's name, written by
 * a language model. `sample`: the builtin offline writer's smaller books, for
 * trying the API and for tests; they are labelled as samples.
 */
export type BookScale = 'full' | 'sample';

/** What the sections of a book are called in prompts and progress messages. */
export const SECTION_LABELS = ['chapter', 'part', 'page', 'spread', 'lesson'] as const;
export type SectionLabel = (typeof SECTION_LABELS)[number];

export interface BookShape {
  /** What a section of this type is called in the document and in progress messages. */
  sectionKind: ChapterKind;
  sectionLabel: SectionLabel;
  /** Sections a book of this type is planned with. */
  sections: number;
  /** The budget of one section, on average; the planner may move words between sections within `sectionWords`. */
  wordsPerSection: number;
  /** Bounds of one section's budget after the planner's redistribution. */
  sectionWords: { min: number; max: number };
  /** `sections * wordsPerSection`: the book's planned length. */
  totalWords: number;
}

interface ShapeRow {
  sectionKind: ChapterKind;
  sectionLabel: SectionLabel;
  /** A section may have no words at all: a comic's splash or silent page, told by its panels alone. */
  wordless?: true;
  /** sections, words per section, for 2.0 and 3.0 */
  full: Record<ModelId, [number, number]>;
  sample: Record<ModelId, [number, number]>;
}

/**
 * The lengths. Full scale: a 3.0 novel is over 50,000 words and a 2.0 one over
 * 25,000; short stories 4,000-12,000; textbooks, self-help and non-fiction
 * over 15,000 on 2.0 and 30,000 on 3.0; comics and manga 24 pages on 2.0 and
 * 40 on 3.0; picture books 12 or 16 spreads of 300-1,000 words in all. Prose
 * sections stay near 2,000 words, about what a model writes well in one
 * answer (LongWriter's AgentWrite finding); longer ones are continued.
 * Sample scale: what the builtin writer produces (measured, rounded).
 */
const SHAPE_ROWS: Record<ConcreteBookType, ShapeRow> = {
  novel: {
    sectionKind: 'chapter',
    sectionLabel: 'chapter',
    full: { '2.0': [14, 1900], '3.0': [24, 2150] },
    sample: { '2.0': [10, 530], '3.0': [15, 620] },
  },
  short_story: {
    sectionKind: 'part',
    sectionLabel: 'part',
    full: { '2.0': [4, 1300], '3.0': [6, 1600] },
    sample: { '2.0': [4, 530], '3.0': [6, 860] },
  },
  comic: {
    sectionKind: 'page',
    sectionLabel: 'page',
    wordless: true,
    full: { '2.0': [24, 90], '3.0': [40, 100] },
    sample: { '2.0': [12, 40], '3.0': [18, 48] },
  },
  manga: {
    sectionKind: 'page',
    sectionLabel: 'page',
    wordless: true,
    full: { '2.0': [24, 80], '3.0': [40, 90] },
    sample: { '2.0': [12, 35], '3.0': [18, 44] },
  },
  childrens: {
    sectionKind: 'page',
    sectionLabel: 'spread',
    full: { '2.0': [12, 40], '3.0': [16, 55] },
    sample: { '2.0': [12, 16], '3.0': [16, 16] },
  },
  textbook: {
    sectionKind: 'lesson',
    sectionLabel: 'lesson',
    full: { '2.0': [10, 1600], '3.0': [16, 2000] },
    sample: { '2.0': [9, 830], '3.0': [13, 1130] },
  },
  self_help: {
    sectionKind: 'principle',
    sectionLabel: 'chapter',
    full: { '2.0': [10, 1600], '3.0': [15, 2100] },
    sample: { '2.0': [8, 620], '3.0': [12, 850] },
  },
  non_fiction: {
    sectionKind: 'chapter',
    sectionLabel: 'chapter',
    full: { '2.0': [10, 1600], '3.0': [16, 2000] },
    sample: { '2.0': [9, 620], '3.0': [13, 810] },
  },
};

/** A section may be planned between these shares of the average budget (a climax runs long, an interlude short). */
const SECTION_SPREAD = { min: 0.6, max: 1.5 } as const;

function toShape(row: ShapeRow, [sections, wordsPerSection]: [number, number]): BookShape {
  return {
    sectionKind: row.sectionKind,
    sectionLabel: row.sectionLabel,
    sections,
    wordsPerSection,
    sectionWords: {
      min: row.wordless ? 0 : Math.round(wordsPerSection * SECTION_SPREAD.min),
      max: Math.round(wordsPerSection * SECTION_SPREAD.max),
    },
    totalWords: sections * wordsPerSection,
  };
}

export const CONCRETE_BOOK_TYPES = Object.keys(SHAPE_ROWS) as ConcreteBookType[];

export const BOOK_SHAPES: Record<BookScale, Record<ConcreteBookType, Record<ModelId, BookShape>>> = {
  full: buildScale('full'),
  sample: buildScale('sample'),
};

function buildScale(scale: BookScale): Record<ConcreteBookType, Record<ModelId, BookShape>> {
  const table = {} as Record<ConcreteBookType, Record<ModelId, BookShape>>;
  for (const type of CONCRETE_BOOK_TYPES) {
    const row = SHAPE_ROWS[type];
    table[type] = Object.fromEntries(MODEL_IDS.map((id) => [id, toShape(row, row[scale][id])])) as Record<
      ModelId,
      BookShape
    >;
  }
  return table;
}

export function bookShape(type: ConcreteBookType, model: ModelId, scale: BookScale = 'full'): BookShape {
  return BOOK_SHAPES[scale][type][model];
}

/**
 * Types whose sections are prose, written and streamed as plain text (a
 * textbook lesson's explanation too; its exercises and glossary come as data),
 * rather than structured pages and spreads.
 */
export const PROSE_TYPES: readonly ConcreteBookType[] = [
  'novel',
  'short_story',
  'self_help',
  'non_fiction',
  'textbook',
];

/** Types that tell a story with a cast (the bible carries characters, the outline points of view). */
export const FICTION_TYPES: readonly ConcreteBookType[] = ['novel', 'short_story', 'comic', 'manga', 'childrens'];

export function isFiction(type: ConcreteBookType): boolean {
  return FICTION_TYPES.includes(type);
}

export function isProse(type: ConcreteBookType): boolean {
  return PROSE_TYPES.includes(type);
}
