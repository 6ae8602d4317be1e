import { bookShape, CONCRETE_BOOK_TYPES, isProse } from '../../book/book-shapes';
import type { FakeChatServer } from './testing/fake-chat-server';
import { bookRequest as request, generationContext as context, startProvider } from './testing/provider-harness';

/**
 * Every book type through the whole pipeline at full length against the fake
 * server: tens of thousands of streamed words, so it runs with the e2e project.
 */
describe('OpenAiBookProvider (long-form pipeline, every type)', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function provider() {
    const started = await startProvider();
    server = started.server;
    return started.provider;
  }

  it('writes every type whole: its sections, prose at 95% of its length, pages and lessons from their schemas', async () => {
    for (const type of CONCRETE_BOOK_TYPES) {
      const book = await provider();
      const outcome = await book.generate(request({ type }), context());
      const shape = bookShape(type, '2.0');
      const sections = outcome.document.chapters.filter((chapter) => chapter.kind === shape.sectionKind);
      expect({ type, sections: sections.length }).toEqual({ type, sections: shape.sections });
      if (isProse(type)) {
        expect({ type, enough: outcome.document.metadata.wordCount >= 0.95 * shape.totalWords }).toEqual({
          type,
          enough: true,
        });
      }
      if (type === 'comic' || type === 'manga') {
        expect(sections.every((page) => page.blocks.every((block) => block.kind === 'panel'))).toBe(true);
      }
      if (type === 'manga') expect(outcome.document.metadata.readingDirection).toBe('rtl');
      if (type === 'textbook') {
        expect(outcome.document.chapters.at(-1)?.kind).toBe('glossary');
        expect(sections[0]?.blocks.some((block) => block.kind === 'exercise')).toBe(true);
      }
      if (type === 'childrens') expect(sections.every((spread) => spread.blocks.length > 0)).toBe(true);
      await server?.close();
      server = undefined;
    }
  }, 120_000);
});
