import Ajv2020 from 'ajv/dist/2020';
import type { BookDocument } from '../../../book/book-document';
import { BOOK_DOCUMENT_SCHEMA } from '../../../book/book-document.schema';
import { addBuiltinIllustrations } from '../../builtin/illustrations';
import type { GenerationReport } from '../../generation-report';
import type { BookGenerationRequest } from '../../book-provider';
import type { OpenAiModelSettings } from '../client/openai-settings';
import { expectInert, HOSTILE_DRAWINGS } from '../drawings/testing/hostile-drawings';
import { PICTURE_BUDGETS } from '../drawings/svg-pictures';
import type { FakeChatCall, FakeChatServer, FakeChatServerOptions } from '../testing/fake-chat-server';
import { bookRequest, generationContext, startProvider } from '../testing/provider-harness';

/**
 * The pictures of a model-written book with no image model: drawn by the
 * writing model (or OPENAI_ILLUSTRATOR_MODEL) as SVG, from each section's
 * scene and the book's visual sheet, made safe, within the type's budget, and
 * drawn by the builtin illustrator only where no model could.
 */
describe('OpenAiBookProvider drawing its pictures as SVG', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function generate(
    options: FakeChatServerOptions = {},
    settings: Partial<OpenAiModelSettings> = {},
    request: Partial<BookGenerationRequest> = {},
  ): Promise<{ document: BookDocument; report: GenerationReport; messages: string[] }> {
    const started = await startProvider(options, settings, { illustrate: addBuiltinIllustrations });
    server = started.server;
    const context = generationContext();
    const outcome = await started.provider.generate(bookRequest({ images: true, ...request }), context);
    return { ...outcome, messages: context.messages };
  }

  const drawingCalls = (): FakeChatCall[] => server!.calls.filter((call) => call.kind === 'drawing');
  const svgOf = (document: BookDocument, id: string | undefined): string => {
    const image = document.images.find((candidate) => candidate.id === id);
    return Buffer.from(image?.data ?? '', 'base64').toString('utf8');
  };

  it('has the writing model draw the cover and every section, each from its scene and the visual sheet', async () => {
    const { document, report } = await generate();
    const sheet = server!.calls.find((call) => call.name === 'visual_sheet');
    expect(sheet?.model).toBe('planner-model');
    const calls = drawingCalls();
    expect(calls).toHaveLength(document.chapters.length + 1);
    expect(calls.every((call) => call.model === 'writer-model')).toBe(true);

    expect(document.coverImageId).toBe('cover');
    for (const image of document.images) {
      expect(image).toMatchObject({ mediaType: 'image/svg+xml', drawnBy: 'model' });
      expectInert(Buffer.from(image.data, 'base64').toString('utf8'));
    }
    expect(document.images.find((image) => image.id === 'cover')).toMatchObject({ width: 600, height: 800 });
    for (const chapter of document.chapters) {
      expect(svgOf(document, chapter.imageId)).toContain('viewBox="0 0 600 400"');
    }

    // Every request carries the sheet's looks of the people it shows, and the book's palette.
    const looks = JSON.parse(sheet!.answer ?? '{}') as {
      palette: string[];
      characters: Array<{ name: string; look: string }>;
    };
    const hero = looks.characters[0]!;
    const cover = calls.find((call) => call.lastUserMessage.includes('The picture: The cover of the book.'))!;
    expect(cover.lastUserMessage).toContain(`- ${hero.name}: ${hero.look}`);
    expect(cover.lastUserMessage).toContain(looks.palette.join(', '));
    for (const call of calls) {
      expect(call.lastUserMessage).toContain('viewBox="0 0 600 ');
      // As much drawing as the room the budget gave this picture holds, at 30 tokens an element.
      expect(call.lastUserMessage).toContain(`About ${Math.floor(call.maxTokens! / 30 / 10) * 10} elements at most`);
    }

    // The pictures' calls and tokens are reported with the rest, and apart.
    const pictures = report.pictures!;
    expect(report.models.illustrator).toBe('writer-model');
    expect(pictures).toMatchObject({ calls: calls.length + 1, drawn: document.images.length, builtin: 0 });
    const drawingTokens = [...calls, sheet!].reduce(
      (sum, call) => sum + call.usage!.prompt_tokens + call.usage!.completion_tokens,
      0,
    );
    expect(pictures.promptTokens + pictures.completionTokens).toBe(drawingTokens);
    expect(document.metadata.generation?.pictures).toEqual(pictures);
    expect(report.calls).toBe(server!.calls.length);
    const validate = new Ajv2020({ strict: false }).compile(BOOK_DOCUMENT_SCHEMA);
    expect(validate(document)).toBe(true);
  });

  it('draws with OPENAI_ILLUSTRATOR_MODEL when one is set', async () => {
    const { report } = await generate({}, { illustratorModel: 'artist-model' });
    expect(drawingCalls().every((call) => call.model === 'artist-model')).toBe(true);
    expect(report.models.illustrator).toBe('artist-model');
    expect(report.byModel['artist-model']?.calls).toBe(drawingCalls().length);
  });

  it('asks again once, with the reasons, for a drawing it cannot use, then has the builtin illustrator draw it', async () => {
    const hostile = Object.values(HOSTILE_DRAWINGS);
    const { document, report } = await generate({
      // The cover is refused twice; every other request's first answer is one of the hostile drawings.
      drawing: (call) => {
        if (call.messages.some((message) => message.content.includes('The cover of the book.'))) {
          return 'I am sorry, I cannot draw.';
        }
        return call.kindIndex < hostile.length ? hostile[call.kindIndex]!.answer : undefined;
      },
    });
    const redraws = drawingCalls().filter((call) =>
      call.lastUserMessage.startsWith('Your drawing could not be used: '),
    );
    expect(redraws.length).toBeGreaterThan(0);
    expect(redraws.some((call) => call.lastUserMessage.includes('the answer holds no <svg> element'))).toBe(true);
    // The cover: asked twice, then drawn by the builtin illustrator, and said so.
    expect(document.images.find((image) => image.id === 'cover')).toMatchObject({ drawnBy: 'builtin' });
    for (const image of document.images) {
      if (image.mediaType === 'image/svg+xml') expectInert(Buffer.from(image.data, 'base64').toString('utf8'));
    }
    expect(report.pictures?.builtin).toBeGreaterThanOrEqual(1);
    expect((report.pictures?.drawn ?? 0) + (report.pictures?.builtin ?? 0)).toBe(document.images.length);
  });

  it("keeps the pictures' tokens within the type's share of the text's, leaving the rest to the builtin illustrator", async () => {
    // A short story's share is half: a one-part story's text pays for few full pictures.
    const { document, report } = await generate({}, {}, { prompt: 'A tiny tale of one lighthouse keeper named Mara.' });
    const pictures = report.pictures!;
    const text = report.promptTokens + report.completionTokens - pictures.promptTokens - pictures.completionTokens;
    expect(pictures.promptTokens + pictures.completionTokens).toBeLessThanOrEqual(
      PICTURE_BUDGETS.short_story.share * text * 1.05,
    );
    expect(pictures.drawn + pictures.builtin).toBe(document.images.length);
  });

  it("draws a comic page's panels in one request, one drawing a panel, with no picture above them", async () => {
    const { document } = await generate({}, {}, { type: 'comic', style: 'sci_fi' });
    const pages = document.chapters.filter((chapter) => chapter.blocks.some((block) => block.kind === 'panel'));
    expect(pages.length).toBeGreaterThan(0);
    const panelRequests = drawingCalls().filter((call) => /^Draw the \d+ panels? of page /m.test(call.lastUserMessage));
    for (const page of pages) {
      const panels = page.blocks.filter((block) => block.kind === 'panel');
      const drawn = panels.filter((panel) => panel.imageId !== undefined);
      if (drawn.length === 0) continue;
      expect(page.imageId).toBeUndefined();
      for (const panel of drawn) {
        const image = document.images.find((candidate) => candidate.id === panel.imageId)!;
        expect(image.alt).toBe(panel.description);
      }
    }
    expect(panelRequests.length).toBeGreaterThan(0);
    expect(panelRequests.length).toBeLessThanOrEqual(pages.length);
  });

  it('draws without a visual sheet when the planner gives none', async () => {
    const { document } = await generate({
      answer: (call) => (call.name === 'visual_sheet' ? 'not json' : undefined),
    });
    expect(document.images.every((image) => image.drawnBy === 'model')).toBe(true);
    expect(drawingCalls().every((call) => !call.lastUserMessage.includes("The book's palette"))).toBe(true);
  });
});
