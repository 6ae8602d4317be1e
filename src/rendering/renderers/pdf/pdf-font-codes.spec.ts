import { encodingCmap, glyphCodeBytes, MAX_SUBSET_GLYPHS, toUnicodeCmap, useShortCodes } from './pdf-font-codes';

describe('glyphCodeBytes', () => {
  it('gives the first 128 glyphs one byte and the others two, high bit set', () => {
    expect(glyphCodeBytes(0)).toEqual([0]);
    expect(glyphCodeBytes(0x7f)).toEqual([0x7f]);
    expect(glyphCodeBytes(0x80)).toEqual([0x80, 0x80]);
    expect(glyphCodeBytes(0x1234)).toEqual([0x92, 0x34]);
    expect(() => glyphCodeBytes(MAX_SUBSET_GLYPHS)).toThrow('more than 32768 glyphs');
  });
});

describe('encodingCmap', () => {
  it('declares both code widths and maps every code of the subset to its glyph, a first byte per range', () => {
    const text = encodingCmap(600);
    expect(text).toContain('2 begincodespacerange\n<00> <7f>\n<8000> <ffff>\nendcodespacerange');
    // 600 glyphs: ids up to 599, so two-byte ranges for the first bytes 80, 81 and 82.
    expect(text).toContain(
      '4 begincidrange\n<00> <7f> 0\n<8000> <80ff> 0\n<8100> <81ff> 256\n<8200> <82ff> 512\nendcidrange',
    );
    expect(text).toContain('/CMapName /Scriptorium-OneByte-H def');
  });
});

describe('toUnicodeCmap', () => {
  it('maps each glyph by its code to its characters, UTF-16 with surrogates, in blocks of at most 100', () => {
    const unicode: Array<number[] | undefined> = Array.from({ length: 200 }, (_, id) => [0x41 + (id % 26)]);
    unicode[1] = [0x66, 0x66]; // a ligature
    unicode[2] = undefined; // a glyph with no characters
    unicode[150] = [0x1f600];
    const text = toUnicodeCmap(unicode);
    expect(text).toContain('<01> <00660066>');
    expect(text).not.toContain('<02> ');
    expect(text).toContain('<8096> <d83dde00>');
    expect(text.match(/^\d+ beginbfchar$/gm)).toEqual(['100 beginbfchar', '99 beginbfchar']);
  });
});

describe('useShortCodes', () => {
  it('leaves alone a font that is not what this version of pdfkit embeds', () => {
    expect(useShortCodes({})).toBe(false);
    expect(useShortCodes(null)).toBe(false);
  });
});
