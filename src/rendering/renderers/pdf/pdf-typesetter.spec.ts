import PDFDocument from 'pdfkit';
import { type TextStyle, Typesetter } from './pdf-typesetter';

// 8 lines of 20 pt per page: page positions are easy to reason about.
const STYLE: TextStyle = { size: 10, leading: 20, font: 'regular', color: '#000000', align: 'left' };
const GEOMETRY = { width: 300, height: 200, top: 20, bottom: 20, left: 30, right: 30 };

function setup(): { ts: Typesetter; drawn: Array<{ page: number; top: number }>; pagesAdded: number[] } {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: true });
  const pagesAdded: number[] = [];
  const ts = new Typesetter(doc, GEOMETRY, (index) => pagesAdded.push(index));
  ts.newPage();
  const drawn: Array<{ page: number; top: number }> = [];
  const drawLine = ts.drawLine.bind(ts);
  jest.spyOn(ts, 'drawLine').mockImplementation((...args) => {
    drawn.push({ page: ts.pageIndex, top: args[2] });
    drawLine(...args);
  });
  return { ts, drawn, pagesAdded };
}

/** A paragraph of exactly `count` lines: one word per line at a width only one word fits. */
const words = (count: number): string => Array.from({ length: count }, () => 'Wwwwwwwwwwwwwwwwwwww').join(' ');

describe('Typesetter', () => {
  it('sets lines one leading apart and moves to a new page when the page is full', () => {
    const { ts, drawn, pagesAdded } = setup();
    ts.paragraph(words(10), STYLE);
    expect(drawn.map((line) => line.page)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(drawn.slice(0, 3).map((line) => line.top)).toEqual([20, 40, 60]);
    expect(drawn[8]?.top).toBe(20);
    expect(pagesAdded).toEqual([0, 1]);
    expect(ts.y).toBe(60);
  });

  it('leaves no single first line at a page foot', () => {
    const { ts, drawn } = setup();
    ts.y = 160; // room for one line
    ts.paragraph(words(5), STYLE);
    expect(drawn.map((line) => line.page)).toEqual([1, 1, 1, 1, 1]);
  });

  it('leaves no single last line at a page head', () => {
    const { ts, drawn } = setup();
    ts.y = 100; // room for four lines
    ts.paragraph(words(5), STYLE);
    expect(drawn.map((line) => line.page)).toEqual([0, 0, 0, 1, 1]);
  });

  it('keeps paragraphs of up to three lines and a heading with its next lines together', () => {
    const { ts, drawn } = setup();
    ts.y = 140; // room for two lines
    ts.paragraph(words(3), STYLE);
    expect(drawn.map((line) => line.page)).toEqual([1, 1, 1]);
    ts.y = 120; // room for three lines: the heading and two more
    ts.paragraph('Heading', STYLE, { keepWithNext: 40 });
    expect(drawn.at(-1)?.page).toBe(1);
    ts.y = 140; // room for the heading, not for what follows it
    ts.paragraph('Heading', STYLE, { keepWithNext: 40 });
    expect(drawn.at(-1)?.page).toBe(2);
  });

  it('justifies every line but the last by widening spaces', () => {
    const { ts } = setup();
    // Per line drawn, the extra advance given to each of its spaces.
    const spacing: number[][] = [];
    // Each line tells the writer its spaces' extra advance first (for word spacing), then gives it to each space.
    const wordSpaces: number[] = [];
    const { begin, addPiece } = ts.glyphs;
    jest.spyOn(ts.glyphs, 'begin').mockImplementation((...args) => {
      spacing.push([]);
      wordSpaces.push(args[4] ?? 0);
      begin.apply(ts.glyphs, args);
    });
    jest.spyOn(ts.glyphs, 'addPiece').mockImplementation((piece, after) => {
      if (piece.text === ' ') spacing.at(-1)?.push(after ?? 0);
      addPiece.call(ts.glyphs, piece, after);
    });
    ts.paragraph('aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz', {
      ...STYLE,
      align: 'justify',
    });
    expect(spacing.length).toBeGreaterThan(1);
    spacing.slice(0, -1).forEach((line, index) => {
      expect(line.length).toBeGreaterThan(0);
      for (const value of line) expect(value).toBe(wordSpaces[index]);
      expect(wordSpaces[index]).toBeGreaterThan(0);
    });
    for (const value of spacing.at(-1) ?? []) expect(value).toBe(0);
    expect(wordSpaces.at(-1)).toBe(0);
  });

  it('centres a line in its width', () => {
    const { ts } = setup();
    const begin = jest.spyOn(ts.glyphs, 'begin');
    const line = ts.lines('abc', STYLE, 240)[0]!;
    ts.drawLine(line, 30, 20, 240, { ...STYLE, align: 'center' });
    expect(begin.mock.calls[0]?.[0]).toBeCloseTo(30 + (240 - line.width) / 2, 5);
  });

  it('sets a right-to-left paragraph against the right edge, indent included, words in display order', () => {
    const { ts } = setup();
    const begin = jest.spyOn(ts.glyphs, 'begin');
    const add = jest.spyOn(ts.glyphs, 'add');
    ts.paragraph('שלום עולם', STYLE, { indent: 15 });
    const line = ts.lines('שלום עולם', STYLE, 240)[0]!;
    expect(line.rtl).toBe(true);
    // Content width 240; the first-line indent is taken on the right.
    expect(begin.mock.calls[0]?.[0]).toBeCloseTo(30 + 240 - 15 - line.width, 5);
    expect(add.mock.calls.map(([, shaped]) => shaped.text)).toEqual(['עולם', ' ', 'שלום']);
  });

  it('cuts a line that does not fit with an ellipsis', () => {
    const { ts } = setup();
    const line = ts.fitLine('A very long running head about the harbour and the tide', STYLE, 100);
    expect(line?.width).toBeLessThanOrEqual(100);
    const text = line?.items.map((item) => item.pieces.map((piece) => piece.text).join('')).join(' ');
    expect(text).toMatch(/^A very .*…$/);
    expect(ts.fitLine('short', STYLE, 100)?.width).toBeLessThan(100);
  });

  it('boxes text on one page, and sets a box taller than a page as plain paragraphs', () => {
    const { ts, drawn } = setup();
    const rect = jest.spyOn(ts.doc, 'rect');
    ts.y = 140;
    ts.box([words(2)], STYLE, { stroke: '#000', padding: 5 });
    expect(drawn.map((line) => line.page)).toEqual([1, 1]);
    expect(rect).toHaveBeenCalledTimes(1);
    rect.mockClear();
    ts.box([words(12)], STYLE, { stroke: '#000', padding: 5 });
    expect(rect).not.toHaveBeenCalled();
    expect(new Set(drawn.slice(2).map((line) => line.page)).size).toBeGreaterThan(1);
  });

  it('does not end a page inside a hyphenated word: the broken lines move on together', () => {
    const doc = new PDFDocument({ autoFirstPage: false, bufferPages: true });
    const ts = new Typesetter(
      doc,
      GEOMETRY,
      () => undefined,
      'ja',
      (word) => (word === 'hyphenation' ? [2, 6] : []),
    );
    ts.newPage();
    const drawn: Array<{ page: number; hyphenated: boolean }> = [];
    const drawLine = ts.drawLine.bind(ts);
    jest.spyOn(ts, 'drawLine').mockImplementation((...args) => {
      drawn.push({ page: ts.pageIndex, hyphenated: args[0].hyphenated === true });
      drawLine(...args);
    });
    for (let shift = 0; shift < 6; shift += 1) {
      ts.paragraph(`${'ab '.repeat(shift)}${'hyphenation '.repeat(60)}end`, { ...STYLE, hyphenate: true });
    }
    expect(drawn.filter((line) => line.hyphenated).length).toBeGreaterThan(20);
    drawn.forEach((line, index) => {
      const next = drawn[index + 1];
      if (next && next.page !== line.page)
        expect({ index, endsPageHyphenated: line.hyphenated }).toEqual({ index, endsPageHyphenated: false });
    });
  });
});
