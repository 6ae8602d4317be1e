/**
 * A document's bytes, collected past its stream. pdfkit hands out a PDF as a
 * Readable stream, one chunk for each token it writes (some 12,000 for a
 * novel: every object's header, dictionary, stream and trailer), each through
 * `push`, a 'data' event and a listener. Nothing here streams a PDF anywhere
 * (it goes to storage whole), so its writes go straight into a list.
 */

/** The part of pdfkit's (0.20) document this file replaces and reads. */
interface WritableDocument {
  _write(data: unknown): void;
  _offset: number;
  read(): Buffer | null;
}

function isWritableDocument(value: unknown): value is WritableDocument {
  const doc = value as Partial<WritableDocument> | null | undefined;
  return typeof doc?._write === 'function' && typeof doc._offset === 'number' && typeof doc.read === 'function';
}

/**
 * The document's bytes once it has ended: to be called before anything is
 * drawn. A document that is not what this version of pdfkit makes is read
 * through its stream.
 */
export function documentBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (!isWritableDocument(doc)) {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    return finished;
  }
  const writable: WritableDocument = doc;
  // What pdfkit wrote on creation (the header) waits in the stream's buffer.
  for (let head = writable.read(); head !== null; head = writable.read()) chunks.push(head);
  writable._write = (data: unknown): void => {
    // As pdfkit's own: bytes as they are, a string as one byte a character with a line end.
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${String(data)}\n`, 'latin1');
    chunks.push(bytes);
    writable._offset += bytes.length;
  };
  // Flowing, the stream ends (and says so) when pdfkit ends it; no data passes through it any more.
  doc.resume();
  return finished;
}
