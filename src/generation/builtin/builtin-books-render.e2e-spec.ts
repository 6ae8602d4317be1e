import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BOOK_TYPES, type BookType } from '../../catalog/catalog';
import { EpubRenderer } from '../../rendering/renderers/epub/epub.renderer';
import { PdfRenderer } from '../../rendering/renderers/pdf/pdf.renderer';
import { epubcheckAll, problems } from '../../rendering/testing/epubcheck';
import type { BookGenerationRequest } from '../book-provider';
import { BuiltinBookProvider } from './builtin-book.provider';

/** The engine's real books, not hand-written samples, through the strictest renderers and their checkers. */
const run = promisify(execFile);
const TYPES = BOOK_TYPES.filter((type): type is Exclude<BookType, 'automatic'> => type !== 'automatic');

const generate = async (type: (typeof TYPES)[number], images: boolean, prompt: string) =>
  (
    await new BuiltinBookProvider().generate(
      {
        requestId: '00000000-0000-4000-8000-000000000042',
        prompt,
        style: 'gothic',
        type,
        images,
        author: 'Test Author',
        customTone: 'wry',
        model: '2.0',
        outputFormat: 'epub',
        createdAt: '2026-01-01T00:00:00.000Z',
      } satisfies BookGenerationRequest,
      { progress: { report: () => Promise.resolve() }, signal: new AbortController().signal },
    )
  ).document;

describe('Builtin books through the EPUB and PDF renderers', () => {
  it('every type, with and without illustrations, passes epubcheck with zero errors and warnings', async () => {
    const files = new Map<string, Buffer>();
    for (const type of TYPES) {
      for (const images of [false, true]) {
        files.set(
          `${type}-${images ? 'images' : 'plain'}`,
          await new EpubRenderer().render(await generate(type, images, 'Mara & <the> "lantern"')),
        );
      }
    }
    const reports = await epubcheckAll(files);
    for (const name of files.keys())
      expect({ name, problems: problems(reports.get(name)) }).toEqual({ name, problems: [] });
  }, 180_000);

  it.each([['Алёна и море'], ['さくらと海の秘密']])(
    'a PDF of a %s book contains its chapter titles',
    async (prompt) => {
      const document = await generate('novel', true, prompt);
      const directory = await mkdtemp(join(tmpdir(), 'builtin-pdf-'));
      try {
        const file = join(directory, 'book.pdf');
        await writeFile(file, await new PdfRenderer().render(document));
        const { stdout } = await run('pdftotext', [file, '-'], { maxBuffer: 64 * 1024 * 1024 });
        const flat = stdout.replace(/\s+/g, ' ');
        for (const chapter of document.chapters) expect(flat).toContain(chapter.title.replace(/\s+/g, ' '));
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
