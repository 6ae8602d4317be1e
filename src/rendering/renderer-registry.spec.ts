import type { BookDocument } from '../book/book-document';
import { OUTPUT_FORMATS, type OutputFormat } from '../catalog/catalog';
import type { BookRenderer } from './book-renderer';
import { builtinRenderers, RendererRegistry } from './renderer-registry';
import { MarkdownRenderer } from './renderers/md.renderer';

const stubRenderer = (format: string): BookRenderer => ({
  format: format as OutputFormat,
  contentType: 'text/plain',
  fileExtension: format,
  render: (_document: BookDocument) => Promise.resolve(Buffer.from(format)),
});

// What each renderer owes (content type, extension, yielding, ...) is in renderer-contract.spec.ts.
describe('RendererRegistry', () => {
  it('serves every output format of the catalog, each with a renderer of that format', () => {
    const registry = new RendererRegistry();
    expect(registry.formats().sort()).toEqual([...OUTPUT_FORMATS].sort());
    for (const format of OUTPUT_FORMATS) expect(registry.get(format)?.format).toBe(format);
  });

  it("lets a later renderer of a format (an extension's) replace the builtin one, and keeps the others", () => {
    const replacement = stubRenderer('md');
    const registry = new RendererRegistry([...builtinRenderers(), replacement]);
    expect(registry.get('md')).toBe(replacement);
    expect(registry.formats()).toEqual(new RendererRegistry().formats());
    expect(registry.all().filter((renderer) => renderer instanceof MarkdownRenderer)).toEqual([]);
    expect(registry.get('txt')?.format).toBe('txt');
  });

  it('refuses to start with a renderer for a format the catalog does not list', () => {
    expect(() => new RendererRegistry([...builtinRenderers(), stubRenderer('docx')])).toThrow(
      /format docx, which is not in the catalog/,
    );
  });
});
