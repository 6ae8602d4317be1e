import type { BookDocument } from '../../book/book-document';
import { CONCRETE_BOOK_TYPES, sampleBook } from '../testing/sample-books';
import { displayWidth } from './text-helpers';
import { TXT_LINE_WIDTH, TxtRenderer } from './txt.renderer';

const renderer = new TxtRenderer();
const render = async (document: BookDocument): Promise<string> => (await renderer.render(document)).toString('utf8');
const SUBJECTS = ['Ada', 'Алёна', 'さくら', '<script>alert(1)</script>'];

describe('TxtRenderer', () => {
  describe.each(CONCRETE_BOOK_TYPES)('a %s', (type) => {
    it.each(SUBJECTS.flatMap((subject) => [true, false].map((images) => [subject, images] as const)))(
      'about %s (images: %s) keeps every line within 72 columns, without trailing spaces, ending with a newline',
      async (subject, images) => {
        const text = await render(sampleBook({ type, subject, images }));
        const lines = text.split('\n');
        expect(text.endsWith('\n')).toBe(true);
        expect(text.endsWith('\n\n')).toBe(false);
        expect(text).not.toContain('\r');
        // One assertion over all lines: it names every offending line, and costs one expect, not thousands.
        expect(lines.filter((line) => displayWidth(line) > TXT_LINE_WIDTH)).toEqual([]);
        expect(lines.filter((line) => line !== line.trimEnd())).toEqual([]);
        expect(text).not.toMatch(/\n\n\n\n/);
      },
    );
  });

  it('wraps paragraphs at the last space that fits, never inside a word', async () => {
    const text = await render(sampleBook({ paragraphs: 1, chapters: 1 }));
    const paragraph = text.split('\n\n').find((part) => part.startsWith('Ada walked past the harbour'));
    expect(paragraph?.split('\n')).toEqual([
      'Ada walked past the harbour for the 1th time in part 1, counting',
      'lanterns ("one, two, three") & wondering whether <the tide> would turn.',
      'The wind carried salt and the smell of tar; gulls argued over the nets.',
    ]);
  });

  it('wraps Japanese text by columns: 36 wide characters fill a line', async () => {
    const document = sampleBook({ chapters: 1 });
    document.chapters[0]!.blocks = [{ kind: 'paragraph', text: 'さ'.repeat(100) }];
    const text = await render(document);
    expect(text).toContain(`\n${'さ'.repeat(36)}\n${'さ'.repeat(36)}\n${'さ'.repeat(28)}\n`);
  });

  it('splits only a word wider than the line itself', async () => {
    const document = sampleBook({ chapters: 1 });
    const url = `https://example.com/${'a'.repeat(100)}`;
    document.chapters[0]!.blocks = [{ kind: 'paragraph', text: `Read ${url} today` }];
    const lines = (await render(document)).split('\n');
    expect(lines).toContain(url.slice(0, 72));
    expect(lines).toContain(`${url.slice(72)} today`);
  });

  it('starts with a title block: title, subtitle, author, synopsis', async () => {
    const text = await render(sampleBook({ title: 'The Long Tide', author: 'Jo March' }));
    const head = text
      .split('\n')
      .slice(0, 8)
      .map((line) => line.trim());
    expect(head[0]).toBe('The Long Tide');
    expect(head[1]).toBe('A sample book');
    expect(head).toContain('by Jo March');
    expect(text.indexOf('A book about Ada, a harbour')).toBeLessThan(text.indexOf('Dedication'));
  });

  it('prints the front matter: dedication, foreword, objectives and cast', async () => {
    const text = await render(sampleBook({ type: 'textbook' }));
    expect(text).toContain('For everyone who waits by the sea.');
    expect(text).toContain('\nForeword\n--------\n\nA short foreword.\n\nIn two paragraphs.\n');
    expect(text).toContain('Learning objectives\n-------------------\n\n  - Know the tides\n  - Read a map\n');
    expect(text).toContain('Cast of characters\n------------------\n\n  - Ada: a harbour keeper\n  - Mira: a sailor\n');
  });

  it('heads each chapter with a rule and "Chapter N: Title", in order', async () => {
    const text = await render(sampleBook({ type: 'novel', chapters: 3 }));
    const rule = '='.repeat(72);
    const positions = [1, 2, 3].map((number) =>
      text.indexOf(`\n${rule}\nChapter ${number}: Ada and the Tide, Part ${number}\n${rule}\n`),
    );
    for (const position of positions) expect(position).toBeGreaterThan(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain(`\n${rule}\nGlossary\n${rule}\n`);
  });

  it('labels comic chapters as pages and writes panels as a script', async () => {
    const text = await render(sampleBook({ type: 'comic', subject: 'Алёна', chapters: 2 }));
    expect(text).toContain('Page 2: Алёна and the Tide, Part 2');
    expect(text).toContain(
      [
        'PANEL 1',
        '  Panel 1: Алёна on the pier at dusk, wide shot.',
        '  CAPTION: Later that night...',
        '  АЛЁНА: We cannot stay here, not after page 1!',
        '  MIRA: Then run.',
      ].join('\n'),
    );
    expect(text).toContain('PANEL 4\n');
  });

  it('writes dialogue as Speaker: "text"', async () => {
    const text = await render(sampleBook({ subject: 'さくら' }));
    expect(text).toContain('さくら: "Are you sure the ship will come back?"');
  });

  it('lists the answers after the exercises of their chapter', async () => {
    const text = await render(sampleBook({ type: 'textbook', chapters: 1 }));
    const question = text.indexOf('Exercise 1: What is 7 x 6?');
    const answers = text.indexOf('Answers\n-------\n\n  1. 42\n');
    expect(question).toBeGreaterThan(0);
    expect(answers).toBeGreaterThan(question);
    expect(answers).toBeLessThan(text.indexOf('Glossary\n='));
  });

  it('numbers exercises one by one, however long their answers wrap', async () => {
    const book = sampleBook({ type: 'textbook', chapters: 1 });
    const long = 'A model answer long enough to wrap over several lines of the text file, '.repeat(3);
    book.chapters[0]!.blocks = [
      { kind: 'exercise', question: 'First?', answer: long },
      { kind: 'exercise', question: 'Second?', answer: long },
    ];
    const text = await render(book);
    expect(text).toContain('Exercise 1: First?');
    expect(text).toContain('Exercise 2: Second?');
    expect(text).toMatch(/\n {2}2\. A model answer/);
  });

  it('prints lists, key points, headings, scene breaks and glossary entries', async () => {
    const text = await render(sampleBook({ chapters: 1 }));
    expect(text).toContain('  - rope\n  - lantern\n  - a map of <nowhere>\n');
    expect(text).toContain('  1. Wait for the tide\n  2. Light the lamp\n');
    expect(text).toContain('  | KEY POINT: Every journey of Ada starts with a single step.\n');
    expect(text).toContain('Where Ada begins\n----------------\n');
    expect(text).toContain('A smaller part\n~~~~~~~~~~~~~~\n');
    expect(text).toMatch(/\n {2,}\* {3}\* {3}\*\n/);
    expect(text).toContain('Tide\n    The rise & fall of the sea.\n');
  });

  it('describes illustrations in brackets when the book has them, and only then', async () => {
    const illustrated = await render(sampleBook({ images: true, chapters: 1 }));
    expect(illustrated).toContain('[Illustration: Illustration for chapter 1 - Ada at the harbour]');
    expect(illustrated).toContain('[Illustration: Cover: Ada by the sea]');
    expect(illustrated).not.toContain('base64');
    expect(await render(sampleBook({ images: false }))).not.toContain('[Illustration');
  });

  it('keeps Cyrillic and CJK text as UTF-8', async () => {
    const buffer = await renderer.render(sampleBook({ subject: 'Алёна さくら' }));
    const text = buffer.toString('utf8');
    expect(Buffer.from(text, 'utf8').equals(buffer)).toBe(true);
    expect(text).toContain('Алёна さくら and the Tide');
    expect(buffer.includes(Buffer.from('Алёна さくら', 'utf8'))).toBe(true);
  });

  it('leaves hostile text as literal text and drops terminal control sequences', async () => {
    const text = await render(sampleBook({ subject: '<script>alert(1)</script>\u001b[2J\u0007' }));
    expect(text).toContain('Chapter 1: <script>alert(1)</script>[2J and the Tide');
    expect(text).not.toMatch(/(?!\n)\p{Cc}/u);
  });
});
