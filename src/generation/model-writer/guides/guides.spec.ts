import { CONCRETE_BOOK_TYPES } from '../../../book/book-shapes';
import { BOOK_STYLES } from '../../../catalog/catalog';
import { STYLE_GUIDES, type StyleGuide } from './style-guides';
import { TYPE_GUIDES, type TypeGuide } from './type-guides';

/** The guides go into every section prompt, so their size is a per-call token cost; these are the caps. */
const STYLE_GUIDE_MAX_CHARS = 1100;
const TYPE_GUIDE_MAX_CHARS = 1400;

/** Every string of a guide, as it would be joined into a prompt. */
function allText(guide: StyleGuide | TypeGuide): string {
  return Object.values(guide).flat().join(' ');
}

function expectFilledStrings(name: string, values: string[]): void {
  for (const value of values) expect({ name, blank: value.trim().length === 0 }).toEqual({ name, blank: false });
}

function expectCount(name: string, list: string[], min: number, max: number): void {
  expect({ name, withinCount: list.length >= min && list.length <= max }).toEqual({ name, withinCount: true });
}

describe('STYLE_GUIDES', () => {
  const styles = BOOK_STYLES.filter((style) => style !== 'automatic');
  const entries = Object.entries(STYLE_GUIDES);

  it('has exactly one guide per concrete style', () => {
    expect(Object.keys(STYLE_GUIDES).sort()).toEqual([...styles].sort());
  });

  it.each(entries)('%s: fills every field, lists within their counts', (name, guide) => {
    const { conventions, avoid, ...sentences } = guide;
    expectFilledStrings(name, [...Object.values(sentences), ...conventions, ...avoid]);
    expectCount(`${name}.conventions`, conventions, 4, 6);
    expectCount(`${name}.avoid`, avoid, 3, 5);
  });

  it.each(entries)(`%s: fits in ${STYLE_GUIDE_MAX_CHARS} characters`, (name, guide) => {
    const length = allText(guide).length;
    expect({ name, length, fits: length <= STYLE_GUIDE_MAX_CHARS }).toEqual({ name, length, fits: true });
  });

  it('gives no two styles the same promise or voice', () => {
    for (const field of ['promise', 'voice'] as const) {
      const seen = new Map<string, string>();
      for (const [name, guide] of entries) {
        const text = guide[field].trim().toLowerCase();
        expect({ field, name, sameAs: seen.get(text) }).toEqual({ field, name, sameAs: undefined });
        seen.set(text, name);
      }
    }
  });
});

describe('TYPE_GUIDES', () => {
  const entries = Object.entries(TYPE_GUIDES);

  it('has exactly one guide per concrete book type', () => {
    expect(Object.keys(TYPE_GUIDES).sort()).toEqual([...CONCRETE_BOOK_TYPES].sort());
  });

  it.each(entries)('%s: fills every field, lists within their counts', (name, guide) => {
    const { planning, sectionCraft, avoid, ...sentences } = guide;
    expectFilledStrings(name, [...Object.values(sentences), ...planning, ...sectionCraft, ...avoid]);
    expectCount(`${name}.planning`, planning, 3, 6);
    expectCount(`${name}.sectionCraft`, sectionCraft, 3, 6);
    expectCount(`${name}.avoid`, avoid, 3, 5);
  });

  it.each(entries)(`%s: fits in ${TYPE_GUIDE_MAX_CHARS} characters`, (name, guide) => {
    const length = allText(guide).length;
    expect({ name, length, fits: length <= TYPE_GUIDE_MAX_CHARS }).toEqual({ name, length, fits: true });
  });

  // Book and section lengths come only from book-shapes; a count here would contradict it when the table changes.
  // ("About 25 words a balloon" is a lettering limit, not a length, so words are not matched.)
  it('states no book or section lengths', () => {
    for (const [name, guide] of entries) {
      const length = /\d+\s*(pages|chapters|parts|spreads|lessons|sections)/i.exec(allText(guide))?.[0];
      expect({ name, length }).toEqual({ name, length: undefined });
    }
  });
});
