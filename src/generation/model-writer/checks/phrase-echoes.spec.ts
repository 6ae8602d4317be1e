import { echoProblem, findPhraseEchoes } from './phrase-echoes';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'po', 'ru', 'si', 'ta', 'vu', 'ze'];
/** `words` words of four letters or fewer, in ten-word sentences: text no phrase can be found in. */
const filler = (words: number) =>
  Array.from({ length: words }, (_, index) => {
    const word = SYLLABLES[index % 10]! + SYLLABLES[Math.floor(index / 10) % 10]!;
    return index % 10 === 9 ? `${word}.` : word;
  }).join(' ');

describe('findPhraseEchoes', () => {
  it('finds a phrase the sections keep repeating, with the sections that use it most', () => {
    const tic = 'She shrugged, as if nothing had happened.';
    const sections = [
      { number: 1, text: `${tic} ${tic} ${tic} Then the boat left.` },
      { number: 2, text: `${tic} ${tic} The rain came.` },
      { number: 3, text: `${tic} Nobody spoke.` },
    ];
    const [echo, ...others] = findPhraseEchoes(sections);
    // "as if nothing had" and "if nothing had happened" are one tic, reported once.
    expect(others).toEqual([]);
    expect(echo?.phrase).toMatch(/^(as if nothing had|if nothing had happened)$/);
    expect(echo?.uses).toBe(6);
    expect([...echo!.sections]).toEqual([
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
    expect(echoProblem(echo!, 3)).toContain(`"${echo!.phrase}" comes 6 times in the book, 3 of them in this section`);
  });

  it('counts first-person narration and leaves grammar of long function words alone', () => {
    const sections = [1, 2, 3].map((number) => ({
      number,
      text:
        'I held a breath I didn’t know I was holding. I held a breath I didn’t know I was holding. ' +
        'There would be no answer. There would be no answer. There would be no answer.',
    }));
    const phrases = findPhraseEchoes(sections).map((echo) => echo.phrase);
    // One tic (its overlapping four-word windows are one), though "I" is capitalised; no "there would be no".
    expect(phrases).toHaveLength(1);
    expect(phrases[0]).toMatch(/breath i didn't/);
  });

  it('shows a tic as the book writes it: its apostrophes, "I" upright, no capital from a sentence start', () => {
    const sections = [1, 2, 3].map((number) => ({
      number,
      text: 'Je n’avais pas oublié la nuit, dit-elle. '.repeat(2) + 'I held a breath I didn’t know. '.repeat(2),
    }));
    const echoes = findPhraseEchoes(sections);
    expect(echoes.map((echo) => echo.written).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^je n’avais pas oublié|n’avais pas oublié la$/)]),
    );
    const french = echoes.find((echo) => echo.phrase.includes("n'avais"))!;
    expect(french.written).toBe(french.phrase.replace(/'/g, '’'));
    const english = echoes.find((echo) => echo.phrase.includes('breath'))!;
    expect(english.written).toMatch(/breath I didn’t/);
    // The reviser is shown the phrase as written; its revision is still checked by the plain form.
    expect(echoProblem(french, 2)).toContain(`The phrase "${french.written}" comes 6 times`);
  });

  it('takes a name at the start of a sentence for a name, when the book capitalises it elsewhere too', () => {
    const sections = [1, 2, 3].map((number) => ({
      number,
      text: 'Tomas walked home slowly. That night Tomas smiled. '.repeat(3),
    }));
    expect(findPhraseEchoes(sections)).toEqual([]);
    // A word the book also writes in lower case is no name: "Silver" opens a sentence, "silver" is in one.
    const common = [1, 2, 3].map((number) => ({
      number,
      text: 'Silver light spilled slowly. The silver moon rose. '.repeat(3),
    }));
    expect(findPhraseEchoes(common).map((echo) => echo.written)).toEqual(['silver light spilled slowly']);
  });

  it('keeps two tics that only share a pair of words apart', () => {
    const sections = [1, 2].map((number) => ({
      number,
      text: 'Silver light spilled across the harbour. Silver light pooled under the lamps. '.repeat(4),
    }));
    const phrases = findPhraseEchoes(sections).map((echo) => echo.phrase);
    expect(phrases).toHaveLength(2);
    expect(phrases.some((phrase) => phrase.includes('spilled'))).toBe(true);
    expect(phrases.some((phrase) => phrase.includes('pooled'))).toBe(true);
  });

  it('finds a tic in a 150,000-word book', () => {
    const sections = Array.from({ length: 30 }, (_, index) => ({
      number: index + 1,
      text: `${filler(5_000)} ${'She smiled with quiet certainty. '.repeat(2)}`,
    }));
    // Some 100 ms here: one pass over the book, the sections counted only for the phrases past the threshold.
    expect(findPhraseEchoes(sections)[0]?.phrase).toMatch(/smiled with quiet/);
  });

  it('leaves grammar, names and phrases split by a sentence end alone', () => {
    const sections = [1, 2, 3].map((number) => ({
      number,
      text:
        'At the end of the day, Mira Okafor walked home. At the end of the day, Mira Okafor walked home. ' +
        'The keeper waited. Silent rooms followed. The keeper waited. Silent rooms followed.',
    }));
    expect(findPhraseEchoes(sections)).toEqual([]);
  });

  it('needs more uses in a long book: ten in 100,000 words is no tic, twenty is', () => {
    const book = (perSection: number) =>
      Array.from({ length: 10 }, (_, index) => ({
        number: index + 1,
        text: `${filler(10_000)} ${'He smiled with quiet certainty. '.repeat(perSection)}`,
      }));
    expect(findPhraseEchoes(book(1))).toEqual([]);
    const [echo] = findPhraseEchoes(book(2));
    expect(echo?.uses).toBe(20);
    // The four sections that use it most (all twice here), in section order.
    expect([...echo!.sections.keys()]).toEqual([1, 2, 3, 4]);
    expect(echoProblem(echo!, 1)).toMatch(/once in this section.*say it here in other words/);
  });

  it('finds nothing in languages written without spaces', () => {
    const text = '彼女は何もなかったかのように肩をすくめた。'.repeat(10);
    expect(
      findPhraseEchoes([
        { number: 1, text },
        { number: 2, text },
      ]),
    ).toEqual([]);
  });
});
