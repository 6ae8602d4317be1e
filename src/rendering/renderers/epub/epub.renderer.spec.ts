import JSZip from 'jszip';
import { CONTENT_TYPES } from '../../../catalog/catalog';
import type { BookDocument, BookImage } from '../../../book/book-document';
import { epubcheckAll, problems, type EpubcheckReport } from '../../testing/epubcheck';
import { CONCRETE_BOOK_TYPES, sampleBook, sampleSvg } from '../../testing/sample-books';
import { EpubRenderer } from './epub.renderer';

async function unzip(epub: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(epub);
}

async function entry(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is missing from the EPUB`);
  return file.async('string');
}

/** Manifest items of the package document as attribute maps. */
function manifestItems(opf: string): Array<Record<string, string>> {
  return [...opf.matchAll(/<item\s([^>]*?)\/>/g)].map((match) =>
    Object.fromEntries([...(match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1] ?? '', a[2] ?? ''])),
  );
}

function spineIds(opf: string): string[] {
  return [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((match) => match[1] ?? '');
}

const renderer = new EpubRenderer();
const HOSTILE_TITLE = '<script>alert(1)</script> & "quotes"';
const HOSTILE_SUBJECT = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>&amp;`;

// Made with Java ImageIO: an 8x6 PNG and JPEG, so raster images go through epubcheck too.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAE0lEQVR4XmM44KCAFTFgCtFPAgDxdzYBq66lZgAAAABJRU5ErkJggg==';
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAgAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAGAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDCooor50+8P//Z';

function raster(id: string, mediaType: BookImage['mediaType'], data: string): BookImage {
  return { id, mediaType, data, alt: `${id} picture`, width: 8, height: 6 };
}

function svgImage(id: string, svg: string): BookImage {
  return { id, mediaType: 'image/svg+xml', data: Buffer.from(svg).toString('base64'), alt: id, width: 10, height: 10 };
}

/**
 * A book whose chapters show a PNG cover, a JPEG, a PNG mislabelled as JPEG,
 * and images that cannot be valid package resources.
 */
function mixedImagesBook(): BookDocument {
  const document = sampleBook({ chapters: 3 });
  const unusable = [
    svgImage('scripted', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    svgImage(
      'remote',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
        '<image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/></svg>',
    ),
    svgImage('truncated', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/>'),
    { ...raster('not-base64', 'image/png', '<svg onload=alert(1)>'), alt: 'not base64' },
  ];
  document.images = [
    raster('cover-png', 'image/png', PNG_BASE64),
    raster('photo', 'image/jpeg', JPEG_BASE64),
    raster('mislabelled', 'image/jpeg', PNG_BASE64),
    sampleSvg('unused', 'never shown', 10),
    ...unusable,
  ];
  document.coverImageId = 'cover-png';
  const [first, second, third] = document.chapters;
  if (!first || !second || !third) throw new Error('sample book has too few chapters');
  first.imageId = 'photo';
  first.blocks.push({ kind: 'image', imageId: 'mislabelled', caption: 'Mislabelled' });
  second.blocks.push(...unusable.map((image) => ({ kind: 'image' as const, imageId: image.id, caption: image.id })));
  third.imageId = 'missing-id';
  return document;
}

/** The rendered EPUB with raw, unescaped markup written into its first chapter. */
async function breakChapter(epub: Buffer): Promise<Buffer> {
  const zip = await unzip(epub);
  const chapter = await entry(zip, 'OEBPS/chapter-001.xhtml');
  zip.file('OEBPS/chapter-001.xhtml', chapter.replace('</h1>', ' Tom & Jerry <b>bold</h1>'));
  return zip.generateAsync({ type: 'nodebuffer', mimeType: 'application/epub+zip' });
}

/** About 100,000 words in 40 chapters, with a cover and 11 chapter illustrations. */
function hundredThousandWordBook(): BookDocument {
  const document = sampleBook({ chapters: 40, paragraphs: 67, images: true });
  const illustrated = new Set(['cover', ...Array.from({ length: 11 }, (_, index) => `img-ch-${index * 3 + 1}`)]);
  document.images = document.images.filter((image) => illustrated.has(image.id));
  for (const chapter of document.chapters) {
    if (chapter.imageId && !illustrated.has(chapter.imageId)) chapter.imageId = undefined;
    chapter.blocks = chapter.blocks.filter((block) => block.kind !== 'image' || illustrated.has(block.imageId));
  }
  return document;
}

describe('EpubRenderer', () => {
  it('identifies itself as the epub format', () => {
    expect(renderer.format).toBe('epub');
    expect(renderer.contentType).toBe(CONTENT_TYPES.epub);
    expect(renderer.fileExtension).toBe('epub');
  });

  describe('epubcheck', () => {
    const cases: Array<[string, () => BookDocument]> = [
      ...CONCRETE_BOOK_TYPES.flatMap((type) =>
        [true, false].map((images): [string, () => BookDocument] => [
          `${type} ${images ? 'with' : 'without'} images`,
          () => sampleBook({ type, images }),
        ]),
      ),
      [
        'hostile title, subject and author',
        () => sampleBook({ title: HOSTILE_TITLE, subject: HOSTILE_SUBJECT, author: HOSTILE_SUBJECT, images: true }),
      ],
      ['Cyrillic textbook', () => sampleBook({ subject: 'Алёна', type: 'textbook', images: true })],
      ['CJK manga', () => sampleBook({ subject: 'さくら', type: 'manga', images: true })],
      ['PNG, JPEG and unusable images', mixedImagesBook],
      ['100,000-word book with 12 illustrations', hundredThousandWordBook],
    ];

    const reports = new Map<string, EpubcheckReport | undefined>();
    let brokenReport: EpubcheckReport | undefined;
    beforeAll(async () => {
      const files = new Map<string, Buffer>();
      for (const [index, [, build]] of cases.entries()) files.set(`book-${index}`, await renderer.render(build()));
      files.set('broken', await breakChapter(await renderer.render(sampleBook())));
      const byFile = await epubcheckAll(files);
      for (const [index, [name]] of cases.entries()) reports.set(name, byFile.get(`book-${index}`));
      brokenReport = byFile.get('broken');
    }, 300_000);

    it('reports a broken chapter, so the checks below can fail', () => {
      expect(problems(brokenReport).join('\n')).toMatch(/RSC-016|RSC-005/);
    });

    it.each(cases.map(([name]) => name))('%s has no epubcheck errors or warnings', (name) => {
      const report = reports.get(name);
      expect(problems(report)).toEqual([]);
      expect(report?.checker).toMatchObject({ nFatal: 0, nError: 0, nWarning: 0 });
    });
  });

  describe('package structure', () => {
    it('starts with an uncompressed mimetype entry without extra fields', async () => {
      const epub = await renderer.render(sampleBook());
      expect(epub.readUInt32LE(0)).toBe(0x04034b50);
      expect(epub.readUInt16LE(8)).toBe(0); // compression method: stored
      const nameLength = epub.readUInt16LE(26);
      expect(epub.readUInt16LE(28)).toBe(0); // extra field length
      expect(epub.toString('latin1', 30, 30 + nameLength)).toBe('mimetype');
      expect(epub.toString('latin1', 30 + nameLength, 30 + nameLength + 20)).toBe('application/epub+zip');
      const zip = await unzip(epub);
      expect(await entry(zip, 'META-INF/container.xml')).toContain('full-path="OEBPS/content.opf"');
    });

    it('writes title, creator, language, urn:uuid identifier, modification date and description', async () => {
      const document = sampleBook({ images: true });
      const opf = await entry(await unzip(await renderer.render(document)), 'OEBPS/content.opf');
      expect(opf).toContain('unique-identifier="book-id"');
      expect(opf).toContain(
        '<dc:identifier id="book-id">urn:uuid:00000000-0000-4000-8000-000000000001</dc:identifier>',
      );
      expect(opf).toContain('<dc:title id="title">Ada and the Tide</dc:title>');
      expect(opf).toContain('<dc:creator id="creator">Test Author</dc:creator>');
      expect(opf).toContain('<dc:language>en</dc:language>');
      expect(opf).toContain('<meta property="dcterms:modified">2026-01-02T03:04:05Z</meta>');
      expect(opf).toContain(
        '<dc:description>A book about Ada, a harbour and the tide &lt;with markup&gt; &amp; ampersands.</dc:description>',
      );
    });

    it('marks the cover image item as cover-image and stores the cover bytes', async () => {
      const document = sampleBook({ images: true });
      const zip = await unzip(await renderer.render(document));
      const opf = await entry(zip, 'OEBPS/content.opf');
      const covers = manifestItems(opf).filter((item) => item.properties === 'cover-image');
      expect(covers).toHaveLength(1);
      const [cover] = covers;
      expect(cover?.['media-type']).toBe('image/svg+xml');
      const coverImage = document.images.find((image) => image.id === document.coverImageId);
      const stored = await zip.file(`OEBPS/${cover?.href ?? ''}`)?.async('nodebuffer');
      expect(stored?.equals(Buffer.from(coverImage?.data ?? '', 'base64'))).toBe(true);
      expect(opf).toContain(`<meta name="cover" content="${cover?.id ?? ''}"/>`);
      expect(spineIds(opf)[0]).toBe('cover');
      expect(await entry(zip, 'OEBPS/cover.xhtml')).toContain(`src="${cover?.href ?? ''}"`);
    });

    it('has no cover page or cover-image without illustrations, and no description when there is no synopsis', async () => {
      const document = sampleBook({ images: false });
      document.metadata.synopsis = '   ';
      const zip = await unzip(await renderer.render(document));
      const opf = await entry(zip, 'OEBPS/content.opf');
      expect(opf).not.toContain('cover-image');
      expect(opf).not.toContain('dc:description');
      expect(zip.file('OEBPS/cover.xhtml')).toBeNull();
      expect(manifestItems(opf).filter((item) => item['media-type']?.startsWith('image/'))).toEqual([]);
    });

    it('lists every chapter in the navigation document and the NCX, in spine order', async () => {
      const document = sampleBook({ chapters: 7 });
      const zip = await unzip(await renderer.render(document));
      const opf = await entry(zip, 'OEBPS/content.opf');
      const nav = await entry(zip, 'OEBPS/nav.xhtml');
      const ncx = await entry(zip, 'OEBPS/toc.ncx');
      const navItem = manifestItems(opf).find((item) => item.properties === 'nav');
      expect(navItem?.href).toBe('nav.xhtml');
      const tocNav = nav.slice(nav.indexOf('<nav epub:type="toc"'), nav.indexOf('</nav>'));
      const links = [...tocNav.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]);
      const chapterLinks = links.filter(([href]) => href?.startsWith('chapter-'));
      expect(chapterLinks).toEqual(
        document.chapters.map((chapter, index) => [
          `chapter-${String(index + 1).padStart(3, '0')}.xhtml`,
          chapter.kind === 'glossary' ? 'Glossary' : `Chapter ${chapter.number}: ${chapter.title}`,
        ]),
      );
      const hrefById = new Map(manifestItems(opf).map((item) => [item.id, item.href]));
      const spineChapters = spineIds(opf)
        .map((id) => hrefById.get(id))
        .filter((href) => href?.startsWith('chapter-'));
      expect(spineChapters).toEqual(chapterLinks.map(([href]) => href));
      for (const [href] of chapterLinks) {
        expect(zip.file(`OEBPS/${href ?? ''}`)).not.toBeNull();
        expect(ncx).toContain(`<content src="${href ?? ''}"/>`);
      }
      expect(ncx).toContain('<meta name="dtb:uid" content="urn:uuid:00000000-0000-4000-8000-000000000001"/>');
    });

    it('turns manga pages right to left and every other type left to right', async () => {
      for (const type of CONCRETE_BOOK_TYPES) {
        const opf = await entry(await unzip(await renderer.render(sampleBook({ type }))), 'OEBPS/content.opf');
        const rtl = opf.includes('<spine toc="ncx" page-progression-direction="rtl">');
        expect([type, rtl]).toEqual([type, type === 'manga']);
      }
    });

    it('renders two identical books to identical bytes', async () => {
      const first = await renderer.render(sampleBook({ images: true }));
      const second = await renderer.render(sampleBook({ images: true }));
      expect(first.equals(second)).toBe(true);
    });
  });

  describe('text', () => {
    it('escapes a hostile title, subject and author everywhere', async () => {
      const document = sampleBook({ title: HOSTILE_TITLE, subject: HOSTILE_SUBJECT, author: HOSTILE_SUBJECT });
      const zip = await unzip(await renderer.render(document));
      const opf = await entry(zip, 'OEBPS/content.opf');
      expect(opf).toContain(
        '<dc:title id="title">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</dc:title>',
      );
      const texts = await Promise.all(
        Object.keys(zip.files)
          .filter((path) => /\.(xhtml|opf|ncx)$/.test(path))
          .map((path) => entry(zip, path)),
      );
      for (const text of texts) {
        expect(text).not.toMatch(/<script|<img src=x/);
      }
      const chapter = await entry(zip, 'OEBPS/chapter-001.xhtml');
      expect(chapter).toContain(
        '<h1>Chapter 1: &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp; and the Tide, Part 1</h1>',
      );
      expect(await entry(zip, 'OEBPS/title-page.xhtml')).toContain(
        '<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</title>',
      );
    });

    it.each(['Алёна', 'さくら'])('keeps the %s subject in chapter titles, prose and navigation', async (subject) => {
      const zip = await unzip(await renderer.render(sampleBook({ subject })));
      const chapter = await entry(zip, 'OEBPS/chapter-002.xhtml');
      expect(chapter).toContain(`<h1>Chapter 2: ${subject} and the Tide, Part 2</h1>`);
      expect(chapter).toContain(`<p class="prose">${subject} walked past the harbour for the 1th time in part 2`);
      expect(chapter).toContain(`<p class="prose dialogue"><span class="speaker">${subject}:</span>`);
      expect(await entry(zip, 'OEBPS/nav.xhtml')).toContain(`${subject} and the Tide, Part 2</a>`);
      expect(await entry(zip, 'OEBPS/content.opf')).toContain(
        `<dc:title id="title">${subject} and the Tide</dc:title>`,
      );
    });

    it('uses the document language and falls back to und for a malformed tag', async () => {
      const document = sampleBook();
      document.metadata.language = 'ja';
      let zip = await unzip(await renderer.render(document));
      expect(await entry(zip, 'OEBPS/content.opf')).toContain('<dc:language>ja</dc:language>');
      expect(await entry(zip, 'OEBPS/chapter-001.xhtml')).toContain('xml:lang="ja" lang="ja"');
      document.metadata.language = 'en"><x';
      zip = await unzip(await renderer.render(document));
      expect(await entry(zip, 'OEBPS/content.opf')).toContain('<dc:language>und</dc:language>');
    });
  });

  describe('blocks', () => {
    it('renders exercises with their answers at the end of the chapter, linked both ways', async () => {
      const chapter = await entry(
        await unzip(await renderer.render(sampleBook({ type: 'textbook' }))),
        'OEBPS/chapter-001.xhtml',
      );
      expect(chapter).toContain(
        '<div class="exercise" id="exercise-1"><p><strong>Exercise 1.</strong> What is 7 x 6? <a class="answer-link" href="#answer-1">Answer</a></p></div>',
      );
      expect(chapter).toContain('<li id="answer-1"><p>42 <a href="#exercise-1">Back to exercise 1</a></p></li>');
      expect(chapter.indexOf('id="answer-1"')).toBeGreaterThan(chapter.indexOf('id="exercise-1"'));
    });

    it('renders the glossary as one definition list', async () => {
      const glossary = await entry(await unzip(await renderer.render(sampleBook())), 'OEBPS/chapter-004.xhtml');
      expect(glossary).toContain('<section epub:type="glossary">');
      expect(glossary).toContain(
        '<dl class="glossary"><dt>Tide</dt><dd>The rise &amp; fall of the sea.</dd><dt>Lantern</dt><dd>A &lt;portable&gt; lamp.</dd></dl>',
      );
    });

    it('renders comic panels as figures with the picture, caption and dialogue', async () => {
      const zip = await unzip(await renderer.render(sampleBook({ type: 'comic', images: true })));
      const page = await entry(zip, 'OEBPS/chapter-001.xhtml');
      expect(page.match(/<figure class="panel">/g)).toHaveLength(4);
      expect(page).toContain(
        '<figure class="panel"><img class="panel-image" src="images/img-ch-1.svg" alt="Panel 1: Ada on the pier at dusk, wide shot." width="600" height="400"/>' +
          '<figcaption><span class="panel-number">Panel 1</span><p class="caption">Later that night...</p>' +
          '<p class="line"><span class="speaker">Ada:</span> We cannot stay here, not after page 1!</p>' +
          '<p class="line"><span class="speaker">Mira:</span> Then run.</p></figcaption></figure>',
      );
    });

    it('shows the artist direction in place of a panel picture when there are no illustrations', async () => {
      const page = await entry(
        await unzip(await renderer.render(sampleBook({ type: 'manga' }))),
        'OEBPS/chapter-001.xhtml',
      );
      expect(page).toContain('<figure class="panel"><p class="art">Panel 1: Ada on the pier at dusk, wide shot.</p>');
      expect(page).not.toContain('<img');
    });

    it('puts front matter on its own pages before the contents', async () => {
      const zip = await unzip(await renderer.render(sampleBook({ type: 'textbook' })));
      const opf = await entry(zip, 'OEBPS/content.opf');
      expect(spineIds(opf).slice(0, 6)).toEqual(['title-page', 'dedication', 'foreword', 'objectives', 'cast', 'nav']);
      expect(await entry(zip, 'OEBPS/cast.xhtml')).toContain('<dt>Ada</dt><dd>a harbour keeper</dd>');
      expect(await entry(zip, 'OEBPS/objectives.xhtml')).toContain('<li>Know the tides</li>');
    });
  });

  describe('images', () => {
    it('stores used images with the media type of their bytes and leaves out unusable or unused ones', async () => {
      const zip = await unzip(await renderer.render(mixedImagesBook()));
      const opf = await entry(zip, 'OEBPS/content.opf');
      const images = manifestItems(opf)
        .filter((item) => item['media-type']?.startsWith('image/'))
        .map((item) => [item.href, item['media-type'], item.properties]);
      expect(images).toEqual([
        ['images/cover-png.png', 'image/png', 'cover-image'],
        ['images/photo.jpg', 'image/jpeg', undefined],
        ['images/mislabelled.png', 'image/png', undefined],
      ]);
      const imageFiles = Object.keys(zip.files).filter((path) => path.startsWith('OEBPS/images/'));
      expect(imageFiles.sort()).toEqual([
        'OEBPS/images/cover-png.png',
        'OEBPS/images/mislabelled.png',
        'OEBPS/images/photo.jpg',
      ]);
      const second = await entry(zip, 'OEBPS/chapter-002.xhtml');
      // The captions of the left-out images still show.
      for (const caption of ['scripted', 'remote', 'truncated', 'not-base64']) {
        expect(second).toContain(`<figure class="illustration"><figcaption>${caption}</figcaption></figure>`);
      }
      expect(second).not.toContain('<img');
    });
  });

  describe('event loop', () => {
    it('lets other work run between chapters', async () => {
      const document = sampleBook({ chapters: 5 });
      const events: string[] = [];
      for (const chapter of document.chapters) {
        const { blocks } = chapter;
        Object.defineProperty(chapter, 'blocks', {
          get: () => {
            events.push('chapter');
            return blocks;
          },
        });
      }
      let rendering = true;
      const tick = (): void => {
        events.push('tick');
        if (rendering) setImmediate(tick);
      };
      setImmediate(tick);
      await renderer.render(document);
      rendering = false;
      const chapterEvents = events.flatMap((event, index) => (event === 'chapter' ? [index] : []));
      expect(chapterEvents).toHaveLength(document.chapters.length);
      for (const [position, index] of chapterEvents.entries()) {
        if (position === 0) continue;
        expect(events.slice((chapterEvents[position - 1] ?? 0) + 1, index)).toContain('tick');
      }
    });

    it('renders a 100,000-word book with 12 illustrations in well under a few seconds', async () => {
      const document = hundredThousandWordBook();
      expect(document.metadata.wordCount).toBeGreaterThanOrEqual(100_000);
      expect(document.images).toHaveLength(12);
      const started = performance.now();
      const epub = await renderer.render(document);
      const elapsed = performance.now() - started;
      const zip = await unzip(epub);
      expect(Object.keys(zip.files).filter((path) => /chapter-\d+\.xhtml$/.test(path))).toHaveLength(41);
      expect(Object.keys(zip.files).filter((path) => path.startsWith('OEBPS/images/'))).toHaveLength(12);
      console.info(
        `EPUB of ${document.metadata.wordCount} words, 12 images: ${elapsed.toFixed(0)} ms, ${epub.length} bytes`,
      );
      // Generous, so a loaded CI machine does not fail it; locally it takes ~0.1 s.
      expect(elapsed).toBeLessThan(5_000);
    });
  });
});
