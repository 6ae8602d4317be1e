import fc from 'fast-check';
import type { BookDocument } from '../../book/book-document';
import { CONCRETE_BOOK_TYPES, sampleBook } from '../testing/sample-books';
import { escapeMarkdown, MarkdownRenderer } from './md.renderer';
import { cleanInline } from './text-helpers';

const renderer = new MarkdownRenderer();
const render = async (document: BookDocument): Promise<string> => (await renderer.render(document)).toString('utf8');
const SUBJECTS = ['Ada', 'Алёна', 'さくら', '<script>alert(1)</script>'];
const DATA_URI_IMAGE = /!\[[^\]\n]*\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}\)/g;

/** Undoes CommonMark backslash escapes: what a CommonMark reader shows as text. */
const unescapeMarkdown = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
/** Removes escaped characters, leaving only what a CommonMark reader could take as syntax. */
const unescapedParts = (text: string): string => text.replace(/\\[!-/:-@[-`{-~]/g, '');

describe('escapeMarkdown', () => {
  const MARKUP = Array.from('\\`*_[]()<>#+-=!|~&.:1 aé');
  const markupText = fc
    .array(fc.oneof(fc.constantFrom(...MARKUP), fc.string({ maxLength: 3 })), { maxLength: 40 })
    .map((parts) => parts.join(''));

  it('is lossless: a reader sees exactly the cleaned original text', () => {
    fc.assert(
      fc.property(markupText, (text) => {
        expect(unescapeMarkdown(escapeMarkdown(text))).toBe(cleanInline(text));
      }),
    );
  });

  it('leaves no unescaped character that can open emphasis, code, links, HTML, entities or tables', () => {
    fc.assert(
      fc.property(markupText, (text) => {
        expect(unescapedParts(escapeMarkdown(text))).not.toMatch(/[\\`*_[\]<>#|~&]/);
      }),
    );
  });

  it('escapes block markers at the start of the text', () => {
    fc.assert(
      fc.property(markupText, (text) => {
        expect(escapeMarkdown(text)).not.toMatch(/^([-+=]|\d+[.)])/);
      }),
    );
    expect(escapeMarkdown('- not a list')).toBe('\\- not a list');
    expect(escapeMarkdown('1984. A year')).toBe('1984\\. A year');
    expect(escapeMarkdown('2) second')).toBe('2\\) second');
    expect(escapeMarkdown('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdown('> not a quote')).toBe('\\> not a quote');
  });

  it('keeps the text on one line, so it cannot start a block of its own', () => {
    expect(escapeMarkdown('first\n\n    code?\n---\n<div>')).toBe('first code? --- \\<div\\>');
  });

  it('escapes inline markup', () => {
    expect(escapeMarkdown('*bold* _em_ `code` [a](b) <b>&amp; a|b ~~s~~')).toBe(
      '\\*bold\\* \\_em\\_ \\`code\\` \\[a\\](b) \\<b\\>\\&amp; a\\|b \\~\\~s\\~\\~',
    );
  });
});

describe('MarkdownRenderer', () => {
  describe.each(CONCRETE_BOOK_TYPES)('a %s', (type) => {
    it.each(SUBJECTS.flatMap((subject) => [true, false].map((images) => [subject, images] as const)))(
      'about %s (images: %s) has a title heading, one ## heading per chapter, and no raw HTML',
      async (subject, images) => {
        const document = sampleBook({ type, subject, images });
        const markdown = await render(document);
        expect(markdown.startsWith(`# ${escapeMarkdown(document.metadata.title)}\n`)).toBe(true);
        const chapterHeadings = markdown.split('\n').filter((line) => /^## (Chapter|Page|Glossary)/.test(line));
        expect(chapterHeadings).toHaveLength(document.chapters.length);
        // No `<` that a CommonMark reader could take for an HTML tag or an autolink.
        expect(unescapedParts(markdown)).not.toContain('<');
        expect(markdown.endsWith('\n')).toBe(true);
      },
    );
  });

  it('uses #, ## and ### for the title, the chapters and their sections', async () => {
    const markdown = await render(sampleBook({ chapters: 2 }));
    expect(markdown).toMatch(/^# Ada and the Tide$/m);
    expect(markdown).toMatch(/^## Chapter 1: Ada and the Tide, Part 1$/m);
    expect(markdown).toMatch(/^## Chapter 2: Ada and the Tide, Part 2$/m);
    expect(markdown).toMatch(/^### Where Ada begins$/m);
    expect(markdown).toMatch(/^#### A smaller part$/m);
    expect(markdown).toMatch(/^## Glossary$/m);
  });

  it('turns a <script> subject into escaped text, not an HTML tag', async () => {
    const markdown = await render(sampleBook({ subject: '<script>alert(1)</script>' }));
    expect(markdown).toContain('## Chapter 1: \\<script\\>alert(1)\\</script\\> and the Tide, Part 1');
    expect(markdown).not.toMatch(/(^|[^\\])<\/?script/);
  });

  it('escapes *bold*-like user text so it stays literal', async () => {
    const markdown = await render(sampleBook({ subject: '*Алёна* _さくら_' }));
    expect(markdown).toContain('\\*Алёна\\* \\_さくら\\_ walked past the harbour');
    expect(markdown).not.toContain('*Алёна*');
  });

  it('embeds every illustration inline as a data URI, and none without illustrations', async () => {
    const illustrated = await render(sampleBook({ images: true, chapters: 2 }));
    // cover + per chapter: the chapter picture and one image block
    expect(illustrated.match(DATA_URI_IMAGE)).toHaveLength(1 + 2 * 2);
    expect(illustrated).toContain('![Cover: Ada by the sea](data:image/svg+xml;base64,');
    expect(illustrated).not.toMatch(/\]\((?!data:image\/)/);
    expect(await render(sampleBook({ images: false }))).not.toContain('data:');
  });

  it('gives comic panels a numbered structure with captions and dialogue', async () => {
    const markdown = await render(sampleBook({ type: 'manga', subject: 'さくら', images: true, chapters: 1 }));
    expect(markdown).toContain(
      ['#### Panel 1', '', '![Panel 1: さくら on the pier at dusk, wide shot.](data:image/svg+xml;base64,'].join('\n'),
    );
    expect(markdown).toContain(
      [
        '*Panel 1: さくら on the pier at dusk, wide shot.*',
        '',
        '> **Caption:** Later that night...',
        '',
        '- **さくら:** We cannot stay here, not after page 1!',
        '- **Mira:** Then run.',
      ].join('\n'),
    );
    expect(markdown.match(/^#### Panel \d$/gm)).toEqual([
      '#### Panel 1',
      '#### Panel 2',
      '#### Panel 3',
      '#### Panel 4',
    ]);
  });

  it('writes exercises with their answers at the end of the chapter', async () => {
    const markdown = await render(sampleBook({ type: 'textbook', chapters: 1 }));
    const question = markdown.indexOf('**Exercise 1.** What is 7 x 6?');
    const answers = markdown.indexOf('### Answers\n\n1');
    expect(question).toBeGreaterThan(0);
    expect(answers).toBeGreaterThan(question);
    expect(markdown).toMatch(/### Answers\n\n1[.)] 42\n/);
    expect(answers).toBeLessThan(markdown.indexOf('## Glossary'));
  });

  it('writes the glossary as one definition-like list', async () => {
    const markdown = await render(sampleBook());
    expect(markdown).toMatch(
      /\n([-*]) \*\*Tide\*\*: The rise \\& fall of the sea\.\n\1 \*\*Lantern\*\*: A \\<portable\\> lamp\.\n/,
    );
  });

  it('writes dialogue, key points, lists and scene breaks', async () => {
    const markdown = await render(sampleBook({ chapters: 1 }));
    expect(markdown).toContain('**Ada:** "Are you sure the ship will come back?"');
    expect(markdown).toContain('> **Key point:** Every journey of Ada starts with a single step.');
    expect(markdown).toMatch(/\n([-*]) rope\n\1 lantern\n\1 a map of \\<nowhere\\>\n/);
    expect(markdown).toMatch(/\n1([.)]) Wait for the tide\n2\1 Light the lamp\n/);
    expect(markdown).toContain('\n\n* * *\n\n');
  });

  it('keeps adjacent lists apart by switching the marker (same markers would merge them)', async () => {
    const document = sampleBook({ chapters: 1 });
    document.chapters[0]!.blocks = [
      { kind: 'list', ordered: false, items: ['a', 'b'] },
      { kind: 'list', ordered: false, items: ['c'] },
      { kind: 'list', ordered: true, items: ['d'] },
      { kind: 'list', ordered: true, items: ['e'] },
    ];
    const markdown = await render(document);
    const first = /\n([-*]) a\n\1 b\n\n([-*]) c\n\n1([.)]) d\n\n1([.)]) e\n/.exec(markdown);
    expect(first).not.toBeNull();
    expect(first![1]).not.toBe(first![2]);
    expect(first![3]).not.toBe(first![4]);
  });

  it('prints the front matter', async () => {
    const markdown = await render(sampleBook({ type: 'self_help' }));
    expect(markdown).toContain('## Dedication\n\n*For everyone who waits by the sea.*');
    expect(markdown).toContain('## Foreword\n\nA short foreword.\n\nIn two paragraphs.');
    expect(markdown).toMatch(/## What you will get\n\n([-*]) Know the tides\n\1 Read a map/);
    expect(markdown).toMatch(
      /## Cast of characters\n\n([-*]) \*\*Ada\*\*: a harbour keeper\n\1 \*\*Mira\*\*: a sailor/,
    );
  });
});
