/**
 * Glyph codes of one byte where one will do. pdfkit embeds every font with
 * the Identity-H encoding: two bytes for every glyph drawn, the first nearly
 * always zero, since a book's subset of a Latin face holds a hundred-odd
 * glyphs. Text is most of a book's page streams, so they were twice the size
 * they need be, to build and to deflate (100,000 words: 2.4 MB before
 * compression). Here a font gets an embedded CMap of mixed widths, as the
 * CJK encodings have: codes 00-7F are the subset's first 128 glyphs, and
 * glyphs from 128 on take two bytes, 8000 plus their id. The ToUnicode map
 * speaks the same codes, so text still copies and searches.
 */

/** Codes below this are one byte, the glyph's id. */
const ONE_BYTE_LIMIT = 0x80;
/** Two-byte codes carry the id in 15 bits. */
export const MAX_SUBSET_GLYPHS = 0x8000;
/** Entries one `begin...` block of a CMap may hold. */
const CMAP_BLOCK = 100;

/** The bytes of the code for subset glyph `id` (see the file comment). */
export function glyphCodeBytes(id: number): number[] {
  if (id < ONE_BYTE_LIMIT) return [id];
  if (id >= MAX_SUBSET_GLYPHS) throw new Error(`a font subset of more than ${MAX_SUBSET_GLYPHS} glyphs`);
  return [0x80 | (id >> 8), id & 0xff];
}

function hex(bytes: readonly number[]): string {
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** UTF-16BE of code points, in hex, as a ToUnicode map writes a glyph's characters. */
function utf16Hex(codePoints: readonly number[]): string {
  return Buffer.from(String.fromCodePoint(...codePoints), 'utf16le')
    .swap16()
    .toString('hex');
}

/** Lines in blocks of at most CMAP_BLOCK, each between `begin<what>` and `end<what>`. */
function blocks(what: string, lines: readonly string[]): string {
  const out: string[] = [];
  for (let at = 0; at < lines.length; at += CMAP_BLOCK) {
    const block = lines.slice(at, at + CMAP_BLOCK);
    out.push(`${block.length} begin${what}`, ...block, `end${what}`);
  }
  return out.join('\n');
}

const CODESPACE = blocks('codespacerange', ['<00> <7f>', '<8000> <ffff>']);

function cmap(name: string, type: 1 | 2, ordering: string, body: string): string {
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    `/CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement 0 >> def`,
    `/CMapName /${name} def`,
    `/CMapType ${type} def`,
    CODESPACE,
    body,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** The encoding: each code to the glyph (CID) it names, for a subset of `glyphs` glyphs. */
export function encodingCmap(glyphs: number): string {
  const ranges = [`<00> <7f> 0`];
  for (let high = 0; high <= (Math.max(glyphs, 1) - 1) >> 8; high += 1) {
    const first = hex([0x80 | high]);
    ranges.push(`<${first}00> <${first}ff> ${high * 256}`);
  }
  return cmap(ENCODING_NAME, 1, 'Identity', blocks('cidrange', ranges));
}

/** The ToUnicode map: each glyph's code to the characters it stands for (glyphs without any are left out). */
export function toUnicodeCmap(unicode: ReadonlyArray<readonly number[] | undefined>): string {
  const entries: string[] = [];
  unicode.forEach((codePoints, id) => {
    if (codePoints && codePoints.length > 0) entries.push(`<${hex(glyphCodeBytes(id))}> <${utf16Hex(codePoints)}>`);
  });
  return cmap('Scriptorium-UCS', 2, 'UCS', blocks('bfchar', entries));
}

const ENCODING_NAME = 'Scriptorium-OneByte-H';

/** The parts of pdfkit's (0.20) `EmbeddedFont` this file replaces or reads. */
interface PdfkitEmbeddedFont {
  document: { ref(data?: Record<string, unknown>): PdfkitReference };
  unicode: Array<readonly number[] | undefined>;
  widths: unknown[];
  ref(): PdfkitReference;
  encode(text: string, features?: unknown): [string[], unknown];
  toUnicodeCmap(): PdfkitReference;
}

interface PdfkitReference {
  data: Record<string, unknown>;
  end(chunk?: unknown): unknown;
}

function isPdfkitEmbeddedFont(value: unknown): value is PdfkitEmbeddedFont {
  const font = value as Partial<PdfkitEmbeddedFont> | null | undefined;
  return (
    typeof font?.document?.ref === 'function' &&
    Array.isArray(font.unicode) &&
    Array.isArray(font.widths) &&
    typeof font.ref === 'function' &&
    typeof font.encode === 'function' &&
    typeof font.toUnicodeCmap === 'function'
  );
}

/**
 * Makes a font pdfkit embedded write the codes of this file: its encoding
 * and ToUnicode map when the document ends, and its own text (SVG text drawn
 * through pdfkit) in them. False, with the font left as pdfkit made it, when
 * it is not the kind of object this version of pdfkit makes: the caller then
 * writes Identity-H's two bytes.
 */
export function useShortCodes(embedded: unknown): boolean {
  if (!isPdfkitEmbeddedFont(embedded)) return false;
  const dictionary = embedded.ref();
  if (typeof dictionary?.end !== 'function' || typeof dictionary.data !== 'object') return false;
  const { document } = embedded;
  const encode = embedded.encode.bind(embedded);
  embedded.encode = (text, features) => {
    const [codes, positions] = encode(text, features);
    return [codes.map((code) => hex(glyphCodeBytes(parseInt(code, 16)))), positions];
  };
  embedded.toUnicodeCmap = () => {
    const map = document.ref();
    map.end(toUnicodeCmap(embedded.unicode));
    return map;
  };
  // pdfkit writes the font's dictionary, Encoding: Identity-H, as the last step of embedding it.
  const end = dictionary.end.bind(dictionary);
  dictionary.end = (chunk) => {
    const encoding = document.ref({
      Type: 'CMap',
      CMapName: ENCODING_NAME,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    });
    encoding.end(encodingCmap(embedded.widths.length));
    dictionary.data.Encoding = encoding;
    return end(chunk);
  };
  return true;
}
