import { Inject, Injectable } from '@nestjs/common';
import { BOOK_DOCUMENT_VERSION, type BookChapter, type BookDocument } from '../../src/book/book-document';
import { documentWords } from '../../src/book/word-count';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationContext,
  GenerationOutcome,
} from '../../src/generation/book-provider';
import { throwIfCancelled } from '../../src/generation/generation.errors';
import { GenerationMeter, publicReport } from '../../src/generation/generation-report';

/** The imprint printed under every title: a setting of the team's module, injected into the provider. */
export const HOUSE_IMPRINT = Symbol('HOUSE_IMPRINT');

export const FIXED_OUTLINE_PROVIDER = 'fixed-outline';

/**
 * Writes the skeleton of the outline a client sends: the prompt's first line
 * is the title, every other line a chapter, each with a short brief for the
 * house's writers. No model and no network, so it is quick and deterministic;
 * a provider that calls a model would save each chapter with
 * `context.checkpoints` so a retried job resumes instead of paying again.
 */
@Injectable()
export class FixedOutlineBookProvider implements BookProvider {
  readonly name = FIXED_OUTLINE_PROVIDER;

  constructor(@Inject(HOUSE_IMPRINT) private readonly imprint: string) {}

  async generate(request: BookGenerationRequest, { progress, signal }: GenerationContext): Promise<GenerationOutcome> {
    const [title = 'Untitled outline', ...headings] = request.prompt
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    const outline = headings.length > 0 ? headings : ['Introduction'];

    const chapters: BookChapter[] = [];
    for (const [index, heading] of outline.entries()) {
      // Stop between chapters when the client cancels the job.
      throwIfCancelled(signal);
      await progress.report(Math.round((index / outline.length) * 100), `Outlining chapter ${index + 1}: ${heading}`);
      chapters.push({
        id: `ch-${String(index + 1).padStart(2, '0')}`,
        kind: 'chapter',
        number: index + 1,
        title: heading,
        blocks: [
          { kind: 'paragraph', text: `This chapter of ${title} is about ${heading}.` },
          { kind: 'key_point', text: `Brief for the writer: ${heading}, in the voice of ${this.imprint}.` },
        ],
      });
    }

    const report = new GenerationMeter(this.name, { planner: this.name, writer: this.name }).snapshot();
    const wordCount = documentWords(chapters);
    const document: BookDocument = {
      schemaVersion: BOOK_DOCUMENT_VERSION,
      metadata: {
        title,
        subtitle: this.imprint,
        author: request.author,
        language: 'en',
        type: request.type === 'automatic' ? 'non_fiction' : request.type,
        style: request.style === 'automatic' ? 'drama' : request.style,
        model: request.model,
        synopsis: `An outline of ${title} in ${chapters.length} chapters.`,
        readingDirection: 'ltr',
        identifier: request.requestId,
        createdAt: request.createdAt,
        wordCount,
        // The price compares the words delivered with the words planned: a skeleton is what was planned.
        targetWords: wordCount,
        scale: 'sample',
        generation: publicReport(report),
      },
      frontMatter: {},
      chapters,
      images: [],
    };
    await progress.report(100, 'Outline ready');
    return { document, report };
  }
}
