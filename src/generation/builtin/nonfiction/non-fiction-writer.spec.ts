import type { BookBlock, BookChapter } from '../../../book/book-document';
import { NonFictionWriter } from './non-fiction-writer';
import { chapterText, writeBook, type WrittenBook } from '../testing/write-book';

const request = {
  type: 'non_fiction' as const,
  prompt: 'The history of the printing press',
  style: 'romance' as const,
};
const ofKind = <K extends BookBlock['kind']>(chapter: BookChapter, kind: K) =>
  chapter.blocks.filter((block): block is Extract<BookBlock, { kind: K }> => block.kind === kind);
const headings = (chapter: BookChapter) => ofKind(chapter, 'heading').map((heading) => heading.text);

describe('NonFictionWriter', () => {
  let book: WrittenBook;
  let rich: WrittenBook;
  let argument: BookChapter[];
  beforeAll(async () => {
    book = await writeBook(NonFictionWriter, request);
    rich = await writeBook(NonFictionWriter, { ...request, model: '3.0' });
    argument = book.chapters.filter((chapter) => chapter.kind === 'chapter');
  });

  it('writes eight chapters and a sources chapter on 2.0, twelve chapters on 3.0', () => {
    expect(book.chapters.map((chapter) => chapter.kind)).toEqual([...Array<string>(8).fill('chapter'), 'sources']);
    expect(rich.chapters.filter((chapter) => chapter.kind === 'chapter')).toHaveLength(12);
  });

  it('states its thesis first, argues a claim per chapter and concludes by gathering the claims', () => {
    expect(chapterText(argument[0]!)).toMatch(/argument of this book is that|argues one thing/);
    for (const chapter of argument) {
      const names = headings(chapter).join(' | ');
      expect(names).toMatch(/claim|argu/i);
      expect(names).toMatch(/Reasons|believe|case for|Grounds/);
      expect(names).toMatch(/[Oo]bjection/);
      expect(ofKind(chapter, 'paragraph').length).toBeGreaterThanOrEqual(8);
    }
    const conclusion = argument.at(-1)!;
    expect(ofKind(conclusion, 'list')[0]?.items).toHaveLength(argument.length - 2);
  });

  it('labels every case from the style’s world as an invented illustration', () => {
    for (const chapter of argument) {
      const text = chapterText(chapter);
      expect(text).toMatch(/invented|composite/i);
    }
    expect(book.chapters.map(chapterText).join(' ')).toMatch(/vineyard|café|bookshop|bakery|flower|wedding|love/i);
  });

  it('ends with honest notes: kinds of sources, questions to ask, and a note per chapter, with no invented dates', () => {
    const sources = book.chapters.at(-1)!;
    expect(sources.title).toBe('Notes and Further Reading');
    expect(headings(sources)).toEqual(
      expect.arrayContaining(['Kinds of sources to look for', 'Questions to ask of any source']),
    );
    const notes = ofKind(sources, 'heading').filter((heading) => heading.level === 3);
    expect(notes.map((note) => note.text)).toEqual(
      argument.map((chapter) => `Chapter ${chapter.number}: ${chapter.title}`),
    );
    expect(chapterText(sources)).toMatch(/invented|composite/);
    for (const chapter of book.chapters) expect(chapterText(chapter)).not.toMatch(/\b1[0-9]{3}\b|\d+%/);
  });

  it('is about the prompt’s subject throughout', () => {
    expect(book.outline.title).toContain('Printing Press');
    for (const chapter of book.chapters) expect(chapterText(chapter)).toContain('printing press');
  });

  it.each([
    ['Why cities flood and how to prepare', 'Flooding of Cities', 'cities flood is'],
    ['The rise and fall of the Silk Road trade', 'the Rise and Fall of the Silk Road Trade', 'Picture Silk Road'],
  ])('reads the subject of %j as a noun phrase', async (prompt, title, wrong) => {
    const written = await writeBook(NonFictionWriter, { ...request, prompt, style: 'history' });
    expect(written.outline.title.toLowerCase()).toContain(title.toLowerCase());
    expect(written.chapters.map(chapterText).join(' ')).not.toContain(wrong);
  });

  it('writes a longer argument on 3.0, deterministically, without repeating a paragraph', async () => {
    expect(rich.words).toBeGreaterThan(book.words * 1.8);
    expect((await writeBook(NonFictionWriter, request)).chapters).toEqual(book.chapters);
    expect(await book.rewrite(book.outline.sections[2]!)).toEqual(book.chapters[2]);
    const paragraphs = rich.chapters.flatMap((chapter) => ofKind(chapter, 'paragraph').map((block) => block.text));
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });

  it('argues about a subject suited to the style when the prompt is empty, in the requested tone', async () => {
    const book = await writeBook(NonFictionWriter, {
      ...request,
      prompt: '',
      style: 'sci_fi',
      customTone: 'melancholy',
    });
    expect(book.outline.title).toMatch(/Cost of Progress|Colonisation of Space/);
    expect(book.outline.frontMatter.foreword?.join(' ')).toContain('melancholy');
  });
});
