import { bookShape, CONCRETE_BOOK_TYPES, isProse } from '../../../book/book-shapes';
import { GenerationCancelledError } from '../../generation.errors';
import type { OpenAiModelSettings } from '../client/openai-settings';
import type { FakeChatServer, FakeChatServerOptions } from '../testing/fake-chat-server';
import { bookRequest as request, generationContext as context, startProvider } from '../testing/provider-harness';

/**
 * The pipeline against the fake server in real time: every book type at full
 * length (tens of thousands of streamed words), and stopping sections that
 * are streaming. Seconds each, so they run with the e2e project.
 */
describe('OpenAiBookProvider (long-form pipeline, whole books in real time)', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function provider(options: FakeChatServerOptions = {}, settings: Partial<OpenAiModelSettings> = {}) {
    const started = await startProvider(options, settings);
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

  it('stops the sections in flight when one fails for good, and reports that failure', async () => {
    const book = await provider(
      {
        latency: { firstTokenMs: [300, 300], tokensPerSecond: 2_000 },
        script: (call) =>
          call.kind === 'prose' && call.kindIndex === 0 ? { status: 401, message: 'bad key' } : undefined,
      },
      { concurrency: 4 },
    );
    await expect(book.generate(request(), context())).rejects.toMatchObject({
      message: expect.stringMatching(/401/),
      permanent: true,
    });
    // Requests the client gave up on may still reach the server a moment later; none is answered in full.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server!.inFlight()).toBe(0);
    // The three sections in flight beside the failed one were cut off, not written to the end.
    expect(server!.calls.filter((call) => call.kind === 'prose' && call.finishReason === 'stop')).toHaveLength(0);
  });

  it('stops at once when cancelled: no model call starts after the signal', async () => {
    const controller = new AbortController();
    const book = await provider({ latency: { firstTokenMs: [50, 50], tokensPerSecond: 2_000 } });
    let callsAtCancel = 0;
    const ctx = context({ signal: controller.signal });
    const original = ctx.progress.report;
    ctx.progress = {
      report: async (progress, message) => {
        await original(progress, message);
        if (/written:/.test(message ?? '') && !controller.signal.aborted) {
          controller.abort();
          callsAtCancel = server!.calls.length;
        }
      },
    };
    await expect(book.generate(request(), ctx)).rejects.toBeInstanceOf(GenerationCancelledError);
    expect(server!.calls.length).toBe(callsAtCancel);
  });
});
