import { BOOK_DOCUMENT_VERSION, type BookDocument, type BookImage } from '../../book/book-document';
import { addBuiltinIllustrations, drawPicture, type PictureKind, type PictureRequest } from './illustrations';
import type { ConcreteStyle } from './lexicon/style-lexicon';
import { STYLE_LEXICONS } from './lexicon/style-lexicons';
import { sceneColours, type TimeOfDay } from './illustration/scene-colours';

const STYLES = Object.keys(STYLE_LEXICONS) as ConcreteStyle[];
const KINDS: PictureKind[] = ['cover', 'chapter', 'panel'];

/** Elements svg-to-pdfkit and EPUB readers both draw, and nothing that loads, runs or needs fonts. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'title',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'polygon',
]);

const svgOf = (image: BookImage): string => Buffer.from(image.data, 'base64').toString('utf8');

const picture = (overrides: Partial<PictureRequest> = {}): BookImage =>
  drawPicture({ id: 'img-ch1', alt: 'A picture', style: 'western', seed: 'seed-1', kind: 'chapter', ...overrides });

interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  text: string;
  children: XmlElement[];
}

/**
 * A strict reader for the XML these pictures use (elements, attributes,
 * character references, text): throws on anything not well-formed, so the
 * test fails the way an EPUB reader's XML parser would.
 */
function parseXml(source: string): XmlElement {
  const decode = (text: string, where: string): string => {
    if (/<|&(?!#\d+;|#x[0-9a-f]+;|amp;|lt;|gt;|quot;|apos;)/i.test(text))
      throw new Error(`Bad character data in ${where}`);
    return text
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(
        /&(amp|lt|gt|quot|apos);/g,
        (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
      );
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let position = 0;
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  while (position < source.length) {
    const next = source.indexOf('<', position);
    const text = source.slice(position, next === -1 ? source.length : next);
    if (text.trim() !== '') {
      if (!stack.length) throw new Error('Text outside the root element');
      stack[stack.length - 1]!.text += decode(text, 'text');
    }
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(source);
    if (!match) throw new Error(`Malformed tag at ${next}: ${source.slice(next, next + 40)}`);
    const [whole, closing, name, attributeText, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const attributes = new Map<string, string>();
      for (const [, key, value] of attributeText!.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        if (attributes.has(key!)) throw new Error(`Duplicate attribute ${key} on <${name}>`);
        attributes.set(key!, decode(value ?? '', `${name}@${key}`));
      }
      const element: XmlElement = { name: name!, attributes, text: '', children: [] };
      if (stack.length) stack[stack.length - 1]!.children.push(element);
      else if (root) throw new Error('Two root elements');
      else root = element;
      if (!selfClosing) stack.push(element);
    }
    position = next + whole.length;
  }
  if (stack.length || !root) throw new Error('Unclosed elements');
  return root;
}

function allElements(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(allElements)];
}

describe('drawPicture', () => {
  it('draws the same bytes for the same seed and id', () => {
    for (const kind of KINDS) {
      const request = { kind, alt: 'Close-up: Mara at the window.', id: `same-${kind}` };
      expect(picture(request).data).toBe(picture(request).data);
    }
  });

  it('never calls Math.random', () => {
    const spy = jest.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random was called');
    });
    try {
      for (const kind of KINDS) picture({ kind });
    } finally {
      spy.mockRestore();
    }
  });

  it('draws a different picture for another id or another seed', () => {
    const base = picture().data;
    expect(picture({ id: 'img-ch2' }).data).not.toBe(base);
    expect(picture({ seed: 'seed-2' }).data).not.toBe(base);
    const chapters = new Set(Array.from({ length: 20 }, (_, index) => picture({ id: `img-ch${index}` }).data));
    expect(chapters.size).toBe(20);
  });

  it.each(STYLES)('draws %s pictures as well-formed 600x400 SVG of allowed elements only', (style) => {
    for (const kind of KINDS) {
      for (const id of ['a', 'b', 'c']) {
        const image = picture({ style, kind, id: `${kind}-${id}`, alt: 'Wide shot: a road' });
        expect(image).toMatchObject({ mediaType: 'image/svg+xml', width: 600, height: 400 });
        const svg = svgOf(image);
        const root = parseXml(svg);
        expect(root.name).toBe('svg');
        expect(Object.fromEntries(root.attributes)).toEqual({
          xmlns: 'http://www.w3.org/2000/svg',
          width: '600',
          height: '400',
          viewBox: '0 0 600 400',
        });
        // Each rule is one assertion listing every element or attribute that breaks it.
        const elements = allElements(root);
        expect(elements.map((element) => element.name).filter((name) => !ALLOWED_ELEMENTS.has(name))).toEqual([]);
        const attributes = elements.flatMap((element) => [...element.attributes]);
        expect(attributes.filter(([attribute]) => /^(on|href$|xlink:|style$)/i.test(attribute))).toEqual([]);
        // The only references are to gradients inside the picture.
        const references = attributes.flatMap(([, value]) =>
          [...value.matchAll(/url\(([^)]*)\)/g)].map(([, ref]) => ref),
        );
        expect(references.filter((reference) => !/^#[\w-]+$/.test(reference ?? ''))).toEqual([]);
        const outside = svg.replace(' xmlns="http://www.w3.org/2000/svg"', '');
        expect(outside.match(/<(filter|image|text|script|use|foreignObject|style)\b|[a-z]+:\/\/|@import/gi)).toBeNull();
      }
    }
  });

  it.each(STYLES)('keeps %s pictures small', (style) => {
    const sizes = KINDS.flatMap((kind) =>
      Array.from(
        { length: 8 },
        (_, index) => Buffer.from(picture({ style, kind, id: `${kind}-${index}` }).data, 'base64').length,
      ),
    );
    expect(Math.max(...sizes)).toBeLessThan(20_000);
  });

  it('gives every gradient an id of its own, prefixed by the picture, and every reference a gradient', () => {
    const ids = new Set<string>();
    for (const id of ['cover', 'img-ch1', 'img-ch1-p1', 'img.ch1', 'img_ch1']) {
      for (const style of ['fairy_tale', 'surrealism', 'noir'] as const) {
        const root = parseXml(svgOf(picture({ id, style, kind: id === 'cover' ? 'cover' : 'chapter' })));
        const gradients = allElements(root)
          .filter((element) => /Gradient$/.test(element.name))
          .map((element) => element.attributes.get('id')!);
        expect(gradients.length).toBeGreaterThan(0);
        expect(new Set(gradients).size).toBe(gradients.length);
        const referenced = allElements(root).flatMap((element) =>
          [...element.attributes.values()].flatMap((value) =>
            [...value.matchAll(/url\(#([\w-]+)\)/g)].map((m) => m[1]),
          ),
        );
        for (const reference of referenced) expect(gradients).toContain(reference);
        // Ids are unique across the pictures of a book (one style per book).
        for (const gradient of gradients) {
          expect(ids.has(`${style}/${gradient}`)).toBe(false);
          ids.add(`${style}/${gradient}`);
        }
      }
    }
  });

  it('carries the alternative text, escaped, as the title', () => {
    const alt = 'Mara & <the> "lantern" \'s light';
    const root = parseXml(svgOf(picture({ alt })));
    expect(root.children[0]).toMatchObject({ name: 'title', text: alt });
  });

  it('frames a cover and a comic panel, and not a chapter picture', () => {
    const panelBorder = /fill="#fbf8f1"/;
    expect(svgOf(picture({ kind: 'panel' }))).toMatch(panelBorder);
    expect(svgOf(picture({ kind: 'chapter' }))).not.toMatch(panelBorder);
    const cover = parseXml(svgOf(picture({ kind: 'cover' })));
    const frames = allElements(cover).filter(
      (element) => element.name === 'rect' && element.attributes.get('fill') === 'none',
    );
    expect(frames).toHaveLength(2);
  });

  describe('people', () => {
    /** Full figures are groups with a fill and a stroke (limbs); busts and heads are not. */
    const figures = (image: BookImage): number =>
      allElements(parseXml(svgOf(image))).filter(
        (element) => element.name === 'g' && element.attributes.has('stroke') && element.attributes.has('fill'),
      ).length;

    it('puts one figure on a cover and one to three in a chapter picture', () => {
      for (const style of STYLES) {
        expect(figures(picture({ style, kind: 'cover', id: 'cover' }))).toBe(1);
        const count = figures(picture({ style, kind: 'chapter' }));
        expect(count).toBeGreaterThanOrEqual(1);
        expect(count).toBeLessThanOrEqual(3);
      }
    });

    it('draws as many people as its scene names, and names them in the alt text', () => {
      for (const people of [['Mara'], ['Mara', 'Tom'], ['Mara', 'Tom', 'Ada']]) {
        const scene = { people, land: 'waves', time: 'dusk', weather: 'clear' } as const;
        const image = picture({ kind: 'chapter', alt: undefined, scene });
        expect(figures(image)).toBe(people.length);
        expect(image.alt).toMatch(
          new RegExp(`^${people.length === 1 ? 'Mara' : '.* and \\w+'} by the sea, .*at dusk$`),
        );
      }
    });

    it('follows the panel direction: a close-up is one head, a two-shot two people, a crowd three', () => {
      const cast = ['Mara Hale', 'Tom Reed'];
      const panel = (alt: string, id: string): BookImage => picture({ kind: 'panel', alt, id, cast });
      for (const id of ['p1', 'p2', 'p3', 'p4']) {
        expect(figures(panel('Close-up: Mara Hale at the window.', id))).toBe(0);
        expect(figures(panel('Two-shot: Mara and Tom in the market.', id))).toBe(2);
        expect(figures(panel('Wide shot: the crowd in the square.', id))).toBe(3);
        expect(figures(panel('Wide shot: Mara Hale on the road.', id))).toBe(1);
        // Over the shoulder: the listener is seen from behind, the speaker in full.
        expect(figures(panel('Over the shoulder: Tom Reed at the gate.', id))).toBe(1);
        expect(figures(panel('Insert panel: close on the key, every scratch visible.', id))).toBe(0);
      }
    });
  });
});

describe('a picture of its scene', () => {
  const sky = (image: BookImage): string => /stop-color="([^"]+)"/.exec(svgOf(image))![1]!;
  const skyAt = (time: TimeOfDay): string => sceneColours(STYLE_LEXICONS.western.palette, time).skyTop;

  it('is lit for the hour its scene names, whatever the style would choose', () => {
    for (const time of ['dawn', 'day', 'dusk', 'night'] as const) {
      for (const kind of ['cover', 'chapter'] as const) {
        expect(sky(picture({ kind, scene: { people: [], time } }))).toBe(skyAt(time));
      }
    }
  });

  it("draws a young reader's book by day unless its scene names another hour", () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(sky(picture({ id, daylight: true }))).toBe(skyAt('day'));
      expect(sky(picture({ id, daylight: true, scene: { people: [], time: 'night' } }))).toBe(skyAt('night'));
    }
  });

  it('describes what it drew when it is given no alt text, after its label', () => {
    const image = picture({
      kind: 'cover',
      alt: undefined,
      label: 'Cover of The Map',
      scene: { people: ['Mara'], land: 'waves', landmark: 'lighthouse', time: 'night', weather: 'rain' },
    });
    expect(image.alt).toBe('Cover of The Map: Mara by the sea, near a lighthouse, at night, in the rain');
    expect(svgOf(image)).toContain(`<title>${image.alt}</title>`);
  });
});

describe('addBuiltinIllustrations', () => {
  const document = (): BookDocument => ({
    schemaVersion: BOOK_DOCUMENT_VERSION,
    metadata: {
      title: 'The Lantern',
      author: 'Test Author',
      language: 'en',
      type: 'comic',
      style: 'noir',
      model: '2.0',
      synopsis: 'A synopsis.',
      readingDirection: 'ltr',
      identifier: 'book-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      wordCount: 100,
    },
    frontMatter: { cast: [{ name: 'Mara Hale', description: 'a detective' }] },
    chapters: [1, 2].map((number) => ({
      id: `ch${number}`,
      kind: 'page',
      number,
      title: `Page ${number}`,
      blocks: [1, 2, 3].map((panel) => ({
        kind: 'panel',
        number: panel,
        description: panel === 1 ? 'Wide shot: Mara Hale in the rain.' : 'Close-up: Mara Hale.',
        dialogue: [],
      })),
    })),
    images: [],
  });

  it('adds a cover, a picture per chapter and one per panel, with ids unique in the book', async () => {
    const illustrated = await addBuiltinIllustrations(document(), 'seed');
    expect(illustrated.coverImageId).toBe('cover');
    expect(illustrated.images).toHaveLength(1 + 2 + 6);
    expect(new Set(illustrated.images.map((image) => image.id)).size).toBe(illustrated.images.length);
    for (const chapter of illustrated.chapters) {
      expect(illustrated.images.map((image) => image.id)).toContain(chapter.imageId);
      for (const block of chapter.blocks) if (block.kind === 'panel') expect(block.imageId).toMatch(/^img-ch\d-p\d$/);
    }
    const gradientIds = illustrated.images.flatMap((image) =>
      [...svgOf(image).matchAll(/ id="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(new Set(gradientIds).size).toBe(gradientIds.length);
  });

  it("draws each chapter's scene and the cover's hero where the book begins", async () => {
    const book = document();
    book.chapters[0]!.blocks = [{ kind: 'paragraph', text: 'At dawn Mara walked the harbour in the snow.' }];
    book.chapters[1]!.blocks = [{ kind: 'paragraph', text: 'The desert lay silent at noon. Nobody came.' }];
    const illustrated = await addBuiltinIllustrations(book, 'seed');
    const alt = (id: string) => illustrated.images.find((image) => image.id === id)?.alt;
    expect(alt('cover')).toMatch(/^Cover of The Lantern: Mara Hale by the sea, .*at dawn, in the snow$/);
    expect(alt('img-ch1')).toMatch(/^Mara Hale by the sea, .*at dawn, in the snow$/);
    expect(alt('img-ch2')).toMatch(/^(a figure|two figures|three figures) in the desert, by day/);
  });

  it("draws a panel's own hour and land inside its chapter's scene", async () => {
    const book = document();
    book.chapters[0]!.blocks = [
      { kind: 'paragraph', text: 'Night on the harbour.' },
      { kind: 'panel', number: 1, description: 'Close-up: Mara Hale.', dialogue: [] },
      { kind: 'panel', number: 2, description: 'Wide: the desert at dawn.', dialogue: [] },
    ];
    const illustrated = await addBuiltinIllustrations(book, 'seed');
    const skyOf = (id: string) =>
      /stop-color="([^"]+)"/.exec(svgOf(illustrated.images.find((image) => image.id === id)!))![1];
    const palette = STYLE_LEXICONS.noir.palette;
    expect(skyOf('img-ch1-p1')).toBe(sceneColours(palette, 'night').skyTop);
    expect(skyOf('img-ch1-p2')).toBe(sceneColours(palette, 'dawn').skyTop);
  });

  it('draws no picture for back matter: a glossary has no scene', async () => {
    const book = document();
    book.chapters.push({
      id: 'glossary',
      kind: 'glossary',
      number: 3,
      title: 'Glossary',
      blocks: [{ kind: 'glossary_entry', term: 'Tide', definition: 'The sea rising and falling.' }],
    });
    const illustrated = await addBuiltinIllustrations(book, 'seed');
    expect(illustrated.chapters[2]).toEqual(book.chapters[2]);
    expect(illustrated.images.map((image) => image.id)).not.toContain('img-glossary');
  });

  it("takes a chapter's scene from the outline it is given over the chapter's text", async () => {
    const scene = { words: 'Mara Hale searches the castle at dusk (the mountains)', alt: 'Mara in the castle.' };
    const illustrated = await addBuiltinIllustrations(document(), 'seed', { scenes: new Map([['ch2', scene]]) });
    // An English book says what was drawn.
    expect(illustrated.images.find((image) => image.id === 'img-ch2')?.alt).toMatch(
      /^Mara Hale in the mountains, below a castle, at dusk/,
    );
  });

  it("says in a book's own language what its plan says a picture shows, never English around it", async () => {
    const french = { ...document(), metadata: { ...document().metadata, language: 'fr' } };
    const scenes = new Map([
      ['ch2', { words: 'Mara Hale fouille le château au crépuscule', alt: 'Mara fouille le château.' }],
    ]);
    const illustrated = await addBuiltinIllustrations(french, 'seed', { scenes, coverAlt: 'La Lanterne : Mara Hale' });
    const alt = (id: string) => illustrated.images.find((image) => image.id === id)?.alt;
    expect(alt('cover')).toBe('La Lanterne : Mara Hale');
    expect(alt('img-ch2')).toBe('Mara fouille le château.');
    // A chapter the plan says nothing of is named by its title.
    expect(alt('img-ch1')).toBe('Page 1');
  });

  it('draws the same book the same way and keeps pictures a document already has', async () => {
    expect(await addBuiltinIllustrations(document(), 'seed')).toEqual(
      await addBuiltinIllustrations(document(), 'seed'),
    );
    const own = { ...document(), coverImageId: 'mine' };
    own.images = [{ ...picture(), id: 'mine' }];
    const illustrated = await addBuiltinIllustrations(own, 'seed');
    expect(illustrated.coverImageId).toBe('mine');
    expect(illustrated.images.filter((image) => image.id === 'cover')).toHaveLength(0);
  });

  it('keeps a 100-panel comic small', async () => {
    const comic = document();
    comic.chapters = Array.from({ length: 20 }, (_, index) => ({
      ...comic.chapters[0]!,
      id: `ch${index + 1}`,
      number: index + 1,
      blocks: [1, 2, 3, 4, 5].map((panel) => ({
        kind: 'panel' as const,
        number: panel,
        description: ['Wide shot: Mara.', 'Close-up: Mara.', 'Low angle: Mara.', 'Two-shot: the rivals.', 'Mara runs.'][
          panel - 1
        ]!,
        dialogue: [],
      })),
    }));
    const sizes = (await addBuiltinIllustrations(comic, 'seed')).images.map(
      (image) => Buffer.from(image.data, 'base64').length,
    );
    expect(sizes).toHaveLength(1 + 20 + 100);
    expect(sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toBeLessThan(12_000);
  });

  it('lets other work run between chapters while it draws', async () => {
    const comic = document();
    comic.chapters = Array.from({ length: 8 }, (_, index) => ({ ...comic.chapters[0]!, id: `ch${index + 1}` }));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    // Ticks counted when the drawing finishes: a drawing that never yielded would finish before the first one.
    const ticksWhileDrawing = await addBuiltinIllustrations(comic, 'seed').then(() => ticks);
    clearInterval(timer);
    expect(ticksWhileDrawing).toBeGreaterThan(0);
  });
});
