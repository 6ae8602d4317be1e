/**
 * What every output format owes the service, as jest tests over the renderers
 * given: the app's own (renderer-contract.spec.ts, over the RendererRegistry)
 * and an extension's (examples/custom-extension), which replaces one of them
 * and owes the same. What a single format must do (valid HTML, epubcheck,
 * text a PDF reader extracts) stays in that renderer's own spec.
 */
import type { BookDocument } from '../../book/book-document';
import { CONTENT_TYPES } from '../../catalog/catalog';
import type { BookRenderer } from '../book-renderer';
import { CONCRETE_BOOK_TYPES, sampleBook } from './sample-books';

const OTHER_WORK = 'other work';
const chapterRead = (index: number): string => `chapter ${index}`;

/** Makes every read of a chapter's blocks leave a mark in `events`. */
function recordChapterReads(document: BookDocument, events: string[]): void {
  document.chapters.forEach((chapter, index) => {
    const { blocks } = chapter;
    Object.defineProperty(chapter, 'blocks', {
      get: () => {
        events.push(chapterRead(index));
        return blocks;
      },
      // Serialisers see only enumerable properties.
      enumerable: true,
      configurable: true,
    });
  });
}

/** Declares the contract's tests (jest) for each renderer given. */
export function describeRendererContract(renderers: readonly BookRenderer[]): void {
  describe.each(renderers.map((renderer) => [renderer.format, renderer] as const))(
    'the %s renderer',
    (format, renderer) => {
      it('answers with the catalog content type of its format, and names files after the format', () => {
        expect(renderer.contentType).toBe(CONTENT_TYPES[format]);
        expect(renderer.fileExtension).toBe(format);
      });

      it.each(CONCRETE_BOOK_TYPES)(
        'renders a %s, with and without illustrations, to its own bytes, the same every time, leaving the document as it was',
        async (type) => {
          const rendered: Buffer[] = [];
          for (const images of [false, true]) {
            const document = sampleBook({ type, images });
            const first = await renderer.render(document);
            expect(first.length).toBeGreaterThan(0);
            expect(document).toEqual(sampleBook({ type, images }));
            expect((await renderer.render(sampleBook({ type, images }))).equals(first)).toBe(true);
            rendered.push(first);
          }
          const [plain, illustrated] = rendered;
          expect(plain?.equals(illustrated!)).toBe(false);
        },
      );

      it('renders a book with nothing optional: no chapters, front matter, subtitle or images', async () => {
        const sample = sampleBook();
        const document: BookDocument = {
          ...sample,
          metadata: { ...sample.metadata, subtitle: undefined },
          frontMatter: {},
          chapters: [],
          images: [],
        };
        expect((await renderer.render(document)).length).toBeGreaterThan(0);
      });

      it('lets other work run between chapters, so a long book never holds the event loop', async () => {
        const document = sampleBook({ chapters: 12 });
        const events: string[] = [];
        recordChapterReads(document, events);
        let rendering = true;
        const otherWork = (): void => {
          events.push(OTHER_WORK);
          if (rendering) setImmediate(otherWork);
        };
        setImmediate(otherWork);
        try {
          await renderer.render(document);
        } finally {
          rendering = false;
        }
        // A renderer may glance over every chapter first (the PDF layout looks for panels and
        // exercises); what it must not do is write two chapters in one turn of the event loop.
        // A chapter is written when its blocks are read for the last time.
        const written = document.chapters.map((_chapter, index) => events.lastIndexOf(chapterRead(index)));
        for (const [index, position] of written.entries()) {
          expect({ chapter: index, read: position >= 0 }).toEqual({ chapter: index, read: true });
          if (index === 0) continue;
          const between = events.slice(written[index - 1]! + 1, position);
          expect({ chapter: index, otherWorkRanBefore: between.includes(OTHER_WORK) }).toEqual({
            chapter: index,
            otherWorkRanBefore: true,
          });
        }
      });
    },
  );
}
