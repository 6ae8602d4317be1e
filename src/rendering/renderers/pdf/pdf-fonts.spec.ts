import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { openFont } from './fontkit';
import { FONT_FACES, faceForText, fontData, fontFile, splitRuns } from './pdf-fonts';

describe('pdf fonts', () => {
  it('ships every face as a file of an installed npm package', () => {
    for (const face of FONT_FACES) {
      expect(existsSync(fontFile(face))).toBe(true);
      expect(fontFile(face)).toMatch(/node_modules\/@expo-google-fonts\/noto-(serif|sans-jp)\//);
    }
  });

  it('has Noto Serif glyphs for accented Latin, Greek and Cyrillic, and Noto Sans JP glyphs for kana and kanji', () => {
    const serif = openFont(fontData('serif'));
    const cjk = openFont(fontData('cjk'));
    const codePoints = (text: string): number[] => Array.from(text, (char) => char.codePointAt(0) ?? 0);
    for (const codePoint of codePoints('éÀçñøßœŁőĳ ΑλφαΩώ БЖёАлёнаЯщ “”‘’—…•⁂')) {
      expect(serif.hasGlyphForCodePoint(codePoint)).toBe(true);
    }
    for (const codePoint of codePoints('さくらカタカナ漢字、。「」')) {
      expect(serif.hasGlyphForCodePoint(codePoint)).toBe(false);
      expect(cjk.hasGlyphForCodePoint(codePoint)).toBe(true);
    }
  });

  it('keeps Latin, Greek and Cyrillic in one serif run', () => {
    expect(splitRuns([{ text: 'Crème brûlée, Αθήνα, Алёна!', style: 'regular' }])).toEqual([
      { face: 'serif', text: 'Crème brûlée, Αθήνα, Алёна!' },
    ]);
  });

  it('switches to Noto Sans JP for kana and kanji, per style', () => {
    expect(splitRuns([{ text: 'Алёна meets さくら (桜).', style: 'regular' }])).toEqual([
      { face: 'serif', text: 'Алёна meets ' },
      { face: 'cjk', text: 'さくら ' },
      { face: 'serif', text: '(' },
      { face: 'cjk', text: '桜' },
      { face: 'serif', text: ').' },
    ]);
    expect(splitRuns([{ text: 'Mira さくら', style: 'bold' }])).toEqual([
      { face: 'serif-bold', text: 'Mira ' },
      { face: 'cjk-bold', text: 'さくら' },
    ]);
    expect(splitRuns([{ text: 'Mira さくら', style: 'italic' }])).toEqual([
      { face: 'serif-italic', text: 'Mira ' },
      { face: 'cjk', text: 'さくら' },
    ]);
  });

  it('keeps a combining mark with the face of its base character', () => {
    // U+0301 exists in Noto Serif, but it must combine with the kana before it.
    expect(splitRuns([{ text: 'さ\u0301 e\u0301', style: 'regular' }])).toEqual([
      { face: 'cjk', text: 'さ\u0301 ' },
      { face: 'serif', text: 'e\u0301' },
    ]);
  });

  it('leaves characters no face has in the primary face rather than dropping them', () => {
    expect(splitRuns([{ text: 'a\u{1F600}b', style: 'regular' }])).toEqual([{ face: 'serif', text: 'a\u{1F600}b' }]);
  });

  it('merges spans of the same face and keeps span boundaries of different styles', () => {
    expect(
      splitRuns([
        { text: 'Mira:', style: 'bold' },
        { text: ' Then', style: 'regular' },
        { text: ' run.', style: 'regular' },
      ]),
    ).toEqual([
      { face: 'serif-bold', text: 'Mira:' },
      { face: 'serif', text: ' Then run.' },
    ]);
  });

  it('never loses, adds or reorders a character, and never emits empty or mergeable runs', () => {
    const alphabet = fc.constantFrom(...Array.from('aé Ωж さ桜。\u0301\u200d\u{1F600}'));
    fc.assert(
      fc.property(fc.array(fc.string({ unit: alphabet }), { maxLength: 4 }), (texts) => {
        const runs = splitRuns(texts.map((text) => ({ text, style: 'regular' as const })));
        expect(runs.map((run) => run.text).join('')).toBe(texts.join(''));
        runs.forEach((run, index) => {
          expect(run.text.length).toBeGreaterThan(0);
          if (index > 0) expect(run.face).not.toBe(runs[index - 1]?.face);
        });
      }),
    );
  });

  it('picks the one face that covers a whole text for drawing that cannot switch fonts', () => {
    expect(faceForText('Hello Алёна', 'regular')).toBe('serif');
    expect(faceForText('さくら', 'regular')).toBe('cjk');
    expect(faceForText('さくら', 'bold')).toBe('cjk-bold');
    // Noto Sans JP has basic Latin too, so it covers a mixed label; Noto Serif has no kana.
    expect(faceForText('Page さくら', 'regular')).toBe('cjk');
    expect(faceForText('', 'italic')).toBe('serif-italic');
  });
});
