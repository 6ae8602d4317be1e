/**
 * A paragraph's line breaks (verse, a letter, dated log entries: `\n` in its
 * text) reach the reader in every format, for prose books and picture books.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BookDocument } from '../book/book-document';
import { OUTPUT_FORMATS } from '../catalog/catalog';
import { RendererRegistry } from './renderer-registry';
import { entry, unzip } from './renderers/epub/testing/epub-samples';
import { sampleBook } from './testing/sample-books';

const renderers = new RendererRegistry();
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

/** The lines a reader's software shows: text formats as they are, the EPUB's pages, the PDF's text by poppler. */
async function readerLines(format: (typeof OUTPUT_FORMATS)[number], document: BookDocument): Promise<string> {
  const output = await renderers.get(format)!.render(document);
  if (format === 'epub') {
    const zip = await unzip(output);
    const names = Object.keys(zip.files).filter((name) => name.endsWith('.xhtml'));
    return (await Promise.all(names.map((name) => entry(zip, name)))).join('\n');
  }
  if (format === 'pdf') {
    const directory = await mkdtemp(path.join(tmpdir(), 'line-breaks-'));
    try {
      const file = path.join(directory, 'book.pdf');
      await writeFile(file, output);
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
      return stdout;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
  return output.toString('utf8');
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
      const text = await readerLines(format, bookWithLullaby(type));
      expect(text).toContain(LULLABY.join(LINE_END[format]));
    },
  );
});
