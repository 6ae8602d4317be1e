/**
 * A paragraph's line breaks (verse, a letter, dated log entries: `\n` in its
 * text) reach the reader in every format, for prose books and picture books.
 */
import type { BookDocument } from '../book/book-document';
import { OUTPUT_FORMATS } from '../catalog/catalog';
import { readerText } from './testing/reader-text';
import { sampleBook } from './testing/sample-books';

const LULLABY = ['The firefly gives you light,', 'the cricket sings you to sleep,', 'the owl keeps watch tonight.'];

function bookWithLullaby(type: 'novel' | 'childrens'): BookDocument {
  const book = sampleBook({ type });
  const [first, ...rest] = book.chapters;
  return {
    ...book,
    chapters: [
      {
        ...first!,
        blocks: [
          { kind: 'paragraph', text: 'And Grandmother sang softly:' },
          { kind: 'paragraph', text: LULLABY.join('\n') },
          ...first!.blocks,
        ],
      },
      ...rest,
    ],
  };
}

/** How each format writes the end of a line inside a paragraph. */
const LINE_END: Record<(typeof OUTPUT_FORMATS)[number], string> = {
  txt: '\n',
  md: '\\\n',
  html: '<br>\n',
  epub: '<br/>',
  json: '\\n',
  pdf: '\n',
};

describe('line breaks inside a paragraph', () => {
  it.each(OUTPUT_FORMATS.flatMap((format) => [[format, 'novel'] as const, [format, 'childrens'] as const]))(
    'prints a lullaby’s lines as lines in %s (%s)',
    async (format, type) => {
      const text = await readerText(format, bookWithLullaby(type));
      expect(text).toContain(LULLABY.join(LINE_END[format]));
    },
  );
});
