import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { deflatePageContents } from './pdf-compression';

const CONTENT = '0 0 m 100 100 l S';

/** A one-page document whose content is CONTENT; `marked` leaves a marked-content sequence open at the end. */
async function onePage(deflate: boolean, marked = false): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.addPage({ size: [200, 200], margin: 0 });
  doc.addContent(CONTENT);
  if (marked) doc.markContent('Span');
  if (deflate) deflatePageContents(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The page's content stream, decoded: the stream of the object the page's /Contents names. */
function pageContent(pdf: Buffer): { filter: string | undefined; raw: Buffer; text: string } {
  const latin = pdf.toString('latin1');
  const contents = /\/Contents (\d+) 0 R/.exec(latin)?.[1];
  const object = new RegExp(`(?:^|\\n)${contents} 0 obj\\n<<([^]*?)>>\\nstream\\n`).exec(latin);
  if (!contents || !object) throw new Error('no page content stream found');
  const length = Number(/\/Length (\d+)/.exec(object[1] ?? '')?.[1]);
  const start = (object.index ?? 0) + object[0].length;
  const raw = pdf.subarray(start, start + length);
  const filter = /\/Filter \/(\w+)/.exec(object[1] ?? '')?.[1];
  return { filter, raw, text: (filter === 'FlateDecode' ? inflateSync(raw) : raw).toString('latin1') };
}

describe('deflatePageContents', () => {
  it('writes each page content deflated once, reading back exactly what was drawn', async () => {
    const content = pageContent(await onePage(true));
    expect(content.filter).toBe('FlateDecode');
    // pdfkit's own first operator turns its top-down page upright.
    expect(content.text.trim()).toBe(`1 0 0 -1 0 200 cm\n${CONTENT}`);
  });

  it('compresses in place of pdfkit: other bytes, the same content', async () => {
    // Level 1 and pdfkit's level 6 give different bytes; both decode to the same content.
    const ours = pageContent(await onePage(true));
    const pdfkits = pageContent(await onePage(false));
    expect(pdfkits.text).toBe(ours.text);
    expect(ours.raw.equals(pdfkits.raw)).toBe(false);
  });

  it('leaves a page pdfkit still writes to (open marked content) to pdfkit', async () => {
    const content = pageContent(await onePage(true, true));
    expect(content.filter).toBe('FlateDecode');
    // pdfkit closed the sequence after our call: the stream holds its EMC, so it was not sealed early.
    expect(content.text).toContain('EMC');
    expect(content.text).toContain(CONTENT);
  });
});
