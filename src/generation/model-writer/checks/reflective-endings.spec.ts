import { endingProblem, summingUp } from './reflective-endings';

describe('summingUp', () => {
  it.each([
    ['As the lamp went out, Mara knew that nothing would ever be the same.', 'would ever be the same'],
    ['Things would never be the same again.', 'would never be the same'],
    ['Little did she know what waited under the pier.', 'Little did she know'],
    ['It was only the beginning.', 'was only the beginning'],
    ['Their journey had only just begun.', 'had only just begun'],
    ['The journey was just beginning.', 'The journey was just beginning'],
    ['Whatever the future held, they would face it together.', 'Whatever the future held'],
    ['Hope bloomed in her chest as the boat turned for home.', 'Hope bloomed in her'],
    ['The old map was a testament to his stubbornness.', 'a testament to'],
    ['In that moment, she understood.', 'In that moment, she understood'],
  ])('finds the summing-up in "%s"', (paragraph, phrase) => {
    expect(summingUp(paragraph, 'en')).toBe(phrase);
  });

  it.each([
    'Mara put the map in the drawer and locked it. Behind her, someone knocked twice.',
    '"The tide will be the same tomorrow," Hale said, and shut the door.',
    'The answer would be the same, whoever asked.',
  ])('leaves an ending in the scene alone: "%s"', (paragraph) => {
    expect(summingUp(paragraph, 'en')).toBeUndefined();
  });

  it('reads English and French, each in its own forms, where the stock forms are known', () => {
    expect(summingUp('Little did she know.', 'en-GB')).toBe('Little did she know');
    expect(summingUp('Little did she know.', 'fr')).toBeUndefined();
    expect(summingUp('Elle le savait : plus rien ne serait jamais comme avant.', 'fr-CA')).toBe(
      'plus rien ne serait jamais comme avant',
    );
    expect(summingUp("Mara referma la porte. Ce n'était que le début.", 'fr')).toBe("Ce n'était que le début");
    expect(summingUp('Elle était loin de se douter de ce qui l’attendait.', 'fr')).toBe('était loin de se douter');
    // A scene's ending, and the same words in a language the forms are not written in, are left alone.
    expect(summingUp('Mara referma la porte à clé et descendit vers le port.', 'fr')).toBeUndefined();
    expect(summingUp('Plus rien ne serait jamais comme avant.', 'it')).toBeUndefined();
  });

  it('reads Spanish and German in their own forms', () => {
    expect(summingUp('Cerró la puerta. Nada volvería a ser igual.', 'es')).toBe('Nada volvería a ser igual');
    expect(summingUp('Y aquello era solo el principio.', 'es-MX')).toBe('aquello era solo el principio');
    expect(summingUp('Sie wusste: Nichts würde je wieder so sein wie zuvor.', 'de')).toBe(
      'Nichts würde je wieder so sein wie zuvor',
    );
    expect(summingUp('Das war erst der Anfang.', 'de-AT')).toBe('Das war erst der Anfang');
    expect(summingUp('Mara schloss die Tür ab und ging zum Hafen.', 'de')).toBeUndefined();
  });
});

describe('endingProblem', () => {
  it('names the paragraph and the phrase, and asks for an ending in the scene', () => {
    const problem = endingProblem('would never be the same', 14);
    expect(problem).toContain('(paragraph 14)');
    expect(problem).toContain('("would never be the same")');
    expect(problem).toContain('end on the situation as it now stands');
  });
});
