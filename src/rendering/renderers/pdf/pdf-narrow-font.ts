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
 * Glyphs from 256 on stay in pdfkit's font. Session 26 tried one font of
 * mixed widths instead (one byte, then two); MuPDF 1.21 drew it but could
 * not extract the text of its two-byte codes. Here every encoding has one
 * code width, as the PDF readers' common cases do.
 */

/** Glyphs of the subset below this id are written in one byte through the narrow font. */
export const NARROW_GLYPHS = 256;

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

/** The encoding: each one-byte code is the glyph (CID) of that id. */
function narrowEncodingCmap(): string {
  return cmap(ENCODING_NAME, 1, 'Identity', ['1 begincidrange', '<00> <ff> 0', 'endcidrange']);
}

/** The ToUnicode map of the narrow font: the characters of glyphs 0-255 (glyphs without any left out). */
function narrowToUnicodeCmap(unicode: ReadonlyArray<readonly number[] | undefined>): string {
  const entries: string[] = [];
  unicode.slice(0, NARROW_GLYPHS).forEach((codePoints, id) => {
    if (codePoints && codePoints.length > 0) entries.push(`<${hex(id)}> <${utf16Hex(codePoints)}>`);
  });
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
export function narrowFont(embedded: EmbeddedFont): FontResource | undefined {
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
    encoding.end(narrowEncodingCmap());
    const toUnicode = document.ref();
    toUnicode.end(narrowToUnicodeCmap(embedded.unicode));
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
