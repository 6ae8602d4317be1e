import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BookDocument } from '../../book/book-document';
import { CONCRETE_BOOK_TYPES, sampleBook } from '../testing/sample-books';
import { escapeHtml, HtmlRenderer } from './html.renderer';

interface HtmlNode {
  name: string;
  attrs: Record<string, string>;
  /** Text of a text node. */
  text?: string;
  children: HtmlNode[];
}

interface ParsedHtml {
  errors: string[];
  root: HtmlNode;
}

// parse5 8 ships only as an ES module and Jest's module system here cannot
// load one (see STACK-NOTES), so the documents are parsed by a plain Node
// child process, all at once, and come back as a simplified tree.
const PARSE5_SCRIPT = `
import { parse } from 'parse5';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const simplify = (node) => ({
  name: node.nodeName,
  attrs: Object.fromEntries((node.attrs ?? []).map((attr) => [attr.name, attr.value])),
  text: node.nodeName === '#text' ? node.value : undefined,
  children: (node.content?.childNodes ?? node.childNodes ?? []).map(simplify),
});
const results = JSON.parse(input).map((html) => {
  const errors = [];
  const root = parse(html, { onParseError: (error) => errors.push(error.code + ' at ' + error.startLine + ':' + error.startCol) });
  return { errors, root: simplify(root) };
});
process.stdout.write(JSON.stringify(results));
`;

function parseHtml(documents: string[]): ParsedHtml[] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', PARSE5_SCRIPT], {
    cwd: resolve(__dirname, '../../..'),
    input: JSON.stringify(documents),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  return JSON.parse(output) as ParsedHtml[];
}

function elements(node: HtmlNode): HtmlNode[] {
  const found: HtmlNode[] = [];
  const visit = (current: HtmlNode): void => {
    if (!current.name.startsWith('#')) found.push(current);
    current.children.forEach(visit);
  };
  visit(node);
  return found;
}

function byTag(node: HtmlNode, tag: string): HtmlNode[] {
  return elements(node).filter((element) => element.name === tag);
}

function byClass(node: HtmlNode, className: string): HtmlNode[] {
  return elements(node).filter((element) => (element.attrs.class ?? '').split(' ').includes(className));
}

function textOf(node: HtmlNode): string {
  return node.text ?? node.children.map(textOf).join('');
}

const renderer = new HtmlRenderer();
const render = async (document: BookDocument): Promise<string> => (await renderer.render(document)).toString('utf8');
const HOSTILE = '<script>alert(1)</script>';
const SUBJECTS = ['Ada', 'Алёна', 'さくら', HOSTILE, `"'><img src=x onerror=alert(1)>&amp;`];

interface Rendered {
  name: string;
  document: BookDocument;
  html: string;
  parsed: ParsedHtml;
}

describe('HtmlRenderer', () => {
  const cases: Array<Omit<Rendered, 'html' | 'parsed'>> = CONCRETE_BOOK_TYPES.flatMap((type) =>
    SUBJECTS.flatMap((subject) =>
      [true, false].map((images) => ({
        name: `a ${type} about ${subject} (images: ${images})`,
        document: sampleBook({ type, subject, images }),
      })),
    ),
  );
  const rendered: Rendered[] = [];

  beforeAll(async () => {
    const htmls = await Promise.all(cases.map((entry) => render(entry.document)));
    const parsed = parseHtml(htmls);
    cases.forEach((entry, index) => rendered.push({ ...entry, html: htmls[index]!, parsed: parsed[index]! }));
  });

  it('renders every type, with and without images, in every script, without a single HTML parse error', () => {
    expect(rendered).toHaveLength(CONCRETE_BOOK_TYPES.length * SUBJECTS.length * 2);
    for (const { name, parsed } of rendered) expect({ name, errors: parsed.errors }).toEqual({ name, errors: [] });
  });

  it('never lets user text produce markup: no script, no injected img, the text kept literally', () => {
    for (const { name, document, parsed } of rendered) {
      const tags = new Set(elements(parsed.root).map((element) => element.name));
      expect({ name, script: tags.has('script') }).toEqual({ name, script: false });
      const handlers = elements(parsed.root).flatMap((element) =>
        Object.keys(element.attrs).filter((attribute) => attribute.startsWith('on')),
      );
      expect({ name, handlers }).toEqual({ name, handlers: [] });
      const h1 = byTag(parsed.root, 'h1')[0]!;
      expect(textOf(h1)).toBe(document.metadata.title);
      expect(textOf(byTag(parsed.root, 'title')[0]!)).toBe(document.metadata.title);
      if (document.images.length === 0) expect(byTag(parsed.root, 'img')).toEqual([]);
    }
  });

  it('keeps hostile text in attribute values literal too', () => {
    const hostile = rendered.find(
      (entry) => entry.document.metadata.title.startsWith('"\'><img') && entry.document.images.length > 0,
    )!;
    const cover = byClass(hostile.parsed.root, 'cover-image')[0]!;
    expect(cover.attrs.alt).toBe(`Cover: ${hostile.document.metadata.title.replace(' and the Tide', '')} by the sea`);
    const author = byTag(hostile.parsed.root, 'meta').find((meta) => meta.attrs.name === 'description')!;
    expect(author.attrs.content).toBe(hostile.document.metadata.synopsis);
    expect(hostile.html).toContain('&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;');
  });

  it('points every table-of-contents link at an existing, unique id', () => {
    for (const { name, document, parsed } of rendered) {
      const ids = elements(parsed.root).flatMap((element) => (element.attrs.id ? [element.attrs.id] : []));
      expect(new Set(ids).size).toBe(ids.length);
      const links = byTag(byClass(parsed.root, 'toc')[0]!, 'a').map((link) => link.attrs.href ?? '');
      expect(links).toHaveLength(document.chapters.length);
      for (const link of links)
        expect({ name, link, found: ids.includes(link.slice(1)) }).toEqual({ name, link, found: true });
    }
  });

  it('anchors chapters by their ids', () => {
    const { parsed } = rendered.find((entry) => entry.document.metadata.type === 'novel')!;
    const links = byTag(byClass(parsed.root, 'toc')[0]!, 'a').map((link) => link.attrs.href);
    expect(links).toEqual(['#ch-01', '#ch-02', '#ch-03', '#glossary']);
    expect(byClass(parsed.root, 'chapter').map((chapter) => chapter.attrs.id)).toEqual([
      'ch-01',
      'ch-02',
      'ch-03',
      'glossary',
    ]);
  });

  it('keeps anchors working for hostile, duplicate and reserved chapter ids', async () => {
    const document = sampleBook({ chapters: 4 });
    document.chapters[0]!.id = '"><script>alert(1)</script>';
    document.chapters[1]!.id = 'ch-03';
    document.chapters[2]!.id = 'contents';
    document.chapters[3]!.id = 'has space';
    const html = await render(document);
    const [parsed] = parseHtml([html]);
    expect(parsed!.errors).toEqual([]);
    expect(byTag(parsed!.root, 'script')).toEqual([]);
    const ids = elements(parsed!.root).flatMap((element) => (element.attrs.id ? [element.attrs.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    const links = byTag(byClass(parsed!.root, 'toc')[0]!, 'a').map((link) => link.attrs.href ?? '');
    expect(links).toHaveLength(5);
    for (const link of links) {
      expect(link).toMatch(/^#[A-Za-z][A-Za-z0-9_-]*$/);
      expect(ids).toContain(link.slice(1));
    }
  });

  it('embeds images as data URIs with alt text, and loads nothing from outside', () => {
    for (const { name, document, html, parsed } of rendered) {
      const images = byTag(parsed.root, 'img');
      if (document.images.length > 0) expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.attrs.src).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/);
        expect(image.attrs.alt?.length).toBeGreaterThan(0);
      }
      for (const element of elements(parsed.root)) {
        const src = element.attrs.src;
        const href = element.attrs.href;
        if (src !== undefined) expect({ name, src: src.startsWith('data:') }).toEqual({ name, src: true });
        if (href !== undefined) expect({ name, href: href.startsWith('#') }).toEqual({ name, href: true });
      }
      expect(byTag(parsed.root, 'link')).toEqual([]);
      expect(byTag(parsed.root, 'iframe')).toEqual([]);
      expect(html).not.toMatch(/url\(|@import|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });

  it('is a complete HTML5 document: doctype, lang, charset, viewport, title and embedded CSS', () => {
    const { html, parsed } = rendered.find((entry) => entry.document.metadata.type === 'novel')!;
    expect(html.startsWith('<!DOCTYPE html>\n')).toBe(true);
    const root = byTag(parsed.root, 'html')[0]!;
    expect(root.attrs.lang).toBe('en');
    const metas = byTag(parsed.root, 'meta');
    expect(metas.some((meta) => meta.attrs.charset === 'utf-8')).toBe(true);
    expect(metas.find((meta) => meta.attrs.name === 'viewport')?.attrs.content).toContain('width=device-width');
    const css = textOf(byTag(parsed.root, 'style')[0]!);
    expect(css).toMatch(/max-width: 38em/);
    expect(css).toMatch(/line-height: 1\.6/);
    expect(css).toMatch(/font-family: [^;]*serif;/);
    expect(css).toMatch(/"Noto Sans CJK JP"/);
    expect(css).toMatch(/@media print \{[\s\S]*\.chapter[^{]*\{[^}]*break-before: page/);
  });

  it('notes right-to-left reading for manga in the metadata', () => {
    const manga = rendered.find((entry) => entry.document.metadata.type === 'manga')!;
    const novel = rendered.find((entry) => entry.document.metadata.type === 'novel')!;
    const direction = (entry: Rendered) =>
      byTag(entry.parsed.root, 'meta').find((meta) => meta.attrs.name === 'reading-direction')?.attrs.content;
    expect(direction(manga)).toBe('rtl');
    expect(direction(novel)).toBe('ltr');
  });

  it('lays comic panels out as figures in a grid, with captions and dialogue', () => {
    const { parsed } = rendered.find(
      (entry) =>
        entry.document.metadata.type === 'comic' &&
        entry.document.images.length > 0 &&
        entry.document.metadata.title.startsWith('Алёна'),
    )!;
    const grids = byClass(parsed.root, 'panels');
    expect(grids).toHaveLength(3);
    const panels = grids[0]!.children.filter((child) => child.name === 'figure');
    expect(panels).toHaveLength(4);
    const first = panels[0]!;
    expect(byTag(first, 'img')[0]?.attrs.alt).toBe('Panel 1: Алёна on the pier at dusk, wide shot.');
    const caption = byTag(first, 'figcaption')[0]!;
    expect(textOf(byClass(caption, 'panel-number')[0]!)).toBe('Panel 1');
    expect(textOf(byClass(caption, 'caption')[0]!)).toBe('Later that night...');
    expect(byClass(caption, 'line').map(textOf)).toEqual([
      'Алёна: We cannot stay here, not after page 1!',
      'Mira: Then run.',
    ]);
  });

  it('shows the artist direction in place of a missing panel image', () => {
    const { parsed } = rendered.find(
      (entry) => entry.document.metadata.type === 'manga' && entry.document.images.length === 0,
    )!;
    const panel = byClass(parsed.root, 'panel')[0]!;
    expect(byTag(panel, 'img')).toEqual([]);
    expect(textOf(byClass(panel, 'art')[0]!)).toMatch(/^Panel 1: .* on the pier at dusk, wide shot\.$/);
  });

  it('hides exercise answers in <details> right after the question', () => {
    const { parsed } = rendered.find((entry) => entry.document.metadata.type === 'textbook')!;
    const exercise = byClass(parsed.root, 'exercise')[0]!;
    expect(textOf(byClass(exercise, 'question')[0]!)).toBe('Exercise 1. What is 7 x 6?');
    const details = byTag(exercise, 'details')[0]!;
    expect(textOf(byTag(details, 'summary')[0]!)).toBe('Show answer');
    expect(textOf(byTag(details, 'p')[0]!)).toBe('42');
  });

  it('renders the other blocks with their own elements', () => {
    const { parsed } = rendered.find(
      (entry) => entry.document.metadata.type === 'novel' && entry.document.metadata.title.startsWith('Ada'),
    )!;
    const chapter = byClass(parsed.root, 'chapter')[0]!;
    expect(textOf(byTag(chapter, 'h2')[0]!)).toBe('Chapter 1: Ada and the Tide, Part 1');
    expect(textOf(byTag(chapter, 'h3')[0]!)).toBe('Where Ada begins');
    expect(textOf(byTag(chapter, 'h4')[0]!)).toBe('A smaller part');
    expect(byTag(chapter, 'p').map(textOf)).toContain(
      'Ada walked past the harbour for the 1th time in part 1, counting lanterns ("one, two, three") & wondering whether <the tide> would turn. The wind carried salt and the smell of tar; gulls argued over the nets.',
    );
    expect(textOf(byClass(chapter, 'dialogue')[0]!)).toBe('Ada: Are you sure the ship will come back?');
    expect(byTag(byTag(chapter, 'ul')[0]!, 'li').map(textOf)).toEqual(['rope', 'lantern', 'a map of <nowhere>']);
    expect(byTag(byTag(chapter, 'ol')[0]!, 'li').map(textOf)).toEqual(['Wait for the tide', 'Light the lamp']);
    expect(textOf(byClass(chapter, 'key-point')[0]!)).toBe(
      'Key point: Every journey of Ada starts with a single step.',
    );
    expect(byClass(chapter, 'scene-break')).toHaveLength(1);
    const glossary = byClass(byClass(parsed.root, 'chapter')[3]!, 'glossary')[0]!;
    expect(byTag(glossary, 'dt').map(textOf)).toEqual(['Tide', 'Lantern']);
    expect(byTag(glossary, 'dd').map(textOf)).toEqual(['The rise & fall of the sea.', 'A <portable> lamp.']);
  });

  it('drops control characters that would be HTML parse errors', async () => {
    const html = await render(sampleBook({ subject: 'A\u0000B\u0007C\uFFFF\u0085D' }));
    const [parsed] = parseHtml([html]);
    expect(parsed!.errors).toEqual([]);
    expect(textOf(byTag(parsed!.root, 'h1')[0]!)).toBe('ABCD and the Tide');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
