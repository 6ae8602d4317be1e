/**
 * The one in-memory model of a generated book. Every provider produces it and
 * every renderer consumes it, so a new format or a new provider never has to
 * know about the other side. The `json` output format is this document
 * serialised as it is, so changes here are API changes: bump
 * BOOK_DOCUMENT_VERSION and the published schema with them.
 */
import type { BookStyle, BookType, ModelId } from '../catalog/catalog';
import type { BookScale } from './book-shapes';

export const BOOK_DOCUMENT_VERSION = '1.4';

export type ReadingDirection = 'ltr' | 'rtl';

export interface BookImage {
  /** Stable id, unique inside the document (used for file names in EPUB). */
  id: string;
  /** `image/png`, `image/svg+xml` or `image/jpeg`. */
  mediaType: 'image/png' | 'image/svg+xml' | 'image/jpeg';
  /** Base64 of the image bytes. */
  data: string;
  /** Alternative text: what the picture shows. */
  alt: string;
  width: number;
  height: number;
  /**
   * Who drew it (1.4), in a model-written book: `model`, the configured
   * image model or, without one, the writing model as SVG; `builtin`, the
   * builtin illustrator, for a picture no model could draw. Absent in the
   * builtin sample writer's books, whose pictures are all its own.
   */
  drawnBy?: PictureSource;
}

export type PictureSource = 'model' | 'builtin';

export interface HeadingBlock {
  kind: 'heading';
  text: string;
  /** 2 is a section heading inside a chapter, 3 a sub-section. */
  level: 2 | 3;
}

export interface ParagraphBlock {
  kind: 'paragraph';
  /**
   * Plain text. `\n` ends a line inside the paragraph: a song's or a poem's
   * lines, a letter's greeting and signature, an address, dated entries (1.3);
   * every format prints those lines as lines.
   */
  text: string;
}

export interface DialogueBlock {
  kind: 'dialogue';
  speaker: string;
  text: string;
}

export interface PanelDialogueLine {
  speaker: string;
  text: string;
}

export interface PanelBlock {
  kind: 'panel';
  /** 1-based panel number on its page. */
  number: number;
  /** What the panel shows: the artist's direction, also the alt text. */
  description: string;
  caption?: string;
  dialogue: PanelDialogueLine[];
  /** id of a BookImage in `images`, when illustrations were generated. */
  imageId?: string;
}

export interface ExerciseBlock {
  kind: 'exercise';
  question: string;
  answer: string;
}

export interface KeyPointBlock {
  kind: 'key_point';
  text: string;
}

export interface ListBlock {
  kind: 'list';
  ordered: boolean;
  items: string[];
}

export interface GlossaryEntryBlock {
  kind: 'glossary_entry';
  term: string;
  definition: string;
}

export interface ImageBlock {
  kind: 'image';
  /** id of a BookImage in `images`. */
  imageId: string;
  caption?: string;
}

export interface SceneBreakBlock {
  kind: 'scene_break';
}

export type BookBlock =
  | HeadingBlock
  | ParagraphBlock
  | DialogueBlock
  | PanelBlock
  | ExerciseBlock
  | KeyPointBlock
  | ListBlock
  | GlossaryEntryBlock
  | ImageBlock
  | SceneBreakBlock;

export type ChapterKind =
  | 'chapter'
  /** A numbered part of a short story. */
  | 'part'
  | 'page'
  | 'lesson'
  | 'principle'
  | 'glossary'
  | 'sources'
  | 'afterword';

/** The chapters after the book's body: reference pages, without a picture or a place in the running story. */
const BACK_MATTER: ReadonlySet<ChapterKind> = new Set(['glossary', 'sources', 'afterword']);

export function isBackMatter(kind: ChapterKind): boolean {
  return BACK_MATTER.has(kind);
}

export interface BookChapter {
  /** Stable id, unique inside the document (anchors, EPUB file names). */
  id: string;
  kind: ChapterKind;
  /** 1-based position among the chapters. */
  number: number;
  title: string;
  /** Optional illustration shown under the chapter title. */
  imageId?: string;
  blocks: BookBlock[];
}

export interface FrontMatter {
  /** Dedication line, shown on its own page. */
  dedication?: string;
  /** Epigraph or foreword paragraphs. */
  foreword?: string[];
  /** Learning objectives (textbooks) or what the reader will get (self-help). */
  objectives?: string[];
  /** The cast of characters: name and one-line description. */
  cast?: Array<{ name: string; description: string }>;
}

export interface BookMetadata {
  title: string;
  subtitle?: string;
  author: string;
  /** BCP 47 language tag of the text, e.g. `en`. */
  language: string;
  type: Exclude<BookType, 'automatic'>;
  style: Exclude<BookStyle, 'automatic'>;
  model: ModelId;
  synopsis: string;
  readingDirection: ReadingDirection;
  /** The request id the book was generated for: the stable identifier of the book. */
  identifier: string;
  /** ISO 8601 timestamp of generation. */
  createdAt: string;
  /** Words a reader reads, by the one rule of `word-count.ts`. */
  wordCount: number;
  /** The length the book was planned at (1.2). */
  targetWords?: number;
  /** `full` for model-written books, `sample` for the builtin offline writer's (1.2). */
  scale?: BookScale;
  /** What wrote the book (1.2). */
  generation?: GenerationMetadata;
}

/** The public part of a provider's report: what wrote the book and what it used. */
export interface GenerationMetadata {
  provider: string;
  /**
   * The model ids that planned and wrote the book (the same model when one
   * is configured), and the model that drew its pictures, when one did (an
   * image model, or a text model drawing SVG).
   */
  models: { planner: string; writer: string; illustrator?: string };
  /** What the pictures took (1.4), when the book has any: included in `calls` and the token totals. */
  pictures?: PictureUsage;
  /** Every model request made, retries included. */
  calls: number;
  /** Requests made again after a failure or an unusable answer. */
  retries: number;
  /** Requests that continued an answer cut at its token limit or left short. */
  continuations: number;
  /** Sections revised after the continuity check, and openings rewritten at a seam. */
  revisions: number;
  /** Revision calls whose answer left the section's text as it was (1.3): counted, not kept as revisions. */
  unchangedRevisions?: number;
  promptTokens: number;
  /** Of `promptTokens`, those the server read from its prefix cache, when it reports them (1.3). */
  cachedPromptTokens?: number;
  completionTokens: number;
  /** True when a server sent no usage for some answers and their tokens were estimated from their length. */
  tokensEstimated: boolean;
}

export interface PictureUsage {
  /** Requests to the illustrator, retries and the visual sheet's included. */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Pictures a model drew, and those the builtin illustrator drew in their place. */
  drawn: number;
  builtin: number;
}

export interface BookDocument {
  schemaVersion: typeof BOOK_DOCUMENT_VERSION;
  metadata: BookMetadata;
  /** id of a BookImage in `images` used as the cover, when illustrations were generated. */
  coverImageId?: string;
  frontMatter: FrontMatter;
  chapters: BookChapter[];
  images: BookImage[];
}
