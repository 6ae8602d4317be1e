/**
 * Comic and manga panels as a page grid: framed cells of two columns (one
 * for a lone panel), each with its artwork (or the artist's direction when
 * there is none), a caption box and the dialogue. Manga rows run right to
 * left. The rows of a comic page share the printed page's height, so the
 * page is one printed page; when they cannot (too many panels or words), a
 * row moves to the next page whole, and a panel whose text cannot fit a page
 * at all is set as ordinary paragraphs instead.
 */
import type { PanelBlock } from '../../../book/book-document';
import { cleanInline, formatNumber } from '../text-helpers';
import type { Line } from './line-breaking';
import type { Span } from './pdf-fonts';
import { type ImageLibrary, type PreparedImage, fitInto } from './pdf-images';
import type { TextStyle, Typesetter } from './pdf-typesetter';

const PANEL_TEXT: TextStyle = {
  size: 8.5,
  leading: 11.5,
  font: 'regular',
  color: '#1f1d1a',
  align: 'left',
  hyphenate: true,
};
const PANEL_CAPTION: TextStyle = { ...PANEL_TEXT, font: 'italic' };
const PANEL_ART: TextStyle = { ...PANEL_TEXT, font: 'italic', color: '#6b645b' };
const PANEL_NUMBER: TextStyle = { size: 7.5, leading: 10, font: 'bold', color: '#1f1d1a', align: 'center' };
const CAPTION_FILL = '#f6efe4';
const ART_FILL = '#efebe4';

const GUTTER = 10;
const PADDING = 6;
const INNER_GAP = 5;
const BOX_PADDING = 4;
const NUMBER_BADGE = 12;
/** The least art height a row may be given so that a whole comic page fits on one printed page. */
const PAGE_ART_MIN = 70;

/** Speech balloons and the caption box laid over the art take at most this share of the panel's width. */
const BALLOON_SHARE = 0.74;
const BALLOON_PADDING = 4;
const BALLOON_GAP = 9;
const BALLOON_TAIL = 6;

interface CellPlan {
  readonly panel: PanelBlock;
  readonly art?: PreparedImage;
  /** The artist's direction, shown when there is no artwork. */
  readonly direction: readonly Line[];
  readonly caption: readonly Line[];
  readonly dialogue: ReadonlyArray<readonly Line[]>;
  /** The same words set narrower, for the caption box and balloons laid over the art. */
  readonly overlay: { readonly caption: readonly Line[]; readonly balloons: ReadonlyArray<readonly Line[]> };
}

export class PanelGrid {
  constructor(
    private readonly ts: Typesetter,
    private readonly images: ImageLibrary,
    private readonly rightToLeft: boolean,
  ) {}

  layOut(panels: readonly PanelBlock[]): void {
    const ts = this.ts;
    const columns = panels.length === 1 ? 1 : 2;
    const cellWidth = (ts.contentWidth - GUTTER * (columns - 1)) / columns;
    const inner = cellWidth - 2 * PADDING;
    const artLimit = ts.contentHeight * (columns === 1 ? 0.55 : 0.4);
    const rows: CellPlan[][] = [];
    for (let start = 0; start < panels.length; start += columns) {
      rows.push(panels.slice(start, start + columns).map((panel) => this.plan(panel, inner)));
    }
    // Words go in balloons over the art when they fit there (decided once the art's height is known); until
    // then every panel with art is assumed to hold its words, so the art is sized as large as the page allows.
    const overlaid = new Set<CellPlan>(rows.flat().filter((cell) => cell.art !== undefined));
    const below = (cell: CellPlan) => (overlaid.has(cell) ? 0 : this.textHeight(cell));
    const fixedOf = (cells: readonly CellPlan[]) =>
      Math.max(...cells.map(below)) + 2 * PADDING + (cells.some((cell) => below(cell) > 0) ? INNER_GAP : 0);
    // A comic page is one printed page: the art of every row shrinks alike so that all rows fit below the
    // cursor, down to PAGE_ART_MIN; a page with more than that holds runs on, row by row.
    const room = ts.bottom - ts.y - 4 - GUTTER * (rows.length - 1);
    const sharedArt = (): number | undefined => {
      const shared = (room - rows.reduce((sum, cells) => sum + fixedOf(cells), 0)) / rows.length;
      return shared >= PAGE_ART_MIN ? Math.min(artLimit, shared) : undefined;
    };
    const keepOverlaysThatFit = (cells: readonly CellPlan[], artHeight: number): void => {
      for (const cell of cells) {
        if (overlaid.has(cell) && this.overlayHeight(cell) > this.artBox(cell, inner, artHeight) - 2 * BOX_PADDING)
          overlaid.delete(cell);
      }
    };
    let pageArt = sharedArt();
    if (pageArt !== undefined) {
      // Panels whose words did not fit over their art take them below it: the art is shared out again.
      keepOverlaysThatFit(rows.flat(), pageArt);
      pageArt = sharedArt();
    }
    for (const [row, cells] of rows.entries()) {
      const start = row * columns;
      // Art shrinks before a row leaves its page; it never goes below a thumbnail.
      const artHeight = pageArt ?? Math.max(40, Math.min(artLimit, ts.contentHeight - fixedOf(cells)));
      keepOverlaysThatFit(cells, artHeight);
      const textHeights = cells.map(below);
      const rowHeight = Math.max(
        ...cells.map((cell, index) => this.cellHeight(cell, inner, artHeight, textHeights[index] ?? 0)),
      );
      if (rowHeight > ts.contentHeight) {
        for (const cell of cells) this.asParagraphs(cell.panel);
        continue;
      }
      ts.space(start === 0 ? 4 : 0);
      ts.ensureSpace(rowHeight);
      cells.forEach((cell, index) => {
        const column = this.rightToLeft ? columns - 1 - index : index;
        const x = ts.left + column * (cellWidth + GUTTER);
        this.drawCell(cell, x, ts.y, cellWidth, rowHeight, artHeight, overlaid.has(cell));
      });
      ts.y += rowHeight + GUTTER;
    }
  }

  private plan(panel: PanelBlock, inner: number): CellPlan {
    const ts = this.ts;
    const art = this.images.get(panel.imageId);
    const description = cleanInline(panel.description);
    const caption = cleanInline(panel.caption);
    const spans = panel.dialogue
      .map((line): Span[] => {
        const speaker = cleanInline(line.speaker);
        const text = cleanInline(line.text);
        const parts: Span[] = speaker ? [{ text: `${speaker}: `, style: 'bold' }] : [];
        if (text) parts.push({ text, style: 'regular' });
        return parts;
      })
      .filter((parts) => parts.length > 0);
    const overlayWidth = inner * BALLOON_SHARE - 2 * BALLOON_PADDING;
    return {
      panel,
      art,
      direction: art || !description ? [] : ts.lines(description, PANEL_ART, inner - 2 * BOX_PADDING),
      caption: caption ? ts.lines(caption, PANEL_CAPTION, inner - 2 * BOX_PADDING) : [],
      dialogue: spans.map((line) => ts.lines(line, PANEL_TEXT, inner)),
      overlay: {
        caption: caption ? ts.lines(caption, PANEL_CAPTION, overlayWidth) : [],
        balloons: spans.map((line) => ts.lines(line, PANEL_TEXT, overlayWidth)),
      },
    };
  }

  /** The caption box and balloons stacked over the art, from its top. */
  private overlayHeight(cell: CellPlan): number {
    const { caption, balloons } = cell.overlay;
    const captionHeight = caption.length > 0 ? caption.length * PANEL_CAPTION.leading + 2 * BOX_PADDING + 6 : 0;
    return (
      NUMBER_BADGE +
      4 +
      captionHeight +
      balloons.reduce((sum, lines) => sum + lines.length * PANEL_TEXT.leading + 2 * BALLOON_PADDING + BALLOON_GAP, 0)
    );
  }

  /** Caption box and dialogue below the art. */
  private textHeight(cell: CellPlan): number {
    const caption = cell.caption.length > 0 ? cell.caption.length * PANEL_CAPTION.leading + 2 * BOX_PADDING + 4 : 0;
    const dialogue = cell.dialogue.reduce((sum, lines) => sum + lines.length * PANEL_TEXT.leading + 2, 0);
    return caption + dialogue;
  }

  private artBox(cell: CellPlan, inner: number, artHeight: number): number {
    if (cell.art) return fitInto(cell.art.aspect, { width: inner, height: artHeight }).height;
    if (cell.direction.length > 0) return NUMBER_BADGE + cell.direction.length * PANEL_ART.leading + 2 * BOX_PADDING;
    return 0;
  }

  private cellHeight(cell: CellPlan, inner: number, artHeight: number, textHeight: number): number {
    const art = this.artBox(cell, inner, artHeight);
    return 2 * PADDING + art + (art > 0 && textHeight > 0 ? INNER_GAP : 0) + textHeight;
  }

  private drawCell(
    cell: CellPlan,
    x: number,
    y: number,
    width: number,
    height: number,
    artHeight: number,
    wordsOverArt: boolean,
  ): void {
    const { doc } = this.ts;
    const inner = width - 2 * PADDING;
    const left = x + PADDING;
    let cursor = y + PADDING;
    const art = this.artBox(cell, inner, artHeight);
    if (cell.art) {
      this.images.draw(cell.art, left, cursor, { width: inner, height: art });
      if (wordsOverArt) {
        this.drawNumber(cell.panel, left, cursor);
        this.drawOverlay(cell, left, cursor, inner);
        doc.save().lineWidth(1.25).rect(x, y, width, height).stroke('#1f1d1a').restore();
        return;
      }
    } else if (cell.direction.length > 0) {
      doc.save().rect(left, cursor, inner, art).fill(ART_FILL).restore();
      // Below the number badge, which sits in the top-left corner of the art.
      const textTop = cursor + NUMBER_BADGE + BOX_PADDING;
      this.ts.drawLines(cell.direction, left + BOX_PADDING, textTop, inner - 2 * BOX_PADDING, PANEL_ART);
    }
    this.drawNumber(cell.panel, left, cursor);
    cursor += art + (art > 0 ? INNER_GAP : 0);
    if (cell.caption.length > 0) {
      const boxHeight = cell.caption.length * PANEL_CAPTION.leading + 2 * BOX_PADDING;
      doc.save().rect(left, cursor, inner, boxHeight).fill(CAPTION_FILL).restore();
      this.ts.drawLines(cell.caption, left + BOX_PADDING, cursor + BOX_PADDING, inner - 2 * BOX_PADDING, PANEL_CAPTION);
      cursor += boxHeight + 4;
    }
    for (const lines of cell.dialogue) {
      cursor += this.ts.drawLines(lines, left, cursor, inner, PANEL_TEXT) + 2;
    }
    doc.save().lineWidth(1.25).rect(x, y, width, height).stroke('#1f1d1a').restore();
  }

  /**
   * The caption box in the art's top corner and the speech balloons below
   * it, white with a tail, alternating sides in reading order (manga: the
   * first on the right), as a letterer places them.
   */
  private drawOverlay(cell: CellPlan, left: number, top: number, inner: number): void {
    const { doc } = this.ts;
    const boxWidth = inner * BALLOON_SHARE;
    const first = this.rightToLeft ? 'right' : 'left';
    let cursor = top + NUMBER_BADGE + 4;
    const { caption, balloons } = cell.overlay;
    if (caption.length > 0) {
      const height = caption.length * PANEL_CAPTION.leading + 2 * BOX_PADDING;
      const boxLeft = first === 'left' ? left + BOX_PADDING : left + inner - boxWidth - BOX_PADDING;
      doc
        .save()
        .lineWidth(0.75)
        .rect(boxLeft, cursor, boxWidth, height)
        .fillAndStroke(CAPTION_FILL, '#1f1d1a')
        .restore();
      this.ts.drawLines(
        caption,
        boxLeft + BOX_PADDING,
        cursor + BOX_PADDING,
        boxWidth - 2 * BOX_PADDING,
        PANEL_CAPTION,
      );
      cursor += height + 6;
    }
    balloons.forEach((lines, index) => {
      const textWidth = Math.max(...lines.map((line) => line.width));
      const width = textWidth + 2 * BALLOON_PADDING + 2;
      const height = lines.length * PANEL_TEXT.leading + 2 * BALLOON_PADDING;
      const side = index % 2 === 0 ? first : first === 'left' ? 'right' : 'left';
      const balloonLeft = side === 'left' ? left + BOX_PADDING : left + inner - width - BOX_PADDING;
      const tailX = side === 'left' ? balloonLeft + 12 : balloonLeft + width - 12;
      const tailTip = side === 'left' ? tailX - 4 : tailX + 4;
      doc
        .save()
        .lineWidth(0.75)
        .polygon(
          [tailX - 4, cursor + height - 1],
          [tailX + 4, cursor + height - 1],
          [tailTip, cursor + height + BALLOON_TAIL],
        )
        .fillAndStroke('#ffffff', '#1f1d1a')
        .roundedRect(balloonLeft, cursor, width, height, 6)
        .fillAndStroke('#ffffff', '#1f1d1a')
        .restore();
      this.ts.drawLines(lines, balloonLeft + BALLOON_PADDING + 1, cursor + BALLOON_PADDING, textWidth, {
        ...PANEL_TEXT,
        align: 'left',
      });
      cursor += height + BALLOON_GAP;
    });
  }

  private drawNumber(panel: PanelBlock, x: number, y: number): void {
    const line = this.ts.lines(formatNumber(panel.number), PANEL_NUMBER, Number.POSITIVE_INFINITY)[0];
    if (!line) return;
    const size = Math.max(line.width + 6, NUMBER_BADGE);
    this.ts.doc.save().lineWidth(0.75).rect(x, y, size, NUMBER_BADGE).fillAndStroke('#ffffff', '#1f1d1a').restore();
    this.ts.drawLine(line, x, y + 1, size, PANEL_NUMBER);
  }

  /** A panel too wordy for any grid cell: its parts as paragraphs in the text flow. */
  private asParagraphs(panel: PanelBlock): void {
    const ts = this.ts;
    ts.paragraph([{ text: `Panel ${formatNumber(panel.number)}`, style: 'bold' }], PANEL_TEXT, { spaceBefore: 8 });
    const art = this.images.get(panel.imageId);
    if (art) {
      const size = fitInto(art.aspect, { width: ts.contentWidth, height: ts.contentHeight * 0.4 });
      ts.ensureSpace(size.height);
      this.images.draw(art, ts.left, ts.y, { width: ts.contentWidth, height: size.height });
      ts.y += size.height + INNER_GAP;
    } else {
      ts.paragraph(cleanInline(panel.description), PANEL_ART);
    }
    const caption = cleanInline(panel.caption);
    if (caption) ts.paragraph(caption, PANEL_CAPTION, { spaceBefore: 2 });
    for (const line of panel.dialogue) {
      const speaker = cleanInline(line.speaker);
      const text = cleanInline(line.text);
      if (!speaker && !text) continue;
      ts.paragraph(
        [
          { text: speaker ? `${speaker}: ` : '', style: 'bold' },
          { text, style: 'regular' },
        ],
        PANEL_TEXT,
        { spaceBefore: 2 },
      );
    }
  }
}
