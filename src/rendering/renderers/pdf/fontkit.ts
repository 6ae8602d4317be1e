/**
 * Typed access to fontkit, the font parser pdfkit embeds fonts with. It is
 * pdfkit's dependency, not ours, so it is loaded from pdfkit's own location:
 * the version pdfkit was built against, whatever the install hoists.
 */
import { createRequire } from 'node:module';

/** The part of a fontkit font the renderer reads: glyph coverage and vertical metrics. */
export interface FontkitFont {
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
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
    typeof (value as Partial<FontkitFont>).unitsPerEm === 'number'
  );
}

/** Parses a single TrueType/OpenType font (not a collection). */
export function openFont(buffer: Uint8Array): FontkitFont {
  const font = loadFontkit().create(buffer);
  if (!isFontkitFont(font)) throw new Error('Not a single TrueType/OpenType font');
  return font;
}
