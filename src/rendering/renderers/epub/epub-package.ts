/**
 * The package files around the content: META-INF/container.xml, the package
 * document (metadata, manifest, spine), the EPUB 3 navigation document and an
 * EPUB 2 NCX for older reading systems that still look for one.
 */
import type { BookLabels } from '../../../book/book-labels';
import { randomUUID } from 'node:crypto';
import type { BookDocument } from '../../../book/book-document';
import { cleanInline } from '../text-helpers';
import type { EpubImage } from './epub-images';
import type { EpubPage } from './epub-pages';
import { bookTitle } from './epub-pages';
import { escapeXml } from './epub-xml';

/** Where the package document lives; every other href is relative to its folder. */
export const PACKAGE_DIRECTORY = 'OEBPS';
export const NAV_FILE = 'nav.xhtml';
export const NCX_FILE = 'toc.ncx';
export const STYLE_FILE = 'style.css';

export const CONTAINER_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">',
  '<rootfiles>',
  `<rootfile full-path="${PACKAGE_DIRECTORY}/content.opf" media-type="application/oebps-package+xml"/>`,
  '</rootfiles>',
  '</container>',
  '',
].join('\n');

export interface EpubPackage {
  document: BookDocument;
  /** Validated BCP 47 tag. */
  language: string;
  /** The words the package adds ("Contents"), in the book's language. */
  labels: BookLabels;
  /** Escaped unique identifier, e.g. `urn:uuid:...`. */
  identifier: string;
  /** `CCYY-MM-DDThh:mm:ssZ`, the only form `dcterms:modified` accepts. */
  modified: string;
  /** Pages before the table of contents: cover, title page, front matter. */
  frontPages: EpubPage[];
  chapterPages: EpubPage[];
  images: EpubImage[];
  cover?: EpubImage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The book's identifier as `urn:uuid:` when it is a UUID (it is, by contract:
 * the request id), so readers that key their library on it see a re-download
 * as the same book. Anything else is still a usable identifier as it stands.
 */
export function bookIdentifier(identifier: string): string {
  const id = cleanInline(identifier);
  if (UUID.test(id)) return `urn:uuid:${id.toLowerCase()}`;
  // epubcheck requires a non-empty identifier; a random one at least keeps the file valid.
  return escapeXml(id) || `urn:uuid:${randomUUID()}`;
}

/** The generation time in the one form `dcterms:modified` allows, so renders of one book are identical. */
export function modifiedTimestamp(createdAt: string, now: Date = new Date()): string {
  const parsed = new Date(createdAt);
  const date = Number.isNaN(parsed.getTime()) ? now : parsed;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function pageItem(page: EpubPage): string {
  return `<item id="${page.manifestId}" href="${page.fileName}" media-type="application/xhtml+xml"/>`;
}

function imageItem(image: EpubImage, cover: EpubImage | undefined): string {
  const properties = image === cover ? ' properties="cover-image"' : '';
  return `<item id="${image.manifestId}" href="${image.href}" media-type="${image.mediaType}"${properties}/>`;
}

export function packageDocument(book: EpubPackage): string {
  const { metadata } = book.document;
  const author = escapeXml(metadata.author);
  const synopsis = escapeXml(metadata.synopsis);
  const rtl = metadata.readingDirection === 'rtl';
  const metadataLines = [
    `<dc:identifier id="book-id">${book.identifier}</dc:identifier>`,
    // The subtitle stays on the title page: readers given a second dc:title show either one as the title.
    `<dc:title id="title">${bookTitle(book.document, book.labels)}</dc:title>`,
    author ? `<dc:creator id="creator">${author}</dc:creator>` : '',
    author ? '<meta refines="#creator" property="role" scheme="marc:relators">aut</meta>' : '',
    `<dc:language>${book.language}</dc:language>`,
    // An empty <dc:description/> is invalid (epubcheck RSC-005): leave it out instead.
    synopsis ? `<dc:description>${synopsis}</dc:description>` : '',
    `<dc:date>${book.modified}</dc:date>`,
    `<meta property="dcterms:modified">${book.modified}</meta>`,
    // EPUB 2 readers (and Kindle conversion) find the cover only through this.
    book.cover ? `<meta name="cover" content="${book.cover.manifestId}"/>` : '',
  ].filter(Boolean);
  const pages = [...book.frontPages, ...book.chapterPages];
  const manifest = [
    `<item id="nav" href="${NAV_FILE}" media-type="application/xhtml+xml" properties="nav"/>`,
    `<item id="ncx" href="${NCX_FILE}" media-type="application/x-dtbncx+xml"/>`,
    `<item id="style" href="${STYLE_FILE}" media-type="text/css"/>`,
    ...pages.map(pageItem),
    ...book.images.map((image) => imageItem(image, book.cover)),
  ];
  const spine = [
    ...book.frontPages.map((page) => `<itemref idref="${page.manifestId}"/>`),
    '<itemref idref="nav"/>',
    ...book.chapterPages.map((page) => `<itemref idref="${page.manifestId}"/>`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${book.language}">`,
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">',
    ...metadataLines,
    '</metadata>',
    '<manifest>',
    ...manifest,
    '</manifest>',
    // Manga pages turn right to left; the text inside them stays left to right.
    `<spine toc="ncx"${rtl ? ' page-progression-direction="rtl"' : ''}>`,
    ...spine,
    '</spine>',
    '</package>',
    '',
  ].join('\n');
}

export function navigationDocument(book: EpubPackage): string {
  const tocPages = [...book.frontPages, ...book.chapterPages].filter((page) => page.inToc);
  const toc = tocPages.map((page) => `<li><a href="${page.fileName}">${page.label}</a></li>`);
  const landmarks = [
    ...book.frontPages
      .filter((page) => page.landmark)
      .map((page) => `<li><a epub:type="${page.landmark}" href="${page.fileName}">${page.label}</a></li>`),
    `<li><a epub:type="toc" href="${NAV_FILE}#toc">${book.labels.contents}</a></li>`,
  ];
  const firstChapter = book.chapterPages[0];
  if (firstChapter) {
    landmarks.push(`<li><a epub:type="bodymatter" href="${firstChapter.fileName}">Start of Content</a></li>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE html>',
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${book.language}" lang="${book.language}">`,
    '<head>',
    '<meta charset="UTF-8"/>',
    `<title>${book.labels.contents}</title>`,
    `<link rel="stylesheet" type="text/css" href="${STYLE_FILE}"/>`,
    '</head>',
    '<body epub:type="frontmatter">',
    '<nav epub:type="toc" id="toc">',
    `<h1>${book.labels.contents}</h1>`,
    '<ol>',
    ...toc,
    '</ol>',
    '</nav>',
    // Reading systems use these for "go to cover / beginning"; they are not for display.
    '<nav epub:type="landmarks" id="landmarks" hidden="hidden">',
    '<h2>Landmarks</h2>',
    '<ol>',
    ...landmarks,
    '</ol>',
    '</nav>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function ncxDocument(book: EpubPackage): string {
  const tocPages = [...book.frontPages, ...book.chapterPages].filter((page) => page.inToc);
  const navPoints = tocPages.map(
    (page, index) =>
      `<navPoint id="nav-point-${index + 1}" playOrder="${index + 1}"><navLabel><text>${page.label}</text></navLabel>` +
      `<content src="${page.fileName}"/></navPoint>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${book.language}">`,
    '<head>',
    // Must repeat the package's unique identifier exactly (epubcheck NCX-001).
    `<meta name="dtb:uid" content="${book.identifier}"/>`,
    '<meta name="dtb:depth" content="1"/>',
    '<meta name="dtb:totalPageCount" content="0"/>',
    '<meta name="dtb:maxPageNumber" content="0"/>',
    '</head>',
    `<docTitle><text>${bookTitle(book.document, book.labels)}</text></docTitle>`,
    '<navMap>',
    ...navPoints,
    '</navMap>',
    '</ncx>',
    '',
  ].join('\n');
}
