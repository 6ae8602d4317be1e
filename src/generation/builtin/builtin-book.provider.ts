import { setTimeout as sleep } from 'node:timers/promises';
import { BOOK_DOCUMENT_VERSION, isBackMatter, type BookChapter, type BookDocument } from '../../book/book-document';
import type { BookGenerationRequest, BookProvider, GenerationContext, GenerationOutcome } from '../book-provider';
import { GenerationCancelledError, throwIfCancelled } from '../generation.errors';
import { addBuiltinIllustrations } from './illustrations';
import { NonFictionWriter } from './nonfiction/non-fiction-writer';
import { SelfHelpWriter } from './nonfiction/self-help-writer';
import { TextbookWriter } from './nonfiction/textbook-writer';
import { Random } from './prng';
import { ComicWriter } from './story/comic-writer';
import { NovelWriter } from './story/novel-writer';
import { PictureBookWriter } from './story/picture-book-writer';
import { documentWords } from '../../book/word-count';
import { GenerationMeter, publicReport } from '../generation-report';
import { SectionContext, type TypeWriter } from './type-writer';
import { buildWorld, type ConcreteType, worldSlots } from './world';

/** One writer per book type: each gives the shared world its own structure. */
const WRITERS: Record<ConcreteType, TypeWriter> = {
  novel: new NovelWriter('novel'),
  short_story: new NovelWriter('short_story'),
  comic: new ComicWriter('comic'),
  manga: new ComicWriter('manga'),
  childrens: new PictureBookWriter(),
  textbook: new TextbookWriter(),
  self_help: new SelfHelpWriter(),
  non_fiction: new NonFictionWriter(),
};

/**
 * Offline, deterministic books for every type and style: the default
 * provider, with no network and no model. The same request always gives the
 * same book (everything is drawn from a generator seeded by the request), and
 * each section is drawn from its own stream, so a job resumed from
 * checkpoints writes exactly the book a fresh run would have written.
 */
export class BuiltinBookProvider implements BookProvider {
  readonly name = 'builtin';

  constructor(private readonly options: { sectionDelayMs?: number } = {}) {}

  async generate(
    request: BookGenerationRequest,
    { progress, checkpoints, signal }: GenerationContext,
  ): Promise<GenerationOutcome> {
    // Same request, same book; but two requests without a prompt get two different invented books.
    const seed = JSON.stringify([
      request.prompt.trim() || request.requestId,
      request.style,
      request.type,
      request.model,
      request.author,
      request.customTone,
      request.images,
    ]);
    const random = new Random(seed);
    await progress.report(0, 'Planning the outline');
    const world = buildWorld(request, random.fork('world'));
    const writer = WRITERS[world.type];
    const outline = writer.outline(world, random.fork('outline'));
    const slots = worldSlots(world);
    const bookRandom = random.fork('book');
    const stored = checkpoints ? await checkpoints.load(request.requestId) : new Map<string, BookChapter>();
    const chapters: BookChapter[] = [];
    const total = outline.sections.length;
    for (const section of outline.sections) {
      throwIfCancelled(signal);
      await progress.report(
        Math.round(((section.number - 1) / total) * 90) + 5,
        `Writing ${section.label} ${section.number} of ${total}: ${section.title}`,
      );
      let chapter = stored.get(section.key);
      if (!chapter) {
        if (this.options.sectionDelayMs) await simulateModelLatency(this.options.sectionDelayMs, signal);
        const context = new SectionContext(world, outline, section, random.fork(section.key), slots, bookRandom);
        chapter = {
          id: `ch-${String(section.number).padStart(2, '0')}`,
          kind: section.kind,
          number: section.number,
          title: section.title,
          blocks: writer.writeSection(context),
        };
        await checkpoints?.save(request.requestId, section.key, chapter);
      }
      chapters.push(chapter);
      // Long books must not stall the worker's other jobs or its queue heartbeat.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const extra of writer.backMatter?.(world, outline) ?? []) {
      chapters.push({ ...extra, number: chapters.length + 1 });
    }
    // The sample writer calls no model: its report says so, in the same shape as a model provider's.
    const report = new GenerationMeter(this.name, { planner: this.name, writer: this.name }).snapshot();
    let document: BookDocument = {
      schemaVersion: BOOK_DOCUMENT_VERSION,
      metadata: {
        title: outline.title,
        subtitle: outline.subtitle,
        author: request.author,
        language: 'en',
        type: world.type,
        style: world.style,
        model: request.model,
        synopsis: outline.synopsis,
        readingDirection: world.readingDirection,
        identifier: request.requestId,
        createdAt: request.createdAt,
        wordCount: documentWords(chapters),
        targetWords: outline.sections.reduce((sum, section) => sum + section.words, 0),
        scale: 'sample',
        generation: publicReport(report),
      },
      frontMatter: outline.frontMatter,
      chapters,
      images: [],
    };
    if (request.images) {
      const pictures =
        chapters.filter((chapter) => !isBackMatter(chapter.kind)).length +
        1 +
        chapters.flatMap((chapter) => chapter.blocks).filter((block) => block.kind === 'panel').length;
      await progress.report(96, `Drawing ${pictures} illustrations`);
      document = await addBuiltinIllustrations(document, seed);
    }
    await progress.report(100, 'Assembling the book');
    return { document, report };
  }
}

/** The configured stand-in for a model call: like one, it ends early when the job is cancelled. */
async function simulateModelLatency(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (signal.aborted) throw new GenerationCancelledError();
    throw error;
  }
}
