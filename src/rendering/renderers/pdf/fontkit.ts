/**
 * Typed access to fontkit, the font parser pdfkit embeds fonts with. It is
 * pdfkit's dependency, not ours, so it is loaded from pdfkit's own location:
 * the version pdfkit was built against, whatever the install hoists.
 */
import { createRequire } from 'node:module';

export interface FontkitGlyph {
  readonly id: number;
  /** Default advance, font units: what the PDF's width table says for the glyph. */
  readonly advanceWidth: number;
  /** The characters the glyph stands for (several for a ligature): what text extraction gives back. */
  readonly codePoints: readonly number[];
}

/** Where shaping placed a glyph, font units. */
export interface FontkitPosition {
  readonly xAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
}

/** Shaped text: glyphs in visual order (fontkit reverses right-to-left runs) and their positions. */
export interface FontkitGlyphRun {
  readonly glyphs: readonly FontkitGlyph[];
  readonly positions: readonly FontkitPosition[];
  /** `rtl` when the glyphs were reversed into display order. */
  readonly direction: 'ltr' | 'rtl';
}

/** The part of a fontkit font the renderer reads: coverage, metrics and OpenType shaping. */
export interface FontkitFont {
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  getGlyph(glyphId: number): FontkitGlyph;
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  layout(
    text: string,
    features?: readonly string[],
    script?: string,
    language?: string,
    direction?: 'ltr' | 'rtl',
  ): FontkitGlyphRun;
}

interface Fontkit {
  create(buffer: Uint8Array): unknown;
}

let fontkit: Fontkit | undefined;

function loadFontkit(): Fontkit {
  fontkit ??= createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;
  return fontkit;
}

function isFontkitFont(value: unknown): value is FontkitFont {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<FontkitFont>).hasGlyphForCodePoint === 'function' &&
    typeof (value as Partial<FontkitFont>).layout === 'function' &&
    typeof (value as Partial<FontkitFont>).getGlyph === 'function' &&
    typeof (value as Partial<FontkitFont>).glyphForCodePoint === 'function' &&
    typeof (value as Partial<FontkitFont>).unitsPerEm === 'number'
  );
}

/** Parses a single TrueType/OpenType font (not a collection). */
export function openFont(buffer: Uint8Array): FontkitFont {
  const font = loadFontkit().create(buffer);
  if (!isFontkitFont(font)) throw new Error('Not a single TrueType/OpenType font');
  return font;
}
