import { dashProblem, findDashHabits } from './dash-habits';

/** A paragraph of `words` narrated words with `dashes` em dashes set in it, and a line of speech with dashes. */
function paragraph(words: number, dashes: number): string {
  const told = Array.from({ length: words }, (_, index) => (index < dashes ? 'turned —' : 'word')).join(' ');
  return `${told}. "I — I — I can't," she said.`;
}

describe('findDashHabits', () => {
  it('finds the narration that sets clause after clause off with em dashes, not what characters say', () => {
    const habits = findDashHabits(
      [
        // 12 dashes in 800 words of narration: 15 to the thousand.
        { number: 1, paragraphs: [paragraph(200, 4), paragraph(200, 6), paragraph(200, 2), paragraph(200, 0)] },
        // 3 in narration, however many in speech.
        { number: 2, paragraphs: [paragraph(100, 3), paragraph(100, 0)] },
      ],
      'en',
    );
    expect(habits).toEqual([{ number: 1, dashes: 12, perThousandWords: 15, paragraphs: [1, 2, 3] }]);
  });

  it('leaves a long chapter whose dashes are few to the thousand words, and the typed double hyphen counts', () => {
    const long = Array.from({ length: 10 }, () => paragraph(200, 1));
    expect(findDashHabits([{ number: 1, paragraphs: long }], 'en')).toEqual([]);
    const typed = [`${Array.from({ length: 12 }, () => 'she turned -- slowly').join(' ')}.`];
    expect(findDashHabits([{ number: 1, paragraphs: typed }], 'en')).toEqual([
      { number: 1, dashes: 12, perThousandWords: 333, paragraphs: [1] },
    ]);
  });

  it('reads English only: French and Spanish set dialogue with dashes by rule', () => {
    const heavy = [paragraph(100, 20)];
    expect(findDashHabits([{ number: 1, paragraphs: heavy }], 'fr')).toEqual([]);
    expect(findDashHabits([{ number: 1, paragraphs: heavy }], 'en-GB')).toHaveLength(1);
  });

  it('sends at most the ten paragraphs with the most dashes, and the four densest sections', () => {
    const many = Array.from({ length: 14 }, (_, index) => paragraph(40, index < 4 ? 1 : 3));
    const [habit] = findDashHabits([{ number: 1, paragraphs: many }], 'en');
    expect(habit?.paragraphs).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    const sections = Array.from({ length: 6 }, (_, index) => ({
      number: index + 1,
      paragraphs: [paragraph(200, 10 + index)],
    }));
    expect(findDashHabits(sections, 'en').map((each) => each.number)).toEqual([6, 5, 4, 3]);
  });
});

describe('dashProblem', () => {
  it('counts the dashes, places them and asks for other punctuation, nothing else changed', () => {
    const problem = dashProblem({ number: 3, dashes: 14, perThousandWords: 11, paragraphs: [2, 5] }, 'chapter');
    expect(problem).toContain(
      'The narration of this chapter sets 14 clauses off with em dashes (11 to every 1,000 words)',
    );
    expect(problem).toContain('(paragraphs 2 and 5)');
    expect(problem).toContain('Fix: keep a dash only where a thought breaks off');
  });
});
