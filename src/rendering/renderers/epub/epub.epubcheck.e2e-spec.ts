import type { BookDocument } from '../../../book/book-document';
import { epubcheckAll, problems, type EpubcheckReport } from '../../testing/epubcheck';
import { CONCRETE_BOOK_TYPES, sampleBook } from '../../testing/sample-books';
import { EpubRenderer } from './epub.renderer';
import {
  breakChapter,
  HOSTILE_SUBJECT,
  HOSTILE_TITLE,
  hundredThousandWordBook,
  mixedImagesBook,
} from './testing/epub-samples';

const renderer = new EpubRenderer();

/** Every sample EPUB through the W3C validator (java, epubcheck): the e2e project runs it, beside the services. */
describe('EpubRenderer', () => {
  describe('epubcheck', () => {
    const cases: Array<[string, () => BookDocument]> = [
      ...CONCRETE_BOOK_TYPES.flatMap((type) =>
        [true, false].map((images): [string, () => BookDocument] => [
          `${type} ${images ? 'with' : 'without'} images`,
          () => sampleBook({ type, images }),
        ]),
      ),
      [
        'hostile title, subject and author',
        () => sampleBook({ title: HOSTILE_TITLE, subject: HOSTILE_SUBJECT, author: HOSTILE_SUBJECT, images: true }),
      ],
      ['Cyrillic textbook', () => sampleBook({ subject: 'Алёна', type: 'textbook', images: true })],
      ['CJK manga', () => sampleBook({ subject: 'さくら', type: 'manga', images: true })],
      ['PNG, JPEG and unusable images', mixedImagesBook],
      ['100,000-word book with 12 illustrations', hundredThousandWordBook],
    ];

    const reports = new Map<string, EpubcheckReport | undefined>();
    let brokenReport: EpubcheckReport | undefined;
    beforeAll(async () => {
      const files = new Map<string, Buffer>();
      for (const [index, [, build]] of cases.entries()) files.set(`book-${index}`, await renderer.render(build()));
      files.set('broken', await breakChapter(await renderer.render(sampleBook())));
      const byFile = await epubcheckAll(files);
      for (const [index, [name]] of cases.entries()) reports.set(name, byFile.get(`book-${index}`));
      brokenReport = byFile.get('broken');
    }, 300_000);

    it('reports a broken chapter, so the checks below can fail', () => {
      expect(problems(brokenReport).join('\n')).toMatch(/RSC-016|RSC-005/);
    });

    it.each(cases.map(([name]) => name))('%s has no epubcheck errors or warnings', (name) => {
      const report = reports.get(name);
      expect(problems(report)).toEqual([]);
      expect(report?.checker).toMatchObject({ nFatal: 0, nError: 0, nWarning: 0 });
    });
  });
});
