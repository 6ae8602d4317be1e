/**
 * Text helpers shared by the text renderers (txt, md, html): cleaning user
 * strings, terminal-style column widths and line wrapping, labels, and image
 * data URIs. Nothing here knows about a particular output syntax.
 */
import type { BookType } from '../../catalog/catalog';
import type { BookChapter, BookDocument, BookImage } from '../../book/book-document';
import type { BookLabels } from '../../book/book-labels';

/**
 * Lets queued work (HTTP requests, queue heartbeats) run between chapters, so
 * a 100,000-word book never holds the event loop for the whole render.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// C0 controls other than tab/newline/carriage return, DEL, C1 controls, Unicode
// noncharacters and lone surrogates (`\p{Cs}` only matches unpaired ones with
// the `u` flag): invisible, a terminal-escape risk in txt, and parse errors in HTML.
const UNSAFE_CHARACTERS = /(?![\t\n\r])\p{Cc}|\p{Noncharacter_Code_Point}|\p{Cs}/gu;
/** UNSAFE_CHARACTERS without the global flag, whose `test` would keep a position between calls. */
const UNSAFE_ANYWHERE = new RegExp(UNSAFE_CHARACTERS.source, 'u');
/**
 * The UTF-16 units an unsafe character can contain: controls, the BMP's
 * noncharacters, and every surrogate (the other planes' noncharacters are
 * surrogate pairs). A plain class, scanned three times faster than the
 * Unicode properties; text without any of them is safe.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MAYBE_UNSAFE = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff\ud800-\udfff]/;
/**
 * Whitespace that collapsing changes: anything but single plain spaces and the no-break spaces a typesetter
 * sets on purpose (French U+00A0 before a colon, U+202F inside guillemets), which stay.
 */
const UNEVEN_SPACE = /[^\S \u00a0\u202f]| {2}/;
const COLLAPSIBLE_SPACE = /[^\S\u00a0\u202f]+/g;

/**
 * A user string as one clean line: unsafe characters removed, every run of
 * whitespace (including newlines) collapsed to one space, ends trimmed.
 * Renderers lay text out themselves, so a stray newline in a title or a
 * paragraph must not break their structure.
 */
export function cleanInline(text: string | undefined): string {
  if (!text) return '';
  // Nearly every paragraph is clean already: a test allocates nothing, a replace copies the text.
  const safe = MAYBE_UNSAFE.test(text) && UNSAFE_ANYWHERE.test(text) ? text.replace(UNSAFE_CHARACTERS, '') : text;
  const spaced = UNEVEN_SPACE.test(safe) ? safe.replace(COLLAPSIBLE_SPACE, ' ') : safe;
  return spaced.trim();
}

/**
 * A paragraph's lines, each cleaned as by `cleanInline`, empty ones dropped: a
 * paragraph's text holds `\n` only where a line of verse, of a letter, of an
 * address ends, and every format prints those lines as lines.
 */
export function paragraphLines(text: string | undefined): string[] {
  if (!text) return [];
  if (!text.includes('\n')) {
    const line = cleanInline(text);
    return line ? [line] : [];
  }
  return text
    .split('\n')
    .map((line) => cleanInline(line))
    .filter(Boolean);
}

/** Label for the objectives list: its meaning differs between a textbook and a self-help book. */
export function objectivesLabel(type: Exclude<BookType, 'automatic'>, labels: BookLabels): string {
  return type === 'self_help' ? labels.whatYouWillGet : labels.learningObjectives;
}

/**
 * "Chapter 3: Title", "Page 3: Title", or just the title for back matter,
 * in the book's language (`labels`). `title` lets a renderer pass the title
 * already escaped for its syntax.
 */
export function chapterLabel(
  chapter: BookChapter,
  labels: BookLabels,
  title: string = cleanInline(chapter.title),
): string {
  const prefix = chapterPrefix(chapter, labels);
  if (!prefix) return title;
  return title ? `${prefix}${labels.separator}${title}` : prefix;
}

/**
 * A position number as digits only. The type says number, but documents also
 * arrive from model output, and these labels go into markup unescaped.
 */
export function formatNumber(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : '?';
}

function chapterPrefix(chapter: BookChapter, labels: BookLabels): string | undefined {
  switch (chapter.kind) {
    case 'chapter':
    case 'part':
    case 'page':
    case 'lesson':
    case 'principle':
      return labels.numbered(chapter.kind, formatNumber(chapter.number));
    case 'glossary':
    case 'sources':
    case 'afterword':
      return undefined;
  }
}

export function imagesById(document: BookDocument): Map<string, BookImage> {
  return new Map(document.images.map((image) => [image.id, image]));
}

const IMAGE_MEDIA_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/svg+xml', 'image/jpeg']);

/**
 * `data:<type>;base64,<data>`, or undefined when the image is not something
 * we can embed verbatim: the data ends up inside an HTML attribute and a
 * Markdown link destination, where anything but base64 could break out.
 */
export function imageDataUri(image: BookImage | undefined): string | undefined {
  if (!image || !IMAGE_MEDIA_TYPES.has(image.mediaType)) return undefined;
  const data = image.data.replace(/\s+/g, '');
  if (data.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  return `data:${image.mediaType};base64,${data}`;
}

// East Asian Wide and Fullwidth blocks (Unicode EastAsianWidth W/F), grouped
// by block; emoji are recognised separately by their Emoji_Presentation property.
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fff],
  [0x17000, 0x18dff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x3fffd],
];

function isWideCodePoint(codePoint: number): boolean {
  if (codePoint < 0x1100) return false;
  for (const [start, end] of WIDE_RANGES) {
    if (codePoint < start) return false;
    if (codePoint <= end) return true;
  }
  return false;
}

// Combining marks (variation selectors included) and format characters (ZWSP, ZWJ, bidi marks).
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]/u;
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
/**
 * Text in which every UTF-16 unit is a grapheme one column wide: printable ASCII, Latin-1 and the Latin extensions
 * (without the soft hyphen and the combining marks from U+0300), and the dashes, quotes and ellipsis of General
 * Punctuation (without its zero-width and bidi characters). Checked against the slow path for all 773 of them.
 * Most words of a Latin-script book match, and segmenting them (Intl.Segmenter) was most of a txt render.
 */
const NARROW_SINGLES = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e]*$/;
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Terminal columns of one grapheme cluster: 2 for East Asian wide characters and emoji. */
function graphemeWidth(grapheme: string): number {
  const first = grapheme.codePointAt(0);
  if (first === undefined || ZERO_WIDTH.test(grapheme)) return 0;
  if (EMOJI.test(grapheme)) return 2;
  return isWideCodePoint(first) ? 2 : 1;
}

function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (segment) => segment.segment);
}

/** Columns `text` takes in a monospaced terminal, counting East Asian wide characters and emoji as 2. */
export function displayWidth(text: string): number {
  if (NARROW_SINGLES.test(text)) return text.length;
  let width = 0;
  for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
  return width;
}

// Japanese/Chinese line-breaking rules (kinsoku): these may not start a line...
const NO_LINE_START = new Set(
  Array.from(
    '、。，．・：；？！゛゜ヽヾゝゞ々ー）］｝」』】〉》〕〙〗〛’”,.!?)]}…‥ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ',
  ),
);
// ...and these may not end one.
const NO_LINE_END = new Set(Array.from('（［｛「『【〈《〔〘〖〚‘“([{'));

interface Token {
  text: string;
  width: number;
  /** Joined to the previous token without a space (pieces of one word). */
  glued: boolean;
}

/**
 * Splits one whitespace-free word where a line may break inside it: between
 * East Asian wide characters (CJK text has no spaces), respecting kinsoku,
 * and anywhere when the word alone is wider than the line.
 */
function wordTokens(word: string, maxWidth: number): Token[] {
  if (NARROW_SINGLES.test(word) && word.length <= maxWidth) {
    return [{ text: word, width: word.length, glued: false }];
  }
  const clusters = graphemes(word).map((text) => ({ text, width: graphemeWidth(text) }));
  const tokens: Token[] = [];
  let current: Token = { text: '', width: 0, glued: false };
  let previous: { text: string; width: number } | undefined;
  for (const cluster of clusters) {
    const breakable =
      previous !== undefined &&
      (previous.width === 2 || cluster.width === 2) &&
      !NO_LINE_START.has(cluster.text) &&
      !NO_LINE_END.has(previous.text);
    if (breakable && current.text) {
      tokens.push(current);
      current = { text: '', width: 0, glued: true };
    }
    current.text += cluster.text;
    current.width += cluster.width;
    previous = cluster;
  }
  if (current.text) tokens.push(current);
  return tokens.flatMap((token) => (token.width > maxWidth ? hardSplit(token, maxWidth) : [token]));
}

/**
 * The last resort for a run wider than the line: cut it at grapheme
 * boundaries, moving a cut back so that the next piece does not start with
 * closing punctuation (kinsoku) when the piece before can spare the characters.
 */
function hardSplit(token: Token, maxWidth: number): Token[] {
  const pieces: Token[] = [];
  let current: Array<{ text: string; width: number }> = [];
  let currentWidth = 0;
  const push = (piece: Array<{ text: string; width: number }>): void => {
    pieces.push({
      text: piece.map((grapheme) => grapheme.text).join(''),
      width: piece.reduce((sum, grapheme) => sum + grapheme.width, 0),
      glued: pieces.length === 0 ? token.glued : true,
    });
  };
  for (const text of graphemes(token.text)) {
    const grapheme = { text, width: graphemeWidth(text) };
    if (currentWidth + grapheme.width > maxWidth && current.length > 0) {
      // Carry back the graphemes that may not start a line, with the one before them, when some stay behind.
      let cut = current.length;
      if (NO_LINE_START.has(text)) {
        while (cut > 1 && NO_LINE_START.has(current[cut - 1]!.text)) cut -= 1;
        cut = cut > 1 ? cut - 1 : current.length;
      }
      push(current.slice(0, cut));
      current = current.slice(cut);
      currentWidth = current.reduce((sum, carried) => sum + carried.width, 0);
    }
    current.push(grapheme);
    currentWidth += grapheme.width;
  }
  if (current.length > 0) push(current);
  return pieces;
}

export interface WrapOptions {
  /** Maximum columns per line, prefixes included. */
  width: number;
  /** Put before the first line, e.g. a list marker. */
  firstPrefix?: string;
  /** Put before every following line, e.g. a hanging indent. */
  restPrefix?: string;
}

/**
 * Greedy word wrap by display columns. Words are never split unless one alone
 * is wider than the line (or is CJK text, which breaks between characters).
 * Returns no lines for empty text.
 */
export function wrapText(text: string, options: WrapOptions): string[] {
  const firstPrefix = options.firstPrefix ?? '';
  const restPrefix = options.restPrefix ?? firstPrefix;
  const prefixWidth = Math.max(displayWidth(firstPrefix), displayWidth(restPrefix));
  // Our own prefixes are short; the floor only keeps a misuse from looping on zero-width lines.
  const available = Math.max(options.width - prefixWidth, 8);
  const words = cleanInline(text).split(' ').filter(Boolean);
  if (words.length === 0) return [];

  const lines: string[] = [];
  let line: string[] = [];
  let lineWidth = 0;
  const flush = (): void => {
    lines.push(((lines.length === 0 ? firstPrefix : restPrefix) + line.join('')).trimEnd());
    line = [];
    lineWidth = 0;
  };
  for (const word of words) {
    for (const token of wordTokens(word, available)) {
      const separator = line.length > 0 && !token.glued ? 1 : 0;
      if (line.length > 0 && lineWidth + separator + token.width > available) {
        flush();
      } else if (separator) {
        line.push(' ');
        lineWidth += 1;
      }
      line.push(token.text);
      lineWidth += token.width;
    }
  }
  if (line.length > 0) flush();
  return lines;
}

/** `text` centred in `width` columns (left-aligned when it does not fit). */
export function centerText(text: string, width: number): string {
  const padding = Math.floor((width - displayWidth(text)) / 2);
  return padding > 0 ? ' '.repeat(padding) + text : text;
}
