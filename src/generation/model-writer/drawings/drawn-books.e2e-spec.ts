import JSZip from 'jszip';
import type { BookDocument } from '../../../book/book-document';
import { EpubRenderer } from '../../../rendering/renderers/epub/epub.renderer';
import { HtmlRenderer } from '../../../rendering/renderers/html.renderer';
import { MarkdownRenderer } from '../../../rendering/renderers/md.renderer';
import { prepareSvg } from '../../../rendering/renderers/pdf/pdf-images';
import { parsePlainSvg } from '../../../rendering/renderers/pdf/plain-svg';
import { PdfRenderer } from '../../../rendering/renderers/pdf/pdf.renderer';
import { TxtRenderer } from '../../../rendering/renderers/txt.renderer';
import { epubcheckAll, problems } from '../../../rendering/testing/epubcheck';
import { addBuiltinIllustrations } from '../../builtin/illustrations';
import type { FakeChatServer } from '../testing/fake-chat-server';
import { bookRequest, generationContext, startProvider } from '../testing/provider-harness';
import { expectInert, HOSTILE_DRAWINGS } from './testing/hostile-drawings';

/**
 * A picture book and a comic whose pictures the writing model drew as SVG
 * (the fake server's drawings, every hostile drawing among its first
 * answers), rendered into all six formats: every format carries the
 * drawings, nothing in any of them runs or fetches anything, the EPUBs pass
 * epubcheck without a warning, and the PDF draws the pictures as vectors.
 */
describe('books whose pictures a model drew, in every format', () => {
  const hostile = Object.values(HOSTILE_DRAWINGS);
  const books = new Map<string, BookDocument>();
  const servers: FakeChatServer[] = [];

  beforeAll(async () => {
    for (const type of ['childrens', 'comic'] as const) {
      const { provider, server } = await startProvider(
        { drawing: (call) => (call.kindIndex < hostile.length ? hostile[call.kindIndex]!.answer : undefined) },
        {},
        { illustrate: addBuiltinIllustrations },
      );
      servers.push(server);
      const request = bookRequest({ type, style: type === 'comic' ? 'sci_fi' : 'fable', images: true });
      books.set(type, (await provider.generate(request, generationContext())).document);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  const drawnByModel = (document: BookDocument) => document.images.filter((image) => image.drawnBy === 'model');

  it.each(['childrens', 'comic'])(
    '%s: has drawings by the model, and the builtin ones only where it could not',
    (type) => {
      const document = books.get(type)!;
      expect(drawnByModel(document).length).toBeGreaterThan(document.images.length / 2);
      expect(document.metadata.generation?.pictures).toMatchObject({
        drawn: drawnByModel(document).length,
        builtin: document.images.length - drawnByModel(document).length,
      });
      for (const image of drawnByModel(document)) expectInert(Buffer.from(image.data, 'base64').toString('utf8'));
    },
  );

  it.each(['childrens', 'comic'])(
    '%s: the PDF draws every model drawing as vectors, with no raster image',
    async (type) => {
      const document = books.get(type)!;
      for (const image of drawnByModel(document)) {
        // In the subset the PDF renderer draws with its own path operators (plain-svg.ts).
        const prepared = prepareSvg(Buffer.from(image.data, 'base64').toString('utf8'), image);
        expect(prepared && parsePlainSvg(prepared.svg)).toBeDefined();
      }
      const pdf = (await new PdfRenderer().render(document)).toString('latin1');
      expect(pdf).not.toMatch(/\/Subtype\s*\/Image/);
      expect(pdf).not.toMatch(/\/JavaScript|\/JS\s|\/Launch|\/URI\s*\(/);
    },
  );

  it.each(['childrens', 'comic'])('%s: HTML and Markdown carry each drawing as an inert SVG data URI', async (type) => {
    const document = books.get(type)!;
    const html = (await new HtmlRenderer().render(document)).toString('utf8');
    const markdown = (await new MarkdownRenderer().render(document)).toString('utf8');
    expect(html).not.toMatch(/<script|\son\w+\s*=|javascript:/i);
    for (const image of drawnByModel(document)) {
      expect(html).toContain(`src="data:image/svg+xml;base64,${image.data}"`);
      expect(markdown).toContain(`(data:image/svg+xml;base64,${image.data})`);
    }
    const uris = [...html.matchAll(/src="data:image\/svg\+xml;base64,([^"]+)"/g)].map((match) => match[1]!);
    expect(uris.length).toBeGreaterThanOrEqual(drawnByModel(document).length);
    for (const data of uris) {
      const svg = Buffer.from(data, 'base64').toString('utf8');
      expect(svg).not.toMatch(/<script|<foreignObject|\son\w+\s*=|javascript:|url\((?!#)/i);
    }
  });

  it.each(['childrens', 'comic'])("%s: the text edition keeps each picture's alt text", async (type) => {
    const document = books.get(type)!;
    const text = (await new TxtRenderer().render(document)).toString('utf8').replace(/\s+/g, ' ');
    for (const chapter of document.chapters.filter((candidate) => candidate.imageId !== undefined)) {
      const alt = document.images.find((image) => image.id === chapter.imageId)!.alt.replace(/\s+/g, ' ');
      expect(text).toContain(alt.slice(0, 40));
    }
  });

  it('the EPUBs carry the drawings as SVG images, with no epubcheck error or warning', async () => {
    const files = new Map<string, Buffer>();
    for (const [type, document] of books) files.set(type, await new EpubRenderer().render(document));
    const reports = await epubcheckAll(files);
    for (const [type, document] of books) {
      expect(problems(reports.get(type))).toEqual([]);
      expect(reports.get(type)?.checker).toMatchObject({ nFatal: 0, nError: 0, nWarning: 0 });
      const zip = await JSZip.loadAsync(files.get(type)!);
      const svgs = Object.keys(zip.files).filter((name) => name.endsWith('.svg'));
      expect(svgs.length).toBeGreaterThanOrEqual(drawnByModel(document).length);
      for (const name of svgs) {
        const svg = await zip.file(name)!.async('string');
        expect(svg).not.toMatch(/<script|<foreignObject|\son\w+\s*=|javascript:|url\((?!#)|href/i);
      }
    }
  }, 300_000);
});
