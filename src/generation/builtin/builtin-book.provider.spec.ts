import { BOOK_TYPES, type BookStyle, type BookType } from '../../catalog/catalog';
import type { BookChapter, BookDocument } from '../../book/book-document';
import type {
  BookGenerationRequest,
  GenerationContext,
  GenerationProgressReporter,
  SectionCheckpointStore,
} from '../book-provider';
import { GenerationCancelledError } from '../generation.errors';
import { BuiltinBookProvider } from './builtin-book.provider';
import { blockTexts } from './text';
import { generationRequest } from '../testing/generation-request';

const request = (overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest =>
  generationRequest({
    prompt: 'A lighthouse keeper named Mara finds a map',
    type: 'novel',
    author: 'Test Author',
    outputFormat: 'txt',
    ...overrides,
  });

const progress = () => {
  const reports: Array<[number, string]> = [];
  return {
    reports,
    report: (p: number, m: string) => {
      reports.push([p, m]);
      return Promise.resolve();
    },
  };
};

/** The context of a run nobody cancels unless the test passes its own signal. */
const runContext = (
  reporter: GenerationProgressReporter,
  checkpoints?: SectionCheckpointStore,
  signal = new AbortController().signal,
): GenerationContext => ({ progress: reporter, checkpoints, signal });

const generate = async (overrides: Partial<BookGenerationRequest> = {}): Promise<BookDocument> =>
  (await new BuiltinBookProvider().generate(request(overrides), runContext(progress()))).document;

/** Everything a reader reads, panel captions and exercise answers included. */
const texts = (document: BookDocument): string[] =>
  document.chapters.flatMap((chapter) => chapter.blocks.flatMap(blockTexts)).filter(Boolean);

describe('BuiltinBookProvider', () => {
  const kinds = (document: BookDocument) => new Set(document.chapters.flatMap((c) => c.blocks.map((b) => b.kind)));

  it.each(BOOK_TYPES.filter((type): type is Exclude<BookType, 'automatic'> => type !== 'automatic'))(
    'gives a %s its own structure',
    async (type) => {
      const document = await generate({ type });
      expect(document.metadata.type).toBe(type);
      const blockKinds = kinds(document);
      const chapterKinds = new Set(document.chapters.map((chapter) => chapter.kind));
      switch (type) {
        case 'novel':
        case 'short_story':
          expect(chapterKinds).toEqual(new Set([type === 'novel' ? 'chapter' : 'part']));
          // Novels set speech as books do: in quotation marks inside the prose, with speech tags.
          expect(
            texts(document).some((text) =>
              /“[^”]+[,?!]” \p{Lu}\p{Ll}+ (said|asked|replied|answered|murmured|began)/u.test(text),
            ),
          ).toBe(true);
          expect(blockKinds.has('scene_break')).toBe(true);
          expect(document.frontMatter.cast?.length).toBeGreaterThanOrEqual(3);
          break;
        case 'comic':
        case 'manga':
          expect(chapterKinds).toEqual(new Set(['page']));
          expect([...blockKinds]).toEqual(['panel']);
          expect(document.metadata.readingDirection).toBe(type === 'manga' ? 'rtl' : 'ltr');
          break;
        case 'textbook':
          expect(chapterKinds).toEqual(new Set(['lesson', 'glossary']));
          expect(blockKinds.has('exercise')).toBe(true);
          expect(blockKinds.has('glossary_entry')).toBe(true);
          expect(document.frontMatter.objectives?.length).toBeGreaterThan(0);
          break;
        case 'childrens':
          expect(chapterKinds).toEqual(new Set(['page']));
          for (const text of texts(document)) expect(text.split(/\s+/).length).toBeLessThan(40);
          break;
        case 'self_help':
          expect(chapterKinds).toEqual(new Set(['principle']));
          expect(blockKinds.has('key_point')).toBe(true);
          expect(blockKinds.has('list')).toBe(true);
          break;
        case 'non_fiction':
          expect(chapterKinds).toEqual(new Set(['chapter', 'sources']));
          expect(blockKinds.has('heading')).toBe(true);
          break;
      }
    },
  );

  it('short stories are much shorter than novels', async () => {
    const novel = await generate({ type: 'novel' });
    const story = await generate({ type: 'short_story' });
    expect(story.metadata.wordCount * 2).toBeLessThan(novel.metadata.wordCount);
  });

  it.each<[BookStyle, RegExp]>([
    ['western', /saloon|sheriff|frontier|six-shooter/i],
    ['cyberpunk', /neon|implant|megacorp|cyberdeck/i],
    ['gothic', /crypt|candle|manor|ancestral/i],
    ['sci_fi', /orbital|Mars|reactor|Europa/i],
    ['noir', /jazz|rain|revolver|dame/i],
    ['fantasy', /dragon|elven|wizard|rune/i],
  ])('writes %s with its own vocabulary', async (style, vocabulary) => {
    const document = await generate({ style });
    expect(texts(document).join(' ')).toMatch(vocabulary);
  });

  it.each([
    ['A lighthouse keeper named Mara finds a map', 'Mara'],
    ['Алёна и море', 'Алёна'],
    ['さくらと海の秘密', 'さくら'],
  ])('puts the prompt’s hero of %j in the text of every type and the title of fiction', async (prompt, hero) => {
    for (const type of BOOK_TYPES.filter((t): t is Exclude<BookType, 'automatic'> => t !== 'automatic')) {
      const document = await generate({ prompt, type });
      expect({ type, text: texts(document).join(' ') }).toEqual({ type, text: expect.stringContaining(hero) });
      // Non-fiction is about the prompt's subject, and a picture book is named after its problem.
      if (['novel', 'short_story', 'comic', 'manga'].includes(type))
        expect({ type, title: document.metadata.title }).toEqual({ type, title: expect.stringContaining(hero) });
    }
  });

  it('keeps a titled hero’s title: "Captain Vela", never a bare "Captain"', async () => {
    for (const type of ['novel', 'comic'] as const) {
      const document = await generate({ prompt: 'Captain Vela must stop a storm machine', type, style: 'superhero' });
      const text = texts(document).join(' ');
      expect(text.match(/Captain Vela/g)?.length ?? 0).toBeGreaterThan(10);
      expect({ type, bare: text.match(/\bCaptain\b(?! Vela)[^.]{0,30}/g) ?? [] }).toEqual({ type, bare: [] });
      if (type === 'comic') {
        const speakers = document.chapters.flatMap((chapter) =>
          chapter.blocks.flatMap((block) => (block.kind === 'panel' ? block.dialogue.map((line) => line.speaker) : [])),
        );
        expect(speakers).toContain('Captain Vela');
        expect(speakers).not.toContain('Captain');
      }
    }
  });

  it('sets the story where the prompt sets it, and never takes the place for a person', async () => {
    const document = await generate({ prompt: 'Two rival bakers in Lisbon fall in love', style: 'romance' });
    expect(
      texts(document)
        .join(' ')
        .match(/\bLisbon\b/g)?.length ?? 0,
    ).toBeGreaterThan(5);
    expect(document.frontMatter.cast?.map((member) => member.name).join(' ')).not.toContain('Lisbon');
  });

  it('writes about the prompt’s topic in non-fiction', async () => {
    for (const type of ['textbook', 'self_help', 'non_fiction'] as const) {
      const document = await generate({ prompt: 'An introduction to astronomy for beginners', type });
      expect(document.metadata.title.toLowerCase()).toContain('astronomy');
      expect(texts(document).join(' ').toLowerCase()).toContain('astronomy');
    }
  });

  it('is deterministic for one request and different for another', async () => {
    const first = await generate();
    const again = await generate({ requestId: '00000000-0000-4000-8000-000000000002' });
    expect({ ...again, metadata: { ...again.metadata, identifier: first.metadata.identifier } }).toEqual(first);
    const other = await generate({ prompt: 'A baker named Tobias' });
    expect(texts(other)).not.toEqual(texts(first));
  });

  it.each(BOOK_TYPES.filter((type): type is Exclude<BookType, 'automatic'> => type !== 'automatic'))(
    'writes a longer, fuller %s on 3.0',
    async (type) => {
      const small = await generate({ type, model: '2.0' });
      const large = await generate({ type, model: '3.0' });
      expect(large.chapters.length).toBeGreaterThan(small.chapters.length);
      // Picture books stay short by nature: 3.0 adds pages and voices, not long text.
      expect(large.metadata.wordCount).toBeGreaterThan(small.metadata.wordCount * (type === 'childrens' ? 1.15 : 1.5));
    },
  );

  it('does not repeat paragraphs across chapters', async () => {
    const paragraphs = (await generate({ model: '3.0' })).chapters.flatMap((chapter) =>
      chapter.blocks.filter((block) => block.kind === 'paragraph').map((block) => block.text),
    );
    expect(new Set(paragraphs).size / paragraphs.length).toBeGreaterThan(0.98);
  });

  it('lets custom_tone and author shape the book', async () => {
    const plain = await generate();
    const toned = await generate({ customTone: 'wry', author: 'Jo March' });
    expect(toned.metadata.author).toBe('Jo March');
    expect(texts(toned).join(' ')).not.toEqual(texts(plain).join(' '));
    expect(texts(toned).join(' ')).toMatch(/bad timing|quiet week|immediately did|not having thought things through/);
  });

  it('picks a type and style for automatic from the prompt', async () => {
    const document = await generate({ type: 'automatic', style: 'automatic', prompt: 'A dragon learns a lesson' });
    expect(document.metadata.style).toBe('fantasy');
    expect(document.metadata.type).toBe('textbook');
  });

  it('reports rising progress ending at 100', async () => {
    const reporter = progress();
    await new BuiltinBookProvider().generate(request({ images: true }), runContext(reporter));
    const values = reporter.reports.map(([value]) => value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBe(100);
    expect(reporter.reports.map(([, message]) => message)).toEqual(
      expect.arrayContaining([
        'Planning the outline',
        expect.stringMatching(/^Writing chapter 3 of \d+: /),
        expect.stringMatching(/^Drawing \d+ illustrations$/),
      ]),
    );
  });

  it('draws a cover, one picture per chapter and one per panel, all referenced and well formed', async () => {
    const document = await generate({ type: 'comic', images: true, style: 'western' });
    const ids = new Set(document.images.map((image) => image.id));
    expect(ids.has(document.coverImageId ?? '')).toBe(true);
    for (const chapter of document.chapters) {
      expect(ids.has(chapter.imageId ?? '')).toBe(true);
      for (const block of chapter.blocks) if (block.kind === 'panel') expect(ids.has(block.imageId ?? '')).toBe(true);
    }
    for (const image of document.images) {
      const svg = Buffer.from(image.data, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|href=/i);
    }
  });

  it('reuses checkpointed sections instead of writing them again', async () => {
    const saved = new Map<string, BookChapter>();
    const store: SectionCheckpointStore = {
      load: () => Promise.resolve(new Map(saved)),
      save: (_id, key, chapter) => {
        saved.set(key, chapter);
        return Promise.resolve();
      },
    };
    const provider = new BuiltinBookProvider();
    await provider.generate(request(), runContext(progress(), store));
    const marked = { ...saved.get('section-002')!, title: 'From the checkpoint' };
    saved.set('section-002', marked);
    const again = await provider.generate(request(), runContext(progress(), store));
    expect(again.document.chapters[1]?.title).toBe('From the checkpoint');
  });

  it('writes no section once its signal is aborted', async () => {
    const reporter = progress();
    const saved: string[] = [];
    const store: SectionCheckpointStore = {
      load: () => Promise.resolve(new Map()),
      save: (_id, key) => {
        saved.push(key);
        return Promise.resolve();
      },
    };
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(
      new BuiltinBookProvider().generate(request(), runContext(reporter, store, cancelled.signal)),
    ).rejects.toBeInstanceOf(GenerationCancelledError);
    expect(saved).toEqual([]);
    expect(reporter.reports.map(([, message]) => message)).toEqual(['Planning the outline']);
  });

  it('stops during the simulated model latency as soon as the signal is aborted', async () => {
    const cancel = new AbortController();
    const reporter: GenerationProgressReporter = {
      // The first section starts its (one-minute) wait right after this report: cancel then.
      report: (_progress, message) => {
        if (message?.startsWith('Writing chapter 1 ')) setImmediate(() => cancel.abort());
        return Promise.resolve();
      },
    };
    const provider = new BuiltinBookProvider({ sectionDelayMs: 60_000 });
    // Without the abort the promise would take 15 minutes and the test would time out.
    await expect(provider.generate(request(), runContext(reporter, undefined, cancel.signal))).rejects.toBeInstanceOf(
      GenerationCancelledError,
    );
  });
});
