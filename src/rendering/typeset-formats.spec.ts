/**
 * A French book's typography (narrow no-break spaces inside « » and before ; ! ?) survives every renderer,
 * and the rendering service applies it to every format it serves.
 */
import type { BookDocument } from '../book/book-document';
import { OUTPUT_FORMATS } from '../catalog/catalog';
import { RendererRegistry } from './renderer-registry';
import { RenderingService } from './rendering.service';
import { readerText } from './testing/reader-text';
import { sampleBook } from './testing/sample-books';
import { typesetBook } from './typography';

const SONG = '« Suivons la chanson, dit la taupe. Tu viens ? »';

function frenchBook(): BookDocument {
  const book = sampleBook({ type: 'novel' });
  const [first, ...rest] = book.chapters;
  return {
    ...book,
    metadata: { ...book.metadata, language: 'fr' },
    chapters: [{ ...first!, blocks: [{ kind: 'paragraph', text: SONG }, ...first!.blocks] }, ...rest],
  };
}

describe('typography in every format', () => {
  it.each(OUTPUT_FORMATS)('keeps the French no-break spaces in %s', async (format) => {
    const text = (await readerText(format, typesetBook(frenchBook()))).toLowerCase();
    // poppler extracts the narrow space's glyph as a plain space; the other formats carry the character.
    const space = format === 'pdf' ? '[\u202F ]' : '\u202F';
    expect(text).toMatch(new RegExp(`«${space}suivons`));
    expect(text).toMatch(new RegExp(`viens${space}\\?${space}»`));
  });

  it('never ends a PDF line before a closing guillemet or a question mark', async () => {
    const text = await readerText('pdf', typesetBook(frenchBook()));
    expect(text.split('\n').filter((line) => /^\s*[»?]/.test(line))).toEqual([]);
  });

  it('is applied by the rendering service to the book it renders', async () => {
    const service = new RenderingService(new RendererRegistry());
    const { content } = await service.rendererFor('txt').render(frenchBook());
    expect(content.toString('utf8')).toContain('«\u202FSuivons');
  });
});
