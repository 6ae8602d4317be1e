import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import type { BookBlock, BookDocument, BookImage } from '../../../book/book-document';
import { COVER, coverPalette } from '../../cover-design';
import { unreadWords } from '../../testing/book-words';
import { CONCRETE_BOOK_TYPES, sampleBook, sampleSvg } from '../../testing/sample-books';
import { narrowFont } from './pdf-narrow-font';
import { PdfRenderer } from './pdf.renderer';

// The real narrow fonts, switched off in one test to draw the same page in pdfkit's two-byte codes alone.
jest.mock('./pdf-narrow-font', () => {
  const actual = jest.requireActual<typeof import('./pdf-narrow-font')>('./pdf-narrow-font');
  return { ...actual, narrowFont: jest.fn(actual.narrowFont) };
});

const execFileAsync = promisify(execFile);
const renderer = new PdfRenderer();

let directory: string;
let files = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'pdf-renderer-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function renderToFile(document: BookDocument): Promise<{ file: string; size: number }> {
  const buffer = await renderer.render(document);
  files += 1;
  const file = path.join(directory, `book-${files}.pdf`);
  await writeFile(file, buffer);
  return { file, size: buffer.length };
}

async function poppler(tool: 'pdfinfo' | 'pdftotext' | 'pdffonts' | 'pdfimages', ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(`/usr/bin/${tool}`, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

async function pdfInfo(file: string): Promise<Record<string, string>> {
  const output = await poppler('pdfinfo', file);
  return Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1] ?? '', match[2] ?? '']),
  );
}

/** The text of every page, in order (pdftotext ends each page with a form feed). */
async function pageTexts(file: string): Promise<string[]> {
  const text = await poppler('pdftotext', '-layout', file, '-');
  return text.split('\f').slice(0, -1);
}

/** The text MuPDF (what SumatraPDF, KOReader and PyMuPDF read with) extracts, page after page. */
async function mupdfText(file: string): Promise<string> {
  const { stdout } = await execFileAsync('/usr/bin/mutool', ['draw', '-q', '-F', 'txt', '-o', '-', file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Page `page` drawn by poppler at 72 dpi, as PNG bytes. */
async function pagePixels(file: string, page: number): Promise<Buffer> {
  const prefix = `${file}-${page}`;
  const range = ['-f', `${page}`, '-l', `${page}`];
  await execFileAsync('/usr/bin/pdftoppm', ['-r', '72', '-png', '-singlefile', ...range, file, prefix]);
  return readFile(`${prefix}.png`);
}

interface FontRow {
  name: string;
  type: string;
  /** "Identity-H", or "Custom" for an embedded encoding (the narrow fonts). */
  encoding: string;
  embedded: boolean;
}

async function fonts(file: string): Promise<FontRow[]> {
  const output = await poppler('pdffonts', file);
  return output
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
      if (!match) throw new Error(`unexpected pdffonts line: ${line}`);
      return { name: match[1] ?? '', type: match[2] ?? '', encoding: match[3] ?? '', embedded: match[4] === 'yes' };
    });
}

const squash = (text: string): string => text.replace(/\s+/g, ' ');

/** Page `page` drawn by poppler at 72 dpi (a pixel a point), and what shares of its pixels are of a colour. */
async function pageColours(file: string, page: number) {
  const image = PNG.sync.read(await pagePixels(file, page));
  const rgb = (hex: string): number[] => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  /** Whether the pixel at x, y is within `tolerance` of `hex` in each channel (anti-aliased edges are not). */
  const is = (x: number, y: number, hex: string, tolerance = 24): boolean => {
    const offset = (y * image.width + x) * 4;
    return rgb(hex).every((value, channel) => Math.abs((image.data[offset + channel] ?? 0) - value) <= tolerance);
  };
  /** The share of the pixels of `hex` (within `margin` of none of the page's edges, if given). */
  const share = (hex: string, margin = 0): number => {
    let count = 0;
    for (let y = margin; y < image.height - margin; y += 1)
      for (let x = margin; x < image.width - margin; x += 1) if (is(x, y, hex)) count += 1;
    return count / (image.width * image.height);
  };
  return { width: image.width, height: image.height, is, share };
}

/** A solid-colour RGB PNG, built here so the test needs no fixture file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svgImage(id: string, svg: string, width = 300, height = 200): BookImage {
  return { id, mediaType: 'image/svg+xml', data: Buffer.from(svg).toString('base64'), alt: id, width, height };
}

describe('PdfRenderer', () => {
  it('writes a PDF that pdfinfo parses, with title, author, subject and language metadata', async () => {
    const document = sampleBook({ subject: 'Алёна', author: 'Анна Ахматова' });
    const { file } = await renderToFile(document);
    const info = await pdfInfo(file);
    expect(info.Title).toBe('Алёна and the Tide');
    expect(info.Author).toBe('Анна Ахматова');
    expect(info.Subject).toBe('A book about Алёна, a harbour and the tide <with markup> & ampersands.');
    expect(Number(info.Pages)).toBeGreaterThan(document.chapters.length);
    expect(info['Page size']).toMatch(/^432 x 648 pts/);
  });

  describe.each([
    ['Latin', 'Ada', /^NotoSerif-(Regular|Bold|Italic)$/],
    ['Cyrillic', 'Алёна', /^NotoSerif-(Regular|Bold|Italic)$/],
    ['Japanese', 'さくら', /^Noto(Serif|SansJP)-(Regular|Bold|Italic)$/],
  ])('a book with a %s subject', (_script, subject, fontNames) => {
    let file: string;
    beforeAll(async () => {
      ({ file } = await renderToFile(sampleBook({ subject, chapters: 4, paragraphs: 12 })));
    });

    it('has every chapter title and the justified prose as extractable text', async () => {
      // A word hyphenated at a line's end comes out as "ar- gued": joined again to read the prose.
      const text = squash((await pageTexts(file)).join(' ')).replace(/(\p{L})- (\p{L})/gu, '$1$2');
      for (let number = 1; number <= 4; number += 1) expect(text).toContain(`${subject} and the Tide, Part ${number}`);
      expect(text).toContain('Glossary');
      expect(text).toContain(`Every journey of ${subject} starts with a single step.`);
      // Justified lines widen their spaces; the words must still come out whole and in order.
      expect(text).toContain(
        `${subject} walked past the harbour for the 2th time in part 3, counting lanterns ("one, two, three") ` +
          '& wondering whether <the tide> would turn. The wind carried salt and the smell of tar; gulls argued over the nets.',
      );
    });

    it('hyphenates justified prose where the language has patterns (the sample book is English)', async () => {
      const text = squash((await pageTexts(file)).join(' '));
      expect(text).toMatch(/\b(ar- gued|count- ing)\b/u);
    });

    it('uses only embedded Noto fonts, never a standard PDF font', async () => {
      const rows = await fonts(file);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.embedded).toBe(true);
        expect(row.type).toBe('CID TrueType');
        expect(row.name.replace(/^[A-Z]{6}\+/, '')).toMatch(fontNames);
      }
      if (subject === 'さくら') expect(rows.map((row) => row.name).join(' ')).toMatch(/NotoSansJP-Regular/);
    });
  });

  it('sets Korean, simplified Chinese, Arabic and Hebrew in embedded fonts, as extractable text', async () => {
    const document = sampleBook({ chapters: 1 });
    const samples = ['한국어 책입니다.', '这是简体中文的书', 'هذا كتاب عربي جميل', 'זהו ספר בעברית'];
    document.chapters[0]!.title = '세계 这是书 عالم עולם';
    document.chapters[0]!.blocks = [
      ...samples.map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'paragraph', text: 'The word سلام means peace, and so does שלום.' },
    ];
    const { file } = await renderToFile(document);
    // pdftotext marks right-to-left stretches with Unicode embedding controls; the words are what count.
    const text = squash((await poppler('pdftotext', file, '-')).replace(/[\u202a-\u202e]/g, ''));
    for (const sample of samples) expect(text).toContain(sample);
    expect(text).toContain('세계 这是书');
    // poppler drops the space that follows a right-to-left word inside a left-to-right line.
    expect(text).toMatch(/The word سلام ?means peace, and so does שלום/);
    const rows = await fonts(file);
    for (const row of rows) expect(row.embedded).toBe(true);
    const names = rows.map((row) => row.name.replace(/^[A-Z]{6}\+/, ''));
    for (const name of ['NotoSansKR-Regular', 'NotoSansSC-Regular', 'Amiri-Regular', 'NotoSerifHebrew-Regular']) {
      expect(names).toContain(name);
    }
    // Right to left: the Arabic paragraph's first word is its rightmost, against the right margin (less the indent).
    const html = await poppler('pdftotext', '-bbox', file, '-');
    const box = (word: string): { xMin: number; xMax: number } => {
      // -bbox lists each word's characters in drawing order: right-to-left words come out reversed.
      const drawn = Array.from(word).reverse().join('');
      const match = new RegExp(`<word xMin="([\\d.]+)" yMin="[\\d.]+" xMax="([\\d.]+)"[^>]*>${drawn}</word>`).exec(
        html,
      );
      return { xMin: Number(match?.[1]), xMax: Number(match?.[2]) };
    };
    expect(box('هذا').xMin).toBeGreaterThan(box('كتاب').xMax);
    expect(box('هذا').xMax).toBeCloseTo(432 - 54 - 10.5 * 1.5, 0);
    expect(box('זהו').xMin).toBeGreaterThan(box('ספר').xMax);
  });

  describe('table of contents and page furniture', () => {
    let pages: string[];
    let file: string;
    const tocNumbers = new Map<string, number>();

    beforeAll(async () => {
      ({ file } = await renderToFile(sampleBook({ chapters: 5, paragraphs: 25 })));
      pages = await pageTexts(file);
      const toc = pages.find((page) => page.includes('Contents') && page.includes('Chapter 1:')) ?? '';
      for (const line of toc.split('\n')) {
        const row = /^\s*(\S.*?)\s*(?:\.\s*){2,}(\d+)\s*$/.exec(line);
        if (row) tocNumbers.set(row[1] ?? '', Number(row[2]));
      }
    });

    it('lists front matter, every chapter, the answers and the glossary (a two-line foreword is an epigraph)', () => {
      expect([...tocNumbers.keys()]).toEqual([
        'Learning objectives',
        'Cast of characters',
        'Chapter 1: Ada and the Tide, Part 1',
        'Chapter 2: Ada and the Tide, Part 2',
        'Chapter 3: Ada and the Tide, Part 3',
        'Chapter 4: Ada and the Tide, Part 4',
        'Chapter 5: Ada and the Tide, Part 5',
        'Answers',
        'Glossary',
      ]);
    });

    it('gives the page each chapter starts on', async () => {
      for (let number = 1; number <= 5; number += 1) {
        const page = tocNumbers.get(`Chapter ${number}: Ada and the Tide, Part ${number}`) ?? 0;
        const opening = await poppler('pdftotext', '-f', String(page), '-l', String(page), file, '-');
        expect(opening).toMatch(new RegExp(`CHAPTER ${number}\\b`));
        expect(squash(opening)).toContain(`Ada and the Tide, Part ${number}`);
        expect(pages[page - 2]).not.toMatch(new RegExp(`CHAPTER ${number}\\b`));
      }
      // Chapters of 25 paragraphs run over several pages, so these are not consecutive numbers.
      const first = tocNumbers.get('Chapter 1: Ada and the Tide, Part 1') ?? 0;
      expect(tocNumbers.get('Chapter 2: Ada and the Tide, Part 2')).toBeGreaterThan(first + 1);
    });

    it('puts the answers to the exercises on the page the contents give', () => {
      const page = pages[(tocNumbers.get('Answers') ?? 0) - 1] ?? '';
      expect(page).toMatch(/^\s*Answers\s*$/m);
      expect(squash(page)).toContain('Chapter 1: Ada and the Tide, Part 1 1.1 42');
      expect(squash(page)).toContain('5.1 42');
      const glossary = pages[(tocNumbers.get('Glossary') ?? 0) - 1] ?? '';
      expect(squash(glossary)).toContain('Tide — The rise & fall of the sea.');
    });

    it('numbers every page but the title page and its back in the footer', () => {
      expect(pages.length).toBeGreaterThan(10);
      pages.forEach((page, index) => {
        const lastLine = page.trimEnd().split('\n').at(-1)?.trim();
        if (index < 2) expect(lastLine).not.toBe(String(index + 1));
        else expect(lastLine).toBe(String(index + 1));
      });
    });

    it('never ends a page inside a hyphenated word', () => {
      let hyphenated = 0;
      for (const page of pages) {
        const lines = page
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        hyphenated += lines.filter((line) => /\p{L}-$/u.test(line)).length;
        // The last line above the folio.
        expect(lines.at(-2) ?? '').not.toMatch(/\p{L}-$/u);
      }
      expect(hyphenated).toBeGreaterThan(20);
    });

    it("backs the title page with the copyright line and the book's making, and sets a short foreword as an epigraph", () => {
      expect(squash(pages[1] ?? '').trim()).toBe(
        'Copyright \u00a9 2026 Test Author Written with Scriptorium, model 2.0, on January 2, 2026.',
      );
      const dedicationPage = squash(pages[2] ?? '');
      expect(dedicationPage).toContain('For everyone who waits by the sea.');
      expect(dedicationPage).toContain('A short foreword. In two paragraphs.');
      expect(pages.some((page) => /^\s*Foreword\s*$/m.test(page))).toBe(false);
    });

    it('runs the book title over even pages and the chapter over odd ones, not on opening pages', () => {
      const opening = tocNumbers.get('Chapter 1: Ada and the Tide, Part 1') ?? 0;
      const firstLine = (pageNumber: number): string | undefined =>
        pages[pageNumber - 1]
          ?.split('\n')
          .find((line) => line.trim())
          ?.trim();
      expect(firstLine(opening)).toBe('CHAPTER 1');
      for (const pageNumber of [opening + 1, opening + 2]) {
        expect(firstLine(pageNumber)).toBe(
          pageNumber % 2 === 0 ? 'Ada and the Tide' : 'Chapter 1: Ada and the Tide, Part 1',
        );
      }
    });
  });

  describe('the title page', () => {
    it.each(CONCRETE_BOOK_TYPES)(
      "of a %s without a picture cover is its typographic cover: the type's field, frame and rule, its lettering as text",
      async (type) => {
        const document = sampleBook({ type, chapters: 1 });
        const palette = coverPalette(type);
        const { file } = await renderToFile(document);
        const page = await pageColours(file, 1);
        // The field fills the page; the lettering (in the ink) and the frame and rule take the rest.
        expect({ type, field: page.share(palette.field) > 0.85 }).toEqual({ type, field: true });
        expect({ type, ink: page.share(palette.ink) > 0.002 }).toEqual({ type, ink: true });
        // The frame, in the rule colour, where the design has it: across the middle of each side, inside the field.
        const scale = Math.min(page.width / COVER.width, page.height / COVER.height);
        const inset = Math.floor(COVER.frame.inset * scale);
        const middle = { x: Math.floor(page.width / 2), y: Math.floor(page.height / 2) };
        const frame = {
          left: page.is(inset, middle.y, palette.rule),
          right: page.is(page.width - 1 - inset, middle.y, palette.rule),
          top: page.is(middle.x, inset, palette.rule),
          bottom: page.is(middle.x, page.height - 1 - inset, palette.rule),
          outside: page.is(inset - 4, middle.y, palette.field) && page.is(middle.x, inset - 4, palette.field),
        };
        expect({ type, frame }).toEqual({
          type,
          frame: { left: true, right: true, top: true, bottom: true, outside: true },
        });
        // The short rule under the title: rule-coloured pixels inside the frame, about its 80 x 4 units.
        const rule = page.share(palette.rule, inset + 4) * page.width * page.height;
        const ruleArea = COVER.rule.width * COVER.rule.height * scale * scale;
        expect({ type, rule: rule > ruleArea * 0.5 && rule < ruleArea * 1.5 }).toEqual({ type, rule: true });
        // Title, subtitle and author read back from the page, in that order, as words.
        const text = squash(await poppler('pdftotext', '-f', '1', '-l', '1', file, '-')).trim();
        const lettering = [document.metadata.title, document.metadata.subtitle, document.metadata.author].join(' ');
        expect(text).toBe(
          type === 'manga' ? `${lettering} Panels read from right to left, as in the original page layout.` : lettering,
        );
        expect(unreadWords({ ...document, frontMatter: {}, chapters: [] }, text)).toEqual([]);
      },
    );

    it('of a book with a picture cover stays black on white, the picture under the title, without the field', async () => {
      const document = sampleBook({ type: 'novel', chapters: 1, images: true });
      const { file } = await renderToFile(document);
      const page = await pageColours(file, 1);
      expect(page.share(coverPalette('novel').field)).toBe(0);
      expect(page.share('#ffffff')).toBeGreaterThan(0.4);
      // The sample cover's sky, hsl(200, 45%, 82%).
      expect(page.share('#bcd6e4')).toBeGreaterThan(0.1);
      expect(squash(await poppler('pdftotext', '-f', '1', '-l', '1', file, '-')).trim()).toBe(
        'Ada and the Tide A sample book Test Author',
      );
    });

    it('is a cover in place of the picture, not a page more: every page after it is as with the picture', async () => {
      const pictured = sampleBook({ type: 'novel', chapters: 2, images: true });
      const withPicture = await renderToFile(pictured);
      const withLettering = await renderToFile({ ...pictured, coverImageId: undefined });
      const picturePages = await pageTexts(withPicture.file);
      const letteredPages = await pageTexts(withLettering.file);
      expect(letteredPages.length).toBe(picturePages.length);
      expect(letteredPages.slice(1)).toEqual(picturePages.slice(1));
      const last = picturePages.length;
      expect((await pagePixels(withLettering.file, last)).equals(await pagePixels(withPicture.file, last))).toBe(true);
    });
  });

  describe.each(CONCRETE_BOOK_TYPES)('a %s', (type) => {
    it.each([true, false])('with images: %s renders a parseable PDF with every chapter', async (images) => {
      const document = sampleBook({ type, images });
      const { file } = await renderToFile(document);
      const info = await pdfInfo(file);
      expect(Number(info.Pages)).toBeGreaterThan(document.chapters.length);
      const text = squash((await pageTexts(file)).join(' '));
      for (const chapter of document.chapters) expect(text).toContain(chapter.title);
    });
  });

  it('sets each comic page, six panels with art of their own and their words, on one printed page', async () => {
    const document = sampleBook({ type: 'comic', chapters: 3, images: true });
    document.images.push(sampleSvg('panel-art', 'A panel', 200));
    for (const chapter of document.chapters) {
      // The page has a picture of its own too: drawn above the grid, it would push the last rows over.
      const panels = chapter.blocks.filter((block) => block.kind === 'panel');
      chapter.blocks = [...panels, ...panels.slice(0, 2)].map((panel, index) => ({
        ...panel,
        number: index + 1,
        imageId: 'panel-art',
      }));
    }
    const pages = await pageTexts((await renderToFile(document)).file);
    for (const number of [1, 2, 3]) {
      const holding = pages.filter((page) => squash(page).includes(`page ${number}!`));
      expect({ number, pages: holding.length }).toEqual({ number, pages: 1 });
      expect(squash(holding[0] ?? '').match(/Then run\./g)).toHaveLength(6);
    }
  });

  it('letters the words of a panel with art over it: the caption box and speech balloons in its top corner', async () => {
    const document = sampleBook({ type: 'comic', chapters: 1, images: true });
    const html = await poppler('pdftotext', '-bbox', (await renderToFile(document)).file, '-');
    const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
      text: match[3] ?? '',
    }));
    const badges = words.filter((word) => /^[1-4]$/.test(word.text));
    const speakers = words.filter((word) => word.text === 'Ada:');
    expect(speakers).toHaveLength(4);
    for (const speaker of speakers) {
      // The panel's number badge sits in the art's top-left corner: its balloon starts just below it, in the art.
      const badge = badges
        .filter((candidate) => candidate.y < speaker.y && Math.abs(candidate.x - speaker.x) < 40)
        .sort((a, b) => b.y - a.y)[0];
      expect(badge).toBeDefined();
      expect(speaker.y - badge!.y).toBeLessThan(70);
    }
  });

  it('draws comic panels with their captions and dialogue, manga rows from right to left', async () => {
    const comic = await renderToFile(sampleBook({ type: 'comic', chapters: 1 }));
    const comicText = squash((await pageTexts(comic.file)).join(' '));
    expect(comicText).toContain('Later that night...');
    expect(comicText).toContain('Ada: We cannot stay here, not after page 1!');
    expect(comicText).toContain('Mira: Then run.');
    // Without artwork, the artist's direction stands in for it.
    expect(comicText).toContain('Panel 1: Ada on the pier at dusk, wide shot.');

    const bbox = async (document: BookDocument): Promise<{ one: number; two: number }> => {
      const { file } = await renderToFile(document);
      const html = await poppler('pdftotext', '-bbox', file, '-');
      // Where the artist's direction "Panel N: ..." of each panel starts.
      const xOf = (panel: number): number =>
        Number(new RegExp(`<word xMin="([\\d.]+)"[^>]*>Panel</word>\\s*<word[^>]*>${panel}:</word>`).exec(html)?.[1]);
      return { one: xOf(1), two: xOf(2) };
    };
    const leftToRight = await bbox(sampleBook({ type: 'comic', chapters: 1 }));
    expect(leftToRight.one).toBeLessThan(leftToRight.two);
    const manga = sampleBook({ type: 'manga', chapters: 1 });
    expect(manga.metadata.readingDirection).toBe('rtl');
    const rightToLeft = await bbox(manga);
    expect(rightToLeft.one).toBeGreaterThan(rightToLeft.two);
    // And the pages: viewers lay spreads out right to left.
    expect((await renderer.render(manga)).toString('latin1')).toMatch(/\/Direction \/R2L/);
    expect((await renderer.render(sampleBook({ type: 'comic', chapters: 1 }))).toString('latin1')).not.toMatch(
      /\/Direction/,
    );
  });

  it('draws SVG illustrations as vectors, in their hsl() colours, within the page', async () => {
    const plain = await renderToFile(sampleBook({ chapters: 2 }));
    const illustrated = await renderToFile(sampleBook({ chapters: 2, images: true }));
    expect(illustrated.size).toBeGreaterThan(plain.size + 1000);
    expect(await poppler('pdfimages', '-list', illustrated.file)).not.toMatch(/\n\s+\d+\s+\d+\s+image/);
    // The cover is a light hsl() picture: an unsupported colour would draw it black.
    const { stdout } = await execFileAsync(
      '/usr/bin/pdftoppm',
      ['-r', '20', '-f', '1', '-l', '1', '-gray', illustrated.file],
      {
        encoding: 'buffer',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 32).toString('latin1'));
    const pixels = stdout.subarray(header?.[0].length ?? 0);
    const dark = pixels.filter((value) => value < 40).length;
    expect(pixels.length).toBe(Number(header?.[1]) * Number(header?.[2]));
    expect(dark / pixels.length).toBeLessThan(0.05);
  });

  it('embeds a PNG once as an image XObject and reuses it wherever it appears', async () => {
    const document = sampleBook({ chapters: 2 });
    const picture: BookImage = {
      id: 'photo',
      mediaType: 'image/png',
      data: png(40, 30, [200, 120, 40]).toString('base64'),
      alt: 'An orange square',
      width: 40,
      height: 30,
    };
    document.images = [picture];
    document.coverImageId = 'photo';
    for (const chapter of document.chapters) chapter.imageId = 'photo';
    const { file } = await renderToFile(document);
    const rows = (await poppler('pdfimages', '-list', file))
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.trim().split(/\s+/));
    expect(rows.length).toBe(4);
    for (const row of rows) expect(row.slice(3, 5)).toEqual(['40', '30']);
    expect(new Set(rows.map((row) => row[10])).size).toBe(1);
  });

  it('sets SVG text in a face that has its glyphs and never opens files an SVG points at', async () => {
    const readFile = jest.spyOn(jest.requireActual<typeof import('node:fs')>('node:fs'), 'readFileSync');
    const document = sampleBook({ chapters: 1 });
    document.images = [
      svgImage(
        'label',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 200">' +
          '<rect width="300" height="200" fill="#eee"/><text x="20" y="100" font-size="40" font-family="Arial">さくら Ada</text>' +
          '<image x="0" y="0" width="10" height="10" xlink:href="/etc/hostname"/></svg>',
      ),
    ];
    document.coverImageId = 'label';
    try {
      const { file } = await renderToFile(document);
      expect(readFile.mock.calls.map(([target]) => String(target))).not.toContain('/etc/hostname');
      expect(squash(await poppler('pdftotext', '-f', '1', '-l', '1', file, '-'))).toContain('さくら Ada');
      const names = (await fonts(file)).map((row) => row.name).join(' ');
      expect(names).toMatch(/NotoSansJP-Regular/);
      expect(names).not.toMatch(/Helvetica|Arial|Times|Courier/);
    } finally {
      readFile.mockRestore();
    }
  });

  it('embeds no face a picture registers for its text but never writes with', async () => {
    const document = sampleBook({ chapters: 1 });
    document.images = [
      svgImage(
        'label',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><rect width="300" height="200" fill="#eee"/>' +
          '<text x="20" y="100" font-size="40">さくら</text></svg>',
      ),
    ];
    document.coverImageId = 'label';
    // pdffonts lists only the fonts pages use: the file itself says what is embedded.
    const pdf = (await renderer.render(document)).toString('latin1');
    const embedded = new Set([...pdf.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]));
    expect(embedded).toContain('NotoSansJP-Regular');
    expect(embedded).not.toContain('NotoSansJP-Bold');
  });

  it('writes glyphs in one byte or two, and poppler and MuPDF read the same text and draw the same page', async () => {
    // 600 distinct ideographs: the Japanese face's subset passes the 256 glyphs that get one-byte codes.
    const ideographs = Array.from({ length: 600 }, (_, index) => String.fromCodePoint(0x4e00 + index)).join('');
    const document = sampleBook({ chapters: 1 });
    document.metadata.language = 'ja';
    document.chapters[0]!.blocks = [{ kind: 'paragraph', text: `Tide ${ideographs} Tide` }];
    const { file } = await renderToFile(document);
    const squashed = (text: string): string => text.replace(/\s+/g, '');
    expect(squashed(await poppler('pdftotext', file, '-'))).toContain(`Tide${ideographs}Tide`);
    expect(squashed(await mupdfText(file))).toContain(`Tide${ideographs}Tide`);
    const rows = await fonts(file);
    expect(rows.map((row) => row.encoding)).toEqual(expect.arrayContaining(['Custom', 'Identity-H']));
    for (const row of rows) expect(row.embedded).toBe(true);
    // The same book with pdfkit's two-byte fonts alone draws exactly the same pixels on every page.
    const narrow = jest.mocked(narrowFont);
    const actual = narrow.getMockImplementation();
    narrow.mockImplementation(() => undefined);
    const { file: twoBytes } = await renderToFile(document).finally(() => narrow.mockImplementation(actual));
    expect((await fonts(twoBytes)).map((row) => row.encoding)).not.toContain('Custom');
    const pages = Number((await pdfInfo(file)).Pages);
    expect(Number((await pdfInfo(twoBytes)).Pages)).toBe(pages);
    for (let page = 1; page <= pages; page += 1) {
      expect((await pagePixels(file, page)).equals(await pagePixels(twoBytes, page))).toBe(true);
    }
  });

  it('ends justified lines at the right margin in poppler and MuPDF, their spaces stretched by word spacing', async () => {
    const { file } = await renderToFile(sampleBook({ chapters: 2, paragraphs: 12 }));
    const layout = await poppler('pdftotext', '-bbox-layout', file, '-');
    const pages = layout.split('<page ').slice(1);
    const lineEnds = (xml: string, pattern: RegExp): number[] => [...xml.matchAll(pattern)].map((m) => Number(m[1]));
    const popplerLine = /<line xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"/g;
    // The page fullest of lines: prose.
    const counts = pages.map((page) => lineEnds(page, popplerLine).length);
    const page = counts.indexOf(Math.max(...counts)) + 1;
    // Its spaces are stretched with Tw, which applies to one-byte code 32 only: a reader that did not apply it
    // would end every justified line short of the margin.
    const stream = (await execFileAsync('/usr/bin/mutool', ['show', '-b', file, `pages/${page}/Contents`])).stdout;
    expect(stream).toMatch(/ [1-9][\d.]* Tw /);
    const stext = (await execFileAsync('/usr/bin/mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file, `${page}`]))
      .stdout;
    const margin = 432 - 54;
    for (const ends of [
      lineEnds(pages[page - 1]!, popplerLine),
      lineEnds(stext, /<line bbox="[\d.]+ [\d.]+ ([\d.]+)/g),
    ]) {
      // Each paragraph's lines but its last reach the margin, to a hundredth of a point.
      const full = ends.filter((end) => Math.abs(end - margin) < 0.01);
      expect(full.length).toBeGreaterThanOrEqual(12);
      for (const end of ends) expect(end).toBeLessThan(margin + 0.01);
    }
  });

  describe('reads back as the book, every word whole, in poppler and MuPDF', () => {
    /**
     * Justified prose with every letter in both cases and digits inside words, set early in each book (its
     * foreword): whichever glyph of a face ends up where word spacing applies, words of the book cross it.
     */
    const PROSE = [
      "Then again, closer, came the bard's voice over the feast: Roland had come back to the mead hall, " +
        'and the benches fell quiet as the fire cracked and the old dog lay down by the door.',
      'Jackdaws love my big sphinx of quartz, sang Quentin, and five boxing wizards jumped quickly; ' +
        'Yvonne laughed, Xavier frowned, and Zelda counted 12th-night lanterns for the 3rd time.',
      'Beyond the harbour, Mr Baird, a barber by trade, bent over the boats with Gwendolyn and Kasimir ' +
        'while Ulrich, Isolde, Hector and Vera argued over the price of tar, salt, rope and wax in 1987 and 2024.',
      'Few of them knew that the Old Quay, the Northern Pier and the Western Jetty had been built by ' +
        'Ptolemy Fairweather, who paid his masons in oysters, herring, barley and unlikely promises.',
    ];

    function latinBook(): BookDocument {
      const document = sampleBook({ chapters: 3, paragraphs: 0 });
      document.frontMatter.foreword = PROSE;
      for (const chapter of document.chapters) {
        if (chapter.kind !== 'chapter') continue;
        chapter.blocks.splice(1, 0, ...[...PROSE, ...PROSE].map((text) => ({ kind: 'paragraph' as const, text })));
      }
      return document;
    }

    /**
     * Latin with its accents, Greek and Cyrillic: more glyphs of one face than the 256 that get one-byte codes,
     * so that lines meeting a later one (the foreword's last letters, the Icelandic names set into every
     * paragraph) go on in two bytes from it, their word spacing included.
     */
    function alphabetsBook(): BookDocument {
      const document = latinBook();
      document.frontMatter.foreword = [
        ...PROSE,
        'Ελληνικά: ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ αβγδεζηθικλμνξοπρσςτυφχψω ά έ ή ί ό ύ ώ ϊ ϋ ΐ ΰ.',
        'Кириллица: АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ абвгдеёжзийклмнопрстуфхцчшщъыьэюя ґ є і ї ђ ћ џ љ њ ј.',
        'Tiếng Việt: ầ ẩ ẫ ậ ắ ằ ẳ ẵ ặ ề ể ễ ệ ố ồ ổ ỗ ộ ớ ờ ở ỡ ợ ứ ừ ử ữ ự ỳ ỷ ỹ ỵ đ Đ ơ ư.',
        'Polski, čeština: Zażółć gęślą jaźń; Příliš žluťoučký kůň úpěl ďábelské ódy.',
        'Íslenska, Türkçe: Þórr, Ægir og Ðóra; Pijamalı hasta yağız şoföre çabucak güvendi.',
      ];
      for (const chapter of document.chapters) {
        for (const block of chapter.blocks) {
          if (block.kind === 'paragraph') block.text = block.text.replace(', ', ', Þórr and Ægir, ');
        }
      }
      return document;
    }

    /** A Japanese book: kanji and kana set without spaces, Latin names between spaces, 「」 and 、。 */
    function japaneseBook(): BookDocument {
      const document = sampleBook({ subject: 'さくら', chapters: 2, paragraphs: 0 });
      document.metadata.language = 'ja';
      document.metadata.title = 'さくらと港の灯台';
      const prose = [
        '港の灯台守のさくらは、毎朝五時に起きて Harbour Light の百二十段の階段をのぼった。窓から見える海は静かで、' +
          'カモメが網の上で言い争っていた。',
        '船乗りの Mira Okafor が「今夜は嵐になる」と言ったとき、さくらは笑って、古い地図を机の上にひろげた。' +
          'Roland という名の船は、三日前に港を出たきりだった。',
        '灯りをともすのは日が沈む前、それがさくらの決まりだった。 Lantern と Tide という二つの言葉を、彼女は祖母から習った。',
      ];
      for (const chapter of document.chapters) {
        if (chapter.kind !== 'chapter') continue;
        chapter.title = `さくらと嵐の夜、第${chapter.number}部`;
        chapter.blocks = [
          ...prose.map((text) => ({ kind: 'paragraph' as const, text })),
          { kind: 'dialogue', speaker: 'Mira', text: '船はもどってくるのですか。' },
          ...prose.map((text) => ({ kind: 'paragraph' as const, text })),
        ];
      }
      return document;
    }

    /** The sample book of a type, illustrated; a picture book's picture stands alone on its page, uncaptioned. */
    function typeBook(type: (typeof CONCRETE_BOOK_TYPES)[number]): BookDocument {
      const document = sampleBook({ type, images: true });
      document.frontMatter.foreword = PROSE;
      if (type === 'childrens') {
        for (const block of document.chapters.flatMap((chapter) => chapter.blocks)) {
          if (block.kind === 'image') delete block.caption;
        }
      }
      return document;
    }

    it.each<[string, () => BookDocument]>([
      ['Latin prose', latinBook],
      ['Latin, Greek and Cyrillic in one face', alphabetsBook],
      ['a Japanese book', japaneseBook],
      ...CONCRETE_BOOK_TYPES.map((type): [string, () => BookDocument] => [`a ${type} book`, () => typeBook(type)]),
    ])('%s', async (_book, make) => {
      const document = make();
      const { file } = await renderToFile(document);
      for (const [reader, text] of [
        ['pdftotext', await poppler('pdftotext', '-enc', 'UTF-8', file, '-')],
        ['mutool', await mupdfText(file)],
      ] as const) {
        // A word cut in two ("ga in") is missing from the reading as a whole word.
        expect({ reader, unread: unreadWords(document, text) }).toEqual({ reader, unread: [] });
      }
    });
  });

  it('keeps text inside the margins: long words are cut, Japanese breaks between characters', async () => {
    const document = sampleBook({ chapters: 1 });
    document.chapters[0]!.title = `${'Verylongtitleword'.repeat(6)} さくら`;
    document.chapters[0]!.blocks = [
      { kind: 'paragraph', text: `Start ${'x'.repeat(300)} end.` },
      { kind: 'paragraph', text: 'さくらの花が咲いた。'.repeat(40) },
      { kind: 'list', ordered: true, items: ['https://example.com/'.repeat(12)] },
    ];
    const { file } = await renderToFile(document);
    const html = await poppler('pdftotext', '-bbox', file, '-');
    const xMax = [...html.matchAll(/xMax="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(xMax.length).toBeGreaterThan(50);
    for (const x of xMax) expect(x).toBeLessThanOrEqual(432 - 54 + 0.5);
    expect(squash(await poppler('pdftotext', file, '-')).replace(/ /g, '')).toContain('さくらの花が咲いた。'.repeat(5));
  });

  it('gives a foreword of real length its own titled section and contents entry', async () => {
    const document = sampleBook({ chapters: 1 });
    const sentence = 'This foreword explains why the tides of the harbour matter to everyone who lives there.';
    document.frontMatter.foreword = [sentence.repeat(4), sentence.repeat(3)];
    const { file } = await renderToFile(document);
    const pages = await pageTexts(file);
    expect(pages.some((page) => /^\s*Foreword\s*$/m.test(page))).toBe(true);
    expect(squash(pages.find((page) => page.includes('Contents')) ?? '')).toMatch(/Foreword (\. ?)+\d+/);
  });

  it("sets a textbook on a larger page whose wide right margin is kept for the reader's notes", async () => {
    const { file } = await renderToFile(sampleBook({ type: 'textbook', chapters: 2 }));
    expect((await pdfInfo(file))['Page size']).toMatch(/^540 x 666 pts/);
    // From the title page's back on: the title page, a cover, is set across the whole page.
    const boxes = await poppler('pdftotext', '-bbox', '-f', '2', file, '-');
    const xMax = [...boxes.matchAll(/xMax="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(xMax.length).toBeGreaterThan(100);
    for (const x of xMax) expect(x).toBeLessThanOrEqual(540 - 156 + 0.5);
  });

  describe('a picture book', () => {
    const words = (index: number) => `Pip hopped over stone number ${index + 1} and waved at the ducks.`;
    const paragraph = (text: string): BookBlock => ({ kind: 'paragraph', text });
    /** The content box of the 10 x 8 in landscape page (inside its margins), points. */
    const box = { left: 56, right: 720 - 56, top: 40, bottom: 576 - 44 };

    /**
     * A picture book of these story pages (and the sample's front matter and
     * glossary). The pictures are solid dark PNGs, 30 px high and 40 + n px
     * wide for story page n, so pdfimages tells on which page each one is.
     */
    function pictureBook(
      story: ReadonlyArray<{ blocks: BookBlock[]; picture: boolean }>,
      readingDirection: 'ltr' | 'rtl' = 'ltr',
    ): BookDocument {
      const document = sampleBook({ type: 'childrens', chapters: story.length });
      document.metadata.readingDirection = readingDirection;
      document.images = [];
      story.forEach(({ blocks, picture }, index) => {
        const chapter = document.chapters[index]!;
        chapter.blocks = blocks;
        if (!picture) return;
        const id = `picture-${index}`;
        const data = png(40 + index, 30, [40, 60 + 10 * index, 120]).toString('base64');
        document.images.push({ id, mediaType: 'image/png', data, alt: id, width: 40 + index, height: 30 });
        chapter.imageId = id;
      });
      return document;
    }

    interface Layout {
      file: string;
      pages: string[];
      /** Page number (1-based) on which each story page's words start. */
      wordsOn(index: number): number;
      /** Page numbers of each story page's picture (all of them, to catch a picture drawn twice). */
      picturesOn(index: number): number[];
    }

    async function layOut(document: BookDocument): Promise<Layout> {
      const { file } = await renderToFile(document);
      const pages = await pageTexts(file);
      const pictures = (await poppler('pdfimages', '-list', file))
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((line) => line.trim().split(/\s+/))
        .map((row) => ({ page: Number(row[0]), story: Number(row[3]) - 40 }));
      return {
        file,
        pages,
        wordsOn: (index) => pages.findIndex((text) => squash(text).includes(words(index))) + 1,
        picturesOn: (index) => pictures.filter((picture) => picture.story === index).map((picture) => picture.page),
      };
    }

    /** Where the dark pixels of a page are, in points, from pdftoppm at 36 dpi (half a point a pixel). */
    async function darkArea(file: string, pageNumber: number) {
      const { stdout } = await execFileAsync(
        '/usr/bin/pdftoppm',
        ['-r', '36', '-f', String(pageNumber), '-l', String(pageNumber), '-gray', file],
        { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
      );
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 32).toString('latin1'));
      const width = Number(header?.[1]);
      const pixels = stdout.subarray(header?.[0].length ?? 0);
      const xs: number[] = [];
      const ys: number[] = [];
      pixels.forEach((value, index) => {
        if (value >= 128) return;
        xs.push(index % width);
        ys.push(Math.floor(index / width));
      });
      const points = (pixel: number) => pixel * 2;
      return {
        left: points(Math.min(...xs)),
        right: points(Math.max(...xs) + 1),
        top: points(Math.min(...ys)),
        bottom: points(Math.max(...ys) + 1),
      };
    }

    describe('with a picture on most pages', () => {
      let book: Layout;

      beforeAll(async () => {
        book = await layOut(
          pictureBook([
            { blocks: [paragraph(words(0)), { kind: 'dialogue', speaker: 'Pip', text: 'Quack!' }], picture: true },
            // The image provider refused this page's picture.
            { blocks: [paragraph(words(1))], picture: false },
            { blocks: [paragraph(words(2))], picture: true },
            // Too many words for one page.
            { blocks: [paragraph(`${words(3)} `.repeat(24).trim())], picture: true },
            { blocks: [paragraph(words(4))], picture: false },
          ]),
        );
      });

      it('is set on landscape pages with no contents page, running heads or page numbers', async () => {
        expect((await pdfInfo(book.file))['Page size']).toMatch(/^720 x 576 pts/);
        expect(book.pages.some((text) => text.includes('Contents'))).toBe(false);
        for (const text of book.pages) expect(text.trimEnd().split('\n').at(-1)?.trim()).not.toMatch(/^\d+$/);
      });

      it("sets each page's words on a left-hand (even) page and its picture on the right-hand page facing them", () => {
        for (const index of [0, 2, 3]) {
          const wordsOn = book.wordsOn(index);
          expect({ index, wordsOnEvenPage: wordsOn > 0 && wordsOn % 2 === 0 }).toEqual({
            index,
            wordsOnEvenPage: true,
          });
          expect({ index, picturesOn: book.picturesOn(index) }).toEqual({ index, picturesOn: [wordsOn + 1] });
        }
        expect(squash(book.pages[book.wordsOn(0) - 1] ?? '')).toContain(`${words(0)} “Quack!” said Pip.`);
      });

      it("puts no words on a picture's page: the picture alone, as large as the margins allow, centred", async () => {
        for (const index of [0, 2, 3]) {
          const [pictureOn] = book.picturesOn(index);
          expect({ index, text: book.pages[(pictureOn ?? 0) - 1]?.trim() }).toEqual({ index, text: '' });
        }
        // A 4:3 picture fills the content box's width, and stands in the middle of its height.
        const area = await darkArea(book.file, book.picturesOn(0)[0] ?? 0);
        const height = ((box.right - box.left) * 30) / 40;
        const top = box.top + (box.bottom - box.top - height) / 2;
        // Within a pixel of the rendering (2 pt) and rounding.
        expect(Math.abs(area.left - box.left)).toBeLessThanOrEqual(3);
        expect(Math.abs(area.right - box.right)).toBeLessThanOrEqual(3);
        expect(Math.abs(area.top - top)).toBeLessThanOrEqual(3);
        expect(Math.abs(area.bottom - (top + height))).toBeLessThanOrEqual(3);
      });

      it('sets the words in large type in the middle of their page', async () => {
        const wordsOn = book.wordsOn(0);
        const boxes = (
          await poppler('pdftotext', '-bbox', '-f', String(wordsOn), '-l', String(wordsOn), book.file, '-')
        )
          .split('<page ')
          .slice(1)
          .join('');
        const found = [...boxes.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map(
          (match) => ({
            left: Number(match[1]),
            top: Number(match[2]),
            right: Number(match[3]),
            bottom: Number(match[4]),
          }),
        );
        expect(found.length).toBeGreaterThan(10);
        // 19 pt type.
        expect(Math.max(...found.map((word) => word.bottom - word.top))).toBeGreaterThan(17);
        const across = (Math.min(...found.map((word) => word.left)) + Math.max(...found.map((word) => word.right))) / 2;
        const down = (Math.min(...found.map((word) => word.top)) + Math.max(...found.map((word) => word.bottom))) / 2;
        expect(Math.abs(across - (box.left + box.right) / 2)).toBeLessThan(10);
        expect(Math.abs(down - (box.top + box.bottom) / 2)).toBeLessThan(15);
      });

      it('runs words too long for one page on after the picture that faces their first page', () => {
        const wordsOn = book.wordsOn(3);
        expect(book.picturesOn(3)).toEqual([wordsOn + 1]);
        expect(squash(book.pages[wordsOn + 1] ?? '')).toContain(words(3));
      });

      it('gives a page without a picture no blank page: the words page of the spread after it, else one of its own', () => {
        // After a spread the next page is a left-hand one, where the next spread must open: they share it.
        expect(book.wordsOn(1)).toBe(book.wordsOn(2));
        expect(squash(book.pages[book.wordsOn(2) - 1] ?? '')).toContain(`${words(1)} ${words(2)}`);
        // After the long page's last words, on the right-hand page.
        expect(book.wordsOn(4)).toBe(book.wordsOn(3) + 3);
        for (let pageNumber = book.wordsOn(0); pageNumber <= book.wordsOn(4); pageNumber += 1) {
          const text = book.pages[pageNumber - 1]?.trim() ?? '';
          const picture = [0, 2, 3].some((index) => book.picturesOn(index).includes(pageNumber));
          expect({ pageNumber, blank: text === '' && !picture }).toEqual({ pageNumber, blank: false });
        }
      });
    });

    it('sets the pages of a book without pictures one after another, each on a page of its own', async () => {
      const book = await layOut(
        pictureBook([0, 1, 2].map((index) => ({ blocks: [paragraph(words(index))], picture: false }))),
      );
      const first = book.wordsOn(0);
      expect(first).toBeGreaterThan(0);
      expect([book.wordsOn(1), book.wordsOn(2)]).toEqual([first + 1, first + 2]);
    });

    it('asks viewers to show its pages in spreads, the title page alone on the right; other books not', async () => {
      const story = [{ blocks: [paragraph(words(0))], picture: true }];
      expect((await renderer.render(pictureBook(story))).toString('latin1')).toMatch(/\/PageLayout \/TwoPageRight/);
      expect((await renderer.render(sampleBook({ chapters: 1 }))).toString('latin1')).not.toMatch(/\/PageLayout/);
    });

    it('mirrors the spreads of a right-to-left picture book: the words on the right-hand page, the picture on the left', async () => {
      const story = [0, 1].map((index) => ({ blocks: [paragraph(words(index))], picture: true }));
      const book = await layOut(pictureBook(story, 'rtl'));
      const pdf = (await readFile(book.file)).toString('latin1');
      // Read right to left, a spread's even page is the right-hand one: the words, read first, face the picture.
      expect(pdf).toMatch(/\/Direction \/R2L/);
      expect(pdf).toMatch(/\/PageLayout \/TwoPageRight/);
      for (const index of [0, 1]) {
        const wordsOn = book.wordsOn(index);
        expect(wordsOn % 2).toBe(0);
        expect(book.picturesOn(index)).toEqual([wordsOn + 1]);
      }
    });
  });

  it('renders a document with nothing optional: no front matter, no chapters, odd characters', async () => {
    const document = sampleBook({ chapters: 0 });
    document.chapters = [];
    document.frontMatter = {};
    document.metadata.subtitle = undefined;
    document.metadata.title = 'Emoji \u{1F600} and \u0007control';
    document.metadata.createdAt = 'not a date';
    const { file } = await renderToFile(document);
    const info = await pdfInfo(file);
    // The title page and its back (the copyright line, with no year: the date is not one).
    expect(info.Pages).toBe('2');
    expect(info.Title).toBe('Emoji \u{1F600} and control');
  });

  it("renders a 100,000-word illustrated book whole (its time is bench:render's to measure)", async () => {
    const document = sampleBook({ chapters: 40, paragraphs: 67, images: true });
    expect(document.metadata.wordCount).toBeGreaterThan(100_000);
    const { file } = await renderToFile(document);
    const info = await pdfInfo(file);
    expect(Number(info.Pages)).toBeGreaterThan(300);
  });
});
