import type { BookBlock, BookChapter } from '../../../book/book-document';
import { chapterText, writeBook, type WrittenBook } from '../testing/write-book';
import { TextbookWriter } from './textbook-writer';

const lessons = (chapters: BookChapter[]) => chapters.filter((chapter) => chapter.kind === 'lesson');
const ofKind = <K extends BookBlock['kind']>(chapter: BookChapter, kind: K) =>
  chapter.blocks.filter((block): block is Extract<BookBlock, { kind: K }> => block.kind === kind);

describe('TextbookWriter', () => {
  let book: WrittenBook;
  let rich: WrittenBook;
  beforeAll(async () => {
    book = await writeBook(TextbookWriter);
    rich = await writeBook(TextbookWriter, { model: '3.0' });
  });

  it('writes eight lessons and a glossary on 2.0, twelve lessons on 3.0', () => {
    expect(book.chapters.map((chapter) => chapter.kind)).toEqual([...Array<string>(8).fill('lesson'), 'glossary']);
    expect(lessons(rich.chapters)).toHaveLength(12);
    expect(rich.chapters.at(-1)?.kind).toBe('glossary');
  });

  it('gives every lesson objectives, headed sections, a worked example, a key point, exercises with answers and a summary', () => {
    for (const lesson of lessons(book.chapters)) {
      const headings = ofKind(lesson, 'heading');
      expect(headings.some((heading) => heading.level === 2)).toBe(true);
      expect(headings.some((heading) => heading.level === 3)).toBe(true);
      expect(headings.some((heading) => /^(Worked example|Example|A worked example): /.test(heading.text))).toBe(true);
      expect(headings.some((heading) => /Summary|In brief|take away/i.test(heading.text))).toBe(true);
      const lists = ofKind(lesson, 'list');
      expect(lists.some((list) => !list.ordered && list.items.length >= 3)).toBe(true);
      expect(lists.some((list) => list.ordered && list.items.length >= 4)).toBe(true);
      expect(ofKind(lesson, 'key_point')).toHaveLength(1);
      const exercises = ofKind(lesson, 'exercise');
      expect(exercises.length).toBeGreaterThanOrEqual(3);
      for (const exercise of exercises) {
        expect(exercise.question.length).toBeGreaterThan(10);
        expect(exercise.answer.length).toBeGreaterThan(10);
      }
    }
  });

  it('lists what the reader will be able to do in the front matter', () => {
    expect(book.outline.frontMatter.objectives).toHaveLength(8);
    expect(book.outline.frontMatter.objectives?.join(' ')).toContain('astronomy');
  });

  it('defines every key term of the lessons in an alphabetical glossary that includes the topic', () => {
    const glossary = book.chapters.at(-1)!;
    const terms = ofKind(glossary, 'glossary_entry').map((entry) => entry.term);
    expect(terms.length).toBeGreaterThanOrEqual(15);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en')));
    expect(terms).toContain('Astronomy');
    for (const lesson of lessons(book.chapters)) {
      const line = ofKind(lesson, 'paragraph').find((paragraph) => paragraph.text.startsWith('Key terms'));
      const named = /Key terms in this lesson: (.*)\. You will/.exec(line?.text ?? '')?.[1]?.split(', ') ?? [];
      expect(named.length).toBeGreaterThan(0);
      for (const term of named) expect(terms.map((entry) => entry.toLowerCase())).toContain(term.toLowerCase());
    }
  });

  it('is about the prompt’s topic from the title to every lesson', () => {
    expect(book.outline.title).toContain('Astronomy');
    for (const lesson of lessons(book.chapters)) expect(chapterText(lesson)).toContain('astronomy');
  });

  it('chooses a topic that suits the style when the prompt is empty', async () => {
    const western = await writeBook(TextbookWriter, { prompt: '' });
    expect(western.outline.title).toMatch(/Frontier Survival|Horsemanship/);
    expect(western.outline.title).not.toContain(western.world.hero.full);
    const future = await writeBook(TextbookWriter, { prompt: '', style: 'sci_fi' });
    expect(future.outline.title).toMatch(/Orbital Mechanics|Life Support/);
  });

  it('sets its examples in the style’s world', async () => {
    const text = book.chapters.map(chapterText).join(' ');
    expect(text).toMatch(/saloon|sheriff|frontier|ranch|railroad|stagecoach/i);
    const noir = (await writeBook(TextbookWriter, { style: 'noir' })).chapters.map(chapterText).join(' ');
    expect(noir).toMatch(/jazz|precinct|diner|neon|detective/i);
  });

  it('writes a longer, richer course on 3.0', () => {
    expect(rich.words).toBeGreaterThan(book.words * 1.8);
    const exercises = (chapters: BookChapter[]) => chapters.flatMap((chapter) => ofKind(chapter, 'exercise')).length;
    expect(exercises(rich.chapters) / 12).toBeGreaterThan(exercises(book.chapters) / 8);
  });

  it('is deterministic, and a lesson written again alone reads the same', async () => {
    expect((await writeBook(TextbookWriter)).chapters).toEqual(book.chapters);
    const section = book.outline.sections[4]!;
    expect(await book.rewrite(section)).toEqual(book.chapters[4]);
  });

  it('never repeats a paragraph or a lesson title', () => {
    const paragraphs = rich.chapters.flatMap((chapter) => ofKind(chapter, 'paragraph').map((block) => block.text));
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
    const titles = rich.outline.sections.map((section) => section.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('lets custom_tone and the author shape the voice', async () => {
    const toned = await writeBook(TextbookWriter, { customTone: 'wry', author: 'Jo March' });
    expect(toned.outline.frontMatter.foreword?.join(' ')).toMatch(/wry[\s\S]*Jo March/);
    expect(toned.chapters.map(chapterText).join(' ')).not.toEqual(book.chapters.map(chapterText).join(' '));
    const plain = new Set(book.chapters.flatMap((chapter) => ofKind(chapter, 'paragraph').map((block) => block.text)));
    const extra = toned.chapters.flatMap((chapter) =>
      ofKind(chapter, 'paragraph').filter((block) => !plain.has(block.text)),
    );
    expect(extra.length).toBeGreaterThanOrEqual(8);
  });
});
