import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { openFont } from './fontkit';
import { FONT_FACES, faceForText, fontData, fontFile, hanPreference, splitRuns } from './pdf-fonts';

const codePoints = (text: string): number[] => Array.from(text.replace(/\s/g, ''), (char) => char.codePointAt(0) ?? 0);

describe('pdf fonts', () => {
  it('ships every face as a file of an installed npm package', () => {
    for (const face of FONT_FACES) {
      expect(existsSync(fontFile(face))).toBe(true);
      expect(fontFile(face)).toMatch(
        /node_modules\/@expo-google-fonts\/(noto-serif|noto-sans-(jp|sc|kr)|amiri|noto-serif-hebrew)\//,
      );
    }
  });

  it('has glyphs for Hangul, simplified Chinese, Arabic and Hebrew in the faces that draw them', () => {
    const samples = {
      'cjk-kr': '한국어 책입니다',
      'cjk-sc': '这是简体中文的书',
      arabic: 'هذا كتاب عربي، أليس كذلك؟',
      hebrew: 'זהו ספר בעברית',
    } as const;
    for (const [face, text] of Object.entries(samples)) {
      const font = openFont(fontData(face as keyof typeof samples));
      for (const codePoint of codePoints(text)) expect(font.hasGlyphForCodePoint(codePoint)).toBe(true);
    }
    // Why the extra faces: Noto Sans JP has no Hangul and lacks simplified-only characters such as 这 and 书.
    const japanese = openFont(fontData('cjk'));
    for (const codePoint of codePoints('한这书')) expect(japanese.hasGlyphForCodePoint(codePoint)).toBe(false);
  });

  it('has Noto Serif glyphs for accented Latin, Greek and Cyrillic, and Noto Sans JP glyphs for kana and kanji', () => {
    const serif = openFont(fontData('serif'));
    const cjk = openFont(fontData('cjk'));
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

  it('sets Korean, Arabic and Hebrew in their own faces', () => {
    expect(splitRuns([{ text: 'Mira 한국어 책, كتاب and ספר.', style: 'regular' }])).toEqual([
      { face: 'serif', text: 'Mira ' },
      { face: 'cjk-kr', text: '한국어 책' },
      { face: 'serif', text: ', ' },
      { face: 'arabic', text: 'كتاب ' },
      { face: 'serif', text: 'and ' },
      { face: 'hebrew', text: 'ספר' },
      { face: 'serif', text: '.' },
    ]);
    expect(splitRuns([{ text: 'كتاب', style: 'bold' }])).toEqual([{ face: 'arabic-bold', text: 'كتاب' }]);
    // Harakat stay with their letter's face.
    expect(splitRuns([{ text: 'قرأتُ', style: 'regular' }])).toEqual([{ face: 'arabic', text: 'قرأتُ' }]);
  });

  it('sets a Chinese paragraph in Noto Sans SC throughout, not only the characters Japanese lacks', () => {
    // 是, 中 and 文 exist in Noto Sans JP too, in Japanese forms; 这 and 书 do not.
    expect(splitRuns([{ text: '这是简体中文的书。', style: 'regular' }])).toEqual([
      { face: 'cjk-sc', text: '这是简体中文的书。' },
    ]);
    // Kanji and kana of a Japanese paragraph stay in Noto Sans JP.
    expect(splitRuns([{ text: '漢字とかな', style: 'regular' }])).toEqual([{ face: 'cjk', text: '漢字とかな' }]);
    // The book's language decides for text without simplified-only characters.
    expect(splitRuns([{ text: '中文', style: 'regular' }], 'zh')).toEqual([{ face: 'cjk-sc', text: '中文' }]);
    expect(splitRuns([{ text: '中文', style: 'regular' }], 'ko')).toEqual([{ face: 'cjk-kr', text: '中文' }]);
  });

  it('takes the Han forms from the language tag', () => {
    expect(hanPreference('zh')).toBe('zh');
    expect(hanPreference('zh-Hans-CN')).toBe('zh');
    expect(hanPreference('zh-TW')).toBe('ja');
    expect(hanPreference('ko-KR')).toBe('ko');
    expect(hanPreference('ja')).toBe('ja');
    expect(hanPreference('en')).toBe('ja');
  });

  it('reads no font file a text does not need', () => {
    jest.isolateModules(() => {
      // A fresh copy of the module: nothing loaded yet in this process as far as it knows.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fonts = require('./pdf-fonts') as typeof import('./pdf-fonts');
      fonts.splitRuns([{ text: 'Crème brûlée, Αθήνα, Алёна!', style: 'regular' }]);
      expect(fonts.loadedFaces()).toEqual(['serif']);
      // An emoji no face has is looked up in the catch-all Japanese face, not in the 10 MB Chinese one.
      fonts.splitRuns([{ text: 'a\u{1F600}', style: 'regular' }]);
      expect(fonts.loadedFaces().sort()).toEqual(['cjk', 'serif']);
      fonts.splitRuns([{ text: 'كتاب', style: 'regular' }]);
      expect(fonts.loadedFaces()).not.toContain('cjk-sc');
      expect(fonts.loadedFaces()).toContain('arabic');
    });
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
    const alphabet = fc.constantFrom(...Array.from('aé Ωж さ桜。这한كُש\u0301\u200d\u{1F600}'));
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
    expect(faceForText('كتاب', 'regular')).toBe('arabic');
    expect(faceForText('한국어', 'bold')).toBe('cjk-kr-bold');
    expect(faceForText('这是书', 'regular')).toBe('cjk-sc');
  });
});
