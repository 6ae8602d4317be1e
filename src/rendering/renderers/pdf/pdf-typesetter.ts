/**
 * Text and page flow on top of pdfkit. All text is placed line by line at
 * explicit positions (pdfkit never wraps or breaks pages on its own here), so
 * the layout always knows how tall a block is before drawing it and which
 * page it landed on: what the table of contents, boxed blocks and comic
 * panel grids need.
 */
import type { Hyphenator } from './hyphenation';
import { breakLines, type Line, type LineWidths, type Measure } from './line-breaking';
import { bidiParagraph, displayOrder, mirrored } from './pdf-bidi';
import { type FontFace, type FontStyle, type HanPreference, type Span, splitRuns } from './pdf-fonts';
import { GlyphWriter, shape } from './pdf-glyphs';

export type Align = 'left' | 'center' | 'right' | 'justify';

export interface TextStyle {
  /** Font size, points. */
  readonly size: number;
  /** Distance between baselines, points. */
  readonly leading: number;
  /** Style of text given as a plain string. */
  readonly font: FontStyle;
  readonly color: string;
  readonly align: Align;
  /**
   * `ltr` keeps lines left to right even when they start with Arabic or
   * Hebrew (table-of-contents rows, whose layout assumes it); by default a
   * paragraph reads in the direction of its first letter.
   */
  readonly direction?: 'auto' | 'ltr';
  /** Long words may be hyphenated at line ends (justified body text, narrow captions); never in headings. */
  readonly hyphenate?: boolean;
}

/** Page size and margins, points. */
export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

export type Content = string | readonly Span[];

export interface ParagraphOptions {
  /** Extra left margin of every line. */
  readonly inset?: number;
  /** Extra right margin of every line. */
  readonly insetRight?: number;
  /** First-line offset from the inset: positive indents, negative hangs. */
  readonly indent?: number;
  /** Drawn in the left margin of the first line (list bullets and numbers). */
  readonly marker?: Content;
  readonly spaceBefore?: number;
  readonly spaceAfter?: number;
  /** Room needed below the first lines, so a heading is not left alone at a page foot. */
  readonly keepWithNext?: number;
}

/** A word, part of a word or a space of a line with right-to-left text, with its bidi level. */
interface DisplayPart {
  readonly face: FontFace;
  readonly text: string;
  readonly level: number;
  /** Extra advance after it, points: a justified space. */
  readonly after: number;
}

/**
 * Advance widths at one size, one function per size for the process: line
 * breaking keeps the words it has measured per function (immutable items of
 * face, text and width), so a worker measures a word once for every book it
 * sets, as it shapes it once (`shape`).
 */
const measures = new Map<number, Measure>();

function measureAt(size: number): Measure {
  let measure = measures.get(size);
  if (!measure) {
    measure = (face, text) => shape(face, text).width * size;
    measures.set(size, measure);
  }
  return measure;
}

/** The part of a line box above the baseline, as a share of the font size. */
const ASCENT = 0.8;

export class Typesetter {
  /** Top of the next line on the current page. */
  y: number;
  /** The document's fonts; drawing outside the typesetter (SVG text) registers its faces here. */
  readonly glyphs: GlyphWriter;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly geometry: PageGeometry,
    private readonly onNewPage: (pageIndex: number) => void,
    /** Regional forms for Han characters, from the book's language. */
    private readonly han: HanPreference = 'ja',
    /** Hyphenation points in the book's language; none known, no hyphenation. */
    private readonly hyphenator: Hyphenator | null = null,
  ) {
    this.y = geometry.top;
    this.glyphs = new GlyphWriter(doc);
  }

  get left(): number {
    return this.geometry.left;
  }

  get right(): number {
    return this.geometry.width - this.geometry.right;
  }

  get top(): number {
    return this.geometry.top;
  }

  get bottom(): number {
    return this.geometry.height - this.geometry.bottom;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  get contentHeight(): number {
    return this.bottom - this.top;
  }

  /** 0-based index of the current page. */
  get pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  get remaining(): number {
    return this.bottom - this.y;
  }

  get atPageTop(): boolean {
    return this.y <= this.top + 1e-6;
  }

  newPage(): void {
    // The glyph writer's hook on addPage writes the text set so far to the page it belongs to.
    const { width, height } = this.geometry;
    this.doc.addPage({ size: [width, height], margin: 0 });
    this.y = this.top;
    this.onNewPage(this.pageIndex);
  }

  /** Starts a new page unless `height` still fits below the cursor (or the page is still empty). */
  ensureSpace(height: number): void {
    if (this.y + height > this.bottom + 1e-6 && !this.atPageTop) this.newPage();
  }

  /** Vertical space, dropped at the top of a page. */
  space(amount: number): void {
    if (!this.atPageTop) this.y = Math.min(this.y + amount, this.bottom);
  }

  /** Advance width of text in one face at one size, as shaped for drawing. */
  width(face: FontFace, text: string, size: number): number {
    return shape(face, text).width * size;
  }

  lines(content: Content, style: TextStyle, widths: LineWidths | number): Line[] {
    const spans = typeof content === 'string' ? [{ text: content, style: style.font }] : content;
    const lineWidths = typeof widths === 'number' ? { first: widths, rest: widths } : widths;
    const runs = splitRuns(spans, this.han);
    const text = runs.length === 1 ? (runs[0]?.text ?? '') : runs.map((run) => run.text).join('');
    const bidi = bidiParagraph(text, style.direction ?? 'auto');
    return breakLines(runs, lineWidths, measureAt(style.size), bidi, (style.hyphenate && this.hyphenator) || undefined);
  }

  /**
   * The lines of a paragraph whose text may hold line breaks (`\n`: verse, a
   * letter, an address), each part broken on its own, the first indented;
   * `ends` holds the index of each part's last line, which stays ragged.
   */
  paragraphLines(content: Content, style: TextStyle, widths: LineWidths): { lines: Line[]; ends: Set<number> } {
    if (typeof content !== 'string' || !content.includes('\n')) {
      const lines = this.lines(content, style, widths);
      return { lines, ends: new Set([lines.length - 1]) };
    }
    const lines: Line[] = [];
    const ends = new Set<number>();
    for (const part of content.split('\n')) {
      const partLines = this.lines(
        part,
        style,
        lines.length === 0 ? widths : { first: widths.rest, rest: widths.rest },
      );
      if (partLines.length === 0) continue;
      lines.push(...partLines);
      ends.add(lines.length - 1);
    }
    return { lines, ends };
  }

  /** Width of the content set on one line. */
  naturalWidth(content: Content, style: TextStyle): number {
    return this.lines(content, style, Number.POSITIVE_INFINITY)[0]?.width ?? 0;
  }

  /**
   * One line no wider than `width`, cut with an ellipsis when it does not fit
   * (running heads, table-of-contents rows in narrow columns).
   */
  fitLine(text: string, style: TextStyle, width: number): Line | undefined {
    let candidate = text;
    for (let attempt = 0; attempt < 64; attempt += 1) {
      const line = this.lines(candidate, style, Number.POSITIVE_INFINITY)[0];
      if (!line || line.width <= width) return line;
      const characters = Array.from(candidate.replace(/…$/, ''));
      const keep = Math.min(characters.length - 1, Math.floor((characters.length * width) / line.width));
      if (keep <= 0) return undefined;
      candidate = `${characters.slice(0, keep).join('').trimEnd()}…`;
    }
    return undefined;
  }

  /** How far below a line's top `drawLine` sets its baseline: the line placed by its baseline is at `baseline - offset`. */
  baselineOffset(style: TextStyle): number {
    return (style.leading - style.size) / 2 + style.size * ASCENT;
  }

  /**
   * Draws one line with its top at `top`; the last line of a justified
   * paragraph stays ragged. A right-to-left line is set against the right
   * edge, its words in display order. `keepOpen` lets the next lines join
   * the same text object; the caller then flushes the writer.
   */
  drawLine(line: Line, x: number, top: number, width: number, style: TextStyle, last = true, keepOpen = false): void {
    const slack = Math.max(0, width - line.width);
    const extra = style.align === 'justify' && !last && line.spaces > 0 ? slack / line.spaces : 0;
    let cursor = x;
    if (extra === 0) {
      const align = style.align === 'justify' ? 'left' : style.align;
      if (align === 'center') cursor += slack / 2;
      else if ((align === 'right') !== (line.rtl === true)) cursor += slack;
    }
    const baseline = top + this.baselineOffset(style);
    this.glyphs.begin(cursor, baseline, style.size, style.color, extra);
    if (line.rtl === undefined) {
      // Left-to-right text only: reading order is display order.
      line.items.forEach((item, index) => {
        if (item.space && index > 0) this.glyphs.addPiece(item.space, extra);
        for (const piece of item.pieces) this.glyphs.addPiece(piece);
      });
    } else {
      for (const part of this.displayOrder(line, extra)) {
        const rtl = part.level % 2 === 1;
        this.glyphs.add(part.face, shape(part.face, rtl ? mirrored(part.text) : part.text, rtl), part.after);
      }
    }
    this.glyphs.end(keepOpen);
  }

  /** The parts of a line with right-to-left text, in display order. */
  private displayOrder(line: Line, extra: number): DisplayPart[] {
    const base = line.rtl ? 1 : 0;
    const parts: DisplayPart[] = [];
    line.items.forEach((item, index) => {
      if (item.space && index > 0) {
        parts.push({ face: item.space.face, text: ' ', level: item.space.level ?? base, after: extra });
      }
      for (const piece of item.pieces)
        parts.push({ face: piece.face, text: piece.text, level: piece.level ?? base, after: 0 });
    });
    return displayOrder(parts, (part) => part.level);
  }

  /** Draws lines from `top` down, without page breaks; returns the height used. */
  drawLines(lines: readonly Line[], x: number, top: number, width: number, style: TextStyle): number {
    lines.forEach((line, index) => {
      this.drawLine(line, x, top + index * style.leading, width, style, index === lines.length - 1, true);
    });
    this.glyphs.flush();
    return lines.length * style.leading;
  }

  /** A paragraph in the flow, breaking to new pages as needed. */
  paragraph(content: Content, style: TextStyle, options: ParagraphOptions = {}): void {
    const inset = options.inset ?? 0;
    const indent = options.indent ?? 0;
    const width = this.contentWidth - inset - (options.insetRight ?? 0);
    const { lines, ends } = this.paragraphLines(content, style, { first: width - indent, rest: width });
    if (lines.length === 0) return;
    this.space(options.spaceBefore ?? 0);
    // No single first line at a page foot, paragraphs of up to three lines unbroken,
    // and a heading kept with what follows it.
    const keep = (lines.length <= 3 ? lines.length : 2) * style.leading + (options.keepWithNext ?? 0);
    this.ensureSpace(keep);
    // Insets, indent and marker belong to the side lines start from: the right in a right-to-left paragraph.
    const rtl = lines[0]?.rtl === true;
    const leftInset = rtl ? (options.insetRight ?? 0) : inset;
    let onThisPage = 0;
    const fits = (count: number): boolean => this.y + count * style.leading <= this.bottom + 1e-6;
    /**
     * Where this page would have to end instead, if it would end on a
     * hyphenated line: the first of the hyphenated lines before its foot
     * (at most two in a row), which start the next page together.
     */
    const hyphenatedFoot = (index: number): number | undefined => {
      // The lines that fit below the cursor (what `fits` says, counted at once rather than tried one by one).
      let room = Math.max(0, Math.floor((this.bottom + 1e-6 - this.y) / style.leading));
      while (room > 0 && !fits(room)) room -= 1;
      while (fits(room + 1)) room += 1;
      const last = index + room - 1;
      if (room === 0 || last >= lines.length - 1 || lines[last]?.hyphenated !== true) return undefined;
      let first = last;
      while (first > index && lines[first - 1]?.hyphenated === true) first -= 1;
      return first;
    };
    lines.forEach((line, index) => {
      // Nor a single last line at a page head: the line before it moves along when this page keeps two.
      const widow = index === lines.length - 2 && fits(1) && !fits(2) && onThisPage >= 2;
      // Nor a word broken across pages: the hyphenated lines at the page's foot start the next page, and so
      // does the whole paragraph when that would leave it a single line here.
      const moveFrom = this.atPageTop ? undefined : hyphenatedFoot(index);
      const brokenWord = moveFrom !== undefined && (moveFrom === index || onThisPage + (moveFrom - index) < 2);
      if (!fits(1) || widow || brokenWord) {
        this.newPage();
        onThisPage = 0;
      }
      onThisPage += 1;
      const offset = index === 0 ? indent : 0;
      if (index === 0 && options.marker !== undefined) this.drawMarker(options.marker, style, inset, rtl);
      const x = this.left + leftInset + (rtl ? 0 : offset);
      this.drawLine(line, x, this.y, width - offset, style, ends.has(index), true);
      this.y += style.leading;
    });
    // The text object stays open for the next paragraph; other drawing or a new page closes it.
    this.y = Math.min(this.y + (options.spaceAfter ?? 0), this.bottom);
  }

  private drawMarker(marker: Content, style: TextStyle, inset: number, rtl: boolean): void {
    const line = this.lines(marker, style, Number.POSITIVE_INFINITY)[0];
    if (!line) return;
    const gap = style.size * 0.5;
    const x = rtl
      ? Math.min(this.right - line.width, this.right - inset + gap)
      : Math.max(this.left, this.left + inset - gap - line.width);
    this.drawLine(line, x, this.y, line.width, { ...style, align: 'left' }, true, true);
  }

  /**
   * Text in a filled or outlined box. Kept on one page when it fits on one;
   * a box taller than a page is set as plain paragraphs instead.
   */
  box(
    content: readonly Content[],
    style: TextStyle,
    decoration: {
      fill?: string;
      stroke?: string;
      accent?: string;
      padding: number;
      spaceBefore?: number;
      spaceAfter?: number;
    },
  ): void {
    const { padding } = decoration;
    const accentWidth = decoration.accent ? 3 : 0;
    const innerWidth = this.contentWidth - 2 * padding - accentWidth;
    const blocks = content.map((part) => this.lines(part, style, innerWidth)).filter((lines) => lines.length > 0);
    if (blocks.length === 0) return;
    const paragraphGap = style.leading * 0.4;
    const textHeight =
      blocks.reduce((sum, lines) => sum + lines.length * style.leading, 0) + paragraphGap * (blocks.length - 1);
    const height = textHeight + 2 * padding;
    this.space(decoration.spaceBefore ?? 0);
    if (height > this.contentHeight) {
      for (const part of content) this.paragraph(part, style, { spaceAfter: paragraphGap });
      return;
    }
    this.ensureSpace(height);
    const top = this.y;
    this.doc.save();
    this.doc.lineWidth(0.75);
    if (decoration.fill) this.doc.rect(this.left, top, this.contentWidth, height).fill(decoration.fill);
    if (decoration.stroke) this.doc.rect(this.left, top, this.contentWidth, height).stroke(decoration.stroke);
    if (decoration.accent) this.doc.rect(this.left, top, accentWidth, height).fill(decoration.accent);
    this.doc.restore();
    let y = top + padding;
    for (const lines of blocks) {
      y += this.drawLines(lines, this.left + accentWidth + padding, y, innerWidth, style) + paragraphGap;
    }
    this.y = Math.min(top + height + (decoration.spaceAfter ?? 0), this.bottom);
  }
}
