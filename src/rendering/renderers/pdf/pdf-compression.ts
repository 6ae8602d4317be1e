/**
 * Page content streams deflated at zlib's fastest level. pdfkit deflates
 * every stream at the default level (6) when the document ends; a long
 * book's pages hold megabytes of text operators, and deflating them was an
 * eighth of the whole PDF time (100,000 words: 45 ms of 340). Level 1 takes
 * a third of that for a file some 7% larger. Fonts and images keep pdfkit's
 * own compression: they are small, and written once.
 */
import { deflateSync } from 'node:zlib';

/** The part of pdfkit's (0.20) stream object, `PDFReference`, that decides how a page's content is written. */
interface PendingStream {
  buffer: Uint8Array[];
  compress: boolean;
  data: Record<string, unknown>;
}

interface BufferedPage {
  content: unknown;
  /** Marked-content sequences still open: pdfkit closes them by writing to the content when the page ends. */
  markings: unknown[];
}

function isPendingStream(value: unknown): value is PendingStream {
  const stream = value as Partial<PendingStream> | null | undefined;
  return (
    Array.isArray(stream?.buffer) &&
    typeof stream.compress === 'boolean' &&
    typeof stream.data === 'object' &&
    stream.data !== null
  );
}

function bufferedPages(doc: PDFKit.PDFDocument): BufferedPage[] {
  const pages = (doc as unknown as { _pageBuffer?: unknown })._pageBuffer;
  return Array.isArray(pages) ? (pages as BufferedPage[]) : [];
}

/**
 * Deflates the content of every buffered page, to be called right before
 * `doc.end()` with nothing more to draw. A page pdfkit would still write to
 * (open marked content), or whose stream is not what this version of pdfkit
 * makes, is left to pdfkit.
 */
export function deflatePageContents(doc: PDFKit.PDFDocument): void {
  for (const page of bufferedPages(doc)) {
    const content = page.content;
    if (!isPendingStream(content) || !content.compress || content.buffer.length === 0) continue;
    if (!Array.isArray(page.markings) || page.markings.length > 0) continue;
    content.buffer = [deflateSync(Buffer.concat(content.buffer), { level: 1 })];
    // pdfkit writes the buffer as it is and the filter with it; the length is taken from the buffer.
    content.compress = false;
    content.data.Filter = 'FlateDecode';
  }
}
