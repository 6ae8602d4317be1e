import type { BookBlock, BookChapter } from '../../../book/book-document';
import { SelfHelpWriter } from './self-help-writer';
import { chapterText, writeBook, type WrittenBook } from '../testing/write-book';

const request = { type: 'self_help' as const, prompt: 'How to stop procrastinating', style: 'noir' as const };
const ofKind = <K extends BookBlock['kind']>(chapter: BookChapter, kind: K) =>
  chapter.blocks.filter((block): block is Extract<BookBlock, { kind: K }> => block.kind === kind);

describe('SelfHelpWriter', () => {
  let book: WrittenBook;
  let rich: WrittenBook;
  beforeAll(async () => {
    book = await writeBook(SelfHelpWriter, request);
    rich = await writeBook(SelfHelpWriter, { ...request, model: '3.0' });
  });

  it('writes eight principles on 2.0 and twelve on 3.0, and nothing else', () => {
    expect(book.chapters.map((chapter) => chapter.kind)).toEqual(Array<string>(8).fill('principle'));
    expect(rich.chapters.map((chapter) => chapter.kind)).toEqual(Array<string>(12).fill('principle'));
  });

  it('opens each principle with its statement, then a story, and ends with action steps, questions and a takeaway', () => {
    for (const chapter of book.chapters) {
      expect(chapter.blocks[0]?.kind).toBe('key_point');
      expect(chapter.blocks[1]?.kind).toBe('heading');
      const lists = ofKind(chapter, 'list');
      const steps = lists.find((list) => list.ordered);
      const questions = lists.find((list) => !list.ordered);
      expect(steps?.items.length).toBeGreaterThanOrEqual(4);
      expect(questions?.items.length).toBeGreaterThanOrEqual(3);
      for (const question of questions?.items ?? []) expect(question).toMatch(/\?$/);
      const headings = ofKind(chapter, 'heading').map((heading) => heading.text);
      expect(headings.some((text) => /trap|watch out|goes wrong/i.test(text))).toBe(true);
      expect(chapter.blocks.at(-2)).toMatchObject({ kind: 'heading', level: 3 });
      expect(chapter.blocks.at(-1)?.kind).toBe('paragraph');
    }
  });

  it('tells its stories about people of the style’s world, marked as invented', () => {
    const cast = [book.world.hero.first, book.world.ally.first, book.world.mentor.first];
    const text = book.chapters.map(chapterText).join(' ');
    expect(cast.some((name) => text.includes(name))).toBe(true);
    expect(text).toMatch(/jazz|precinct|diner|neon|waterfront|hotel/i);
    for (const chapter of book.chapters) expect(chapterText(chapter)).toMatch(/invent|imaginary|illustration/i);
  });

  it('promises what the reader will get and keeps the prompt’s aim in view', () => {
    expect(book.outline.title).toMatch(/Stop Procrastinating/);
    expect(book.outline.frontMatter.objectives).toHaveLength(8);
    expect(book.chapters.filter((chapter) => /procrastinat/.test(chapterText(chapter))).length).toBeGreaterThanOrEqual(
      6,
    );
  });

  it('says the reader’s aim in the right person for the people in its stories', async () => {
    const keep = await writeBook(SelfHelpWriter, { ...request, prompt: 'How to keep your word' });
    const text = keep.chapters.map(chapterText).join(' ');
    expect(text).toContain('keep your word');
    expect(text).not.toMatch(/\b(he|she|[A-Z][a-z]+) (wanted|tried|decided) to keep your\b/);
    expect(text).not.toMatch(/“I[^”]*keep your word/);
  });

  it('writes a longer book with more steps on 3.0', () => {
    expect(rich.words).toBeGreaterThan(book.words * 1.8);
    const steps = (written: WrittenBook) =>
      written.chapters.map((chapter) => ofKind(chapter, 'list').find((list) => list.ordered)?.items.length ?? 0);
    expect(Math.min(...steps(rich))).toBeGreaterThan(Math.max(...steps(book)));
  });

  it('is deterministic, never repeats a paragraph, and rewrites a chapter identically', async () => {
    expect((await writeBook(SelfHelpWriter, request)).chapters).toEqual(book.chapters);
    expect(await book.rewrite(book.outline.sections[5]!)).toEqual(book.chapters[5]);
    const paragraphs = rich.chapters.flatMap((chapter) => ofKind(chapter, 'paragraph').map((block) => block.text));
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });

  it('picks an aim that suits the style when the prompt is empty', async () => {
    const western = await writeBook(SelfHelpWriter, { ...request, prompt: '', style: 'western' });
    expect(western.outline.title).toMatch(/Stand Your Ground|Keep Your Word/);
  });
});
