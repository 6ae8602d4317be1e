import { findTitleFormulas, followsPattern, formulaText, newTitleProblem, speaksOfTitles } from './title-formulas';

const titled = (...titles: string[]) => titles.map((title, index) => ({ number: index + 1, title }));

describe('findTitleFormulas', () => {
  it('finds the pattern three or more titles follow, one word apart, in any case, with the sections in order', () => {
    const found = findTitleFormulas(
      titled(
        'What the Lantern Knew',
        'The Tide of Saint Ives',
        'what the tide knew',
        'Before the Letter',
        'What the Letter Knew',
      ),
      'en',
    );
    expect(found).toEqual([{ pattern: 'What the … Knew', sections: [1, 3, 5] }]);
  });

  it('leaves two alike titles alone (chance, not a formula), and titles of fewer than three words', () => {
    expect(findTitleFormulas(titled('What the Lantern Knew', 'What the Tide Knew', 'Low Tide'), 'en')).toEqual([]);
    expect(findTitleFormulas(titled('The Pier', 'The Tide', 'The Bell', 'The Map'), 'en')).toEqual([]);
  });

  it('leaves a series numbered on purpose, and titles that are the same throughout, alone', () => {
    expect(findTitleFormulas(titled('Day 1 at Sea', 'Day 2 at Sea', 'Day 3 at Sea'), 'en')).toEqual([]);
    expect(findTitleFormulas(titled('Interlude at Sea', 'Interlude at Sea', 'Interlude at Sea'), 'en')).toEqual([]);
  });

  it('reads titles in other languages, punctuation around words aside', () => {
    const found = findTitleFormulas(
      titled('Ce que savait la lanterne', 'Ce que savait la marée !', '« Ce que savait la lettre »'),
      'fr',
    );
    expect(found).toEqual([{ pattern: 'Ce que savait la …', sections: [1, 2, 3] }]);
  });
});

describe('findTitleFormulas in languages whose articles change with the noun', () => {
  it('counts an article as one word whatever its gender, number or elision', () => {
    expect(
      findTitleFormulas(titled('Après la tempête', 'Le port', 'Après le silence', "Après l'orage", 'Et puis…'), 'fr'),
    ).toEqual([{ pattern: 'Après la …', sections: [1, 3, 4] }]);
    expect(findTitleFormulas(titled('La casa del mar', 'La casa de la luna', 'La casa de los vientos'), 'es')).toEqual([
      { pattern: 'La casa del …', sections: [1, 2, 3] },
    ]);
    expect(
      findTitleFormulas(titled("Il segreto dell'isola", 'Il segreto del faro', 'Il segreto della torre'), 'it-IT'),
    ).toEqual([{ pattern: "Il segreto dell'…", sections: [1, 2, 3] }]);
    expect(findTitleFormulas(titled('Im Haus am Meer', 'Im Haus an der Küste', 'Im Haus am See'), 'de')).toEqual([
      { pattern: 'Im Haus am …', sections: [1, 2, 3] },
    ]);
  });

  it('finds no formula in titles that differ only in their article, nor reads articles of another language', () => {
    expect(findTitleFormulas(titled('Le phare', 'La phare', 'Les phare'), 'fr')).toEqual([]);
    // "la" is no English article: these differ in two words.
    expect(findTitleFormulas(titled('After la storm', 'After the rain', 'After a fog'), 'en')).toEqual([]);
  });
});

describe('followsPattern', () => {
  it('reads a pattern with its article as any article, an elided one included', () => {
    expect(followsPattern("Après l'averse", 'Après la …', 'fr')).toBe(true);
    expect(followsPattern('Après les pluies', "Après l'…", 'fr')).toBe(true);
    expect(followsPattern('Après minuit', 'Après la …', 'fr')).toBe(false);
    expect(followsPattern('Le secret du phare', 'Le secret de la …', 'fr')).toBe(true);
  });

  it('matches the fixed words in place, any word in the slot, in any case', () => {
    expect(followsPattern('What The Harbour Knew', 'What the … Knew', 'en')).toBe(true);
    expect(followsPattern('What the Harbour Remembered', 'What the … Knew', 'en')).toBe(false);
    expect(followsPattern('What the Old Harbour Knew', 'What the … Knew', 'en')).toBe(false);
  });
});

describe('formulaText', () => {
  it('names the pattern and its sections', () => {
    expect(formulaText({ pattern: 'What the … Knew', sections: [2, 5, 9] }, 'chapter')).toBe(
      '"What the … Knew" (chapters 2, 5 and 9)',
    );
  });
});

describe('newTitleProblem', () => {
  const others = titled('What the Lantern Knew', 'Salt on the Pier', 'Salt on the Dunes', 'The Drowned Road');
  const problem = (title: string) => newTitleProblem(title, 9, others, ['What the … Knew'], 'en');

  it('refuses a title that keeps the pattern, repeats another section’s, or makes a pattern of its own', () => {
    expect(problem('What the Harbour Knew')).toBe('still in the form "What the … Knew"');
    expect(problem('the drowned road')).toBe('the title of another section');
    expect(problem('Salt on the Stairs')).toBe('in the form "Salt on the …" with 2 other titles');
  });

  it('takes a title of its own', () => {
    expect(problem('A Bell Under Water')).toBeUndefined();
  });
});

describe('speaksOfTitles', () => {
  it('reads a rule about titles in the languages the pipeline reads, and nothing else', () => {
    expect(speaksOfTitles(['Every part is titled "What the ... Knew".'])).toBe(true);
    expect(speaksOfTitles(['Chaque chapitre a un titre court.'])).toBe(true);
    expect(speaksOfTitles(['End each chapter with a checklist.', 'Entitled heirs fight.'])).toBe(false);
  });
});
