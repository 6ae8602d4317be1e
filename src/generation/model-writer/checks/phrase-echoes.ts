/**
 * Verbal tics across a whole novel or story: a turn of phrase the writer
 * model keeps coming back to ("as if nothing had happened", "a breath she
 * didn't know she was holding"), which a reader notices by the third time
 * and no single section shows, because sections are written apart. Counted
 * here, in code, over every section; the sections that use a tic most are
 * then revised with the rest of the continuity problems. For novels and
 * stories: a textbook repeats its terms and a picture book its refrain on
 * purpose. A tic spread thinly (once in each of 20 sections) is named to the
 * four sections revised, not removed from the book.
 */

import { inParagraphs } from './paragraph-refs';
import { CLAUSE_END, WORD } from './prose-words';

/** Words per phrase: long enough to be a turn of phrase, short enough to recur word for word. */
const PHRASE_WORDS = 4;
/** A phrase counts as a tic from this many uses in a book... */
const MIN_USES = 6;
/** ...or, in a long book, from this many uses per 10,000 words. */
const USES_PER_10K_WORDS = 1.5;
/** At most this many tics are sent for revision: the worst ones, with the sections that use each most. */
const MAX_ECHOES = 3;
const MAX_SECTIONS_PER_ECHO = 4;
/** Letters that make a word count toward a turn of phrase (see `isPhrase`). */
const LONG_WORD = 5;
/**
 * English function words of five letters or more: "there would be no" is
 * grammar, not a turn of phrase. Other languages go without such a list;
 * their counts are only a little noisier.
 */
const FUNCTION_WORDS = new Set(
  (
    'about above across after again against along among another around because before behind below beneath ' +
    'beside besides between beyond could during every neither never other others rather should since still ' +
    'their there these thing things those though through toward towards under until where whether which while ' +
    'within without would yours'
  ).split(' '),
);

export interface PhraseEcho {
  /** In lower case with straight apostrophes: how `writesPhrase` finds it. */
  phrase: string;
  /** As the book writes it ("breath I didn’t know"): what the client and the reviser are shown. */
  written: string;
  uses: number;
  /** Section number to its uses, for the sections that use it most (MAX_SECTIONS_PER_ECHO), most uses first. */
  sections: Map<number, number>;
}

interface Token {
  /** In lower case, with straight apostrophes. */
  word: string;
  /** As written. */
  raw: string;
  /** Capitalised inside its clause, and never written in lower case in the book: a name. */
  name: boolean;
  /** Counts toward a turn of phrase: five letters or more and not a function word. */
  weighty: boolean;
}

/** A word as phrases are counted: in lower case, with straight apostrophes. */
const normal = (word: string): string => word.toLowerCase().replace(/’/g, "'");

/** What the book's casing says about its words: which it writes in lower case, which it capitalises mid-clause. */
interface Casing {
  readonly lowerCase: Set<string>;
  readonly capitalisedInside: Set<string>;
}

/** Each section's clauses as words, as written; `casing` learns from them. */
function clausesOf(text: string, casing: Casing): string[][] {
  return text.split(CLAUSE_END).map((clause) =>
    Array.from(clause.matchAll(WORD), (match, index) => {
      const word = match[0];
      if (word[0] === word[0]?.toLowerCase()) casing.lowerCase.add(normal(word));
      else if (index > 0) casing.capitalisedInside.add(normal(word));
      return word;
    }),
  );
}

function tokenise(clause: readonly string[], casing: Casing): Token[] {
  return clause.map((raw, index) => {
    const word = normal(raw);
    const capitalised = raw !== raw.toLowerCase();
    // "I" and a clause's first word are capitalised without being names, unless the book capitalises that word
    // inside clauses too and never writes it in lower case ("Tomas had not forgotten", "and Tomas knew").
    const name =
      capitalised && raw !== 'I' && !casing.lowerCase.has(word) && (index > 0 || casing.capitalisedInside.has(word));
    return { word, raw, name, weighty: word.length >= LONG_WORD && !FUNCTION_WORDS.has(word) };
  });
}

/** A phrase as the book writes it: its apostrophes, "I" capitalised, a clause's capital letter dropped. */
function writtenForm(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.raw === 'I' ? 'I' : token.raw.toLowerCase())).join(' ');
}

/** A turn of phrase rather than grammar or a name: two weighty words and no name. */
function isPhrase(tokens: readonly Token[], start: number): boolean {
  let weighty = 0;
  for (let index = start; index < start + PHRASE_WORDS; index += 1) {
    const token = tokens[index] as Token;
    if (token.name) return false;
    if (token.weighty) weighty += 1;
  }
  return weighty >= 2;
}

/**
 * The phrases a book's sections repeat too often, worst first. Only for
 * languages written with spaces between words: elsewhere a "word" is a
 * whole clause and nothing would be found. One pass counts every phrase of
 * the book; the sections are counted only for the few past the threshold.
 */
export function findPhraseEchoes(sections: ReadonlyArray<{ number: number; text: string }>): PhraseEcho[] {
  const casing: Casing = { lowerCase: new Set(), capitalisedInside: new Set() };
  const clauses = sections.map((section) => (writtenWithSpaces(section.text) ? clausesOf(section.text, casing) : []));
  // Each phrase as the book first writes it.
  const writtenAs = new Map<string, string>();
  const phrasesOf = (section: number): string[] => {
    const found: string[] = [];
    for (const clause of clauses[section] ?? []) {
      const tokens = tokenise(clause, casing);
      for (let start = 0; start + PHRASE_WORDS <= tokens.length; start += 1) {
        if (!isPhrase(tokens, start)) continue;
        const phrase = tokens.slice(start, start + PHRASE_WORDS);
        const key = phrase.map((token) => token.word).join(' ');
        if (!writtenAs.has(key)) writtenAs.set(key, writtenForm(phrase));
        found.push(key);
      }
    }
    return found;
  };

  const uses = new Map<string, number>();
  let words = 0;
  const perSection = sections.map((_, index) => {
    const found = phrasesOf(index);
    for (const clause of clauses[index] ?? []) words += clause.length;
    for (const phrase of found) uses.set(phrase, (uses.get(phrase) ?? 0) + 1);
    return found;
  });
  const threshold = Math.max(MIN_USES, Math.ceil((words / 10_000) * USES_PER_10K_WORDS));
  const frequent = [...uses.entries()]
    .filter(([, count]) => count >= threshold)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

  const echoes: PhraseEcho[] = [];
  for (const [phrase, count] of frequent) {
    if (echoes.length >= MAX_ECHOES) break;
    // "she didn't know she" and "didn't know she was" are one tic: the first found stands for both.
    if (echoes.some((echo) => overlaps(echo.phrase, phrase))) continue;
    const bySection = new Map<number, number>();
    perSection.forEach((found, index) => {
      const here = found.filter((entry) => entry === phrase).length;
      const number = sections[index]?.number;
      if (here > 0 && number !== undefined) bySection.set(number, here);
    });
    if (bySection.size < 2) continue;
    const mostUses = [...bySection.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    echoes.push({
      phrase,
      written: writtenAs.get(phrase) ?? phrase,
      uses: count,
      sections: new Map(mostUses.slice(0, MAX_SECTIONS_PER_ECHO)),
    });
  }
  return echoes;
}

/** Whether two phrases share three words in a row: one is the other shifted by a word, both parts of one tic. */
function overlaps(a: string, b: string): boolean {
  const runs = (phrase: string) => {
    const words = phrase.split(' ');
    return [words.slice(0, -1).join(' '), words.slice(1).join(' ')];
  };
  const ofA = runs(a);
  return runs(b).some((run) => ofA.includes(run));
}

/** Text whose words are set apart by spaces (not Chinese, Japanese or Thai, where one "word" is a clause). */
function writtenWithSpaces(text: string): boolean {
  let spaces = 0;
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === 32) spaces += 1;
  // English prose has a space every six characters or so; Japanese next to none.
  return text.length > 0 && spaces / text.length > 0.07;
}

/** Whether `text` uses `phrase` as this file counts phrases: in lower case, with straight apostrophes. */
export function writesPhrase(text: string, phrase: string): boolean {
  return text.toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ').includes(phrase);
}

/** The revision problem for a section that uses an echo `count` times. */
export function echoProblem(echo: PhraseEcho, count: number, paragraphs: readonly number[] = []): string {
  const here = `${count === 1 ? 'once in this section' : `${count} of them in this section`}${inParagraphs(paragraphs)}`;
  const fix =
    count === 1
      ? 'say it here in other words that fit the moment.'
      : 'keep it at most once here and say the rest in other words that fit each moment.';
  return `The phrase "${echo.written}" comes ${echo.uses} times in the book, ${here}, which readers notice as a tic. Fix: ${fix}`;
}
