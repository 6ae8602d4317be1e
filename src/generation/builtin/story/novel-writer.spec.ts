import type { BookChapter } from '../../../book/book-document';
import type { BookGenerationRequest } from '../../book-provider';
import { planBook, writeBook, type WrittenBook } from '../testing/write-book';
import { CONCRETE_STYLES, worldSlots } from '../world';
import { NovelWriter } from './novel-writer';
import { STORY_BEATS } from './story-outline';

const request = { type: 'novel', prompt: 'A lighthouse keeper named Mara finds a map', style: 'mystery' } as const;
/** The book the builtin provider writes for the request with `overrides`. */
const write = (overrides: Partial<BookGenerationRequest> = {}) => writeBook(NovelWriter, { ...request, ...overrides });

const paragraphs = (chapters: BookChapter[]): string[] =>
  chapters.flatMap((chapter) => chapter.blocks).flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));

describe('NovelWriter', () => {
  let novel: WrittenBook;
  let rich: WrittenBook;
  beforeAll(async () => {
    novel = await write();
    rich = await write({ model: '3.0' });
  });

  it('tells the whole arc in order, one titled chapter per beat, no title twice', () => {
    expect(rich.outline.sections.map((section) => section.purpose)).toEqual([...STORY_BEATS]);
    const titles = rich.outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('writes chapters of prose with quoted, attributed dialogue and scene breaks', () => {
    const { chapters, world } = novel;
    const text = paragraphs(chapters).join('\n');
    expect(text).toMatch(new RegExp(`“[^”]+,” ${world.hero.first} (said|replied|answered|murmured|began)`));
    expect(chapters.some((chapter) => chapter.blocks.some((block) => block.kind === 'scene_break'))).toBe(true);
    for (const chapter of chapters) expect(chapter.blocks.at(-1)?.kind).toBe('paragraph');
  });

  it('puts the prompt’s hero, role and world into the story', async () => {
    const { chapters, world, outline } = await write({ style: 'western' });
    const text = paragraphs(chapters).join(' ');
    expect(world.hero.first).toBe('Mara');
    expect(world.hero.role).toBe('a lighthouse keeper');
    expect(text).toContain('Mara');
    expect(text).toMatch(/saloon|sheriff|frontier|six-shooter|posse|stagecoach/);
    expect(outline.frontMatter.cast?.map((member) => member.name)).toContain('Mara');
  });

  it('makes 3.0 novels longer than 2.0, and short stories much shorter than novels', async () => {
    const short = await write({ type: 'short_story' });
    // About 1.75x: 3.0 has half again as many chapters, each with a second scene (not a second showdown).
    expect(rich.words).toBeGreaterThan(novel.words * 1.7);
    expect(short.words * 2.2).toBeLessThan(novel.words);
  });

  it('lets a title in the prompt set the pronoun, whatever the given name', async () => {
    const hero = async (prompt: string) => (await planBook(NovelWriter, { ...request, prompt })).world.hero;
    expect(await hero('King Mara defends the walls')).toMatchObject({ full: 'King Mara', pronoun: 'he' });
    expect(await hero('Queen Tom defends the walls')).toMatchObject({ full: 'Queen Tom', pronoun: 'she' });
    expect(await hero('Captain Mara defends the walls')).toMatchObject({ first: 'Captain Mara', pronoun: 'she' });
  });

  it('never makes a car seat or a stair the hero’s home, and names the threat by its head after meeting it', async () => {
    for (let seed = 0; seed < 40; seed += 1) {
      // Without a prompt, the request id is what makes one invented world differ from the next.
      const { world } = await planBook(NovelWriter, {
        ...request,
        style: 'comedy',
        prompt: '',
        requestId: `00000000-0000-4000-8000-${String(seed).padStart(12, '0')}`,
      });
      expect(world.home).not.toMatch(/\b(seat|car|stair|stairs)$/);
      const slots = worldSlots(world);
      if (/^an? \S+ (who|that|which|with|of)\b/.test(world.threat)) {
        expect(slots['threat.short']).toMatch(/^the \S+$/);
      }
    }
  });

  it('stages the showdown once, even in a long 3.0 novel', async () => {
    for (const style of ['gothic', 'romance', 'horror', 'western'] as const) {
      const { outline, chapters } = await write({ model: '3.0', style });
      const climax = outline.sections.findIndex((section) => section.purpose === 'climax');
      const text = paragraphs([chapters[climax]!]).join(' ');
      const endings = ['let go of wanting it', 'ended it the only way it could be ended'];
      expect({ style, endings: endings.filter((ending) => text.includes(ending)).length }).toEqual({
        style,
        endings: 1,
      });
    }
  });

  it('rarely repeats a paragraph anywhere in a long book', () => {
    const all = paragraphs(rich.chapters).filter((text) => text.split(/\s+/).length > 8);
    expect(new Set(all).size / all.length).toBeGreaterThan(0.97);
  });

  it('writes the same book for the same request, any chapter again exactly as it was, and a different one for another', async () => {
    expect((await write()).chapters).toEqual(novel.chapters);
    expect(await novel.rewrite(novel.outline.sections[4]!)).toEqual(novel.chapters[4]);
    expect(paragraphs((await write({ prompt: 'A baker named Tobias' })).chapters)).not.toEqual(
      paragraphs(novel.chapters),
    );
  });

  it('lets a tone word change the narration', async () => {
    const plain = paragraphs(novel.chapters).join(' ');
    const wry = paragraphs((await write({ customTone: 'wry' })).chapters).join(' ');
    expect(wry).not.toBe(plain);
    expect(wry).toMatch(/bad timing|quiet week|immediately did|not having thought things through/);
    expect(plain).not.toMatch(/bad timing|quiet week|immediately did|not having thought things through/);
  });

  it.each(CONCRETE_STYLES)('leaves no template syntax or missing words in a %s novel', async (style) => {
    for (const prompt of ['', 'A lighthouse keeper named Mara finds a map']) {
      const { chapters, outline } = await write({ style, prompt, model: '3.0' });
      const text = [outline.title, ...outline.sections.map((s) => s.title), ...paragraphs(chapters)].join('\n');
      expect(text).not.toMatch(/[[\]{}]|undefined|\s[,.]|\b(\w+) \1\b(?<!\b(?:had|that) \1)/);
    }
  });
});
