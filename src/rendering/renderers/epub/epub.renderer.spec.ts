import { CONCRETE_BOOK_TYPES, sampleBook } from '../../testing/sample-books';
import { EpubRenderer } from './epub.renderer';
import {
  entry,
  HOSTILE_SUBJECT,
  HOSTILE_TITLE,
  hundredThousandWordBook,
  manifestItems,
  mixedImagesBook,
  spineIds,
  unzip,
} from './testing/epub-samples';

const renderer = new EpubRenderer();

describe('EpubRenderer', () => {
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

    it('sets a typographic cover (title, subtitle, author) without illustrations, and no description without a synopsis', async () => {
      const document = sampleBook({ images: false });
      document.metadata.synopsis = '   ';
      document.metadata.title = 'The Lighthouse & the <Map>';
      const zip = await unzip(await renderer.render(document));
      const opf = await entry(zip, 'OEBPS/content.opf');
      expect(opf).not.toContain('dc:description');
      const covers = manifestItems(opf).filter((item) => item.properties === 'cover-image');
      expect(covers.map((item) => item['media-type'])).toEqual(['image/svg+xml']);
      expect(spineIds(opf)[0]).toBe('cover');
      const svg = (await zip.file(`OEBPS/${covers[0]!.href ?? ''}`)!.async('string')).replace(/\s+/g, ' ');
      expect(svg).toContain('>The Lighthouse</text>');
      expect(svg).toContain('>&amp; the &lt;Map&gt;</text>');
      expect(svg).toContain(`>${document.metadata.author}</text>`);
      // The cover is the only picture: no chapter has one.
      expect(manifestItems(opf).filter((item) => item['media-type']?.startsWith('image/'))).toHaveLength(1);
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
      expect(spineIds(opf).slice(0, 7)).toEqual([
        'cover',
        'title-page',
        'dedication',
        'foreword',
        'objectives',
        'cast',
        'nav',
      ]);
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

  describe('a long book', () => {
    it('renders a 100,000-word book with 12 illustrations: every chapter and every image', async () => {
      const document = hundredThousandWordBook();
      expect(document.metadata.wordCount).toBeGreaterThanOrEqual(100_000);
      expect(document.images).toHaveLength(12);
      // Its time is bench:render's to measure, not a spec's.
      const epub = await renderer.render(document);
      const zip = await unzip(epub);
      expect(Object.keys(zip.files).filter((path) => /chapter-\d+\.xhtml$/.test(path))).toHaveLength(41);
      expect(Object.keys(zip.files).filter((path) => path.startsWith('OEBPS/images/'))).toHaveLength(12);
    });
  });
});
