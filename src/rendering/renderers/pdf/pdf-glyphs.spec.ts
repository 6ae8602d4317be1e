import PDFDocument from 'pdfkit';
import { GlyphWriter, shape } from './pdf-glyphs';

function writer(): {
  glyphs: GlyphWriter;
  content: () => string;
  doc: PDFKit.PDFDocument;
  /** Each page's content, as written to it. */
  pages: Map<number, string>;
} {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: true });
  doc.addPage({ size: [300, 200], margin: 0 });
  const chunks: string[] = [];
  const pages = new Map<number, string>();
  const addContent = doc.addContent.bind(doc);
  jest.spyOn(doc, 'addContent').mockImplementation((data: unknown) => {
    const text = Buffer.isBuffer(data) ? data.toString('latin1') : String(data);
    chunks.push(text);
    // The page written to: pdfkit's current page, by its place among the buffered pages.
    const page = (doc as unknown as { _pageBuffer: unknown[] })._pageBuffer.indexOf(doc.page);
    pages.set(page, (pages.get(page) ?? '') + text);
    return addContent(data);
  });
  return { glyphs: new GlyphWriter(doc), content: () => chunks.join(''), doc, pages };
}

/** The literal strings of a content stream's text, unescaped, each with the font it is set in. */
function textStrings(content: string): Array<{ font: string; bytes: number[] }> {
  const strings: Array<{ font: string; bytes: number[] }> = [];
  const escapes: Record<string, number> = { n: 0x0a, r: 0x0d, '(': 0x28, ')': 0x29, '\\': 0x5c };
  let font = '';
  for (let at = 0; at < content.length; at += 1) {
    const name = /^\/(\w+) [\d.]+ Tf/.exec(content.slice(at, at + 24));
    if (name) font = name[1] ?? '';
    if (content[at] !== '(') continue;
    const bytes: number[] = [];
    for (at += 1; content[at] !== ')'; at += 1) {
      if (content[at] === '\\') {
        at += 1;
        bytes.push(escapes[content[at] ?? ''] ?? Number.NaN);
      } else bytes.push(content.charCodeAt(at));
    }
    if (bytes.length > 0) strings.push({ font, bytes });
  }
  return strings;
}

describe('shape', () => {
  it('shapes each text once per face and direction, and measures it at 1 pt', () => {
    const word = shape('serif', 'harbour');
    expect(shape('serif', 'harbour')).toBe(word);
    expect(shape('serif', 'harbour', true)).not.toBe(word);
    expect(word.width).toBeGreaterThan(2);
    expect(word.width).toBeLessThan(5);
    expect(shape('serif-bold', 'harbour').width).toBeGreaterThan(word.width);
  });

  it('joins Arabic letters into their contextual forms and returns them in display order', () => {
    // بيت: initial, medial and final forms, all joined.
    const word = shape('arabic', 'بيت');
    const isolated = Array.from('بيت', (letter) => shape('arabic', letter).glyphIds[0]);
    expect(word.rtl).toBe(true);
    expect(word.glyphIds).toHaveLength(3);
    expect(word.glyphIds.filter((id) => isolated.includes(id))).toEqual([]);
    // The glyphs run right to left: the first letter's glyph comes last.
    expect(word.chars.at(-1)).toBe('ب');
  });

  it('applies Latin ligatures and keeps the characters each glyph stands for', () => {
    const word = shape('serif', 'office');
    expect(word.glyphIds.length).toBeLessThan('office'.length);
    expect(word.chars.join('')).toBe('office');
    expect(word.chars.some((chars) => chars.length > 1)).toBe(true);
  });

  it('gives each glyph the characters of this text, even where fontkit remembers others for it', () => {
    // fontkit caches the shared space glyph with the first character it was looked up for: here U+00A0.
    expect(shape('serif-italic', 'a\u00a0b').chars).toEqual(['a', '\u00a0', 'b']);
    expect(shape('serif-italic', 'x y').chars).toEqual(['x', ' ', 'y']);
  });
});

describe('GlyphWriter', () => {
  it('writes a line as a text object, upright on a top-down page, with its fonts', () => {
    const { glyphs, content } = writer();
    glyphs.begin(10, 50, 12, '#ff0000');
    glyphs.add('serif', shape('serif', 'Tide'));
    glyphs.add('serif', shape('serif', ' '), 3);
    glyphs.add('serif-bold', shape('serif-bold', 'turns'));
    glyphs.end();
    const text = content();
    // The narrow fonts (one byte a glyph) beside pdfkit's: a subset this small has every glyph in them.
    expect(text).toMatch(/^q BT 1 0 0 rg \/F\d+N 12 Tf 1 0 0 -1 10 50 Tm \[\(/);
    // The justified space: 3 pt at 12 pt is 250 thousandths of the size, to the right.
    expect(text).toContain(')-250(');
    expect(text.match(/ Tf /g)).toHaveLength(2);
    expect(text.trimEnd()).toMatch(/\)\] TJ ET Q$/);
  });

  it('keeps lines in one text object until flushed, setting colour, font and position as briefly as it can', () => {
    const { glyphs, content } = writer();
    for (const y of [20, 35, 50]) {
      glyphs.begin(10, y, 10, '#000000');
      glyphs.add('serif', shape('serif', 'tide'));
      glyphs.end(true);
    }
    expect(content()).toBe('');
    glyphs.flush();
    const text = content();
    expect(text.match(/BT/g)).toHaveLength(1);
    expect(text.match(/ rg/g)).toHaveLength(1);
    expect(text.match(/ Tf/g)).toHaveLength(1);
    // The first line sets the text matrix, the others move from it: 15 pt down is +15 in the flipped text space.
    expect(text.match(/ Tm/g)).toHaveLength(1);
    expect(text.match(/ 0 -15 Td/g)).toHaveLength(2);
  });

  it('ends justified lines where they were measured to, rounding spaces without drifting', () => {
    const { glyphs, content } = writer();
    glyphs.begin(0, 20, 10, '#000000');
    for (let space = 0; space < 10; space += 1) {
      glyphs.add('serif', shape('serif', 'a'));
      glyphs.add('serif', shape('serif', ' '), 0.0333);
    }
    glyphs.end();
    // 10 x 3.33 thousandths of the size: written as whole numbers that still add up to 33.
    const adjustments = [...content().matchAll(/\)(-?\d+)\(/g)].map((match) => Number(match[1]));
    expect(adjustments.reduce((sum, value) => sum + value, 0)).toBe(-33);
  });

  it("gives a justified line's spaces their stretch once, as word spacing on the space's one-byte code 32", () => {
    const { glyphs, content } = writer();
    for (const y of [20, 35]) {
      glyphs.begin(0, y, 10, '#000000', 2);
      for (const word of ['tide', 'turns', 'again']) {
        if (word !== 'tide') glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
        glyphs.addPiece({ face: 'serif', text: word });
      }
      glyphs.end(true);
    }
    // The last line of the paragraph is not stretched.
    glyphs.begin(0, 50, 10, '#000000', 0);
    glyphs.addPiece({ face: 'serif', text: 'tide' });
    glyphs.addPiece({ face: 'serif', text: ' ' }, 0);
    glyphs.addPiece({ face: 'serif', text: 'turns' });
    glyphs.end();
    const text = content();
    expect(text.match(/ [\d.]+ Tw/g)).toEqual([' 2 Tw', ' 0 Tw']);
    // No adjustment is written for a space: the strings hold the words and the spaces, code 32, between them.
    expect(text).not.toMatch(/\)-?\d+\(/);
    const strings = textStrings(text);
    expect(strings).toHaveLength(3);
    for (const { bytes } of strings)
      expect(bytes.filter((byte) => byte === 32)).toHaveLength(bytes.length > 12 ? 2 : 1);
  });

  it('stretches no glyph but the space: not one coded 32 in its place, nor the space glyph inside a word', () => {
    const { glyphs, content } = writer();
    // Forty letters before any space: code 32 goes to a letter, and this face's spaces keep their adjustments.
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP';
    glyphs.begin(0, 20, 10, '#000000', 2);
    glyphs.addPiece({ face: 'serif', text: 'x' });
    glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
    glyphs.addPiece({ face: 'serif', text: 'y' });
    glyphs.addPiece({ face: 'serif-bold', text: letters });
    glyphs.addPiece({ face: 'serif-bold', text: ' ' }, 2);
    glyphs.addPiece({ face: 'serif-bold', text: 'a' });
    glyphs.end();
    const text = content();
    // The regular face's line sets word spacing; the bold face, whose code 32 is a letter, sets it back to 0.
    expect(text.match(/ [\d.]+ Tw/g)).toEqual([' 2 Tw', ' 0 Tw']);
    expect(text).toContain(')-200(');
    expect(textStrings(text).some(({ bytes }) => bytes.includes(32) && bytes.length > 30)).toBe(true);
    // A joiner drawn with the space glyph: in two bytes, where word spacing never applies.
    const joined = writer();
    joined.glyphs.begin(0, 20, 10, '#000000', 2);
    joined.glyphs.addPiece({ face: 'serif', text: 'x' });
    joined.glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
    joined.glyphs.addPiece({ face: 'serif', text: 'a\u200db' });
    joined.glyphs.end();
    const wide = textStrings(joined.content()).filter(({ font }) => !font.endsWith('N'));
    expect(wide.flatMap(({ bytes }) => bytes)).toContain(0);
  });

  it('sets word spacing back to 0 for two-byte text, whose glyph of CID 32 poppler would read it off', () => {
    const { glyphs, content } = writer();
    glyphs.begin(0, 20, 10, '#000000', 2);
    glyphs.addPiece({ face: 'serif', text: 'x' });
    glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
    // A joiner drawn with the space glyph: this word and the rest of the line go in two bytes.
    glyphs.addPiece({ face: 'serif', text: 'a\u200db' });
    glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
    glyphs.addPiece({ face: 'serif', text: 'y' });
    glyphs.end(true);
    // The next line starts in one byte again, and sets the word spacing anew.
    glyphs.begin(0, 35, 10, '#000000', 2);
    glyphs.addPiece({ face: 'serif', text: 'x' });
    glyphs.addPiece({ face: 'serif', text: ' ' }, 2);
    glyphs.addPiece({ face: 'serif', text: 'y' });
    glyphs.end();
    const text = content();
    // Fonts (N: the narrow one, one byte a glyph) and word spacing, in the order they are set.
    const settings = Array.from(text.matchAll(/\/\w+?(N?) [\d.]+ Tf| ([\d.]+) Tw/g), ([, narrow, tw]) =>
      tw === undefined ? (narrow ? 'one byte' : 'two bytes') : `Tw ${tw}`,
    );
    expect(settings).toEqual(['one byte', 'Tw 2', 'two bytes', 'Tw 0', 'one byte', 'Tw 2']);
    // The two-byte space gets its stretch as an adjustment.
    expect(text.match(/\)-200\(/g)).toHaveLength(1);
  });

  it('writes a word found by its text exactly as the word shaped first, marks and ligatures included', () => {
    // 'café' with a combining accent: its mark is placed, so its glyphs are written anew each time.
    const words = ['Tide', 'office', 'a\u200db', 'cafe\u0301', 'Tide', 'office', 'cafe\u0301'];
    expect(shape('serif', 'cafe\u0301').offsets).toBeDefined();
    const written = (write: (glyphs: GlyphWriter, word: string) => void): string => {
      const { glyphs, content } = writer();
      glyphs.begin(10, 50, 12, '#000000');
      for (const word of words) write(glyphs, word);
      glyphs.end();
      return content();
    };
    const byText = written((glyphs, word) => glyphs.addPiece({ face: 'serif', text: word }));
    expect(byText).toBe(written((glyphs, word) => glyphs.add('serif', shape('serif', word))));
    expect(byText.match(/\/ActualText/g)).toHaveLength(1);
  });

  it("writes the subset's first 256 glyphs in one byte, and a line in two bytes from its first glyph past them", () => {
    const { glyphs, content } = writer();
    // Ideographs the face draws, each with a glyph of its own.
    const drawn = Array.from({ length: 400 }, (_, index) => String.fromCodePoint(0x4e00 + index)).filter(
      (char) => (shape('cjk', char).glyphIds[0] ?? 0) !== 0,
    );
    const ideographs = (from: number, count: number): string => drawn.slice(from, from + count).join('');
    // Glyph 0 is .notdef: these 255 ideographs fill the subset's one-byte codes.
    glyphs.begin(0, 20, 10, '#000000');
    glyphs.add('cjk', shape('cjk', ideographs(0, 255)));
    glyphs.end(true);
    glyphs.begin(0, 40, 10, '#000000');
    glyphs.add('cjk', shape('cjk', ideographs(0, 2)));
    glyphs.add('cjk', shape('cjk', ideographs(255, 1)));
    // Back to glyphs that have one byte: the line stays in the two-byte font.
    glyphs.add('cjk', shape('cjk', ideographs(2, 2)));
    glyphs.end(true);
    glyphs.begin(0, 60, 10, '#000000');
    glyphs.add('cjk', shape('cjk', ideographs(4, 1)));
    glyphs.end();
    const strings = textStrings(content());
    expect(strings.map(({ font, bytes }) => [font.endsWith('N'), bytes.length])).toEqual([
      [true, 255],
      [true, 2],
      [false, 6],
      [true, 1],
    ]);
    // One byte: the subset id itself; two bytes: the id, high byte first.
    expect(strings[0]?.bytes).toEqual(Array.from({ length: 255 }, (_, index) => index + 1));
    expect(strings[1]?.bytes).toEqual([1, 2]);
    expect(strings[2]?.bytes).toEqual([1, 0, 0, 3, 0, 4]);
    expect(strings[3]?.bytes).toEqual([5]);
  });

  it('keeps paragraphs in one text object until other drawing or another page, which find the text written first', () => {
    const { glyphs, content, doc, pages } = writer();
    for (const y of [20, 35, 70]) {
      glyphs.begin(10, y, 10, '#000000');
      glyphs.addPiece({ face: 'serif', text: 'tide' });
      glyphs.end(true);
    }
    expect(content()).toBe('');
    doc.rect(0, 0, 10, 10).fill('#ff0000');
    const text = content();
    expect(text.match(/BT/g)).toHaveLength(1);
    expect(text.match(/ Td/g)).toHaveLength(2);
    expect(text.indexOf(' ET Q')).toBeLessThan(text.indexOf(' re'));
    // Text set on a page is written to that page when the next page starts, and when an earlier page is revisited.
    glyphs.begin(10, 50, 10, '#000000');
    glyphs.addPiece({ face: 'serif', text: 'turns' });
    glyphs.end(true);
    doc.addPage({ size: [300, 200], margin: 0 });
    expect(pages.get(0)?.match(/BT/g)).toHaveLength(2);
    glyphs.begin(10, 20, 10, '#000000');
    glyphs.addPiece({ face: 'serif', text: 'again' });
    glyphs.end(true);
    doc.switchToPage(0);
    expect(pages.get(1)?.match(/BT/g)).toHaveLength(1);
    glyphs.flush();
    expect(pages.get(0)?.match(/BT/g)).toHaveLength(2);
  });

  it("writes a line's piece in each document's own codes, though the piece keeps the last document's", () => {
    const piece = { face: 'serif' as const, text: 'tide' };
    // The first document meets other glyphs first: its subset numbers "tide" from 4 on; the second from 1.
    const first = writer();
    first.glyphs.begin(0, 20, 10, '#000000');
    first.glyphs.addPiece({ face: 'serif', text: 'xyz' });
    first.glyphs.addPiece(piece);
    first.glyphs.addPiece(piece);
    first.glyphs.end();
    const second = writer();
    second.glyphs.begin(0, 20, 10, '#000000');
    second.glyphs.addPiece(piece);
    second.glyphs.end();
    expect(textStrings(first.content()).flatMap(({ bytes }) => bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7]);
    expect(textStrings(second.content()).flatMap(({ bytes }) => bytes)).toEqual([1, 2, 3, 4]);
  });

  it('writes nothing for a line with no parts', () => {
    const { glyphs, content } = writer();
    glyphs.begin(0, 0, 10, '#000000');
    glyphs.end();
    expect(content()).toBe('');
  });

  it('adds the real text where the glyphs cannot give it back', () => {
    const { glyphs, content } = writer();
    glyphs.begin(0, 20, 10, '#000000');
    // U+200D is drawn as an invisible space glyph: the character map cannot say it was a joiner.
    glyphs.add('serif', shape('serif', 'a\u200db'));
    glyphs.add('serif', shape('serif', 'plain'));
    glyphs.end();
    const text = content();
    expect(text.match(/\/ActualText/g)).toHaveLength(1);
    expect(text).toContain(`/ActualText <FEFF${Buffer.from('a\u200db', 'utf16le').swap16().toString('hex')}>`);
  });
});
