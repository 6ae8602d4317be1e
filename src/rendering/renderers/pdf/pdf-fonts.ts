/**
 * The fonts a PDF is set in and the per-character fallback between them.
 * pdfkit's built-in fonts are Latin-1 only, so every string is split into
 * runs by which embedded face has a glyph for each character: Noto Serif
 * covers Latin (with accents), Greek and Cyrillic; Noto Sans JP adds kana and
 * kanji. Both ship as npm packages, so rendering needs no system fonts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FontkitFont, openFont } from './fontkit';

export type FontStyle = 'regular' | 'bold' | 'italic';

export const FONT_FACES = ['serif', 'serif-bold', 'serif-italic', 'cjk', 'cjk-bold'] as const;
/** A registered font of the document; the names double as pdfkit font names. */
export type FontFace = (typeof FONT_FACES)[number];

const FACE_FILES: Record<FontFace, { pkg: string; file: string }> = {
  serif: { pkg: '@expo-google-fonts/noto-serif', file: '400Regular/NotoSerif_400Regular.ttf' },
  'serif-bold': { pkg: '@expo-google-fonts/noto-serif', file: '700Bold/NotoSerif_700Bold.ttf' },
  'serif-italic': { pkg: '@expo-google-fonts/noto-serif', file: '400Regular_Italic/NotoSerif_400Regular_Italic.ttf' },
  cjk: { pkg: '@expo-google-fonts/noto-sans-jp', file: '400Regular/NotoSansJP_400Regular.ttf' },
  'cjk-bold': { pkg: '@expo-google-fonts/noto-sans-jp', file: '700Bold/NotoSansJP_700Bold.ttf' },
};

/**
 * Faces tried in order for each style. Noto Sans JP has no italic, so italic
 * Japanese falls back to upright: slanting kanji is not a Japanese convention anyway.
 */
export const FALLBACK_CHAINS: Record<FontStyle, readonly [FontFace, ...FontFace[]]> = {
  regular: ['serif', 'cjk'],
  bold: ['serif-bold', 'cjk-bold'],
  italic: ['serif-italic', 'cjk'],
};

export interface Span {
  readonly text: string;
  readonly style: FontStyle;
}

/** Text drawn with one face. */
export interface TextRun {
  readonly face: FontFace;
  readonly text: string;
}

export function fontFile(face: FontFace): string {
  const { pkg, file } = FACE_FILES[face];
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

// Read once per process: the Japanese faces are 5 MB each, and every PDF registers them.
const fontBuffers = new Map<FontFace, Buffer>();
const fontkitFonts = new Map<FontFace, FontkitFont>();

export function fontData(face: FontFace): Buffer {
  let data = fontBuffers.get(face);
  if (!data) {
    data = readFileSync(fontFile(face));
    fontBuffers.set(face, data);
  }
  return data;
}

function fontkitFont(face: FontFace): FontkitFont {
  let font = fontkitFonts.get(face);
  if (!font) {
    font = openFont(fontData(face));
    fontkitFonts.set(face, font);
  }
  return font;
}

// Combining marks (variation selectors included), format characters (ZWJ) and
// whitespace take the face of the character before them: a mark drawn in
// another font than its base would not combine, and a space should not cut a run.
const ATTACHED = /^[\p{M}\p{Cf}\s]$/u;
const FOLLOWS_PREVIOUS = -1;
const classifications: Record<FontStyle, Map<number, number>> = {
  regular: new Map(),
  bold: new Map(),
  italic: new Map(),
};

/** Index in the style's chain of the face to draw `char` with, or FOLLOWS_PREVIOUS. */
function classify(char: string, codePoint: number, style: FontStyle): number {
  const cache = classifications[style];
  let index = cache.get(codePoint);
  if (index === undefined) {
    index = ATTACHED.test(char) ? FOLLOWS_PREVIOUS : coveringIndex(codePoint, FALLBACK_CHAINS[style]);
    cache.set(codePoint, index);
  }
  return index;
}

/**
 * The first face with a glyph for the code point. A character no face has
 * (emoji, scripts beyond Latin/Greek/Cyrillic/Japanese) stays with the primary
 * face: it shows as that font's missing-glyph box instead of vanishing.
 */
function coveringIndex(codePoint: number, chain: readonly FontFace[]): number {
  const index = chain.findIndex((face) => fontkitFont(face).hasGlyphForCodePoint(codePoint));
  return Math.max(index, 0);
}

/** Splits styled text into runs of one face each, in order, without losing or reordering characters. */
export function splitRuns(spans: readonly Span[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const span of spans) {
    const chain = FALLBACK_CHAINS[span.style];
    let face: FontFace | undefined;
    let start = 0;
    let offset = 0;
    for (const char of span.text) {
      const index = classify(char, char.codePointAt(0) ?? 0, span.style);
      const charFace = index === FOLLOWS_PREVIOUS ? (face ?? chain[0]) : (chain[index] ?? chain[0]);
      if (charFace !== face && face !== undefined && offset > start) {
        pushRun(runs, face, span.text.slice(start, offset));
        start = offset;
      }
      face = charFace;
      offset += char.length;
    }
    if (face !== undefined && offset > start) pushRun(runs, face, span.text.slice(start, offset));
  }
  return runs;
}

function pushRun(runs: TextRun[], face: FontFace, text: string): void {
  const last = runs.at(-1);
  if (last && last.face === face) runs[runs.length - 1] = { face, text: last.text + text };
  else runs.push({ face, text });
}

/**
 * The one face that can draw all of `text`, for drawing we cannot split into
 * runs (text inside SVG illustrations): the first face of the style's chain
 * with every glyph, else the one missing the fewest.
 */
export function faceForText(text: string, style: FontStyle): FontFace {
  const codePoints = Array.from(text)
    .filter((char) => !ATTACHED.test(char))
    .map((char) => char.codePointAt(0) ?? 0);
  const chain = FALLBACK_CHAINS[style];
  let best: { face: FontFace; missing: number } | undefined;
  for (const face of chain) {
    const font = fontkitFont(face);
    const missing = codePoints.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint)).length;
    if (missing === 0) return face;
    if (!best || missing < best.missing) best = { face, missing };
  }
  return best?.face ?? chain[0];
}
