/**
 * The cover of an EPUB that has no picture for one: title, subtitle and author set on a plain field in the
 * colours of the book's type, as an SVG image, so a reader's library shows the book by its title and not as a
 * blank or a generic icon. The README promised a cover image in every EPUB; without `images` there was none.
 */
import type { BookDocument, BookImage } from '../../../book/book-document';
import { escapeXml } from './epub-xml';

type BookType = BookDocument['metadata']['type'];

/** Field, lettering and rule colours per type: a novel's night blue, a picture book's warm yellow. */
const PALETTES: Readonly<Record<BookType, { field: string; ink: string; rule: string }>> = {
  novel: { field: '#1d3557', ink: '#f1faee', rule: '#e9c46a' },
  short_story: { field: '#3a2e39', ink: '#f4ede4', rule: '#d4a373' },
  comic: { field: '#c1121f', ink: '#fdf0d5', rule: '#ffd166' },
  manga: { field: '#111111', ink: '#ffffff', rule: '#ef476f' },
  childrens: { field: '#ffb703', ink: '#023047', rule: '#fb8500' },
  textbook: { field: '#264653', ink: '#ffffff', rule: '#2a9d8f' },
  self_help: { field: '#2a9d8f', ink: '#ffffff', rule: '#e9c46a' },
  non_fiction: { field: '#3d405b', ink: '#f4f1de', rule: '#e07a5f' },
};

const WIDTH = 600;
const HEIGHT = 900;
const TEXT_WIDTH = 480;
/** Scripts whose characters are each about an em wide and set without spaces. */
const WIDE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export const TYPOGRAPHIC_COVER_ID = 'typographic-cover';

/** The book's cover as an image of its title, for a book without a picture cover. */
export function typographicCover(document: BookDocument): BookImage {
  const { metadata } = document;
  const palette = PALETTES[metadata.type] ?? PALETTES.novel;
  const title = metadata.title.trim() || 'Untitled';
  const titleSize = sizeFor(title, 60, 4);
  const titleLines = wrap(title, titleSize);
  const subtitle = metadata.subtitle?.trim() ?? '';
  const subtitleLines = subtitle ? wrap(subtitle, 28).slice(0, 3) : [];
  const author = metadata.author.trim();
  let y = 300 - ((titleLines.length - 1) * titleSize * 1.15) / 2;
  const lines: string[] = [];
  for (const line of titleLines) {
    lines.push(text(line, y, titleSize, palette.ink, 'bold'));
    y += titleSize * 1.15;
  }
  y += 10;
  lines.push(`<rect x="${WIDTH / 2 - 40}" y="${Math.round(y)}" width="80" height="4" fill="${palette.rule}"/>`);
  y += 56;
  for (const line of subtitleLines) {
    lines.push(text(line, y, 28, palette.ink, 'normal', 'italic'));
    y += 34;
  }
  if (author) lines.push(text(author, 800, 32, palette.ink, 'normal'));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `xml:lang="${escapeXml(metadata.language)}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${palette.field}"/>` +
    `<rect x="30" y="30" width="${WIDTH - 60}" height="${HEIGHT - 60}" fill="none" stroke="${palette.rule}" stroke-width="2"/>` +
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
  while (current > 28 && wrap(text, current).length > lines) current -= 4;
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
