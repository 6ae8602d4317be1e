import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { BookType } from '../../../catalog/catalog';
import { BuiltinBookProvider } from '../../../generation/builtin/builtin-book.provider';
import { PdfRenderer } from './pdf.renderer';

/**
 * Visual regression of the PDF layout: one page of each type of book (of
 * a picture book, a spread: its two facing pages side by side) and title
 * pages (each type's typographic cover, and one with a picture), rendered
 * to PNG by pdftoppm and compared with the committed reference
 * (visual-references/), so a layout change shows in review as changed
 * pictures; a failing page leaves its rendering and the difference in
 * test-artifacts/pdf-visual/. UPDATE_VISUAL_REFERENCES=1 writes the
 * references instead.
 */
const run = promisify(execFile);
const REFERENCES = join(__dirname, 'visual-references');
/** Where a failing comparison leaves its rendering and the difference, for review (not committed). */
const ARTIFACTS = join(__dirname, '../../../../test-artifacts/pdf-visual');
const UPDATE = process.env.UPDATE_VISUAL_REFERENCES === '1';
/** Share of pixels that may differ (anti-aliasing, font hinting across poppler builds). */
const TOLERANCE = 0.01;
const DPI = 40;

type ConcreteType = Exclude<BookType, 'automatic'>;

interface ShownPage {
  /** The reference's file name, without `.png`. */
  readonly name: string;
  readonly type: ConcreteType;
  readonly page: number;
  /** And the page after it, side by side. */
  readonly spread?: boolean;
  /** Whether the book is illustrated (it has a picture cover); it is unless said otherwise. */
  readonly images?: boolean;
}

/** The page shown for each type: past the front matter, a page of the book's body; `spread`: and the page after it. */
const BODY_PAGES: readonly ShownPage[] = [
  { name: 'novel', type: 'novel', page: 7 },
  { name: 'short_story', type: 'short_story', page: 6 },
  // The first spread, after the title page, its back and the dedication: the words on the left, the picture on the right.
  { name: 'childrens', type: 'childrens', page: 4, spread: true },
  { name: 'comic', type: 'comic', page: 7 },
  { name: 'manga', type: 'manga', page: 7 },
  { name: 'textbook', type: 'textbook', page: 9 },
  { name: 'non_fiction', type: 'non_fiction', page: 7 },
  { name: 'self_help', type: 'self_help', page: 8 },
];

/**
 * Title pages: of a book without pictures, its typographic cover in the colours of its type, for each type
 * (their pages differ in size too); of a book with a picture cover, the picture under the title.
 */
const TITLE_PAGES: readonly ShownPage[] = [
  ...BODY_PAGES.map(({ type }): ShownPage => ({ name: `${type}-cover`, type, page: 1, images: false })),
  { name: 'novel-title-page', type: 'novel', page: 1 },
];

const PAGES = [...BODY_PAGES, ...TITLE_PAGES];

async function pagePng(
  { name, type, page, spread = false, images = true }: ShownPage,
  directory: string,
): Promise<Buffer> {
  const { document } = await new BuiltinBookProvider().generate(
    {
      requestId: '00000000-0000-4000-8000-000000000017',
      prompt: 'A lighthouse keeper finds a map that leads under the sea',
      style: 'adventure',
      type,
      images,
      author: 'Ada Quill',
      customTone: '',
      model: '2.0',
      outputFormat: 'pdf',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    { progress: { report: () => Promise.resolve() }, signal: new AbortController().signal },
  );
  const pdf = join(directory, `${name}.pdf`);
  await writeFile(pdf, await new PdfRenderer().render(document));
  const render = async (pageNumber: number): Promise<Buffer> => {
    const prefix = join(directory, `${name}-${pageNumber}`);
    await run('pdftoppm', [
      '-r',
      String(DPI),
      '-png',
      '-singlefile',
      '-f',
      String(pageNumber),
      '-l',
      String(pageNumber),
      pdf,
      prefix,
    ]);
    return readFile(`${prefix}.png`);
  };
  if (!spread) return render(page);
  return sideBySide(PNG.sync.read(await render(page)), PNG.sync.read(await render(page + 1)));
}

/** Two facing pages as a reader sees them, a grey hairline at the fold. */
function sideBySide(left: PNG, right: PNG): Buffer {
  const spread = new PNG({ width: left.width + right.width, height: Math.max(left.height, right.height) });
  PNG.bitblt(left, spread, 0, 0, left.width, left.height, 0, 0);
  PNG.bitblt(right, spread, 0, 0, right.width, right.height, left.width, 0);
  for (let y = 0; y < spread.height; y += 1) spread.data.set([190, 190, 190, 255], (y * spread.width + left.width) * 4);
  return PNG.sync.write(spread);
}

describe('PDF pages of each type of book, against their references', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'pdf-visual-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it.each(PAGES)(
    '$name looks as it did',
    async (shown) => {
      const { name } = shown;
      const actual = await pagePng(shown, directory);
      const reference = join(REFERENCES, `${name}.png`);
      if (UPDATE || !existsSync(reference)) {
        if (!UPDATE) throw new Error(`No reference for ${name}: run with UPDATE_VISUAL_REFERENCES=1 and review it`);
        await writeFile(reference, actual);
        return;
      }
      const expected = PNG.sync.read(await readFile(reference));
      const got = PNG.sync.read(actual);
      expect({ width: got.width, height: got.height }).toEqual({ width: expected.width, height: expected.height });
      const diff = new PNG({ width: got.width, height: got.height });
      const changed = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: 0.2 });
      const share = changed / (got.width * got.height);
      if (share > TOLERANCE) {
        await mkdir(ARTIFACTS, { recursive: true });
        await writeFile(join(ARTIFACTS, `${name}.png`), actual);
        await writeFile(join(ARTIFACTS, `${name}.diff.png`), PNG.sync.write(diff));
      }
      expect({ name, changedShare: Math.round(share * 1000) / 1000 }).toEqual({
        name,
        changedShare: expect.any(Number) as number,
      });
      expect(share).toBeLessThanOrEqual(TOLERANCE);
    },
    60_000,
  );
});
