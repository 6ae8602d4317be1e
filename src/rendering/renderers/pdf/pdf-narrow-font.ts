/**
 * One byte a glyph for the first 256 glyphs of a font's subset. pdfkit
 * embeds every font with the Identity-H encoding, two bytes a glyph, the
 * first nearly always zero: a book's subset of a Latin face holds a
 * hundred-odd glyphs, and text is most of its page streams (100,000 words:
 * 2.4 MB before compression, half of it those zeros, to build and deflate).
 *
 * The narrow font is a second Type0 font over the same embedded glyphs (the
 * same font program, so nothing is embedded twice) whose encoding is a
 * one-byte CMap, code = CID, with a ToUnicode map in the same codes. Glyphs
 * from 256 on stay in pdfkit's font. The space is coded 32, because word
 * spacing (`Tw`) applies to the one-byte code 32 and to no other, and a
 * justified line then sets its spaces' stretch once; the glyph of subset id
 * 32 takes the space's id as its code.
 *
 * That swap is made in the glyphs, not in the encoding: CID 32 must be the
 * space too. poppler's text extraction takes the word spacing back off the
 * advance of the character whose CID is 32 (its "code" in a CID font is the
 * CID), so an encoding that sent code 32 to the space's CID left a letter
 * at CID 32 short by the word spacing in every justified line, and a gap
 * after it that split its word ("Then a ga in"). The narrow font therefore
 * has its own CIDFont (CIDFontType2) over the shared font program, whose
 * CIDToGIDMap swaps the two glyphs and whose widths follow; without a swap
 * it shares pdfkit's CIDFont. A font of CFF outlines (CIDFontType0) has no
 * CIDToGIDMap: its space is never coded 32 (see `codesSpace`).
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

/** The narrow font of an embedded font. */
export interface NarrowFont extends FontResource {
  /**
   * Whether its space may be coded 32: the font's outlines are TrueType,
   * whose CIDFont maps CIDs to glyphs (CIDToGIDMap), so the space can be
   * CID 32 as well. CFF outlines have no such map.
   */
  readonly codesSpace: boolean;
}

/** The parts of pdfkit's (0.20) `EmbeddedFont` this file reads and hooks, as pdf-glyphs.ts has checked them. */
interface EmbeddedFont {
  readonly id: string;
  /** pdfkit embeds a subset with a `cff` table as CFF outlines (CIDFontType0), any other as TrueType. */
  readonly subset: { readonly cff?: unknown };
  readonly widths: ReadonlyArray<number | undefined>;
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

/** The glyph (subset id) of a code and CID, or the code of a glyph: the same, but for the space's id and 32, swapped. */
function swapped(value: number, spaceId: number | undefined): number {
  if (spaceId === undefined) return value;
  return value === spaceId ? SPACE_CODE : value === SPACE_CODE ? spaceId : value;
}

/** The encoding: each one-byte code is the CID of that number. */
function narrowEncodingCmap(): string {
  return cmap(ENCODING_NAME, 1, 'Identity', ['1 begincidrange', '<00> <ff> 0', 'endcidrange']);
}

/** The narrow CIDs in use: those of the subset's first 256 glyphs, and 32, the space's, when it is swapped in. */
function narrowCids(widths: ReadonlyArray<number | undefined>, spaceId: number | undefined): number {
  return Math.min(NARROW_GLYPHS, Math.max(widths.length, spaceId === undefined ? 0 : SPACE_CODE + 1));
}

/** Two bytes a CID, high byte first: the glyph (subset id) each CID of the narrow font draws. */
function cidToGidMap(cids: number, spaceId: number): Buffer {
  const map = Buffer.alloc(cids * 2);
  for (let cid = 0; cid < cids; cid += 1) map.writeUInt16BE(swapped(cid, spaceId), cid * 2);
  return map;
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
 * pdfkit's CIDFont with the space's glyph and glyph 32's swapped, for the
 * narrow font: a CIDToGIDMap that draws the space at CID 32 (and glyph 32 at
 * the space's id), and the widths that go with it. The font program stays
 * pdfkit's.
 */
function swappedCidFont(
  document: FontDocument,
  embedded: EmbeddedFont,
  wide: PdfkitReference,
  spaceId: number,
): PdfkitReference {
  const [descendant] = (wide.data.DescendantFonts as unknown[] | undefined) ?? [];
  if (embedded.subset.cff != null || !isReference(descendant) || descendant.data.Subtype !== 'CIDFontType2') {
    throw new Error(`The narrow font of ${embedded.id} codes its space 32, but its CIDs cannot be mapped to glyphs`);
  }
  const cids = narrowCids(embedded.widths, spaceId);
  const map = document.ref();
  map.end(cidToGidMap(cids, spaceId));
  const font = document.ref({
    ...descendant.data,
    W: [0, Array.from({ length: cids }, (_, cid) => embedded.widths[swapped(cid, spaceId)] ?? 0)],
    CIDToGIDMap: map,
  });
  font.end();
  return font;
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
): NarrowFont | undefined {
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
    const space = spaceId();
    const toUnicode = document.ref();
    toUnicode.end(narrowToUnicodeCmap(embedded.unicode, space));
    dictionary.data = {
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: wide.data.BaseFont,
      Encoding: encoding,
      DescendantFonts:
        space === undefined || space === SPACE_CODE
          ? wide.data.DescendantFonts
          : [swappedCidFont(document, embedded, wide, space)],
      ToUnicode: toUnicode,
    };
    dictionary.end();
    return end(chunk);
  };
  return { name: `${embedded.id}N`, ref: () => dictionary, codesSpace: embedded.subset.cff == null };
}
