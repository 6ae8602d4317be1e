/**
 * Right-to-left text (Arabic, Hebrew) mixed with left-to-right text. PDF
 * draws glyphs left to right, so lines are broken in reading (logical) order
 * and each line is then put in display order by the Unicode Bidirectional
 * Algorithm, through bidi-js. fontkit already returns the glyphs of one
 * right-to-left word in display order; what is reordered here are the words
 * and the pieces of words in other fonts.
 */
import bidiFactory, { type Bidi } from 'bidi-js';

/** Embedding levels of every UTF-16 unit of a paragraph: odd levels run right to left. */
export interface BidiParagraph {
  readonly levels: Uint8Array;
  /** The paragraph's own level: 1 when it reads right to left. */
  readonly base: number;
}

// Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, NKo and the
// other RTL blocks, presentation forms) and the explicit RTL marks and
// embeddings. A paragraph without any is all level 0 when its base is left to right.
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

let bidi: Bidi | undefined;

function algorithm(): Bidi {
  // The factory unpacks its Unicode tables: done once, and only for books that need it.
  bidi ??= bidiFactory();
  return bidi;
}

/**
 * Levels for a paragraph, or undefined when it is plain left-to-right text
 * (no right-to-left character), which lets most paragraphs skip the algorithm.
 * `direction` forces the paragraph's base direction, `auto` takes it from
 * its first strong character.
 */
export function bidiParagraph(text: string, direction: 'auto' | 'ltr'): BidiParagraph | undefined {
  if (!RIGHT_TO_LEFT.test(text)) return undefined;
  const result = algorithm().getEmbeddingLevels(text, direction);
  return { levels: result.levels, base: result.paragraphs[0]?.level ?? 0 };
}

/**
 * Display order of a line's parts from their levels (rule L2): from the
 * highest level down to the lowest odd one, every maximal sequence at that
 * level or above is reversed.
 */
export function displayOrder<T>(parts: readonly T[], level: (part: T) => number): T[] {
  const order = [...parts];
  const levels = parts.map(level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = levels.reduce((lowest, value) => (value % 2 === 1 ? Math.min(lowest, value) : lowest), highest + 1);
  for (let current = highest; current >= lowestOdd; current -= 1) {
    let index = 0;
    while (index < order.length) {
      if ((levels[index] ?? 0) < current) {
        index += 1;
        continue;
      }
      let end = index;
      while (end + 1 < order.length && (levels[end + 1] ?? 0) >= current) end += 1;
      reverse(order, index, end);
      reverse(levels, index, end);
      index = end + 1;
    }
  }
  return order;
}

function reverse<T>(items: T[], start: number, end: number): void {
  for (let left = start, right = end; left < right; left += 1, right -= 1) {
    const swap = items[left] as T;
    items[left] = items[right] as T;
    items[right] = swap;
  }
}

/** Text in a right-to-left run with brackets and the like swapped for their mirror images (rule L4). */
export function mirrored(text: string): string {
  let result = '';
  for (const char of text) result += algorithm().getMirroredCharacter(char) ?? char;
  return result;
}
