/**
 * Verbal tics across a whole book: a phrase the writer model keeps coming
 * back to ("as if nothing had happened", "a testament to"), which a reader
 * notices by the third time and no single section shows, because sections
 * are written apart. Counted here, in code, over every section; the
 * sections that use a tic most are then revised with the rest of the
 * continuity problems.
 */

/** Words per phrase: long enough to be a turn of phrase, short enough to recur word for word. */
const PHRASE_WORDS = 4;
/** A phrase counts as a tic from this many uses in a book... */
const MIN_USES = 6;
/** ...or, in a long book, from this many uses per 10,000 words. */
const USES_PER_10K_WORDS = 1.5;
/** At most this many tics are sent for revision: the worst ones, with the sections that use each most. */
const MAX_ECHOES = 3;
const MAX_SECTIONS_PER_ECHO = 4;

export interface PhraseEcho {
  phrase: string;
  uses: number;
  /** Section number to its uses, for the sections that use it most (MAX_SECTIONS_PER_ECHO), most uses first. */
  sections: Map<number, number>;
}

interface Token {
  word: string;
  capitalised: boolean;
}

const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;

function tokens(text: string): Token[][] {
  // Phrases do not run across sentences: "...the end. The door..." is no phrase anyone wrote.
  return text.split(/[.!?;:…"“”«»()\n]+/u).map((sentence) =>
    Array.from(sentence.matchAll(WORD), (match) => ({
      word: match[0].toLocaleLowerCase().replace(/’/g, "'"),
      capitalised: match[0][0] !== match[0][0]?.toLocaleLowerCase(),
    })),
  );
}

/**
 * Whether a run of words is a turn of phrase rather than grammar or a name:
 * two words of five letters or more ("nothing", "happened"; not "at the end
 * of"), and no word that is capitalised inside its sentence (a name).
 */
function isPhrase(run: readonly Token[], sentenceStart: boolean): boolean {
  const long = run.filter((token) => [...token.word].length >= 5).length;
  const named = run.some((token, index) => token.capitalised && !(sentenceStart && index === 0));
  return long >= 2 && !named;
}

/**
 * The phrases a book's sections repeat too often, worst first. Only for
 * languages written with spaces between words: elsewhere a "word" is a
 * whole clause and nothing would be found.
 */
export function findPhraseEchoes(sections: ReadonlyArray<{ number: number; text: string }>): PhraseEcho[] {
  const uses = new Map<string, Map<number, number>>();
  let words = 0;
  for (const section of sections) {
    if (!writtenWithSpaces(section.text)) continue;
    for (const sentence of tokens(section.text)) {
      words += sentence.length;
      for (let start = 0; start + PHRASE_WORDS <= sentence.length; start += 1) {
        const run = sentence.slice(start, start + PHRASE_WORDS);
        if (!isPhrase(run, start === 0)) continue;
        const phrase = run.map((token) => token.word).join(' ');
        const bySection = uses.get(phrase) ?? new Map<number, number>();
        bySection.set(section.number, (bySection.get(section.number) ?? 0) + 1);
        uses.set(phrase, bySection);
      }
    }
  }
  const threshold = Math.max(MIN_USES, Math.ceil((words / 10_000) * USES_PER_10K_WORDS));
  const candidates = [...uses.entries()]
    .map(([phrase, bySection]) => ({
      phrase,
      uses: [...bySection.values()].reduce((sum, count) => sum + count, 0),
      bySection,
    }))
    .filter((candidate) => candidate.uses >= threshold && candidate.bySection.size >= 2)
    .sort((a, b) => b.uses - a.uses || a.phrase.localeCompare(b.phrase));
  const echoes: PhraseEcho[] = [];
  for (const candidate of candidates) {
    if (echoes.length >= MAX_ECHOES) break;
    // "as if nothing had" and "if nothing had happened" are one tic: the first found stands for both.
    if (echoes.some((echo) => overlaps(echo.phrase, candidate.phrase))) continue;
    const sectionsUsingItMost = [...candidate.bySection.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, MAX_SECTIONS_PER_ECHO);
    echoes.push({ phrase: candidate.phrase, uses: candidate.uses, sections: new Map(sectionsUsingItMost) });
  }
  return echoes;
}

/** Whether two phrases share two words in a row: parts of one longer phrase, counted twice. */
function overlaps(a: string, b: string): boolean {
  const pairs = (phrase: string) => {
    const words = phrase.split(' ');
    return words.slice(1).map((word, index) => `${words[index]} ${word}`);
  };
  const ofA = pairs(a);
  return pairs(b).some((pair) => ofA.includes(pair));
}

/** Text whose words are set apart by spaces (not Chinese, Japanese or Thai, where one "word" is a clause). */
function writtenWithSpaces(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const spaces = text.match(/\s/g)?.length ?? 0;
  return letters > 0 && spaces / letters > 0.08;
}

/** The revision problem for a section that uses an echo `count` times. */
export function echoProblem(echo: PhraseEcho, count: number): string {
  const here = count === 1 ? 'once in this section' : `${count} of them in this section`;
  const fix =
    count === 1
      ? 'say it here in other words that fit the moment.'
      : 'keep it at most once here and say the rest in other words that fit each moment.';
  return `The phrase "${echo.phrase}" comes ${echo.uses} times in the book, ${here}, which readers notice as a tic. Fix: ${fix}`;
}
