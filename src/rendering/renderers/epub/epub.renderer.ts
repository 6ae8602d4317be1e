/**
 * EPUB 3 (reflowable) with an EPUB 2 NCX for older readers. The package is
 * assembled here with JSZip rather than through epub-gen-memory: that library
 * fetches images by URL only, writes a random identifier, a hard-coded
 * `xml:lang="en"` and no `properties="cover-image"`, and cannot set the
 * spine's page progression for manga, so almost every file would have been
 * overridden anyway.
 */
import JSZip from 'jszip';
import { CONTENT_TYPES } from '../../../catalog/catalog';
import type { BookDocument } from '../../../book/book-document';
import type { BookRenderer } from '../../book-renderer';
import { yieldToEventLoop } from '../text-helpers';
import { EpubImages } from './epub-images';
import {
  bookIdentifier,
  CONTAINER_XML,
  modifiedTimestamp,
  NAV_FILE,
  navigationDocument,
  NCX_FILE,
  ncxDocument,
  PACKAGE_DIRECTORY,
  packageDocument,
  STYLE_FILE,
  type EpubPackage,
} from './epub-package';
import { chapterPage, coverPage, type EpubPage, frontMatterPages, titlePage } from './epub-pages';
import { EPUB_STYLE } from './epub-style';
import { typographicCover } from './epub-typographic-cover';
import { languageTag } from './epub-xml';
import { bookLabels } from '../../../book/book-labels';

export class EpubRenderer implements BookRenderer {
  readonly format = 'epub';
  readonly contentType = CONTENT_TYPES.epub;
  readonly fileExtension = 'epub';

  async render(given: BookDocument): Promise<Buffer> {
    const document = withCover(given);
    const language = languageTag(document.metadata.language);
    const images = new EpubImages(document.images);
    const labels = bookLabels(document.metadata.language);
    const context = { language, images, labels };

    const cover = coverPage(document, context);
    const frontPages = [
      ...(cover ? [cover] : []),
      titlePage(document, context),
      ...frontMatterPages(document, context),
    ];
    const chapterPages: EpubPage[] = [];
    for (const [index, chapter] of document.chapters.entries()) {
      await yieldToEventLoop();
      chapterPages.push(chapterPage(chapter, index, context));
    }

    const book: EpubPackage = {
      document,
      language,
      labels,
      identifier: bookIdentifier(document.metadata.identifier),
      modified: modifiedTimestamp(document.metadata.createdAt),
      frontPages,
      chapterPages,
      images: images.used(),
      cover: cover ? images.use(document.coverImageId) : undefined,
    };
    return zipPackage(book);
  }
}

/** The book with a cover image: its own when it has a usable one, else one set from its title (see typographicCover). */
function withCover(document: BookDocument): BookDocument {
  if (new EpubImages(document.images).use(document.coverImageId)) return document;
  const cover = typographicCover(document);
  return {
    ...document,
    images: [...document.images.filter((image) => image.id !== cover.id), cover],
    coverImageId: cover.id,
  };
}

async function zipPackage(book: EpubPackage): Promise<Buffer> {
  // A fixed entry date keeps two renders of the same book byte-identical.
  const date = new Date(book.modified);
  const zip = new JSZip();
  // The OCF container requires `mimetype` as the very first entry, stored
  // uncompressed and without extra fields, so readers can sniff the type.
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE', date, createFolders: false });
  const add = (path: string, content: string | Buffer, compress = true): void => {
    zip.file(path, content, { date, createFolders: false, compression: compress ? 'DEFLATE' : 'STORE' });
  };
  add('META-INF/container.xml', CONTAINER_XML);
  const inPackage = (file: string): string => `${PACKAGE_DIRECTORY}/${file}`;
  add(inPackage('content.opf'), packageDocument(book));
  add(inPackage(NAV_FILE), navigationDocument(book));
  add(inPackage(NCX_FILE), ncxDocument(book));
  add(inPackage(STYLE_FILE), EPUB_STYLE);
  for (const page of [...book.frontPages, ...book.chapterPages]) add(inPackage(page.fileName), page.xhtml);
  // PNG and JPEG are compressed already; deflating them again costs time for nothing.
  for (const image of book.images) add(inPackage(image.href), image.data, image.mediaType === 'image/svg+xml');
  return zip.generateAsync({
    type: 'nodebuffer',
    mimeType: 'application/epub+zip',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}
