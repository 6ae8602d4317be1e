/**
 * Hand-written book documents for renderer tests: every block kind, every
 * book type, with and without illustrations, in any script. They do not come
 * from a provider so that renderer tests fail only for renderer faults.
 */
import { documentWords } from '../../book/word-count';
import { BOOK_TYPES, type BookType } from '../../catalog/catalog';
import {
  BOOK_DOCUMENT_VERSION,
  type BookBlock,
  type BookChapter,
  type BookDocument,
  type BookImage,
} from '../../book/book-document';

export type ConcreteBookType = Exclude<BookType, 'automatic'>;
export const CONCRETE_BOOK_TYPES = BOOK_TYPES.filter((type): type is ConcreteBookType => type !== 'automatic');

export interface SampleBookOptions {
  type?: ConcreteBookType;
  images?: boolean;
  title?: string;
  author?: string;
  /** Put into chapter titles and paragraphs, e.g. a Cyrillic or CJK name. */
  subject?: string;
  chapters?: number;
  /** Paragraphs per chapter. */
  paragraphs?: number;
}

export function sampleSvg(id: string, label: string, hue: number): BookImage {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">` +
    `<rect width="600" height="400" fill="hsl(${hue},45%,82%)"/>` +
    `<circle cx="300" cy="180" r="90" fill="hsl(${(hue + 40) % 360},55%,45%)"/>` +
    `<path d="M0 330 Q150 270 300 330 T600 330 V400 H0 Z" fill="hsl(${(hue + 180) % 360},35%,35%)"/>` +
    `</svg>`;
  return {
    id,
    mediaType: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    alt: label,
    width: 600,
    height: 400,
  };
}

function chapterBlocks(
  type: ConcreteBookType,
  number: number,
  subject: string,
  paragraphs: number,
  image?: string,
): BookBlock[] {
  const prose = (index: number): BookBlock => ({
    kind: 'paragraph',
    text:
      `${subject} walked past the harbour for the ${index + 1}th time in part ${number}, ` +
      `counting lanterns ("one, two, three") & wondering whether <the tide> would turn. ` +
      'The wind carried salt and the smell of tar; gulls argued over the nets.',
  });
  const blocks: BookBlock[] = [];
  if (type === 'comic' || type === 'manga') {
    for (let panel = 1; panel <= 4; panel += 1) {
      blocks.push({
        kind: 'panel',
        number: panel,
        description: `Panel ${panel}: ${subject} on the pier at dusk, wide shot.`,
        caption: panel === 1 ? 'Later that night...' : undefined,
        dialogue: [
          { speaker: subject, text: `We cannot stay here, not after page ${number}!` },
          { speaker: 'Mira', text: 'Then run.' },
        ],
        imageId: image,
      });
    }
    return blocks;
  }
  blocks.push({ kind: 'heading', level: 2, text: `Where ${subject} begins` });
  for (let index = 0; index < paragraphs; index += 1) blocks.push(prose(index));
  if (image) blocks.push({ kind: 'image', imageId: image, caption: `${subject} at the harbour` });
  blocks.push({ kind: 'dialogue', speaker: subject, text: 'Are you sure the ship will come back?' });
  blocks.push({ kind: 'dialogue', speaker: 'Mira', text: '"Sure" is a big word.' });
  blocks.push({ kind: 'scene_break' });
  blocks.push({ kind: 'heading', level: 3, text: 'A smaller part' });
  blocks.push({ kind: 'list', ordered: false, items: ['rope', 'lantern', 'a map of <nowhere>'] });
  blocks.push({ kind: 'list', ordered: true, items: ['Wait for the tide', 'Light the lamp'] });
  blocks.push({ kind: 'key_point', text: `Every journey of ${subject} starts with a single step.` });
  blocks.push({ kind: 'exercise', question: 'What is 7 x 6?', answer: '42' });
  return blocks;
}

export function sampleBook(options: SampleBookOptions = {}): BookDocument {
  const type = options.type ?? 'novel';
  const images = options.images ?? false;
  const subject = options.subject ?? 'Ada';
  const chapterCount = options.chapters ?? 3;
  const paragraphs = options.paragraphs ?? 3;
  const bookImages: BookImage[] = [];
  if (images) bookImages.push(sampleSvg('cover', `Cover: ${subject} by the sea`, 200));
  const chapters: BookChapter[] = [];
  for (let number = 1; number <= chapterCount; number += 1) {
    const imageId = images ? `img-ch-${number}` : undefined;
    if (imageId) bookImages.push(sampleSvg(imageId, `Illustration for chapter ${number}`, (number * 67) % 360));
    chapters.push({
      id: `ch-${String(number).padStart(2, '0')}`,
      kind: type === 'comic' || type === 'manga' || type === 'childrens' ? 'page' : 'chapter',
      number,
      title: `${subject} and the Tide, Part ${number}`,
      imageId,
      blocks: chapterBlocks(type, number, subject, paragraphs, imageId),
    });
  }
  chapters.push({
    id: 'glossary',
    kind: 'glossary',
    number: chapterCount + 1,
    title: 'Glossary',
    blocks: [
      { kind: 'glossary_entry', term: 'Tide', definition: 'The rise & fall of the sea.' },
      { kind: 'glossary_entry', term: 'Lantern', definition: 'A <portable> lamp.' },
    ],
  });
  const document: BookDocument = {
    schemaVersion: BOOK_DOCUMENT_VERSION,
    metadata: {
      title: options.title ?? `${subject} and the Tide`,
      subtitle: 'A sample book',
      author: options.author ?? 'Test Author',
      language: 'en',
      type,
      style: 'adventure',
      model: '2.0',
      synopsis: `A book about ${subject}, a harbour and the tide <with markup> & ampersands.`,
      readingDirection: type === 'manga' ? 'rtl' : 'ltr',
      identifier: '00000000-0000-4000-8000-000000000001',
      createdAt: '2026-01-02T03:04:05.000Z',
      wordCount: 0,
    },
    coverImageId: images ? 'cover' : undefined,
    frontMatter: {
      dedication: 'For everyone who waits by the sea.',
      foreword: ['A short foreword.', 'In two paragraphs.'],
      objectives: ['Know the tides', 'Read a map'],
      cast: [
        { name: subject, description: 'a harbour keeper' },
        { name: 'Mira', description: 'a sailor' },
      ],
    },
    chapters,
    images: bookImages,
  };
  document.metadata.wordCount = documentWords(document.chapters);
  return document;
}
