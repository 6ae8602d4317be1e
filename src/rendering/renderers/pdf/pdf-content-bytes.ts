/**
 * Page content written as bytes. A long book's text is megabytes of content
 * stream; built as strings, every word and adjustment was a string of its
 * own, joined and then encoded again to bytes for each paragraph (a tenth of
 * the PDF time, and a quarter of its garbage). Here the bytes go straight
 * into a large buffer that is only appended to, and a finished text object
 * is handed to pdfkit as a view of it, not a copy.
 */

// Large enough that a chapter's text fills a few; small beside a book's megabytes of content.
const CHUNK_BYTES = 256 * 1024;

export class ContentBytes {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  /** Where the part not yet taken starts. */
  private start = 0;
  private end = 0;

  /** Whether anything has been written since the last `take`. */
  get pending(): boolean {
    return this.end > this.start;
  }

  /** One byte. */
  byte(value: number): void {
    if (this.end === this.chunk.length) this.reserve(1);
    this.chunk[this.end] = value;
    this.end += 1;
  }

  /**
   * A string of one-byte characters (operators, numbers, a word's glyph
   * codes), each character a byte. V8 keeps such strings one byte a
   * character, and copying them this way measured twice as fast as
   * `Buffer#set` from byte arrays and five times `latin1Write`, for words.
   */
  latin1(text: string): void {
    const length = text.length;
    if (this.end + length > this.chunk.length) this.reserve(length);
    const chunk = this.chunk;
    let end = this.end;
    for (let index = 0; index < length; index += 1) chunk[end++] = text.charCodeAt(index);
    this.end = end;
  }

  /** An integer in decimal. */
  integer(value: number): void {
    if (value < 0) {
      this.byte(0x2d);
      value = -value;
    }
    if (value < 10) this.byte(0x30 + value);
    else this.latin1(String(value));
  }

  /**
   * What was written since the last `take`, as a view of the buffer: the
   * buffer is only ever appended to, so a view handed out stays as it was.
   */
  take(): Buffer {
    const taken = this.chunk.subarray(this.start, this.end);
    this.start = this.end;
    return taken;
  }

  /** A new chunk with room for `length` more bytes, the part not yet taken moved into it. */
  private reserve(length: number): void {
    const open = this.chunk.subarray(this.start, this.end);
    const next = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, (open.length + length) * 2));
    open.copy(next, 0);
    this.chunk = next;
    this.start = 0;
    this.end = open.length;
  }
}
