import PDFDocument from 'pdfkit';
import { documentBytes } from './pdf-output';

/** A document with a fixed date, so two of them come out byte for byte the same. */
function newDocument(): PDFKit.PDFDocument {
  return new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0), Title: 'Tide' } });
}

/** Text, a shape, a second page, then the end. */
function draw(doc: PDFKit.PDFDocument): void {
  doc.addPage({ size: [200, 200], margin: 0 });
  doc.rect(10, 10, 50, 50).fill('#336699');
  doc.fontSize(12).text('The tide turns at dawn.', 20, 100);
  doc.addPage({ size: [200, 200], margin: 0 });
  doc.addContent('0 0 m 100 100 l S');
  doc.end();
}

/** The document's bytes as pdfkit streams them. */
function streamed(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

describe('documentBytes', () => {
  it('gives the bytes pdfkit would stream, header and cross-reference table included', async () => {
    const expected = newDocument();
    const expectedBytes = streamed(expected);
    draw(expected);
    const doc = newDocument();
    const bytes = documentBytes(doc);
    draw(doc);
    const [got, want] = await Promise.all([bytes, expectedBytes]);
    expect(got.subarray(0, 8).toString('latin1')).toBe('%PDF-1.3');
    expect(got.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(got.equals(want)).toBe(true);
  });

  it('writes no chunk through the stream, whose end still comes', async () => {
    const doc = newDocument();
    const data = jest.fn();
    const bytes = documentBytes(doc);
    doc.on('data', data);
    draw(doc);
    expect((await bytes).length).toBeGreaterThan(500);
    expect(data).not.toHaveBeenCalled();
  });

  it('reads a document unlike the pdfkit it knows through its stream', async () => {
    const doc = newDocument();
    const expected = newDocument();
    const expectedBytes = streamed(expected);
    draw(expected);
    const internals = doc as unknown as { _offset: unknown };
    const offset = internals._offset;
    internals._offset = undefined;
    const bytes = documentBytes(doc);
    internals._offset = offset;
    draw(doc);
    expect((await bytes).equals(await expectedBytes)).toBe(true);
  });
});
