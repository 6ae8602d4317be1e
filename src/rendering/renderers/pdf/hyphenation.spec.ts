import { hyphenatorFor, LEFT_MIN, RIGHT_MIN } from './hyphenation';

describe('hyphenatorFor', () => {
  it("finds the TeX patterns' points of the book's language", () => {
    const english = hyphenatorFor('en');
    expect(english?.('hyphenation')).toEqual([2, 6]);
    expect(english?.('representative')).toEqual([3, 5, 8, 10]);
    const french = hyphenatorFor('fr-CA');
    expect(french?.('extraordinaire')).toEqual(expect.arrayContaining([5]));
  });

  it(`keeps at least ${LEFT_MIN} letters before a hyphen and ${RIGHT_MIN} after it, and short words whole`, () => {
    const english = hyphenatorFor('en-GB')!;
    for (const word of ['hyphenation', 'justification', 'extraordinary', 'unbelievable']) {
      for (const offset of english(word)) {
        expect(offset).toBeGreaterThanOrEqual(LEFT_MIN);
        expect(word.length - offset).toBeGreaterThanOrEqual(RIGHT_MIN);
      }
    }
    expect(english('cat')).toEqual([]);
  });

  it('keeps one hyphenator per set of patterns for the process, so its words carry over from book to book', () => {
    expect(hyphenatorFor('en-US')).toBe(hyphenatorFor('en'));
    expect(hyphenatorFor('fr-CA')).toBe(hyphenatorFor('fr'));
    expect(hyphenatorFor('en-GB')).not.toBe(hyphenatorFor('en'));
  });

  it('has no hyphenation for languages without patterns, or for tags that are not languages', () => {
    for (const tag of ['ja', 'zh-Hans', 'und', '../../package', '']) {
      expect(hyphenatorFor(tag)).toBeNull();
    }
  });
});
