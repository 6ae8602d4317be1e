/**
 * The BookDocument as it is, pretty-printed with a 2-space indent: the
 * format for clients that lay the book out themselves. Its shape is
 * published as BOOK_DOCUMENT_SCHEMA (`../book-document.schema.ts`).
 */
import { CONTENT_TYPES } from '../../catalog/catalog';
import type { BookDocument } from '../../book/book-document';
import type { BookRenderer } from '../book-renderer';
import { yieldToEventLoop } from './text-helpers';

const INDENT = 2;

/**
 * `JSON.stringify(value, null, 2)` of a value nested `depth` levels deep.
 * Serialised strings never contain a raw newline, so re-indenting by line is safe.
 */
function stringifyNested(value: unknown, depth: number): string | undefined {
  const json = JSON.stringify(value, null, INDENT) as string | undefined;
  return json?.replace(/\n/g, '\n' + ' '.repeat(INDENT * depth));
}

export class JsonRenderer implements BookRenderer {
  readonly format = 'json';
  readonly contentType = CONTENT_TYPES.json;
  readonly fileExtension = 'json';

  /**
   * Byte for byte `JSON.stringify(document, null, 2)` plus a final newline,
   * but built one chapter and one image at a time with a yield between them:
   * a single stringify of a long illustrated book would hold the event loop.
   */
  async render(document: BookDocument): Promise<Buffer> {
    const pad = ' '.repeat(INDENT);
    const members: string[] = [];
    for (const [key, value] of Object.entries(document) as Array<[string, unknown]>) {
      if ((key === 'chapters' || key === 'images') && Array.isArray(value)) {
        members.push(`${pad}${JSON.stringify(key)}: ${await stringifyArray(value as unknown[])}`);
        continue;
      }
      const json = stringifyNested(value, 1);
      // Like JSON.stringify: properties whose value is undefined or a function are left out.
      if (json !== undefined) members.push(`${pad}${JSON.stringify(key)}: ${json}`);
    }
    const body = members.length > 0 ? `{\n${members.join(',\n')}\n}` : '{}';
    return Buffer.from(body + '\n', 'utf8');
  }
}

async function stringifyArray(items: unknown[]): Promise<string> {
  if (items.length === 0) return '[]';
  const pad = ' '.repeat(INDENT * 2);
  const elements: string[] = [];
  for (const item of items) {
    await yieldToEventLoop();
    // Like JSON.stringify: undefined and functions inside an array become null.
    elements.push(pad + (stringifyNested(item, 2) ?? 'null'));
  }
  return `[\n${elements.join(',\n')}\n${' '.repeat(INDENT)}]`;
}
