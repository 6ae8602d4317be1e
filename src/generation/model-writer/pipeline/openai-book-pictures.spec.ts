import Ajv2020 from 'ajv/dist/2020';
import type { BookDocument } from '../../../book/book-document';
import { BOOK_DOCUMENT_SCHEMA } from '../../../book/book-document.schema';
import type { PictureHints } from '../../book-provider';
import { addBuiltinIllustrations } from '../../builtin/illustrations';
import { GenerationError } from '../../generation.errors';
import type { OpenAiBookProviderOptions } from './openai-book.provider';
import type { OpenAiModelSettings } from '../client/openai-settings';
import {
  TINY_PNG_BASE64,
  type FakeChatCall,
  type FakeChatServer,
  type FakeChatServerOptions,
} from '../testing/fake-chat-server';
import { bookRequest, generationContext, startProvider } from '../testing/provider-harness';

/**
 * The pictures of a model-written book, against the fake server: drawn by
 * the image model from each section's outline when one is configured, else
 * by the builtin illustrator from the same outline.
 */
/**
 * The smallest JPEG header that says its size: SOI, an APP0 segment (as
 * cameras and encoders write first), then SOF0 with the frame's height and
 * width. Enough for the size reader, which stops at the frame.
 */
function tinyJpeg(width: number, height: number): string {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  // Then the scan (start-of-scan, a few bytes of data) and the end-of-image marker a whole JPEG ends with.
  const scan = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...Array<number>(9).fill(0), ...scan, 0xff, 0xd9]).toString(
    'base64',
  );
}

describe('OpenAiBookProvider pictures', () => {
  let server: FakeChatServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function generate(
    options: FakeChatServerOptions,
    settings: Partial<OpenAiModelSettings>,
    providerOptions: OpenAiBookProviderOptions = {},
  ): Promise<BookDocument> {
    const started = await startProvider(options, settings, providerOptions);
    server = started.server;
    const outcome = await started.provider.generate(bookRequest({ images: true }), generationContext());
    return outcome.document;
  }

  const imageCalls = (): FakeChatCall[] => server!.calls.filter((call) => call.kind === 'image');

  /** The setting each section's writer was given, by section number, read from the writers' prompts. */
  function plannedSettings(): Map<number, string> {
    const settings = new Map<number, string>();
    for (const call of server!.calls.filter((candidate) => candidate.kind === 'prose')) {
      const own = /Your part:\nPart (\d+):[\s\S]*?\nSetting: ([^\n]+)/.exec(call.lastUserMessage);
      if (own) settings.set(Number(own[1]), own[2]!);
    }
    return settings;
  }

  /** The cast as the bible gives it to the writers (the book prints no cast page), the hero first. */
  function plannedCast(): string[] {
    const prompt = server!.calls.find((candidate) => candidate.kind === 'prose')!.lastUserMessage;
    const characters = prompt.split('Characters (keep names, traits and voices exactly):\n')[1]!.split('\nPlaces:')[0]!;
    return [...characters.matchAll(/^- (.+?) \(/gm)].map((match) => match[1]!);
  }

  it("asks the image model for a cover and each section's scene from its outline, and files them in the book", async () => {
    const document = await generate({}, { imageModel: 'dall-e-3' });
    const calls = imageCalls();
    expect(calls).toHaveLength(document.chapters.length + 1);
    for (const call of calls) {
      expect(call.status).toBe(200);
      expect(call.body).toMatchObject({ model: 'dall-e-3', n: 1, size: '1024x1024', response_format: 'b64_json' });
      expect(call.lastUserMessage.length).toBeLessThanOrEqual(1000);
      expect(call.lastUserMessage).toMatch(/No text, letters or logos\.$/);
    }
    expect(
      calls.filter((call) => call.lastUserMessage.startsWith(`Cover illustration for "${document.metadata.title}"`)),
    ).toHaveLength(1);
    const settings = plannedSettings();
    expect(settings.size).toBe(document.chapters.length);
    for (const setting of settings.values()) {
      expect(calls.some((call) => call.lastUserMessage.includes(`Where: ${setting}`))).toBe(true);
    }

    // It says what drew them: the image model, and a call for each picture.
    const other = server!.calls.filter((call) => call.kind !== 'image').length;
    expect(document.metadata.generation).toMatchObject({
      models: { planner: 'planner-model', writer: 'writer-model', illustrator: 'dall-e-3' },
      calls: other + calls.length,
    });
    expect(new Ajv2020({ strict: false }).compile(BOOK_DOCUMENT_SCHEMA)(JSON.parse(JSON.stringify(document)))).toBe(
      true,
    );

    expect(document.coverImageId).toBe('cover');
    const byId = new Map(document.images.map((image) => [image.id, image]));
    expect(byId.get('cover')).toMatchObject({ mediaType: 'image/png' });
    // The cover's alt text names the hero where the book begins.
    const hero = plannedCast()[0]!;
    expect(byId.get('cover')!.alt).toMatch(new RegExp(`^Cover of ${document.metadata.title}: ${hero} in \\S`));
    for (const [index, chapter] of document.chapters.entries()) {
      const image = byId.get(chapter.imageId!);
      expect(image).toMatchObject({ mediaType: 'image/png', width: expect.any(Number) });
      // The alt text says where, from the outline, for readers who cannot see the picture.
      expect(image!.alt).toContain(settings.get(index + 1));
    }
  });

  it('sends gpt-image models no response_format, which they reject, and counts the tokens they report', async () => {
    const withTokens = await generate({}, { imageModel: 'gpt-image-1' });
    expect(imageCalls().length).toBeGreaterThan(1);
    for (const call of imageCalls()) expect(call.body).not.toHaveProperty('response_format');
    const pictureTokens = 1056 * imageCalls().length;
    await server!.close();
    const without = await generate({}, { imageModel: 'dall-e-3' });
    expect(withTokens.metadata.generation!.completionTokens - without.metadata.generation!.completionTokens).toBe(
      pictureTokens,
    );
  });

  it('goes on without a picture the image model refuses, as its safety filter does', async () => {
    const document = await generate(
      {
        script: (call) =>
          call.kind === 'image' && call.lastUserMessage.startsWith('Cover')
            ? { status: 400, message: 'Your request was rejected by the safety system.' }
            : undefined,
      },
      { imageModel: 'dall-e-3' },
    );
    expect(document.coverImageId).toBeUndefined();
    expect(document.images).toHaveLength(document.chapters.length);
    for (const chapter of document.chapters) expect(chapter.imageId).toBeDefined();
  });

  it('fails the book when the image model refuses every picture: the request itself is wrong', async () => {
    const started = await startProvider(
      { script: (call) => (call.kind === 'image' ? { status: 400, message: 'Invalid size.' } : undefined) },
      { imageModel: 'dall-e-3' },
    );
    server = started.server;
    await expect(started.provider.generate(bookRequest({ images: true }), generationContext())).rejects.toBeInstanceOf(
      GenerationError,
    );
  });

  it('files a JPEG as a JPEG, of its own size, as local image servers send them whatever was asked', async () => {
    const document = await generate(
      { script: (call) => (call.kind === 'image' ? { content: tinyJpeg(640, 480) } : undefined) },
      { imageModel: 'local-diffusion' },
    );
    expect(document.images.length).toBe(document.chapters.length + 1);
    for (const image of document.images)
      expect(image).toMatchObject({ mediaType: 'image/jpeg', width: 640, height: 480 });
  });

  it('fails the book, to be tried again, when the image server answers with no picture, a broken one, or keeps failing', async () => {
    const png = Buffer.from(TINY_PNG_BASE64, 'base64');
    const jpeg = Buffer.from(tinyJpeg(640, 480), 'base64');
    for (const fault of [
      { content: Buffer.from('not a picture').toString('base64') },
      // Pictures cut short in transit: their headers read right, their images do not decode.
      { content: png.subarray(0, png.length - 20).toString('base64') },
      { content: jpeg.subarray(0, jpeg.length - 2).toString('base64') },
      { status: 500 },
    ]) {
      const started = await startProvider(
        { script: (call) => (call.kind === 'image' ? fault : undefined) },
        { imageModel: 'dall-e-3', maxRetries: 1 },
      );
      server = started.server;
      const failure = started.provider.generate(bookRequest({ images: true }), generationContext());
      await expect(failure).rejects.toBeInstanceOf(GenerationError);
      await expect(failure).rejects.toMatchObject({ permanent: false });
      await server.close();
      server = undefined;
    }
  });

  it("has the builtin illustrator draw each section's outline scene where no model could draw it", async () => {
    const given: PictureHints[] = [];
    const document = await generate(
      // A text model that will not draw: every picture is the builtin illustrator's.
      { drawing: () => 'I cannot draw pictures.' },
      {},
      {
        illustrate: (book, seed, hints) => {
          given.push(hints);
          return addBuiltinIllustrations(book, seed, hints);
        },
      },
    );
    expect(imageCalls()).toHaveLength(0);
    expect(document.images.every((image) => image.drawnBy === 'builtin')).toBe(true);
    expect(document.metadata.generation?.pictures).toMatchObject({ drawn: 0, builtin: document.images.length });
    const { scenes } = given[0]!;
    expect([...scenes.keys()]).toEqual(document.chapters.map((chapter) => chapter.id));
    const settings = plannedSettings();
    for (const [index, chapter] of document.chapters.entries()) {
      expect(scenes.get(chapter.id)?.words).toContain(settings.get(index + 1));
      expect(scenes.get(chapter.id)?.alt).toContain(settings.get(index + 1));
      expect(document.images.map((image) => image.id)).toContain(chapter.imageId);
    }
    // Each picture is described as drawn, and names the people the outline puts in the scene.
    const cast = plannedCast();
    const alts = document.chapters.map((chapter) => document.images.find((image) => image.id === chapter.imageId)!.alt);
    expect(alts.some((alt) => cast.some((name) => alt.startsWith(name)))).toBe(true);
  });
});
