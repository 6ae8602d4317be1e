/**
 * Shaped text and how it reaches the page. pdfkit's `text()` re-measures,
 * re-encodes and re-parses its options for every call, which made drawing a
 * long book cost twenty times its EPUB. Lines here are already measured and
 * positioned, so they go to the content stream directly: a text object per
 * paragraph, the words as glyph ids from a shaping cache that outlives
 * documents, the fonts still embedded and subset by pdfkit.
 */
import { type FontkitFont } from './fontkit';
import { ContentBytes } from './pdf-content-bytes';
import { type FontResource, NARROW_GLYPHS, type NarrowFont, SPACE_CODE, narrowFont } from './pdf-narrow-font';
import { type FontFace, fontkitFont } from './pdf-fonts';

/** Text shaped with OpenType (ligatures, kerning, Arabic joining, mark placement), in display order. */
export interface ShapedText {
  /** The text shaped, in reading order. */
  readonly text: string;
  /** The glyphs run right to left: the last glyph holds the first character. */
  readonly rtl: boolean;
  /** Advance width at a size of 1 pt. */
  readonly width: number;
  readonly glyphIds: readonly number[];
  /** The characters each glyph stands for: several for a ligature, none for a mark split off its letter. */
  readonly chars: readonly string[];
  /** Shaped minus default advance of each glyph (kerning), font units; absent when all are zero. */
  readonly kerning?: readonly number[];
  /** Mark and cursive placement, font units; absent when every offset is zero. */
  readonly offsets?: { readonly x: readonly number[]; readonly y: readonly number[] };
  readonly unitsPerEm: number;
}

// A novel has some tens of thousands of distinct words (a shaped word takes
// some 200 bytes); past this a face's cache starts over rather than grow
// with every book a worker renders.
const SHAPE_CACHE_LIMIT = 40_000;
const shapeCaches = new Map<string, Map<string, ShapedText>>();

/**
 * `text` shaped in `face`. Words recur all through a book and across books,
 * and shaping is the expensive step (GSUB/GPOS lookups, some 0.1 ms a word),
 * so results are kept per process. `rtl` shapes a run that reads right to
 * left and is not in a right-to-left script (punctuation between Arabic
 * words): its glyphs come back reversed, as they are displayed.
 */
export function shape(face: FontFace, text: string, rtl = false): ShapedText {
  const key = rtl ? `${face}:rtl` : face;
  let cache = shapeCaches.get(key);
  if (!cache) {
    cache = new Map();
    shapeCaches.set(key, cache);
  }
  let shaped = cache.get(text);
  if (!shaped) {
    if (cache.size >= SHAPE_CACHE_LIMIT) cache.clear();
    shaped = shapeWith(fontkitFont(face), text, rtl);
    cache.set(text, shaped);
  }
  return shaped;
}

function shapeWith(font: FontkitFont, text: string, rtl: boolean): ShapedText {
  const run = rtl ? font.layout(text, [], undefined, undefined, 'rtl') : font.layout(text, []);
  const glyphIds: number[] = [];
  const chars: string[] = [];
  const kerning: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  let kerned = false;
  let offset = false;
  let width = 0;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const xAdvance = position?.xAdvance ?? glyph.advanceWidth;
    glyphIds.push(glyph.id);
    chars.push(String.fromCodePoint(...glyph.codePoints));
    kerning.push(xAdvance - glyph.advanceWidth);
    x.push(position?.xOffset ?? 0);
    y.push(position?.yOffset ?? 0);
    kerned ||= xAdvance !== glyph.advanceWidth;
    offset ||= Boolean(position?.xOffset || position?.yOffset);
    width += xAdvance;
  });
  const rtlRun = run.direction === 'rtl';
  // fontkit caches a glyph with the characters it was first looked up for, across all text: after
  // a no-break space, the plain space's glyph says U+00A0. Where each character became one glyph
  // and the font maps the character to that very glyph, the character is the text's own.
  const own = Array.from(text);
  if (own.length === chars.length) {
    if (rtlRun) own.reverse();
    own.forEach((char, index) => {
      if (chars[index] !== char && font.glyphForCodePoint(char.codePointAt(0) ?? 0).id === glyphIds[index]) {
        chars[index] = char;
      }
    });
  }
  return {
    text,
    rtl: rtlRun,
    width: width / font.unitsPerEm,
    glyphIds,
    chars,
    // Always present, if undefined: one object shape for every shaped text keeps property reads fast.
    kerning: kerned ? kerning : undefined,
    offsets: offset ? { x, y } : undefined,
    unitsPerEm: font.unitsPerEm,
  };
}

/**
 * The part of pdfkit's embedded font (0.20) this file writes through: the
 * subset that decides which glyphs get embedded, and the widths and
 * characters recorded for its width array and ToUnicode map.
 */
interface EmbeddedFont {
  readonly id: string;
  readonly subset: { includeGlyph(glyphId: number): number; readonly cff?: unknown };
  readonly widths: Array<number | undefined>;
  readonly unicode: Array<readonly number[] | undefined>;
  readonly scale: number;
  ref(): unknown;
}

function isEmbeddedFont(value: unknown): value is EmbeddedFont {
  const font = value as Partial<EmbeddedFont> | null | undefined;
  return (
    typeof font?.id === 'string' &&
    typeof font.subset?.includeGlyph === 'function' &&
    Array.isArray(font.widths) &&
    Array.isArray(font.unicode) &&
    typeof font.scale === 'number' &&
    typeof font.ref === 'function'
  );
}

/** A glyph of a document's subset: its code in each font, as it goes inside a literal string, and its characters. */
interface SubsetGlyph {
  /** One byte, in the narrow font; undefined from glyph 256 on. */
  readonly narrow: string | undefined;
  /** Two bytes, in pdfkit's Identity-H font. */
  readonly wide: string;
  /** The characters the ToUnicode maps give for it. */
  readonly chars: string;
}

/**
 * A word's glyphs and adjustments as written inside a literal string: in
 * the narrow font's one-byte codes when all its glyphs have one, and in the
 * wide font's two bytes once a line needs them (see `write`).
 */
interface Fragment {
  readonly narrow: string | undefined;
  wide: string | undefined;
}

interface DocumentFont {
  readonly face: FontFace;
  readonly embedded: EmbeddedFont;
  readonly fontkit: FontkitFont;
  /** pdfkit's font: every glyph, two bytes each. */
  readonly wide: FontResource;
  /**
   * The subset's first 256 glyphs, one byte each (pdf-narrow-font.ts): made
   * with the first text written in the face (it has pdfkit embed the font,
   * and a face registered for a picture's text may never be written with);
   * null if pdfkit's font is not as expected.
   */
  narrow: NarrowFont | null | undefined;
  /** Glyph id to the glyph in this document's subset. */
  readonly glyphs: Map<number, SubsetGlyph>;
  /** The face's glyph for U+0020. */
  readonly spaceGlyph: number;
  /**
   * The subset id of the space glyph when the narrow font codes it 32 (and
   * the glyph of id 32, if any, with this id), CID 32 as well: the one code
   * PDF's word spacing (`Tw`) applies to, so a justified line's spaces need
   * no adjustment each. Undefined until the space is written, and for good
   * when code 32 cannot be the space's (`spaceCodeTaken`).
   */
  spaceId: number | undefined;
  /**
   * Code 32 cannot be the space's: another glyph took it first (word spacing
   * would stretch that glyph), or the narrow font cannot swap glyphs (CFF
   * outlines; see pdf-narrow-font.ts).
   */
  spaceCodeTaken: boolean;
  /**
   * A word's fragment, which does not depend on the size (see `fragment`). A
   * Map, not a WeakMap: it lives as long as the document, and Map lookups
   * are the faster kind.
   */
  readonly fragments: Map<ShapedText, Fragment>;
  /**
   * Left-to-right words by their text, shaped and written (see `addPiece`);
   * the fragment is absent for words with marks placed, which depend on the size.
   */
  readonly words: Map<string, WrittenWord>;
}

/** A word as a document writes it in one face: its shaping and its fragment (absent where marks are placed). */
interface WrittenWord {
  /** The writer's `document`. */
  readonly document: number;
  readonly shaped: ShapedText;
  readonly fragment: Fragment | undefined;
}

/** What `addPiece` reads of a line's piece, and the slot it keeps the written word in. */
export interface DrawnPiece {
  readonly face: FontFace;
  readonly text: string;
  drawn?: unknown;
}

/**
 * One byte inside a PDF literal string: delimiters and the backslash escaped,
 * line ends too, which readers would normalise. Glyph ids go in literal
 * strings rather than hex: half the bytes to build and to deflate.
 */
function literal(byte: number): string {
  switch (byte) {
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x28:
    case 0x29:
    case 0x5c:
      return `\\${String.fromCharCode(byte)}`;
    default:
      return String.fromCharCode(byte);
  }
}

/** The narrow code of a space written with word spacing, inside a literal string. */
const SPACE_LITERAL = literal(SPACE_CODE);

/** A PDF number rounded to `decimals`, no exponent, no "-0". */
function num(value: number, decimals = 2): string {
  const factor = decimals === 2 ? 100 : 10;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? '0' : String(rounded);
}

const colors = new Map<string, string>();
/** Writers made in this process, each numbering its document. */
let documents = 0;

/** A `#rrggbb` colour as a PDF fill colour operator. */
function fillColor(color: string): string {
  let operator = colors.get(color);
  if (!operator) {
    const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
    const channels = match ? match.slice(1, 4).map((hex) => num(parseInt(hex, 16) / 255)) : ['0', '0', '0'];
    operator = `${channels.join(' ')} rg`;
    colors.set(color, operator);
  }
  return operator;
}

/**
 * The fonts of one document and the text written with them. A line is
 * written as `begin`, `add` for each part in display order, `end`: a book
 * has some hundred thousand parts, and this way none of them is an object.
 *
 * Lines go into one text object (BT/ET) until `flush`, so a page of
 * paragraphs pays for the graphics state, colour and font once, not per line
 * or paragraph (they were a third of a novel's page streams). The object is
 * flushed by anything else written to the document: the writer hooks the
 * document's `addContent`, `addPage` and `switchToPage`, so other drawing
 * never lands under text written before it, nor text on the wrong page.
 *
 * While a line is open, the text ends inside a literal string of a TJ array,
 * `[(`; a word adds its glyph bytes, and anything else (an adjustment, a font
 * change) closes the string first, so consecutive words and spaces share one.
 * The text object is written as bytes (`ContentBytes`), not built as a string.
 */
export class GlyphWriter {
  private readonly fonts = new Map<FontFace, DocumentFont>();
  private lastFont: DocumentFont | undefined;
  /** The open text object's bytes; none pending when there is none. */
  private readonly block = new ContentBytes();
  private blockColor = '';
  private blockFont: FontResource | undefined;
  private blockSize = 0;
  /** The font of the open TJ array of the current line, if one is open. */
  private current: FontResource | undefined;
  private cursor = 0;
  private baseline = 0;
  private size = 0;
  private color = '';
  /** Rounding left over from the previous space's adjustment, thousandths of the size. */
  private carry = 0;
  /** Extra advance of each space in the line being written (justification), in points. */
  private wordSpace = 0;
  /** The word spacing (`Tw`) in effect in the open text object, as written (rounded); the page's is 0. */
  private blockWordSpace = 0;
  /** Where the text object's line matrix stands, as written (rounded): later lines move from it. */
  private originX = 0;
  private originY = 0;
  private positioned = false;

  /** This writer's document among those of the process: what a piece's written word is checked against. */
  private readonly document = (documents += 1);
  /** The document's own `addContent`, which the text goes through. */
  private readonly addContent: (data: unknown) => unknown;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    const hooked = doc as unknown as {
      addContent(data: unknown): unknown;
      addPage(...args: unknown[]): unknown;
      switchToPage(...args: unknown[]): unknown;
    };
    const addContent = hooked.addContent.bind(doc);
    const addPage = hooked.addPage.bind(doc);
    const switchToPage = hooked.switchToPage.bind(doc);
    this.addContent = addContent;
    hooked.addContent = (data) => {
      this.flush();
      return addContent(data);
    };
    hooked.addPage = (...args) => {
      this.flush();
      return addPage(...args);
    };
    hooked.switchToPage = (...args) => {
      this.flush();
      return switchToPage(...args);
    };
  }

  /**
   * Registers the face with the document the first time it is needed, so a
   * book embeds (and reads from disk) only the faces its text uses. Other
   * drawing (SVG text) can then select it by name.
   */
  use(face: FontFace): void {
    this.font(face);
  }

  /**
   * Starts a line at `x` on the baseline `y` (top-down page coordinates);
   * `wordSpace` is the extra advance its spaces will be given (`after`).
   */
  begin(x: number, y: number, size: number, color: string, wordSpace = 0): void {
    this.wordSpace = wordSpace;
    this.color = color;
    this.current = undefined;
    this.cursor = x;
    this.baseline = y;
    this.size = size;
    this.carry = 0;
  }

  /** The next part of the line, left to right; `after` is extra advance in points (a justified space). */
  add(face: FontFace, shaped: ShapedText, after = 0): void {
    const font = this.font(face);
    this.write(font, shaped, this.fragment(font, shaped, this.size), after);
  }

  /**
   * The next word (or space) of a left-to-right line, a piece of it as
   * line-breaking.ts made it, written as `add(face, shape(face, text), after)`
   * would write it. A piece stands in every line its word does (words are
   * measured once per process), so it keeps the word as this document writes
   * it (`drawn`): found by its text the first time, with no lookup at all
   * after that, which is nearly every word and space of a book. The word
   * holds no reference to the document, which the piece outlives.
   */
  addPiece(piece: DrawnPiece, after = 0): void {
    const font = this.font(piece.face);
    let word = piece.drawn as WrittenWord | undefined;
    if (word?.document !== this.document) {
      word = this.wordOf(font, piece.text);
      piece.drawn = word;
    }
    this.write(font, word.shaped, word.fragment ?? this.fragment(font, word.shaped, this.size), after);
  }

  private wordOf(font: DocumentFont, text: string): WrittenWord {
    let word = font.words.get(text);
    if (word === undefined) {
      const shaped = shape(font.face, text);
      const fragment = shaped.offsets ? undefined : this.fragment(font, shaped, this.size);
      word = { document: this.document, shaped, fragment };
      font.words.set(text, word);
    }
    return word;
  }

  /**
   * Writes the fragment in the narrow font where it can, and in the wide one
   * where a glyph needs it. A line that has switched to the wide font stays
   * in it (every glyph has a wide code): text of thousands of different
   * glyphs (Chinese, Japanese) would otherwise switch back and forth.
   */
  private write(font: DocumentFont, shaped: ShapedText, fragment: Fragment, after: number): void {
    const block = this.block;
    let resource = font.wide;
    let codes: string;
    if (fragment.narrow !== undefined && font.narrow && this.current !== font.wide) {
      resource = font.narrow;
      codes = fragment.narrow;
    } else codes = fragment.wide ??= this.codes(font, shaped, this.size, false);
    if (resource !== this.current) {
      if (this.current) block.latin1(')] TJ');
      if (!block.pending) block.latin1('q BT');
      if (this.color !== this.blockColor) {
        block.latin1(` ${fillColor(this.color)}`);
        this.blockColor = this.color;
      }
      if (resource !== this.blockFont || this.size !== this.blockSize) {
        const fonts = (this.doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
        fonts[resource.name] ??= resource.ref();
        block.latin1(` /${resource.name} ${num(this.size)} Tf`);
        this.blockFont = resource;
        this.blockSize = this.size;
      }
      // A stretched line has spaces: its face's space is given its code now, so the first line stretches too.
      if (resource === font.narrow && this.wordSpace !== 0 && font.spaceId === undefined && !font.spaceCodeTaken) {
        this.glyph(font, shape(font.face, ' '), 0);
      }
      // Word spacing applies to every one-byte code 32: the space in a narrow font that codes it so, a letter
      // in one that does not. Two-byte codes never take it, but poppler's text extraction takes it off the
      // advance of the glyph of CID 32 in any font, a letter in the wide ones: there it is 0 too.
      const wordSpace =
        resource === font.narrow && font.spaceId !== undefined ? Math.round(this.wordSpace * 1000) / 1000 : 0;
      if (wordSpace !== this.blockWordSpace) {
        block.latin1(` ${wordSpace} Tw`);
        this.blockWordSpace = wordSpace;
      }
      block.latin1(this.moveTo(this.cursor, this.baseline));
      block.latin1(' [(');
      this.current = resource;
    }
    block.latin1(codes);
    // A space coded 32 has the word spacing already; the adjustment is what it lacks (rounding, or a space
    // written before the line set it).
    const extra = codes === SPACE_LITERAL && resource === font.narrow ? after - this.blockWordSpace : after;
    if (extra !== 0) {
      // Whole thousandths of the size, the rounding carried to the next space: short to write, and
      // the line still ends where it was measured to.
      const exact = (-extra * 1000) / this.size + this.carry;
      const rounded = Math.round(exact);
      this.carry = exact - rounded;
      if (rounded !== 0) {
        block.byte(0x29); // )
        block.integer(rounded);
        block.byte(0x28); // (
      }
    }
    this.cursor += shaped.width * this.size + after;
  }

  /**
   * Positions the next glyph at (x, y). The first position in a text object
   * sets the text matrix, which also turns glyphs upright again on pdfkit's
   * top-down page; later ones move relative to it, which is shorter to write
   * (Td's vertical offset runs upwards, in the flipped text space).
   */
  private moveTo(x: number, y: number): string {
    if (!this.positioned) {
      this.positioned = true;
      this.originX = Math.round(x * 100) / 100;
      this.originY = Math.round(y * 100) / 100;
      return ` 1 0 0 -1 ${num(x)} ${num(y)} Tm`;
    }
    const dx = Math.round((x - this.originX) * 100) / 100;
    const dy = Math.round((this.originY - y) * 100) / 100;
    this.originX += dx;
    this.originY -= dy;
    return ` ${num(dx)} ${num(dy)} Td`;
  }

  /** Ends the line; unless `keepOpen`, the text goes to the page right away. */
  end(keepOpen = false): void {
    if (this.current) this.block.latin1(')] TJ');
    this.current = undefined;
    if (!keepOpen) this.flush();
  }

  /**
   * Writes the open text object to the current page. Due before anything
   * else is drawn and before another page is entered (the document's hooks
   * see to it), and before the document ends.
   */
  flush(): void {
    if (this.block.pending) {
      this.block.latin1(' ET Q\n');
      this.addContent(this.block.take());
    }
    this.blockColor = '';
    this.blockFont = undefined;
    this.blockSize = 0;
    // The text object's `Q` restores the word spacing with the rest of the graphics state.
    this.blockWordSpace = 0;
    this.positioned = false;
  }

  private font(face: FontFace): DocumentFont {
    // Nearly every part of a line is in the face of the part before it.
    if (this.lastFont?.face === face) return this.lastFont;
    let font = this.fonts.get(face);
    if (!font) {
      // pdfkit 0.20 embeds a parsed fontkit font as it is: the process-wide one, shared by every document.
      const fontkit = fontkitFont(face);
      this.doc.registerFont(face, fontkit as unknown as Uint8Array);
      this.doc.font(face);
      const embedded = (this.doc as unknown as { _font?: unknown })._font;
      if (!isEmbeddedFont(embedded)) throw new Error(`pdfkit did not embed ${face} as a TrueType font`);
      const wide = { name: embedded.id, ref: () => embedded.ref() };
      font = {
        face,
        embedded,
        fontkit,
        wide,
        narrow: undefined,
        glyphs: new Map(),
        spaceGlyph: shape(face, ' ').glyphIds[0] ?? 0,
        spaceId: undefined,
        spaceCodeTaken: false,
        fragments: new Map(),
        words: new Map(),
      };
      this.fonts.set(face, font);
    }
    this.lastFont = font;
    return font;
  }

  /** The glyph in the subset, its width and characters recorded the way pdfkit's own `encode` does. */
  private glyph(font: DocumentFont, shaped: ShapedText, index: number): SubsetGlyph {
    const glyphId = shaped.glyphIds[index] ?? 0;
    let glyph = font.glyphs.get(glyphId);
    if (glyph === undefined) {
      const { embedded } = font;
      const subsetId = embedded.subset.includeGlyph(glyphId);
      embedded.widths[subsetId] ??= font.fontkit.getGlyph(glyphId).advanceWidth * embedded.scale;
      embedded.unicode[subsetId] ??= Array.from(shaped.chars[index] ?? '', (char) => char.codePointAt(0) ?? 0);
      // The space takes code 32 (swapping codes with glyph 32, which comes later) unless a glyph has it already.
      if (glyphId === font.spaceGlyph && glyphId !== 0 && !font.spaceCodeTaken && subsetId < NARROW_GLYPHS) {
        font.spaceId = subsetId;
      }
      const code =
        subsetId === font.spaceId ? SPACE_CODE : subsetId === SPACE_CODE ? (font.spaceId ?? subsetId) : subsetId;
      if (code === SPACE_CODE && subsetId !== font.spaceId) font.spaceCodeTaken = true;
      glyph = {
        narrow: subsetId < NARROW_GLYPHS ? literal(code) : undefined,
        wide: literal(subsetId >> 8) + literal(subsetId & 0xff),
        chars: String.fromCodePoint(...(embedded.unicode[subsetId] ?? [])),
      };
      font.glyphs.set(glyphId, glyph);
    }
    return glyph;
  }

  /**
   * The shaped text's fragment: in the narrow font's codes when it has all
   * its glyphs, else (and then) in the wide font's.
   */
  private fragment(font: DocumentFont, shaped: ShapedText, size: number): Fragment {
    const cached = shaped.offsets ? undefined : font.fragments.get(shaped);
    if (cached !== undefined) return cached;
    if (font.narrow === undefined) {
      font.narrow = narrowFont(font.embedded, () => font.spaceId) ?? null;
      if (!font.narrow?.codesSpace) font.spaceCodeTaken = true;
    }
    let narrow = font.narrow !== null;
    // Word spacing would stretch a space glyph inside a word (a no-break space, a joiner drawn as a space):
    // such a word goes in two bytes, as a line does from it on.
    const bare = shaped.text === ' ';
    for (let index = 0; index < shaped.glyphIds.length && narrow; index += 1) {
      const code = this.glyph(font, shaped, index).narrow;
      narrow = code !== undefined && (bare || code !== SPACE_LITERAL || font.spaceId === undefined);
    }
    const fragment: Fragment = narrow
      ? { narrow: this.codes(font, shaped, size, true), wide: undefined }
      : { narrow: undefined, wide: this.codes(font, shaped, size, false) };
    if (!shaped.offsets) font.fragments.set(shaped, fragment);
    return fragment;
  }

  /**
   * Shaped text for the inside of an open literal string: glyph codes, one
   * byte each in the narrow font or two in the wide, with the string closed
   * for an adjustment wherever shaping moved a glyph from its default
   * advance. A mark raised or lowered (Arabic vowels, Hebrew points) needs
   * the text rise, which ends the TJ array and starts a new one; those
   * depend on the size and are not cached.
   */
  private codes(font: DocumentFont, shaped: ShapedText, size: number, narrow: boolean): string {
    const perMille = 1000 / shaped.unitsPerEm;
    let out = '';
    let rise = 0;
    let faithful = true;
    for (let index = 0; index < shaped.glyphIds.length; index += 1) {
      const xOffset = shaped.offsets?.x[index] ?? 0;
      const yOffset = shaped.offsets?.y[index] ?? 0;
      if (yOffset !== rise) {
        rise = yOffset;
        out += `)] TJ ${num((rise * size) / shaped.unitsPerEm)} Ts [(`;
      }
      if (xOffset !== 0) out += `)${num(-xOffset * perMille, 1)}(`;
      const glyph = this.glyph(font, shaped, index);
      faithful &&= glyph.chars === shaped.chars[index];
      out += narrow ? (glyph.narrow as string) : glyph.wide;
      const adjust = (shaped.kerning?.[index] ?? 0) - xOffset;
      if (adjust !== 0) out += `)${num(-adjust * perMille, 1)}(`;
    }
    if (rise !== 0) out += ')] TJ 0 Ts [(';
    if (!faithful || !spells(shaped) || shaped.offsets?.y.some((y) => y !== 0)) out = withActualText(out, shaped.text);
    return out;
  }
}

/** Whether the glyphs' characters, read in reading order, give back the text. */
function spells(shaped: ShapedText): boolean {
  return (shaped.rtl ? [...shaped.chars].reverse() : shaped.chars).join('') === shaped.text;
}

/**
 * Glyphs whose ToUnicode entries cannot tell the text: a font that draws ج
 * as the glyph of ح plus a dot makes the map say ح for both, a glyph shared
 * by two characters can map to one only, and raised marks land on a line of
 * their own in text extraction. The marked-content ActualText carries the
 * real text for copying, search and screen readers.
 */
function withActualText(glyphs: string, text: string): string {
  const utf16 = Buffer.from(text, 'utf16le').swap16().toString('hex');
  return `)] TJ /Span <</ActualText <FEFF${utf16}>>> BDC [(${glyphs})] TJ EMC [(`;
}
