import fc from 'fast-check';
import { breakLines, MAX_HYPHENATED_LINES, type Measure, lineText } from './line-breaking';
import { bidiParagraph } from './pdf-bidi';
import type { TextRun } from './pdf-fonts';

// Every character 10 wide in the serif face, 20 in the CJK face: easy arithmetic.
const measure: Measure = (face, text) => Array.from(text).length * (face === 'cjk' ? 20 : 10);
const serif = (text: string): TextRun => ({ face: 'serif', text });
const cjk = (text: string): TextRun => ({ face: 'cjk', text });
const hebrew = (text: string): TextRun => ({ face: 'hebrew', text });
const texts = (runs: TextRun[], width: number, first = width): string[] =>
  breakLines(runs, { first, rest: width }, measure).map(lineText);

describe('breakLines', () => {
  it('fills each line with as many words as fit and breaks at spaces', () => {
    expect(texts([serif('aaa bbb ccc ddd')], 70)).toEqual(['aaa bbb', 'ccc ddd']);
    expect(texts([serif('aaa bbb ccc ddd')], 69)).toEqual(['aaa', 'bbb', 'ccc', 'ddd']);
  });

  it('measures words and the spaces that justification may stretch', () => {
    const [line] = breakLines([serif('aa bb cc')], { first: 100, rest: 100 }, measure);
    expect(line?.width).toBe(80);
    expect(line?.spaces).toBe(2);
  });

  it('measures each word once per measure function, however many paragraphs repeat it', () => {
    const measured: string[] = [];
    const counting: Measure = (face, text) => {
      measured.push(text);
      return measure(face, text);
    };
    const first = breakLines([serif('the cat and the dog')], { first: 70, rest: 70 }, counting);
    const second = breakLines([serif('the dog and the cat')], { first: 70, rest: 70 }, counting);
    expect(first.map(lineText)).toEqual(['the cat', 'and the', 'dog']);
    expect(second.map(lineText)).toEqual(['the dog', 'and the', 'cat']);
    expect(second[1]?.width).toBe(70);
    // Each word once, with a space before it or without; the space once.
    expect(measured.sort()).toEqual([' ', 'and', 'cat', 'dog', 'the'].sort());
    // Another size is another function: nothing measured for one serves the other.
    const larger: Measure = (face, text) => 2 * measure(face, text);
    expect(breakLines([serif('the cat')], { first: 70, rest: 70 }, larger).map(lineText)).toEqual(['the', 'cat']);
  });

  it('uses the first-line width for the first line only', () => {
    expect(texts([serif('aa bb cc dd')], 50, 20)).toEqual(['aa', 'bb cc', 'dd']);
  });

  it('keeps a word split across fonts together and breaks between CJK characters', () => {
    expect(texts([serif('Ann'), cjk('さ'), serif('x')], 45)).toEqual(['Ann', 'さx']);
    expect(texts([cjk('さくらさくら')], 60)).toEqual(['さくら', 'さくら']);
  });

  it('does not start a line with a closing mark or end one with an opening bracket (kinsoku)', () => {
    expect(texts([cjk('さく。ら')], 40)).toEqual(['さ', 'く。', 'ら']);
    expect(texts([cjk('さ「くら')], 40)).toEqual(['さ', '「く', 'ら']);
  });

  it('cuts a word wider than the line at character boundaries', () => {
    expect(texts([serif(`x ${'a'.repeat(25)}`)], 100)).toEqual(['x', 'aaaaaaaaaa', 'aaaaaaaaaa', 'aaaaa']);
  });

  it('collapses runs of spaces and drops leading and trailing ones', () => {
    expect(texts([serif('  aa   bb  ')], 100)).toEqual(['aa bb']);
    expect(texts([serif('   ')], 100)).toEqual([]);
    expect(texts([], 100)).toEqual([]);
  });

  it('never exceeds the width and keeps every word, in order', () => {
    const word = fc.stringMatching(/^[a-zé]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 120, max: 400 }),
        (words, width) => {
          const lines = breakLines([serif(words.join(' '))], { first: width, rest: width }, measure);
          for (const line of lines) expect(line.width).toBeLessThanOrEqual(width);
          expect(lines.map(lineText).join(' ')).toBe(words.join(' '));
        },
      ),
    );
  });

  it('gives every piece of a paragraph with right-to-left text its bidi level, splitting where it changes', () => {
    const runs = [hebrew('ספר 12 '), serif('and'), hebrew(' דף')];
    const lines = breakLines(runs, { first: 1000, rest: 1000 }, measure, bidiParagraph('ספר 12 and דף', 'auto'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.rtl).toBe(true);
    const pieces = lines[0]?.items.flatMap((item) => item.pieces.map((piece) => [piece.text, piece.level]));
    expect(pieces).toEqual([
      ['ספר', 1],
      ['12', 2],
      ['and', 2],
      ['דף', 1],
    ]);
    // The spaces between them have levels too, for reordering.
    expect(lines[0]?.items.slice(1).map((item) => item.space?.level)).toEqual([1, 1, 1]);
  });

  it('leaves left-to-right paragraphs without levels, and breaks right-to-left ones the same way', () => {
    expect(breakLines([serif('aa bb')], { first: 100, rest: 100 }, measure)[0]?.rtl).toBeUndefined();
    const text = 'אב גד הו זח';
    const lines = breakLines([hebrew(text)], { first: 50, rest: 50 }, measure, bidiParagraph(text, 'auto'));
    expect(lines.map(lineText)).toEqual(['אב גד', 'הו זח']);
    expect(lines.every((line) => line.rtl)).toBe(true);
  });
});

describe('breakLines with hyphenation', () => {
  // The English patterns break "hyphenation" as hy-phen-ation.
  const hyphenate = (word: string): number[] => (word.toLowerCase() === 'hyphenation' ? [2, 6] : []);
  const hyphenated = (text: string, width: number): string[] =>
    breakLines([serif(text)], { first: width, rest: width }, measure, undefined, hyphenate).map(lineText);

  it('ends a line inside a word that does not fit, at the last point whose part fits with its hyphen', () => {
    expect(hyphenated('aaa hyphenation bb', 130)).toEqual(['aaa hyphen-', 'ation bb']);
    expect(hyphenated('aaaaaa hyphenation bb', 115)).toEqual(['aaaaaa hy-', 'phenation', 'bb']);
    expect(texts([serif('aaa hyphenation bb')], 130)).toEqual(['aaa', 'hyphenation', 'bb']);
  });

  it('counts the split word on both lines: the hyphen in the first, the rest in the next', () => {
    const [first, second] = breakLines(
      [serif('aaa hyphenation bb')],
      { first: 130, rest: 130 },
      measure,
      undefined,
      hyphenate,
    );
    expect([first?.width, first?.spaces]).toEqual([110, 1]);
    expect([second?.width, second?.spaces]).toEqual([80, 1]);
  });

  it("never hyphenates a paragraph's last word", () => {
    expect(hyphenated('aaa hyphenation', 130)).toEqual(['aaa', 'hyphenation']);
  });

  it('keeps punctuation with the part it touches', () => {
    expect(hyphenated('aaa "hyphenation," bb', 140)).toEqual(['aaa "hyphen-', 'ation," bb']);
  });

  it(`ends at most ${MAX_HYPHENATED_LINES} lines in a row with a hyphen`, () => {
    // Every line could end in "hyphen-"; the third in a row is set loose instead.
    expect(hyphenated('aaaaa hyphenation hyphenation hyphenation hyphenation end', 130)).toEqual([
      'aaaaa hyphen-',
      'ation hyphen-',
      'ation',
      'hyphenation',
      'hyphenation',
      'end',
    ]);
  });

  it('leaves right-to-left paragraphs and words in several faces whole', () => {
    const rtl = 'שלום hyphenation עולם';
    expect(
      breakLines([serif(rtl)], { first: 130, rest: 130 }, measure, bidiParagraph(rtl, 'auto'), hyphenate).map(lineText),
    ).not.toContainEqual(expect.stringMatching(/-$/));
    expect(
      breakLines(
        [serif('aaa hyphen'), cjk('さ'), serif('ation bb')],
        { first: 130, rest: 130 },
        measure,
        undefined,
        hyphenate,
      ).map(lineText),
    ).not.toContainEqual(expect.stringMatching(/-$/));
  });
});
