import fc from 'fast-check';
import { bidiParagraph, displayOrder, mirrored } from './pdf-bidi';

describe('pdf bidi', () => {
  it('skips the algorithm for text without right-to-left characters', () => {
    expect(bidiParagraph('Crème brûlée, Алёна, さくら, 한국어', 'auto')).toBeUndefined();
  });

  it('takes the base direction from the first letter unless told otherwise', () => {
    expect(bidiParagraph('שלום world', 'auto')?.base).toBe(1);
    expect(bidiParagraph('Hello שלום', 'auto')?.base).toBe(0);
    expect(bidiParagraph('שלום world', 'ltr')?.base).toBe(0);
  });

  it('gives right-to-left letters odd levels and numbers inside them even ones', () => {
    const text = 'ספר 2024';
    const levels = bidiParagraph(text, 'auto')?.levels;
    expect(levels?.[0]).toBe(1);
    expect(levels?.[text.indexOf('2')]).toBe(2);
  });

  it('reverses runs at odd levels, and numbers inside them back again', () => {
    const order = (parts: Array<[string, number]>): string[] =>
      displayOrder(parts, ([, level]) => level).map(([text]) => text);
    expect(
      order([
        ['The', 0],
        ['one', 1],
        ['two', 1],
        ['end', 0],
      ]),
    ).toEqual(['The', 'two', 'one', 'end']);
    expect(
      order([
        ['alef', 1],
        ['12', 2],
        ['34', 2],
        ['bet', 1],
      ]),
    ).toEqual(['bet', '12', '34', 'alef']);
    expect(order([['only', 0]])).toEqual(['only']);
  });

  it('never loses or duplicates a part', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 30 }), (levels) => {
        const parts = levels.map((level, index) => ({ level, index }));
        const ordered = displayOrder(parts, (part) => part.level);
        expect(ordered.map((part) => part.index).sort((a, b) => a - b)).toEqual(parts.map((part) => part.index));
      }),
    );
  });

  it('mirrors brackets for right-to-left runs', () => {
    expect(mirrored('(a)')).toBe(')a(');
    expect(mirrored('«x»')).toBe('»x«');
    expect(mirrored('abc')).toBe('abc');
  });
});
