import { findStudyFigures, studyFiguresProblem } from './study-figures';

const section = (number: number, ...paragraphs: string[]) => ({ number, paragraphs });

describe('findStudyFigures', () => {
  it('queries each sentence that credits a figure to a study, a survey, research or "according to"', () => {
    const found = findStudyFigures(
      [
        section(
          1,
          'Saving is a habit. A 2019 survey found that 64% of workers have no savings at all.',
          'Start small. Research shows that people who write goals down are 42 percent more likely to reach them.',
          'Most people find the first month the hardest.',
        ),
        section(2, 'According to the Federal Reserve, one in four adults has no emergency fund.'),
        section(3, 'Put 10% of every pay cheque aside. Studies show that habits form slowly.'),
      ],
      'en',
      '',
    );
    expect(found).toEqual([
      {
        number: 1,
        sentences: [
          'A 2019 survey found that 64% of workers have no savings at all.',
          'Research shows that people who write goals down are 42 percent more likely to reach them.',
        ],
        paragraphs: [1, 2],
      },
      {
        number: 2,
        sentences: ['According to the Federal Reserve, one in four adults has no emergency fund.'],
        paragraphs: [1],
      },
    ]);
  });

  it("leaves a figure the client's material gives", () => {
    const paragraphs = ['A 2019 survey found that 64% of workers have no savings at all.'];
    expect(
      findStudyFigures([section(1, ...paragraphs)], 'en', 'Use the survey that found 64% have no savings.'),
    ).toEqual([]);
  });

  it.each([
    ['fr', 'Selon une étude de 2019, 64 % des salariés n’ont aucune épargne.', 'Épargnez 10 % chaque mois.'],
    ['fr', 'Les chercheurs montrent qu’une personne sur trois abandonne en janvier.', 'Une étude ne suffit pas.'],
    ['es', 'Según una encuesta de 2019, el 64 % de los trabajadores no ahorra nada.', 'Ahorra un 10 % cada mes.'],
    ['es', 'Un estudio reveló que uno de cada tres abandona en enero.', 'Los estudios ayudan poco.'],
    ['de', 'Laut einer Studie von 2019 haben 64 Prozent der Beschäftigten keine Ersparnisse.', 'Spare 10 Prozent.'],
    ['de', 'Eine Umfrage ergab, dass einer von drei im Januar aufgibt.', 'Eine Studie allein hilft nicht.'],
  ])('reads %s: "%s", not "%s"', (language, queried, left) => {
    expect(findStudyFigures([section(1, queried, left)], language, '')).toEqual([
      { number: 1, sentences: [queried], paragraphs: [1] },
    ]);
  });

  it('leaves the languages it has no reading for', () => {
    const paragraphs = ['Secondo uno studio del 2019, il 64% dei lavoratori non risparmia.'];
    expect(findStudyFigures([section(1, ...paragraphs)], 'it', '')).toEqual([]);
  });
});

describe('studyFiguresProblem', () => {
  it('quotes the sentences, places them and asks for a named finding or none', () => {
    const problem = studyFiguresProblem({
      number: 1,
      sentences: ['A 2019 survey found that 64% of workers have no savings at all.'],
      paragraphs: [3],
    });
    expect(problem).toContain('"A 2019 survey found that 64% of workers have no savings at all." (paragraph 3)');
    expect(problem).toContain('the sentence names who found it and when');
  });
});
