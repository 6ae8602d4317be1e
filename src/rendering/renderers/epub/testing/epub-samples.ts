/** Sample books and EPUB readers shared by the EPUB renderer's unit spec and its epubcheck run. */
import JSZip from 'jszip';
import type { BookDocument, BookImage } from '../../../../book/book-document';
import { sampleBook, sampleSvg } from '../../../testing/sample-books';
export async function unzip(epub: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(epub);
}

export async function entry(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is missing from the EPUB`);
  return file.async('string');
}

/** Manifest items of the package document as attribute maps. */
export function manifestItems(opf: string): Array<Record<string, string>> {
  return [...opf.matchAll(/<item\s([^>]*?)\/>/g)].map((match) =>
    Object.fromEntries([...(match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1] ?? '', a[2] ?? ''])),
  );
}

export function spineIds(opf: string): string[] {
  return [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((match) => match[1] ?? '');
}

export const HOSTILE_TITLE = '<script>alert(1)</script> & "quotes"';
export const HOSTILE_SUBJECT = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>&amp;`;

// Made with Java ImageIO: an 8x6 PNG and JPEG, so raster images go through epubcheck too.
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAE0lEQVR4XmM44KCAFTFgCtFPAgDxdzYBq66lZgAAAABJRU5ErkJggg==';
export const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAgAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAGAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDCooor50+8P//Z';

export function raster(id: string, mediaType: BookImage['mediaType'], data: string): BookImage {
  return { id, mediaType, data, alt: `${id} picture`, width: 8, height: 6 };
}

export function svgImage(id: string, svg: string): BookImage {
  return { id, mediaType: 'image/svg+xml', data: Buffer.from(svg).toString('base64'), alt: id, width: 10, height: 10 };
}

/**
 * A book whose chapters show a PNG cover, a JPEG, a PNG mislabelled as JPEG,
 * and images that cannot be valid package resources.
 */
export function mixedImagesBook(): BookDocument {
  const document = sampleBook({ chapters: 3 });
  const unusable = [
    svgImage('scripted', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    svgImage(
      'remote',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
        '<image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/></svg>',
    ),
    svgImage('truncated', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/>'),
    { ...raster('not-base64', 'image/png', '<svg onload=alert(1)>'), alt: 'not base64' },
  ];
  document.images = [
    raster('cover-png', 'image/png', PNG_BASE64),
    raster('photo', 'image/jpeg', JPEG_BASE64),
    raster('mislabelled', 'image/jpeg', PNG_BASE64),
    sampleSvg('unused', 'never shown', 10),
    ...unusable,
  ];
  document.coverImageId = 'cover-png';
  const [first, second, third] = document.chapters;
  if (!first || !second || !third) throw new Error('sample book has too few chapters');
  first.imageId = 'photo';
  first.blocks.push({ kind: 'image', imageId: 'mislabelled', caption: 'Mislabelled' });
  second.blocks.push(...unusable.map((image) => ({ kind: 'image' as const, imageId: image.id, caption: image.id })));
  third.imageId = 'missing-id';
  return document;
}

/** The rendered EPUB with raw, unescaped markup written into its first chapter. */
export async function breakChapter(epub: Buffer): Promise<Buffer> {
  const zip = await unzip(epub);
  const chapter = await entry(zip, 'OEBPS/chapter-001.xhtml');
  zip.file('OEBPS/chapter-001.xhtml', chapter.replace('</h1>', ' Tom & Jerry <b>bold</h1>'));
  return zip.generateAsync({ type: 'nodebuffer', mimeType: 'application/epub+zip' });
}

/** About 100,000 words in 40 chapters, with a cover and 11 chapter illustrations. */
export function hundredThousandWordBook(): BookDocument {
  const document = sampleBook({ chapters: 40, paragraphs: 67, images: true });
  const illustrated = new Set(['cover', ...Array.from({ length: 11 }, (_, index) => `img-ch-${index * 3 + 1}`)]);
  document.images = document.images.filter((image) => illustrated.has(image.id));
  for (const chapter of document.chapters) {
    if (chapter.imageId && !illustrated.has(chapter.imageId)) chapter.imageId = undefined;
    chapter.blocks = chapter.blocks.filter((block) => block.kind !== 'image' || illustrated.has(block.imageId));
  }
  return document;
}
