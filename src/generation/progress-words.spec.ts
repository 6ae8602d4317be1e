import { SECTION_LABELS } from '../book/book-shapes';
import { progressWords, type ProgressWords } from './progress-words';

const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'ja'];

/** Every line of `words`, with every section label, one section and many. */
function everyLine(words: ProgressWords): string[] {
  return SECTION_LABELS.flatMap((label) =>
    [1, 14].flatMap((count) => [
      words.planningBible(count, label),
      words.outlining(count, label, 2),
      words.planned(
        {
          title: 'T',
          sections: count,
          words: 2_600,
          limits: { section: 2_000 },
          instructions: count,
          rulesForEverySection: 1,
        },
        label,
      ),
      words.resumingSections(count, 14, label),
      words.halfway(label, count, 14, 1_064, 2_100),
      words.sectionWritten(label, count, 14, 2_272, 2_100),
      words.askingForTheRest(label, count, 916, 1_800),
      words.cutContinuing(label, count, 1_200),
      words.seamsJoined(count, count, label),
      words.checked(
        {
          problems: count,
          instructions: { fulfilled: 1, asked: count, unjudged: 0 },
          textFindings: [],
          revising: count,
        },
        label,
      ),
      words.revised(label, count, 'continuity', 'Mara is called Maria here. Fix: call her Mara.'),
      words.keptAsDrafted(label, count, 'unchanged'),
    ]),
  );
}

describe('progressWords: the job’s messages in the book’s language', () => {
  it('says what is happening in French, with the spaces French typesetting puts before a colon and inside « »', () => {
    const say = progressWords('fr-CA');
    expect(say.sectionWritten('chapter', 3, 14, 2_272, 2_100)).toBe(
      'Chapitre 3 sur 14\u00a0: 2\u202f272 mots écrits, 2\u202f100 prévus',
    );
    expect(
      say.planned(
        { title: 'Lison', sections: 12, words: 580, limits: {}, instructions: 1, rulesForEverySection: 0 },
        'spread',
      ),
    ).toBe('Plan de «\u00a0Lison\u00a0»\u00a0: 12 doubles pages, 580 mots, 1 consigne de la demande à suivre');
    expect(say.revised('spread', 6, 'instruction', 'The client asked for this.')).toBe(
      'Double page 6\u00a0: nouvelle version (consigne de la demande)',
    );
  });

  it('words a line so that a noun of either gender fits it, and one section as one', () => {
    const french = progressWords('fr');
    expect(french.sectionWritten('spread', 2, 12, 1, 40)).toBe('Double page 2 sur 12\u00a0: 1 mot écrit, 40 prévus');
    expect(progressWords('es').sectionWritten('lesson', 2, 12, 1, 40)).toBe(
      'Lección 2 de 12: 1 palabra escrita, 40 previstas',
    );
    expect(progressWords('de').halfway('spread', 2, 12, 1_064, 2_100)).toBe(
      'Doppelseite 2 von 12: 1.064 von 2.100 Wörtern',
    );
    expect(progressWords('ja').halfway('chapter', 2, 14, 1_064, 2_100)).toBe('第2章（全14章）：2,100語中1,064語');
  });

  it('keeps the English lines as they were, quoting the reviser’s first sentence', () => {
    const say = progressWords('en-GB');
    expect(say.askingForTheRest('chapter', 3, 916, 1_800)).toBe('Chapter 3: 916 of 1,800 words; asking for the rest');
    expect(say.revised('chapter', 3, 'continuity', 'Mara is called Maria here. Fix: call her Mara.')).toBe(
      'Chapter 3 revised: Mara is called Maria here.',
    );
    expect(say.retitled([3, 7, 9], 'chapter', 'one pattern')).toBe(
      'Planning: chapters 3, 7 and 9 retitled; their titles followed one pattern',
    );
  });

  it('speaks English for a language it has no words for', () => {
    expect(progressWords('nb').written(27_973)).toBe('Written: 27,973 words');
    expect(progressWords('zz-invalid').ready()).toBe('Book ready for download');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s: no line is left in English, none holds an unfilled value, and each is one line',
    (language) => {
      const english = new Set(everyLine(progressWords('en')));
      for (const line of everyLine(progressWords(language))) {
        expect({ line, english: english.has(line) }).toEqual({ line, english: false });
        expect(line).not.toMatch(/undefined|NaN|\[object|\n/);
        expect(line).not.toMatch(/\b(?:words|chapters?|asking|revised|written)\b/);
      }
    },
  );
});
