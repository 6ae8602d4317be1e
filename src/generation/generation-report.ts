import type { GenerationMetadata } from '../book/book-document';
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

/** Collects a GenerationReport while a book is written; safe to share between concurrent calls of one job. */
export class GenerationMeter {
  private readonly report: GenerationReport;

  constructor(
    provider: string,
    models: { planner: string; writer: string },
    private readonly onUsage?: UsageListener,
  ) {
    this.report = {
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
  }

  /** One request was sent (whatever became of it). */
  countCall(kind: CallKind): void {
    this.report.calls += 1;
    if (kind === 'retry') this.report.retries += 1;
    if (kind === 'continuation') this.report.continuations += 1;
  }

  /** A picture was asked of the image model `model`; its answer's tokens, if any, come through `addTokens`. */
  countPicture(model: string): void {
    this.report.calls += 1;
    this.report.models.illustrator = model;
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
