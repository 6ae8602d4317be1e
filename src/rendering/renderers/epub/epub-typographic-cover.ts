/**
 * The cover of an EPUB that has no picture for one: title, subtitle and author set on a plain field in the
 * colours of the book's type, as an SVG image, so a reader's library shows the book by its title and not as a
 * blank or a generic icon. The README promised a cover image in every EPUB; without `images` there was none.
 * The design (colours and measures) is ../../cover-design.ts, which the PDF's title page shares.
 */
import type { BookDocument, BookImage } from '../../../book/book-document';
import { COVER, coverPalette } from '../../cover-design';
import { escapeXml } from './epub-xml';

const WIDTH = COVER.width;
const HEIGHT = COVER.height;
const TEXT_WIDTH = COVER.width - 2 * COVER.textInset;
/** Scripts whose characters are each about an em wide and set without spaces. */
const WIDE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export const TYPOGRAPHIC_COVER_ID = 'typographic-cover';

/** The book's cover as an image of its title, for a book without a picture cover. */
export function typographicCover(document: BookDocument): BookImage {
  const { metadata } = document;
  const palette = coverPalette(metadata.type);
  const title = metadata.title.trim() || 'Untitled';
  const titleSize = sizeFor(title, COVER.title.size, COVER.title.maxLines);
  const titleLines = wrap(title, titleSize);
  const subtitle = metadata.subtitle?.trim() ?? '';
  const subtitleLines = subtitle ? wrap(subtitle, COVER.subtitle.size).slice(0, COVER.subtitle.maxLines) : [];
  const author = metadata.author.trim();
  const titleLeading = titleSize * COVER.title.lineHeight;
  let y = COVER.title.centre - ((titleLines.length - 1) * titleLeading) / 2;
  const lines: string[] = [];
  for (const line of titleLines) {
    lines.push(text(line, y, titleSize, palette.ink, 'bold'));
    y += titleLeading;
  }
  const { rule } = COVER;
  y += rule.gap;
  lines.push(
    `<rect x="${WIDTH / 2 - rule.width / 2}" y="${Math.round(y)}" width="${rule.width}" height="${rule.height}" fill="${palette.rule}"/>`,
  );
  y += COVER.subtitle.gap;
  for (const line of subtitleLines) {
    lines.push(text(line, y, COVER.subtitle.size, palette.ink, 'normal', 'italic'));
    y += COVER.subtitle.leading;
  }
  if (author) lines.push(text(author, COVER.author.baseline, COVER.author.size, palette.ink, 'normal'));
  const { inset, stroke } = COVER.frame;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `xml:lang="${escapeXml(metadata.language)}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${palette.field}"/>` +
    `<rect x="${inset}" y="${inset}" width="${WIDTH - 2 * inset}" height="${HEIGHT - 2 * inset}" fill="none" stroke="${palette.rule}" stroke-width="${stroke}"/>` +
    `${lines.join('')}</svg>`;
  return {
    id: TYPOGRAPHIC_COVER_ID,
    mediaType: 'image/svg+xml',
    data: Buffer.from(svg, 'utf8').toString('base64'),
    alt: [title, subtitle, author].filter(Boolean).join(' · '),
    width: WIDTH,
    height: HEIGHT,
  };
}

function text(line: string, y: number, size: number, fill: string, weight: string, style = 'normal'): string {
  return (
    `<text x="${WIDTH / 2}" y="${Math.round(y)}" text-anchor="middle" font-family="Georgia, 'Noto Serif', 'Noto Serif CJK JP', 'Hiragino Mincho ProN', serif" ` +
    `font-size="${size}" font-weight="${weight}" font-style="${style}" fill="${fill}">${escapeXml(line)}</text>`
  );
}

/** The em width of a text, roughly: half an em a Latin letter, a whole one a CJK character. */
function ems(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE_SCRIPT.test(character) ? 1 : 0.55;
  return width;
}

/** The largest size up to `size` at which the text fits in `lines` lines. */
function sizeFor(text: string, size: number, lines: number): number {
  let current = size;
  while (current > COVER.title.minSize && wrap(text, current).length > lines) current -= COVER.title.step;
  return current;
}

/** The text in lines that fit the cover's width at `size`: at spaces, or anywhere in a script set without them. */
function wrap(text: string, size: number): string[] {
  const room = TEXT_WIDTH / size;
  const spaced = !WIDE_SCRIPT.test(text) || /\s/.test(text);
  const pieces = spaced ? text.split(/\s+/) : Array.from(text);
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    const next = line ? (spaced ? `${line} ${piece}` : line + piece) : piece;
    if (line && ems(next) > room) {
      lines.push(line);
      line = piece;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
