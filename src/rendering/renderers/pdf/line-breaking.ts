/**
 * Greedy line breaking for runs of mixed fonts. pdfkit's own wrapper measures
 * with one font at a time and cannot report where lines fell, but the layout
 * needs both: the table of contents, boxes and comic panels are sized before
 * they are drawn. Lines break at spaces and, for Chinese and Japanese text
 * (which has none), between wide characters, following the kinsoku rules.
 */
import type { FontFace, TextRun } from './pdf-fonts';

/** Advance width of `text` drawn with `face` at the size being laid out. */
export type Measure = (face: FontFace, text: string) => number;

/** Part of a word in one face. */
export interface Piece {
  readonly face: FontFace;
  readonly text: string;
  readonly width: number;
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
const SPACE_OR_WORD = /\s+|\S+/gu;

function canBreakBetween(previous: string, next: string): boolean {
  if (ATTACHED.test(next) || previous === '\u200d') return false;
  if (!WIDE.test(previous) && !WIDE.test(next)) return false;
  return !NO_LINE_START.has(next) && !NO_LINE_END.has(previous);
}

interface DraftItem {
  pieces: Array<{ face: FontFace; text: string }>;
  space?: FontFace;
}

/** Words and the spaces before them, with break opportunities decided but nothing measured yet. */
function tokenize(runs: readonly TextRun[]): DraftItem[] {
  const items: DraftItem[] = [];
  let current: DraftItem = { pieces: [] };
  let previousChar: string | undefined;
  const closeWord = (): void => {
    if (current.pieces.length > 0) items.push(current);
    current = { pieces: [] };
  };
  const append = (face: FontFace, text: string): void => {
    const last = current.pieces.at(-1);
    if (last && last.face === face) last.text += text;
    else current.pieces.push({ face, text });
  };
  for (const run of runs) {
    for (const [chunk] of run.text.matchAll(SPACE_OR_WORD)) {
      if (/^\s/u.test(chunk)) {
        closeWord();
        // Leading spaces of a paragraph have nothing to separate.
        if (items.length > 0) current.space = run.face;
        previousChar = undefined;
        continue;
      }
      if (!WIDE.test(chunk) && (previousChar === undefined || !WIDE.test(previousChar))) {
        append(run.face, chunk);
        previousChar = chunk.at(-1);
        continue;
      }
      for (const char of chunk) {
        if (previousChar !== undefined && current.pieces.length > 0 && canBreakBetween(previousChar, char)) {
          closeWord();
        }
        append(run.face, char);
        previousChar = char;
      }
    }
  }
  closeWord();
  return items;
}

function measureItem(draft: DraftItem, measure: Measure): LineItem {
  const pieces = draft.pieces.map((piece) => ({ ...piece, width: measure(piece.face, piece.text) }));
  const width = pieces.reduce((sum, piece) => sum + piece.width, 0);
  const space = draft.space ? { face: draft.space, text: ' ', width: measure(draft.space, ' ') } : undefined;
  return space ? { pieces, width, space } : { pieces, width };
}

/**
 * A word wider than a whole line (a URL, a run of symbols) cut at character
 * boundaries into pieces that fit; the alternative is ink off the page.
 */
function splitOverlong(item: LineItem, maxWidth: number, measure: Measure): LineItem[] {
  if (item.width <= maxWidth) return [item];
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
    let text = '';
    let textWidth = 0;
    for (const char of piece.text) {
      const charWidth = measure(piece.face, char);
      if (width + textWidth + charWidth > maxWidth && (text || pieces.length > 0) && !ATTACHED.test(char)) {
        if (text) pieces.push({ face: piece.face, text, width: textWidth });
        width += textWidth;
        flush();
        text = '';
        textWidth = 0;
      }
      text += char;
      textWidth += charWidth;
    }
    if (text) {
      pieces.push({ face: piece.face, text, width: textWidth });
      width += textWidth;
    }
  }
  flush();
  return parts;
}

/** Breaks runs into lines no wider than `widths` (first line, following lines). No runs, no lines. */
export function breakLines(runs: readonly TextRun[], widths: LineWidths, measure: Measure): Line[] {
  const lines: Line[] = [];
  let items: LineItem[] = [];
  let width = 0;
  let spaces = 0;
  const maxWidth = (): number => (lines.length === 0 ? widths.first : widths.rest);
  const narrowest = Math.max(1, Math.min(widths.first, widths.rest));
  for (const draft of tokenize(runs)) {
    for (const item of splitOverlong(measureItem(draft, measure), narrowest, measure)) {
      const gap = items.length > 0 && item.space ? item.space.width : 0;
      // The epsilon keeps a word whose width equals the line, up to rounding, on it.
      if (items.length > 0 && width + gap + item.width > maxWidth() + 1e-6) {
        lines.push({ items, width, spaces });
        items = [{ pieces: item.pieces, width: item.width }];
        width = item.width;
        spaces = 0;
        continue;
      }
      items.push(items.length === 0 ? { pieces: item.pieces, width: item.width } : item);
      width += gap + item.width;
      if (gap > 0) spaces += 1;
    }
  }
  if (items.length > 0) lines.push({ items, width, spaces });
  return lines;
}

/** The text of a line as drawn, with single spaces: for tests and diagnostics. */
export function lineText(line: Line): string {
  return line.items.map((item) => (item.space ? ' ' : '') + item.pieces.map((piece) => piece.text).join('')).join('');
}
