import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A finished book as it streams from GET /v1/download/{requestId}. The body
 * can be read once: through `body`, `nodeStream()`, `buffer()` or `saveTo()`.
 */
export class BookDownload {
  /** From Content-Disposition (the book's title), reduced to a safe base name; null when the service sent none. */
  readonly fileName: string | null;
  readonly contentType: string | null;
  /** Bytes, from Content-Length; null when absent. */
  readonly size: number | null;
  /** The strong ETag of the stored file. */
  readonly etag: string | null;
  readonly body: ReadableStream<Uint8Array>;

  constructor(response: Response) {
    if (!response.body) throw new Error('The download answer has no body');
    this.body = response.body;
    this.fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'));
    this.contentType = response.headers.get('content-type');
    const length = response.headers.get('content-length');
    this.size = length !== null && /^\d+$/.test(length) ? Number(length) : null;
    this.etag = response.headers.get('etag');
  }

  /** The body as a Node.js Readable, for `pipe` and `stream.pipeline`. */
  nodeStream(): Readable {
    return Readable.fromWeb(this.body);
  }

  async buffer(): Promise<Buffer> {
    return Buffer.from(await new Response(this.body).arrayBuffer());
  }

  /** Streams the file to `path` without holding it in memory; resolves when it is fully written. */
  async saveTo(path: string): Promise<void> {
    await pipeline(this.nodeStream(), createWriteStream(path));
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*`
 * (RFC 8187, UTF-8 percent-encoded) wins over `filename`. The result is a
 * base name only: separators and control characters are replaced, so a
 * hostile header cannot steer a write outside the caller's directory.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const parameters = parseParameters(header);
  const extended = parameters.get('filename*');
  const decoded = extended !== undefined ? decodeExtendedValue(extended) : null;
  const name = decoded ?? parameters.get('filename') ?? null;
  return name === null ? null : safeBaseName(name);
}

/** `type; name=value; name="quoted \" value"` into lower-cased names and unquoted values. */
function parseParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (!parameters.has(name)) parameters.set(name, value);
  }
  return parameters;
}

/** `UTF-8''%E2%82%AC%20rates.txt`; null for another charset or a malformed encoding. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match || (match[1] ?? '').toLowerCase() !== 'utf-8') return null;
  try {
    return decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
}

function safeBaseName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return null;
  return cleaned;
}
