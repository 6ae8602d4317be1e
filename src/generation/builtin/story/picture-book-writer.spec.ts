import type { BookChapter } from '../../../book/book-document';
import type { BookGenerationRequest } from '../../book-provider';
import { countText, splitSentences } from '../text';
import { writeBook, type WrittenBook } from '../testing/write-book';
import { CONCRETE_STYLES } from '../world';
import { PictureBookWriter } from './picture-book-writer';
import { storyBeats } from './story-outline';

const request = { type: 'childrens', prompt: '', style: 'western' } as const;
/** The book the builtin provider writes for the request with `overrides`. */
const write = (overrides: Partial<BookGenerationRequest> = {}) =>
  writeBook(PictureBookWriter, { ...request, ...overrides });

const blocks = (pages: BookChapter[]) => pages.flatMap((page) => page.blocks);
const paragraphs = (pages: BookChapter[]): string[] =>
  blocks(pages).flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
const texts = (pages: BookChapter[]): string[] =>
  blocks(pages).flatMap((block) => (block.kind === 'paragraph' || block.kind === 'dialogue' ? [block.text] : []));

/** Words that have no place in a book for a three-year-old, whatever the style asked for. */
const SCARY =
  /\b(kill\w*|blood\w*|dead|death|die[sd]?|murder\w*|gun\w*|revolver|knife|knives|corpse|scream\w*|curse[sd]?|haunt\w*|horror|terror\w*|monstrous|evil|weapon\w*|bullet\w*|grave\w*|ghoul\w*)\b/i;

describe('PictureBookWriter', () => {
  let books: Record<'2.0' | '3.0', WrittenBook>;
  beforeAll(async () => {
    books = { '2.0': await write(), '3.0': await write({ model: '3.0' }) };
  });

  it.each([
    ['2.0', 12],
    ['3.0', 16],
  ] as const)('tells the whole arc on %s short pages, one paragraph each', (model, count) => {
    const { outline, chapters: pages } = books[model];
    expect(outline.sections.map((section) => section.purpose)).toEqual(storyBeats(count));
    expect(new Set(outline.sections.map((section) => section.kind))).toEqual(new Set(['page']));
    for (const { blocks } of pages) {
      expect(blocks[0]?.kind).toBe('paragraph');
      expect(blocks.filter((block) => block.kind === 'paragraph')).toHaveLength(1);
      expect(blocks.every((block) => block.kind === 'paragraph' || block.kind === 'dialogue')).toBe(true);
    }
    const titles = outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.some((title) => /^page \d+$/.test(title))).toBe(false);
  });

  it.each(CONCRETE_STYLES)('writes short, simple sentences for small readers in a %s book', async (style) => {
    for (const model of ['2.0', '3.0'] as const) {
      for (const prompt of ['', 'A girl named Hana and her robot friend Pip']) {
        const { chapters: pages, outline, world } = await write({ style, model, prompt });
        // Each rule is one assertion that lists every text breaking it.
        const pageParagraphs = paragraphs(pages);
        const sentenceCount = (text: string): number => splitSentences(text).length;
        expect(pageParagraphs.filter((text) => sentenceCount(text) < 1 || sentenceCount(text) > 3)).toEqual([]);
        expect(pageParagraphs.filter((text) => countText(text) >= 40)).toEqual([]);
        expect(pageParagraphs.flatMap(splitSentences).filter((sentence) => countText(sentence) >= 15)).toEqual([]);
        const dialogue = blocks(pages).filter((block) => block.kind === 'dialogue');
        expect(dialogue.filter((block) => countText(block.text) >= 8)).toEqual([]);
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
    const pages = books['2.0'].chapters;
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

  it('calls the hero and the friend by the names the prompt gives', async () => {
    const { chapters: pages, world } = await write({ prompt: 'A girl named Hana and her robot friend Pip' });
    const book = texts(pages).join(' ');
    expect(world.hero.first).toBe('Hana');
    expect(book).toContain('Hana');
    expect(book).toContain('Pip the robot');
    expect(book).toMatch(/\b(she|her)\b/i);
  });

  it('finds the friend in the style’s children’s lexicon when the prompt names none', () => {
    // The default request: a western with no prompt.
    const { chapters: pages, world } = books['2.0'];
    const book = texts(pages).join(' ');
    const friends = world.lexicon.children.friends.map((friend) => /called (\p{Lu}\p{L}+)/u.exec(friend)?.[1]);
    expect(friends.some((name) => name && book.includes(`${name} the `))).toBe(true);
    expect(book).toContain(world.hero.first);
  });

  it('lets a prompt about the dark choose the dark-night story', async () => {
    const { chapters: pages } = await write({ style: 'comedy', prompt: 'A boy named Leo who is afraid of the dark' });
    expect(paragraphs(pages).join(' ')).toContain('But it was still too dark.');
  });

  it('makes an unnamed creature of the prompt the hero, and its fear the problem', async () => {
    const { chapters: pages, outline } = await write({
      style: 'fairy_tale',
      prompt: 'A little cloud who is afraid of thunder',
    });
    const book = paragraphs(pages).join(' ');
    expect(book).toMatch(/^(This is Little Cloud\.|Little Cloud lived|Once there was Little Cloud\.)/);
    expect(book).toContain('But Little Cloud was still scared of thunder.');
    expect(book).toContain('And Little Cloud was not scared of thunder any more.');
    expect(outline.title).toMatch(/Little Cloud|Thunder/);
  });

  it('keeps the kind the prompt gives a named hero, and lets the prompt choose a story about sharing', async () => {
    const { chapters: pages } = await write({ style: 'western', prompt: 'A small hedgehog named Pip learns to share' });
    const book = paragraphs(pages).join(' ');
    expect(book).toMatch(/Pip the small hedgehog|a small hedgehog called Pip/);
    expect(book).toContain('But playing alone was no fun.');
    expect(book).toContain('Playing together was much more fun!');
  });

  it('makes the hero’s pet of the prompt the friend', async () => {
    const { chapters: pages } = await write({ style: 'adventure', prompt: 'Milo and his dog find a treasure map' });
    const book = paragraphs(pages).join(' ');
    expect(book).toContain('Milo');
    expect(book).toMatch(/\p{Lu}\p{L}+ the dog/u);
  });

  it('gives a person of the prompt a name instead of calling them Girl', async () => {
    const { chapters: pages, world } = await write({ style: 'adventure', prompt: 'A girl who wants to fly' });
    const book = paragraphs(pages).join(' ');
    expect(book).not.toMatch(/\bGirl\b/);
    expect(book).toContain(world.hero.first);
  });

  it('makes a 3.0 book longer than a 2.0 one', () => {
    const short = books['2.0'];
    const long = books['3.0'];
    expect(long.chapters.length).toBeGreaterThan(short.chapters.length);
    expect(long.words).toBeGreaterThan(short.words * 1.2);
  });

  it('writes the same book for the same request, any page again as it was, and no page twice', async () => {
    const first = await write({ style: 'horror', model: '3.0' });
    expect((await write({ style: 'horror', model: '3.0' })).chapters).toEqual(first.chapters);
    expect(await first.rewrite(first.outline.sections[4]!)).toEqual(first.chapters[4]);
    const bodies = paragraphs(first.chapters);
    expect(new Set(bodies).size).toBe(bodies.length);
    const other = await write({ style: 'horror', model: '3.0', prompt: 'A boy named Tobias' });
    expect(paragraphs(other.chapters)).not.toEqual(bodies);
  });
});
