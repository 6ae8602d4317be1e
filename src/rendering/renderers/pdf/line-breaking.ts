/**
 * Greedy line breaking for runs of mixed fonts. pdfkit's own wrapper measures
 * with one font at a time and cannot report where lines fell, but the layout
 * needs both: the table of contents, boxes and comic panels are sized before
 * they are drawn. Lines break at spaces and, for Chinese, Japanese and
 * Korean text, between wide characters, following the kinsoku rules, and
 * inside long words at the hyphenation points of the book's language.
 */
import type { BidiParagraph } from './pdf-bidi';
import type { Hyphenator } from './hyphenation';
import type { FontFace, TextRun } from './pdf-fonts';

/** Advance width of `text` drawn with `face` at the size being laid out. */
export type Measure = (face: FontFace, text: string) => number;

/** Part of a word in one face. */
export interface Piece {
  readonly face: FontFace;
  readonly text: string;
  readonly width: number;
  /** Bidi embedding level, in paragraphs with right-to-left text: odd reads right to left. */
  readonly level?: number;
  /** Kept by the writer that draws the piece (GlyphWriter.addPiece): its glyph codes in the document being written. */
  drawn?: unknown;
}

/** A word: pieces with no break opportunity between them. */
export interface LineItem {
  readonly pieces: readonly Piece[];
  readonly width: number;
  /** The space before the word; absent at the start of a line and between CJK characters. */
  readonly space?: Piece;
}

export interface Line {
  readonly items: readonly LineItem[];
  /** Natural width: words and the spaces between them. */
  readonly width: number;
  /** Spaces inside the line, which justification stretches. */
  readonly spaces: number;
  /** Set in paragraphs with right-to-left text: the paragraph reads right to left. */
  readonly rtl?: boolean;
  /** The line ends inside a word, with a hyphen: it may not end a page. */
  readonly hyphenated?: boolean;
}

export interface LineWidths {
  readonly first: number;
  readonly rest: number;
}

// Japanese/Chinese line-breaking rules (kinsoku): these may not start a line...
const NO_LINE_START = new Set(
  Array.from(
    '、。，．・：；？！゛゜ヽヾゝゞ々ー）］｝」』】〉》〕〙〗〛’”,.!?)]}…‥ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ',
  ),
);
// ...and these may not end one.
const NO_LINE_END = new Set(Array.from('（［｛「『【〈《〔〘〖〚‘“([{'));

// East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth W/F), coarse by block.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
const ATTACHED = /^[\p{M}\p{Cf}]$/u;
const WHITESPACE = /\s/;
// No whitespace but U+0020 and nothing from U+1100 up (wide characters, the
// rarer spaces, surrogate pairs): text whose words only break at spaces.
const PLAIN = /^[^\t\n\v\f\r\u00a0\u1100-\uffff]*$/;

/**
 * JavaScript's `\s` for one UTF-16 unit (all whitespace is in the BMP), without a regex for ASCII; the
 * no-break spaces (U+00A0, U+202F narrow, U+2007 figure) join the words on either side, as typesetters mean.
 */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  if (code === 0xa0 || code === 0x202f || code === 0x2007) return false;
  return WHITESPACE.test(String.fromCharCode(code));
}

function canBreakBetween(previous: string, next: string): boolean {
  if (ATTACHED.test(next) || previous === '\u200d') return false;
  if (!WIDE.test(previous) && !WIDE.test(next)) return false;
  return !NO_LINE_START.has(next) && !NO_LINE_END.has(previous);
}

// Past this many distinct words of a face, its cache starts over rather than grow.
const MEASURED_WORDS_LIMIT = 40_000;

interface FaceWords {
  /** Words with no space before them (a paragraph's first, or after a CJK break). */
  readonly bare: Map<string, LineItem>;
  /** Words after a space of their own face. */
  readonly spaced: Map<string, LineItem>;
  readonly space: Piece;
}

/**
 * Words of one piece (nearly all of them) as measured with one `measure`,
 * shared by every paragraph measured with it. A book repeats its words all
 * through, and each one read anew cost a piece, a list and a word object:
 * a fifth of a long book's PDF allocations. Line items are never changed
 * after they are made, so one can stand in many lines.
 */
class MeasuredWords {
  private readonly faces = new Map<FontFace, FaceWords>();

  constructor(private readonly measure: Measure) {}

  word(face: FontFace, text: string, spaced: boolean): LineItem {
    let known = this.faces.get(face);
    if (!known) {
      const space = { face, text: ' ', width: this.measure(face, ' ') };
      known = { bare: new Map(), spaced: new Map(), space };
      this.faces.set(face, known);
    }
    const words = spaced ? known.spaced : known.bare;
    let item = words.get(text);
    if (!item) {
      if (words.size >= MEASURED_WORDS_LIMIT) words.clear();
      // A word met with a space before it and without is measured once.
      const other = (spaced ? known.bare : known.spaced).get(text);
      const width = other?.width ?? this.measure(face, text);
      const pieces = other?.pieces ?? [{ face, text, width }];
      item = spaced ? { pieces, width, space: known.space } : { pieces, width };
      words.set(text, item);
    }
    return item;
  }
}

/** Keyed by the measure function: a typesetter keeps one per text size (see `Typesetter.lines`). */
const measuredWords = new WeakMap<Measure, MeasuredWords>();

function measuredWordsOf(measure: Measure): MeasuredWords {
  let words = measuredWords.get(measure);
  if (!words) {
    words = new MeasuredWords(measure);
    measuredWords.set(measure, words);
  }
  return words;
}

/**
 * The words of the runs, measured, with the space before each, break
 * opportunities decided. With bidi levels, a piece also ends where the level
 * changes, so every piece reads in one direction. This runs for every word
 * of a book: it scans character codes rather than matching regexes, and
 * builds each word in scratch arrays, allocating only what it returns.
 */
function words(runs: readonly TextRun[], bidi: BidiParagraph | undefined, measure: Measure): LineItem[] {
  const items: LineItem[] = [];
  // The word being read: its pieces as parallel arrays, filled up to `count`
  // (reused, not emptied: emptying an array gives back its storage), and the space before it.
  const faces: FontFace[] = [];
  const texts: string[] = [];
  const levels: Array<number | undefined> = [];
  let count = 0;
  let spaceFace: FontFace | undefined;
  let spaceLevel: number | undefined;
  // Spaces of one face and level measure the same: one piece serves them all.
  const spaces = new Map<string, Piece>();
  let previousChar: string | undefined;
  let previousWide = false;
  const spacePiece = (face: FontFace, level: number | undefined): Piece => {
    const key = level === undefined ? face : `${face}:${level}`;
    let piece = spaces.get(key);
    if (!piece) {
      const width = measure(face, ' ');
      piece = level === undefined ? { face, text: ' ', width } : { face, text: ' ', width, level };
      spaces.set(key, piece);
    }
    return piece;
  };
  const known = measuredWordsOf(measure);
  const closeWord = (): void => {
    if (count === 0) return;
    if (count === 1 && levels[0] === undefined && (spaceFace === undefined || spaceFace === faces[0])) {
      items.push(known.word(faces[0] as FontFace, texts[0] as string, spaceFace !== undefined));
      count = 0;
      spaceFace = undefined;
      return;
    }
    const pieces: Piece[] = [];
    let width = 0;
    for (let index = 0; index < count; index += 1) {
      const face = faces[index] as FontFace;
      const text = texts[index] as string;
      const level = levels[index];
      const pieceWidth = measure(face, text);
      pieces.push(level === undefined ? { face, text, width: pieceWidth } : { face, text, width: pieceWidth, level });
      width += pieceWidth;
    }
    count = 0;
    items.push(spaceFace ? { pieces, width, space: spacePiece(spaceFace, spaceLevel) } : { pieces, width });
    spaceFace = undefined;
  };
  const append = (face: FontFace, text: string, level: number | undefined): void => {
    const last = count - 1;
    if (last >= 0 && faces[last] === face && levels[last] === level) texts[last] += text;
    else {
      faces[count] = face;
      texts[count] = text;
      levels[count] = level;
      count += 1;
    }
  };
  let runStart = 0;
  for (const run of runs) {
    const { text } = run;
    if (!bidi && !previousWide && PLAIN.test(text)) {
      // Plain spaces between words that never break inside: the native split does the scanning.
      const chunks = text.split(' ');
      chunks.forEach((chunk, index) => {
        if (index > 0) {
          closeWord();
          // Leading spaces of a paragraph have nothing to separate.
          if (items.length > 0) spaceFace = run.face;
          previousChar = undefined;
        }
        if (chunk) {
          append(run.face, chunk, undefined);
          previousChar = chunk.at(-1);
        }
      });
      runStart += text.length;
      continue;
    }
    let start = 0;
    while (start < text.length) {
      let end = start;
      if (isSpace(text.charCodeAt(start))) {
        while (end < text.length && isSpace(text.charCodeAt(end))) end += 1;
        closeWord();
        // Leading spaces of a paragraph have nothing to separate.
        if (items.length > 0) {
          spaceFace = run.face;
          spaceLevel = bidi?.levels[runStart + start];
        }
        previousChar = undefined;
        previousWide = false;
        start = end;
        continue;
      }
      // Below U+1100 nothing is wide: most words never reach the regex.
      let high = false;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (isSpace(code)) break;
        if (code >= 0x1100) high = true;
        end += 1;
      }
      const chunk = text.slice(start, end);
      if (!bidi && !previousWide && !(high && WIDE.test(chunk))) {
        append(run.face, chunk, undefined);
        previousChar = chunk.at(-1);
        start = end;
        continue;
      }
      let offset = runStart + start;
      for (const char of chunk) {
        if (previousChar !== undefined && count > 0 && canBreakBetween(previousChar, char)) {
          closeWord();
        }
        append(run.face, char, bidi?.levels[offset]);
        previousChar = char;
        previousWide = WIDE.test(char);
        offset += char.length;
      }
      start = end;
    }
    runStart += text.length;
  }
  closeWord();
  return items;
}

/**
 * A word wider than a whole line (a URL, a run of symbols) cut at character
 * boundaries into pieces that fit; the alternative is ink off the page.
 */
function splitOverlong(item: LineItem, maxWidth: number, measure: Measure): LineItem[] {
  const parts: LineItem[] = [];
  let pieces: Piece[] = [];
  let width = 0;
  const flush = (): void => {
    if (pieces.length === 0) return;
    const part: LineItem = { pieces, width };
    parts.push(parts.length === 0 && item.space ? { ...part, space: item.space } : part);
    pieces = [];
    width = 0;
  };
  for (const piece of item.pieces) {
    const part = (text: string, textWidth: number): Piece =>
      piece.level === undefined
        ? { face: piece.face, text, width: textWidth }
        : { face: piece.face, text, width: textWidth, level: piece.level };
    let text = '';
    let textWidth = 0;
    for (const char of piece.text) {
      const charWidth = measure(piece.face, char);
      if (width + textWidth + charWidth > maxWidth && (text || pieces.length > 0) && !ATTACHED.test(char)) {
        if (text) pieces.push(part(text, textWidth));
        width += textWidth;
        flush();
        text = '';
        textWidth = 0;
      }
      text += char;
      textWidth += charWidth;
    }
    if (text) {
      pieces.push(part(text, textWidth));
      width += textWidth;
    }
  }
  flush();
  return parts;
}

/** At most this many lines in a row may end with a hyphen: a ladder of them is harder to read than a loose line. */
export const MAX_HYPHENATED_LINES = 2;
/** A word is hyphenated only around a run of at least this many letters (punctuation may cling to it). */
const HYPHENATABLE = /^(\P{L}*)(\p{L}{5,})(\P{L}*)$/u;

/**
 * Breaks runs into lines no wider than `widths` (first line, following lines).
 * No runs, no lines. `bidi` holds the levels of the runs' text, when it has
 * right-to-left characters; lines stay in reading order either way. With
 * `hyphenate`, a word that does not fit may end the line with its first
 * syllables and a hyphen (never the paragraph's last word, never more than
 * MAX_HYPHENATED_LINES lines in a row, never in right-to-left paragraphs).
 */
export function breakLines(
  runs: readonly TextRun[],
  widths: LineWidths,
  measure: Measure,
  bidi?: BidiParagraph,
  hyphenate?: Hyphenator,
): Line[] {
  const lines: Line[] = [];
  // Only paragraphs with right-to-left text carry the flag (and levels on their pieces).
  const line = (lineItems: LineItem[], lineWidth: number, lineSpaces: number): Line =>
    bidi
      ? { items: lineItems, width: lineWidth, spaces: lineSpaces, rtl: bidi.base % 2 === 1 }
      : { items: lineItems, width: lineWidth, spaces: lineSpaces };
  let items: LineItem[] = [];
  let width = 0;
  let spaces = 0;
  let hyphenatedInARow = 0;
  const maxWidth = (): number => (lines.length === 0 ? widths.first : widths.rest);
  const narrowest = Math.max(1, Math.min(widths.first, widths.rest));
  const all = words(runs, bidi, measure);
  const hyphenation = bidi ? undefined : hyphenate;
  const place = (item: LineItem, index: number): void => {
    const gap = items.length > 0 && item.space ? item.space.width : 0;
    // The epsilon keeps a word whose width equals the line, up to rounding, on it.
    if (items.length > 0 && width + gap + item.width > maxWidth() + 1e-6) {
      const split =
        hyphenation && hyphenatedInARow < MAX_HYPHENATED_LINES && index < all.length - 1
          ? hyphenateToFit(item, maxWidth() - width - gap, hyphenation, measure)
          : undefined;
      if (split) {
        items.push(split.head);
        lines.push({
          ...line(items, width + gap + split.head.width, gap > 0 ? spaces + 1 : spaces),
          hyphenated: true,
        });
        hyphenatedInARow += 1;
        items = [split.tail];
        width = split.tail.width;
      } else {
        lines.push(line(items, width, spaces));
        hyphenatedInARow = 0;
        items = [{ pieces: item.pieces, width: item.width }];
        width = item.width;
      }
      spaces = 0;
      return;
    }
    items.push(items.length === 0 ? { pieces: item.pieces, width: item.width } : item);
    width += gap + item.width;
    if (gap > 0) spaces += 1;
  };
  all.forEach((word, index) => {
    // Words wider than a line are rare: the others are placed without a list of parts to loop over.
    if (word.width <= narrowest) place(word, index);
    else for (const part of splitOverlong(word, narrowest, measure)) place(part, index);
  });
  if (items.length > 0) lines.push(line(items, width, spaces));
  return lines;
}

/**
 * The word cut at its last hyphenation point whose first part, with a
 * hyphen, fits in `room`: the part that ends the line (keeping the word's
 * space before it) and the part that starts the next. Words in one face only.
 */
function hyphenateToFit(
  item: LineItem,
  room: number,
  hyphenate: Hyphenator,
  measure: Measure,
): { head: LineItem; tail: LineItem } | undefined {
  if (item.pieces.length !== 1) return undefined;
  const piece = item.pieces[0] as Piece;
  const parts = HYPHENATABLE.exec(piece.text);
  if (!parts) return undefined;
  const [, lead = '', core = '', trail = ''] = parts;
  const offsets = hyphenate(core);
  for (let index = offsets.length - 1; index >= 0; index -= 1) {
    const offset = offsets[index] as number;
    const headText = `${lead}${core.slice(0, offset)}-`;
    const headWidth = measure(piece.face, headText);
    if (headWidth > room + 1e-6) continue;
    const tailText = `${core.slice(offset)}${trail}`;
    const tailWidth = measure(piece.face, tailText);
    const head: LineItem = { pieces: [{ face: piece.face, text: headText, width: headWidth }], width: headWidth };
    return {
      head: item.space ? { ...head, space: item.space } : head,
      tail: { pieces: [{ face: piece.face, text: tailText, width: tailWidth }], width: tailWidth },
    };
  }
  return undefined;
}

/** The text of a line as drawn, with single spaces: for tests and diagnostics. */
export function lineText(line: Line): string {
  return line.items.map((item) => (item.space ? ' ' : '') + item.pieces.map((piece) => piece.text).join('')).join('');
}
