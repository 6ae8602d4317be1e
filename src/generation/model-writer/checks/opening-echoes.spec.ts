import { findAlikeOpenings, joinsAlikeOpenings, openingProblem } from './opening-echoes';

const openings = (...paragraphs: string[]) => paragraphs.map((paragraph, index) => ({ number: index + 1, paragraph }));

describe('findAlikeOpenings', () => {
  it('finds the first words three or more sections open with, in any case, with the sections in order', () => {
    const found = findAlikeOpenings(
      openings(
        'The morning fog lay on the harbour.',
        '"Who rang the bell?" Mara asked.',
        'THE MORNING after, nobody spoke.',
        'Mara woke before the gulls.',
        'The morning was grey.',
        'Mara woke to the bell.',
      ),
      'en',
    );
    expect(found).toEqual([{ words: 'The morning', sections: [1, 3, 5] }]);
  });

  it('leaves two alike openings alone (chance, not a pattern) and skips one-word paragraphs', () => {
    expect(findAlikeOpenings(openings('Mara woke.', 'Mara woke again.', 'Dawn.', 'Dawn.', 'Dawn.'), 'en')).toEqual([]);
  });

  it('reads openings after punctuation and in other scripts', () => {
    const found = findAlikeOpenings(
      openings('« Maëlle attendait », dit-il.', 'Maëlle attendait la marée.', '— Maëlle attendait ?'),
      'fr',
    );
    expect(found).toEqual([{ words: 'Maëlle attendait', sections: [1, 2, 3] }]);
  });
});

describe('openingProblem', () => {
  it('names the sections, the words and the paragraph, and asks for a different way in', () => {
    const problem = openingProblem({ words: 'The morning', sections: [2, 5, 9] }, 'chapter');
    expect(problem).toContain('Chapters 2, 5 and 9 all open with "The morning ..."');
    expect(problem).toContain('(paragraph 1)');
    expect(problem).toContain('not with "The morning"');
  });
});

describe('joinsAlikeOpenings', () => {
  const others = ['The morning fog lay on the harbour.', 'THE MORNING after, nobody spoke.', 'Mara woke early.'];

  it('names the words a rewritten opening would share with two other sections', () => {
    expect(joinsAlikeOpenings('The morning bell rang.', 'Rain fell.', others, 'en')).toBe('The morning');
  });

  it('lets a rewrite share its opening with one other section (chance, not a pattern)', () => {
    expect(joinsAlikeOpenings('Mara woke to the bell.', 'Rain fell.', others, 'en')).toBeUndefined();
  });

  it('lets a rewrite keep the opening its section already had', () => {
    expect(joinsAlikeOpenings('The morning bell rang.', 'The morning was grey.', others, 'en')).toBeUndefined();
  });
});
