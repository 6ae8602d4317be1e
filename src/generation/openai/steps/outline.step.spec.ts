import type { PlannedSection } from './book-plan';
import { withDistinctTitles } from './outline.step';

const section = (number: number, title: string) => ({ number, title }) as PlannedSection;
const titles = (sections: PlannedSection[]) => sections.map((entry) => entry.title);

describe('withDistinctTitles', () => {
  it("gives the sections the outline named alike the spine's titles, and leaves the others", () => {
    const spine = ['The Keeper', 'Low Tide', 'The Letter', 'Before the River'].map((title) => ({ title, purpose: '' }));
    const outline = [
      section(1, 'The Keeper'),
      section(2, 'Before the River'),
      section(3, 'A Letter Comes'),
      section(4, 'Before the River'),
    ];
    expect(titles(withDistinctTitles(outline, spine))).toEqual([
      'The Keeper',
      'Low Tide',
      'A Letter Comes',
      'Before the River',
    ]);
  });

  it('keeps a title the spine itself repeats (alternating narrators)', () => {
    const spine = ['Anna', 'Ben', 'Anna', 'Ben'].map((title) => ({ title, purpose: '' }));
    const outline = [section(1, 'Anna'), section(2, 'Ben'), section(3, 'anna'), section(4, 'Ben')];
    expect(titles(withDistinctTitles(outline, spine))).toEqual(['Anna', 'Ben', 'anna', 'Ben']);
  });
});
