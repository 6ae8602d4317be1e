/**
 * One byte a glyph for the first 256 glyphs of a font's subset. pdfkit
 * embeds every font with the Identity-H encoding, two bytes a glyph, the
 * first nearly always zero: a book's subset of a Latin face holds a
 * hundred-odd glyphs, and text is most of its page streams (100,000 words:
 * 2.4 MB before compression, half of it those zeros, to build and deflate).
 *
 * The narrow font is a second Type0 font over the same embedded glyphs (the
 * same descendant CIDFont, so nothing is embedded twice) whose encoding is a
 * one-byte CMap, code = glyph id, with a ToUnicode map in the same codes.
 * Glyphs from 256 on stay in pdfkit's font. One exception to code = id:
 * the space glyph is coded 32 (and the glyph of id 32 takes the space's id
 * as its code), because word spacing (`Tw`) applies to the one-byte code 32
 * and to no other, and a justified line then sets its spaces' stretch once.
 *
 * Session 26 tried one font of mixed widths instead (one byte, then two);
 * MuPDF 1.21 drew it but could not extract the text of its two-byte codes.
 * Here every encoding has one code width, as the PDF readers' common cases do.
 */

/** Glyphs of the subset below this id are written in one byte through the narrow font. */
export const NARROW_GLYPHS = 256;
/** The code PDF's word spacing applies to, in a font of one-byte codes. */
export const SPACE_CODE = 32;

/** A font as a page names it in its resources. */
export interface FontResource {
  readonly name: string;
  /** The font's dictionary, to list in a page's resources. */
  ref(): unknown;
}

/** The parts of pdfkit's (0.20) `EmbeddedFont` this file reads and hooks, as pdf-glyphs.ts has checked them. */
interface EmbeddedFont {
  readonly id: string;
  readonly unicode: ReadonlyArray<readonly number[] | undefined>;
  ref(): unknown;
}

/** What an embedded font keeps of its document: where it makes new objects. */
interface FontDocument {
  ref(data?: Record<string, unknown>): PdfkitReference;
}

interface PdfkitReference {
  data: Record<string, unknown>;
  end(chunk?: unknown): unknown;
}

function fontDocument(font: EmbeddedFont): FontDocument | undefined {
  const document = (font as { document?: Partial<FontDocument> }).document;
  return typeof document?.ref === 'function' ? (document as FontDocument) : undefined;
}

function isReference(value: unknown): value is PdfkitReference {
  const reference = value as Partial<PdfkitReference> | null | undefined;
  return typeof reference?.end === 'function' && typeof reference.data === 'object' && reference.data !== null;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

/** UTF-16BE of code points, in hex, as a ToUnicode map gives a glyph's characters. */
function utf16Hex(codePoints: readonly number[]): string {
  return Buffer.from(String.fromCodePoint(...codePoints), 'utf16le')
    .swap16()
    .toString('hex');
}

function cmap(name: string, type: 1 | 2, ordering: string, body: readonly string[]): string {
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    `/CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement 0 >> def`,
    `/CMapName /${name} def`,
    `/CMapType ${type} def`,
    '1 begincodespacerange',
    '<00> <ff>',
    'endcodespacerange',
    ...body,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

const ENCODING_NAME = 'Scriptorium-Narrow-H';

/** The glyph (CID) a code stands for, or the code a glyph has: code = id, but for the space's id and 32, swapped. */
function swapped(value: number, spaceId: number | undefined): number {
  if (spaceId === undefined) return value;
  return value === spaceId ? SPACE_CODE : value === SPACE_CODE ? spaceId : value;
}

/** The encoding: each one-byte code is the glyph (CID) of that id, but for the space's and 32, swapped. */
function narrowEncodingCmap(spaceId: number | undefined): string {
  if (spaceId === undefined || spaceId === SPACE_CODE) {
    return cmap(ENCODING_NAME, 1, 'Identity', ['1 begincidrange', '<00> <ff> 0', 'endcidrange']);
  }
  const [low, high] = spaceId < SPACE_CODE ? [spaceId, SPACE_CODE] : [SPACE_CODE, spaceId];
  // Code = CID everywhere but at the two swapped codes, which are single entries between the ranges.
  const ranges = [
    [0, low - 1],
    [low + 1, high - 1],
    [high + 1, NARROW_GLYPHS - 1],
  ].filter(([from = 0, to = 0]) => from <= to);
  return cmap(ENCODING_NAME, 1, 'Identity', [
    `${ranges.length} begincidrange`,
    ...ranges.map(([from = 0, to = 0]) => `<${hex(from)}> <${hex(to)}> ${from}`),
    'endcidrange',
    '2 begincidchar',
    `<${hex(low)}> ${high}`,
    `<${hex(high)}> ${low}`,
    'endcidchar',
  ]);
}

/** The ToUnicode map of the narrow font: the characters of glyphs 0-255 by their codes (glyphs without any left out). */
function narrowToUnicodeCmap(
  unicode: ReadonlyArray<readonly number[] | undefined>,
  spaceId: number | undefined,
): string {
  const entries: string[] = [];
  for (let code = 0; code < NARROW_GLYPHS; code += 1) {
    const codePoints = unicode[swapped(code, spaceId)];
    if (codePoints && codePoints.length > 0) entries.push(`<${hex(code)}> <${utf16Hex(codePoints)}>`);
  }
  const body: string[] = [];
  // At most 100 entries a block, as the CMap format asks.
  for (let at = 0; at < entries.length; at += 100) {
    const block = entries.slice(at, at + 100);
    body.push(`${block.length} beginbfchar`, ...block, 'endbfchar');
  }
  return cmap('Scriptorium-Narrow-UCS', 2, 'UCS', body);
}

/**
 * The narrow font beside a font pdfkit embedded, written when pdfkit writes
 * that font (at the document's end, when the subset is known); undefined,
 * with the font left as it was, when it is not the kind of object this
 * version of pdfkit makes: the caller then writes every glyph in two bytes.
 */
export function narrowFont(
  embedded: EmbeddedFont,
  /** The subset id of the glyph coded 32 as the space (see SPACE_CODE), known by the document's end. */
  spaceId: () => number | undefined,
): FontResource | undefined {
  const document = fontDocument(embedded);
  if (!document) return undefined;
  // Asking for pdfkit's dictionary makes pdfkit embed the font, which the narrow font's glyphs live in.
  const wide = embedded.ref();
  if (!isReference(wide)) return undefined;
  const dictionary = document.ref();
  const end = wide.end.bind(wide);
  // pdfkit fills in its dictionary (BaseFont, DescendantFonts) and ends it as the last step of embedding.
  wide.end = (chunk?: unknown) => {
    const encoding = document.ref({
      Type: 'CMap',
      CMapName: ENCODING_NAME,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    });
    encoding.end(narrowEncodingCmap(spaceId()));
    const toUnicode = document.ref();
    toUnicode.end(narrowToUnicodeCmap(embedded.unicode, spaceId()));
    dictionary.data = {
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: wide.data.BaseFont,
      Encoding: encoding,
      DescendantFonts: wide.data.DescendantFonts,
      ToUnicode: toUnicode,
    };
    dictionary.end();
    return end(chunk);
  };
  return { name: `${embedded.id}N`, ref: () => dictionary };
}
