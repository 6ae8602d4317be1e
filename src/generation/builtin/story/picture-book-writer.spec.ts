import type { BookBlock } from '../../../book/book-document';
import type { BookGenerationRequest } from '../../book-provider';
import { Random } from '../prng';
import { countText, splitSentences } from '../text';
import { SectionContext } from '../type-writer';
import { buildWorld, CONCRETE_STYLES, worldSlots } from '../world';
import { PictureBookWriter } from './picture-book-writer';
import { storyBeats } from './story-outline';

const request = (overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  prompt: '',
  style: 'western',
  type: 'childrens',
  images: false,
  author: 'Test Author',
  customTone: '',
  model: '2.0',
  outputFormat: 'txt',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The writer alone, as the provider drives it: outline once, then every page from its own stream. */
function write(overrides: Partial<BookGenerationRequest> = {}) {
  const random = new Random(JSON.stringify(overrides));
  const world = buildWorld(request(overrides), random.fork('world'));
  const writer = new PictureBookWriter();
  const outline = writer.outline(world, random.fork('outline'));
  const slots = worldSlots(world);
  const bookRandom = random.fork('book');
  const page = (number: number): BookBlock[] => {
    const section = outline.sections[number - 1]!;
    return writer.writeSection(
      new SectionContext(world, outline, section, random.fork(section.key), slots, bookRandom),
    );
  };
  return { world, outline, pages: outline.sections.map((section) => page(section.number)), page };
}

const paragraphs = (pages: BookBlock[][]): string[] =>
  pages.flat().flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
const texts = (pages: BookBlock[][]): string[] =>
  pages.flat().flatMap((block) => (block.kind === 'paragraph' || block.kind === 'dialogue' ? [block.text] : []));
const words = (pages: BookBlock[][]): number => texts(pages).reduce((sum, text) => sum + countText(text), 0);

/** Words that have no place in a book for a three-year-old, whatever the style asked for. */
const SCARY =
  /\b(kill\w*|blood\w*|dead|death|die[sd]?|murder\w*|gun\w*|revolver|knife|knives|corpse|scream\w*|curse[sd]?|haunt\w*|horror|terror\w*|monstrous|evil|weapon\w*|bullet\w*|grave\w*|ghoul\w*)\b/i;

describe('PictureBookWriter', () => {
  it.each([
    ['2.0', 12],
    ['3.0', 16],
  ] as const)('tells the whole arc on %s short pages, one paragraph each', (model, count) => {
    const { outline, pages } = write({ model });
    expect(outline.sections.map((section) => section.purpose)).toEqual(storyBeats(count));
    expect(new Set(outline.sections.map((section) => section.kind))).toEqual(new Set(['page']));
    for (const blocks of pages) {
      expect(blocks[0]?.kind).toBe('paragraph');
      expect(blocks.filter((block) => block.kind === 'paragraph')).toHaveLength(1);
      expect(blocks.every((block) => block.kind === 'paragraph' || block.kind === 'dialogue')).toBe(true);
    }
    const titles = outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.some((title) => /^page \d+$/.test(title))).toBe(false);
  });

  it.each(CONCRETE_STYLES)('writes short, simple sentences for small readers in a %s book', (style) => {
    for (const model of ['2.0', '3.0'] as const) {
      for (const prompt of ['', 'A girl named Hana and her robot friend Pip']) {
        const { pages, outline, world } = write({ style, model, prompt });
        for (const text of paragraphs(pages)) {
          const sentences = splitSentences(text);
          expect(sentences.length).toBeGreaterThanOrEqual(1);
          expect(sentences.length).toBeLessThanOrEqual(3);
          expect(countText(text)).toBeLessThan(40);
          for (const sentence of sentences)
            expect({ sentence, words: countText(sentence) < 15 }).toEqual({ sentence, words: true });
        }
        for (const block of pages.flat()) if (block.kind === 'dialogue') expect(countText(block.text)).toBeLessThan(8);
        // Gentle whatever the style: none of the world's threats, and no frightening words.
        const book = [outline.title, ...outline.sections.map((section) => section.title), ...texts(pages)].join('\n');
        expect(book).not.toMatch(SCARY);
        expect(book).not.toContain(world.threat);
        expect(book).not.toContain(world.rival.full);
        expect(book).not.toMatch(/[[\]{}]|undefined|\s[,.]|\b(\w+) \1\b/);
      }
    }
  });

  it('comes back to a refrain, and solves the problem before the end', () => {
    const { pages } = write();
    const sentences = paragraphs(pages).flatMap(splitSentences);
    const counts = new Map<string, number>();
    for (const sentence of sentences) counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    const [refrain, times] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(times).toBeGreaterThanOrEqual(3);
    expect(refrain).toMatch(/^But /);
    const last = paragraphs(pages).at(-1)!;
    expect(last).toMatch(/The end\.$/);
    // The refrain turns happy on the climax page: the same words, without the "But".
    const climax = paragraphs(pages).at(-2)!;
    expect(climax).not.toContain(refrain);
  });

  it('calls the hero and the friend by the names the prompt gives', () => {
    const { pages, world } = write({ prompt: 'A girl named Hana and her robot friend Pip' });
    const book = texts(pages).join(' ');
    expect(world.hero.first).toBe('Hana');
    expect(book).toContain('Hana');
    expect(book).toContain('Pip the robot');
    expect(book).toMatch(/\b(she|her)\b/i);
  });

  it('finds the friend in the style’s children’s lexicon when the prompt names none', () => {
    const { pages, world } = write({ style: 'western' });
    const book = texts(pages).join(' ');
    const friends = world.lexicon.children.friends.map((friend) => /called (\p{Lu}\p{L}+)/u.exec(friend)?.[1]);
    expect(friends.some((name) => name && book.includes(`${name} the `))).toBe(true);
    expect(book).toContain(world.hero.first);
  });

  it('lets a prompt about the dark choose the dark-night story', () => {
    const { pages } = write({ style: 'comedy', prompt: 'A boy named Leo who is afraid of the dark' });
    expect(paragraphs(pages).join(' ')).toContain('But it was still too dark.');
  });

  it('makes an unnamed creature of the prompt the hero, and its fear the problem', () => {
    const { pages, outline } = write({ style: 'fairy_tale', prompt: 'A little cloud who is afraid of thunder' });
    const book = paragraphs(pages).join(' ');
    expect(book).toMatch(/^(This is Little Cloud\.|Little Cloud lived|Once there was Little Cloud\.)/);
    expect(book).toContain('But Little Cloud was still scared of thunder.');
    expect(book).toContain('And Little Cloud was not scared of thunder any more.');
    expect(outline.title).toMatch(/Little Cloud|Thunder/);
  });

  it('keeps the kind the prompt gives a named hero, and lets the prompt choose a story about sharing', () => {
    const { pages } = write({ style: 'western', prompt: 'A small hedgehog named Pip learns to share' });
    const book = paragraphs(pages).join(' ');
    expect(book).toMatch(/Pip the small hedgehog|a small hedgehog called Pip/);
    expect(book).toContain('But playing alone was no fun.');
    expect(book).toContain('Playing together was much more fun!');
  });

  it('makes the hero’s pet of the prompt the friend', () => {
    const { pages } = write({ style: 'adventure', prompt: 'Milo and his dog find a treasure map' });
    const book = paragraphs(pages).join(' ');
    expect(book).toContain('Milo');
    expect(book).toMatch(/\p{Lu}\p{L}+ the dog/u);
  });

  it('gives a person of the prompt a name instead of calling them Girl', () => {
    const { pages, world } = write({ style: 'adventure', prompt: 'A girl who wants to fly' });
    const book = paragraphs(pages).join(' ');
    expect(book).not.toMatch(/\bGirl\b/);
    expect(book).toContain(world.hero.first);
  });

  it('makes a 3.0 book longer than a 2.0 one', () => {
    const short = write({ model: '2.0' }).pages;
    const long = write({ model: '3.0' }).pages;
    expect(long.length).toBeGreaterThan(short.length);
    expect(words(long)).toBeGreaterThan(words(short) * 1.2);
  });

  it('writes the same book for the same request, any page again as it was, and no page twice', () => {
    const first = write({ style: 'horror', model: '3.0' });
    expect(write({ style: 'horror', model: '3.0' }).pages).toEqual(first.pages);
    expect(first.page(5)).toEqual(first.pages[4]);
    const bodies = paragraphs(first.pages);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(paragraphs(write({ style: 'horror', model: '3.0', prompt: 'A boy named Tobias' }).pages)).not.toEqual(
      bodies,
    );
  });
});
