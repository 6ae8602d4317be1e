import { BOOK_DOCUMENT_VERSION, BookChapter, BookDocument } from './book-document';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationOutcome,
  GenerationProgressReporter,
} from './book-provider';

/** Interim plain provider, replaced by the builtin engine. */
export class InterimBookProvider implements BookProvider {
  readonly name = 'interim';

  constructor(private readonly options: { sectionDelayMs?: number } = {}) {}

  async generate(
    request: BookGenerationRequest,
    progress: GenerationProgressReporter,
    _checkpoints?: unknown,
  ): Promise<GenerationOutcome> {
    await progress.report(0, 'Planning the outline');
    const names = request.prompt.match(/\b[A-Z][a-z]+\b/g) ?? ['Ada'];
    const hero = names.find((name) => name !== 'A') ?? 'Ada';
    const chapterCount = request.model === '3.0' ? 10 : 6;
    const chapters: BookChapter[] = [];
    for (let number = 1; number <= chapterCount; number += 1) {
      const title = `Part ${number}`;
      if (this.options.sectionDelayMs) await new Promise((resolve) => setTimeout(resolve, this.options.sectionDelayMs));
      await progress.report((number / chapterCount) * 100, `Writing chapter ${number} of ${chapterCount}: ${title}`);
      chapters.push({
        id: `ch-${String(number).padStart(2, '0')}`,
        kind: 'chapter',
        number,
        title,
        blocks: [{ kind: 'paragraph', text: `${hero} went on in chapter ${number}. ${request.prompt}` }],
      });
    }
    const type = request.type === 'automatic' ? 'novel' : request.type;
    const style = request.style === 'automatic' ? 'drama' : request.style;
    const document: BookDocument = {
      schemaVersion: BOOK_DOCUMENT_VERSION,
      metadata: {
        title: `The Story of ${hero}`,
        author: request.author,
        language: 'en',
        type,
        style,
        model: request.model,
        synopsis: request.prompt || 'A story.',
        readingDirection: type === 'manga' ? 'rtl' : 'ltr',
        identifier: request.requestId,
        createdAt: request.createdAt,
        wordCount: 0,
      },
      frontMatter: {},
      chapters,
      images: [],
    };
    document.metadata.wordCount = chapters
      .flatMap((chapter) => chapter.blocks)
      .map((block) => (block.kind === 'paragraph' ? block.text.split(/\s+/).filter(Boolean).length : 0))
      .reduce((a, b) => a + b, 0);
    return { document, tokensUsed: 0 };
  }
}
