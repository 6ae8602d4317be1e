import type { BookRequest } from '../book/book-request';
import type { ModelId } from '../catalog/catalog';
import type { GenerationReport, UsageListener } from './generation-report';
import type { BookChapter, BookDocument } from '../book/book-document';

/** The job's request as the provider sees it: the stored BookRequest, its id and its date. */
export interface BookGenerationRequest extends BookRequest {
  /** The job id; also the book's identifier and the seed of deterministic providers. */
  requestId: string;
  /** When the job was created (ISO 8601); used as the book's date so output is reproducible. */
  createdAt: string;
}

export interface GenerationProgressReporter {
  /**
   * Report a step. `progress` is 0-100 within the generation phase; the
   * caller maps it onto the job's overall progress and keeps it monotonic.
   */
  report(progress: number, message?: string): Promise<void>;
}

/**
 * Lets a provider resume a retried job from the sections it already wrote,
 * instead of paying a model for them again.
 */
export interface SectionCheckpointStore {
  load(requestId: string): Promise<Map<string, BookChapter>>;
  save(requestId: string, sectionKey: string, chapter: BookChapter): Promise<void>;
}

export interface GenerationOutcome {
  document: BookDocument;
  /** What the provider used: models, calls, retries, tokens. Stored with the job. */
  report: GenerationReport;
}

/** What a provider is given besides the request: where to report, where to resume from, when to stop. */
export interface GenerationContext {
  progress: GenerationProgressReporter;
  checkpoints?: SectionCheckpointStore;
  /** Aborted when the job is cancelled: a provider starts no model call after it and stops the ones in flight. */
  signal: AbortSignal;
  /** Told of every model answer's tokens as they are spent (failed jobs spend them too), for /metrics. */
  onUsage?: UsageListener;
}

/** What a model's plan says of a book's pictures, for an illustrator that draws from words (the builtin one, when no image model is configured). */
export interface PictureHints {
  /**
   * Each chapter's scene, by chapter id: `words` to read what to draw
   * (setting, scene, people), `alt` to describe it in the book's language.
   */
  scenes: ReadonlyMap<string, { words: string; alt: string }>;
  /** The cover's alt text, in the book's language. */
  coverAlt?: string;
  /** The people of the story by full name, the hero first (a book prints no cast page of its plan). */
  cast?: readonly string[];
  /** Chapters (by id) drawn no picture of their own: comic pages whose panels hold a model's drawings. */
  withoutChapterPicture?: ReadonlySet<string>;
}

export interface BookProvider {
  readonly name: string;
  generate(request: BookGenerationRequest, context: GenerationContext): Promise<GenerationOutcome>;
}

/** A provider and the model ids it writes the books of. */
export interface BookProviderRegistration {
  models: readonly ModelId[];
  provider: BookProvider;
}

/**
 * The providers of this process, in order of precedence (a later entry takes
 * a model id from an earlier one): the configured builtin/openai routing
 * first (GENERATION_PROVIDER*), then the extensions' (EXTENSION_BOOK_PROVIDERS).
 * GenerationService routes every request by model id through it.
 */
export const BOOK_PROVIDERS = Symbol('BOOK_PROVIDERS');

/** The providers that extensions contribute (ExtensionsModule); GenerationModule puts them after the defaults. */
export const EXTENSION_BOOK_PROVIDERS = Symbol('EXTENSION_BOOK_PROVIDERS');
