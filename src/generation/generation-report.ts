import type { GenerationMetadata, PictureUsage } from '../book/book-document';
/**
 * What a provider used to write a book: which models, how many calls, how
 * many of them were retries, continuations of cut answers or revisions, and
 * the tokens. It is stored with the job, published in the JSON book's
 * metadata and counted in /metrics, so an operator can see what a book cost.
 */

export interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/**
 * The book metadata's `generation` object (provider, models, calls, retries,
 * continuations, revisions, tokens) plus the per-model figures the operator's
 * /metrics count.
 */
export interface GenerationReport extends GenerationMetadata {
  byModel: Record<string, ModelUsage>;
}

export type CallKind = 'first' | 'retry' | 'continuation';

export type UsageListener = (model: string, usage: { prompt: number; completion: number }) => void;

/** The part of a report published in the book's metadata (per-model figures stay with the operator). */
export function publicReport(report: GenerationReport): GenerationMetadata {
  const { byModel: _byModel, ...published } = report;
  return published;
}

/**
 * Collects a GenerationReport while a book is written; safe to share between
 * concurrent calls of one job. `forPictures` gives the illustrator's calls a
 * meter of their own that counts into the same report, and into its
 * `pictures` figures as well.
 */
export class GenerationMeter {
  private readonly report: GenerationReport;
  /** Set on the meter `forPictures` makes: the report's `pictures` figures. */
  private readonly pictures: PictureUsage | undefined;

  constructor(
    provider: string,
    models: { planner: string; writer: string },
    private readonly onUsage?: UsageListener,
    shared?: { report: GenerationReport; pictures: PictureUsage },
  ) {
    this.report = shared?.report ?? {
      provider,
      models,
      calls: 0,
      retries: 0,
      continuations: 0,
      revisions: 0,
      unchangedRevisions: 0,
      promptTokens: 0,
      cachedPromptTokens: 0,
      completionTokens: 0,
      tokensEstimated: false,
      byModel: {},
    };
    this.pictures = shared?.pictures;
  }

  /** A meter for the calls that draw the book's pictures with `model` (the report names it as the illustrator). */
  forPictures(model: string): GenerationMeter {
    this.report.models.illustrator = model;
    return new GenerationMeter(this.report.provider, this.report.models, this.onUsage, {
      report: this.report,
      pictures: this.picturesReport(),
    });
  }

  /** One request was sent (whatever became of it). */
  countCall(kind: CallKind): void {
    this.report.calls += 1;
    if (kind === 'retry') this.report.retries += 1;
    if (kind === 'continuation') this.report.continuations += 1;
    if (this.pictures) this.pictures.calls += 1;
  }

  /** The book's pictures as they came out: drawn by a model, or by the builtin illustrator in their place. */
  countPictures(drawn: number, builtin: number): void {
    const pictures = this.picturesReport();
    pictures.drawn = drawn;
    pictures.builtin = builtin;
  }

  /** The report's `pictures` figures, begun at zero the first time a book's pictures are counted. */
  private picturesReport(): PictureUsage {
    return (this.report.pictures ??= { calls: 0, promptTokens: 0, completionTokens: 0, drawn: 0, builtin: 0 });
  }

  countRevision(): void {
    this.report.revisions += 1;
  }

  /** A revision came back with the text as it was: a call that changed nothing. */
  countUnchangedRevision(): void {
    this.report.unchangedRevisions = (this.report.unchangedRevisions ?? 0) + 1;
  }

  addTokens(model: string, usage: { prompt: number; completion: number; estimated: boolean; cached?: number }): void {
    this.report.promptTokens += usage.prompt;
    if (usage.cached) this.report.cachedPromptTokens = (this.report.cachedPromptTokens ?? 0) + usage.cached;
    this.report.completionTokens += usage.completion;
    if (usage.estimated) this.report.tokensEstimated = true;
    if (this.pictures) {
      this.pictures.promptTokens += usage.prompt;
      this.pictures.completionTokens += usage.completion;
    }
    const entry = (this.report.byModel[model] ??= { calls: 0, promptTokens: 0, completionTokens: 0 });
    entry.calls += 1;
    entry.promptTokens += usage.prompt;
    entry.completionTokens += usage.completion;
    this.onUsage?.(model, usage);
  }

  snapshot(): GenerationReport {
    return structuredClone(this.report);
  }
}
