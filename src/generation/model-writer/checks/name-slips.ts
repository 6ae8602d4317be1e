/**
 * Names that slip: "Maria" in one chapter of a book whose bible knows only
 * Mara. Sections are written apart by a writer model that reads the cast
 * once and can misspell it, and the continuity check reads each section's
 * notes, not its text, so a slip inside a paragraph reaches no one. Found
 * here, in code, over the whole text; each section with a slip is revised
 * with the rest of the continuity problems.
 *
 * A slip is a word written as a name (capitalised inside its clause and
 * never in lower case in the book) that the bible never uses, one letter
 * away from the name of one of the cast (a letter added, dropped, changed,
 * or two swapped), starting with the same letter. A minor character the
 * writer invented as "Mira" beside the bible's "Mara" is flagged too, on
 * purpose: readers take one for the other.
 */

import { primaryLanguage } from '../../../book/language-tag';
import { inParagraphs } from './paragraph-refs';
import { CLAUSE_END, NAME_TITLES, WORD } from './prose-words';

export interface NameSlip {
  /** As the text writes it. */
  written: string;
  /** The cast member's name it is one letter away from, as the bible writes it. */
  meant: string;
  uses: number;
  /** Section number to its uses there. */
  sections: Map<number, number>;
}

/** Languages that capitalise every noun: there a capital inside a clause does not make a name. */
const CAPITALISED_NOUNS = new Set(['de', 'lb']);
/**
 * Words English capitalises anywhere that are not people: "March" is a month
 * in a book with a Marc in it, and "Lady" a title beside a Lacy.
 */
const CAPITALISED_WORDS = new Set([
  ...(
    'january february march april june july august september october november december monday tuesday ' +
    'wednesday thursday friday saturday sunday'
  ).split(' '),
  ...NAME_TITLES,
]);
/** Shorter names are too close to too many words ("Ada" and "Ida", "Tom" and "Tim"). */
const MIN_NAME_LETTERS = 4;
/** At most this many slips are sent for revision, the most used first. */
const MAX_SLIPS = 5;

const NAME_SHAPE = /^\p{Lu}[\p{Ll}\p{M}]+$/u;

/**
 * The slips in `sections`, for a book whose cast is `cast` (full names) and
 * whose bible reads `bibleText` (every word the planner wrote is the
 * book's own, whatever its case).
 */
export function findNameSlips(
  cast: readonly string[],
  bibleText: string,
  sections: ReadonlyArray<{ number: number; text: string }>,
  language: string,
): NameSlip[] {
  if (CAPITALISED_NOUNS.has(primaryLanguage(language))) return [];
  const castWords = new Map<string, string>();
  for (const name of cast) {
    for (const word of name.match(WORD) ?? []) {
      if (NAME_SHAPE.test(word) && word.length >= MIN_NAME_LETTERS) castWords.set(word, name);
    }
  }
  if (castWords.size === 0) return [];
  const bibleWords = new Set(Array.from(bibleText.matchAll(WORD), (match) => withoutPossessive(match[0])));
  const lowerCase = new Set<string>();
  const insideClause = new Set<string>();
  const written: Array<{ section: number; word: string }> = [];
  for (const section of sections) {
    for (const clause of section.text.split(CLAUSE_END)) {
      Array.from(clause.matchAll(WORD), (match) => withoutPossessive(match[0])).forEach((word, index) => {
        if (word === word.toLowerCase()) lowerCase.add(word);
        else if (NAME_SHAPE.test(word) && !bibleWords.has(word)) {
          // A sentence's first word counts as a use once the word has shown itself a name elsewhere.
          if (index > 0) insideClause.add(word);
          written.push({ section: section.number, word });
        }
      });
    }
  }
  const slips = new Map<string, NameSlip>();
  const meanings = new Map<string, string | undefined>();
  for (const { section, word } of written) {
    const lower = word.toLowerCase();
    if (!insideClause.has(word) || lowerCase.has(lower) || CAPITALISED_WORDS.has(lower)) continue;
    if (isGenitive(word, castWords)) continue;
    if (!meanings.has(word)) meanings.set(word, closeCastName(word, castWords));
    const meant = meanings.get(word);
    if (meant === undefined) continue;
    const slip = slips.get(word) ?? { written: word, meant, uses: 0, sections: new Map<number, number>() };
    slip.uses += 1;
    slip.sections.set(section, (slip.sections.get(section) ?? 0) + 1);
    slips.set(word, slip);
  }
  return [...slips.values()].sort((a, b) => b.uses - a.uses).slice(0, MAX_SLIPS);
}

/**
 * What the revision of one section is told about a slip it has; with the
 * numbers of the paragraphs that write it, so a reviser that may replace
 * only a few paragraphs replaces the right ones.
 */
export function slipProblem(slip: NameSlip, uses: number, label: string, paragraphs: readonly number[] = []): string {
  const times = uses === 1 ? 'once' : `${uses} times`;
  return (
    `"${slip.written}" is written ${times} in this ${label}${inParagraphs(paragraphs)}, and the bible names no ${slip.written}: ` +
    `it reads as a misspelling of ${slip.meant}. Where ${slip.meant} is meant, write the name as the bible does; ` +
    `for someone else, choose a name no reader could take for ${slip.meant}.`
  );
}

function withoutPossessive(word: string): string {
  return word.replace(/['’]s?$/u, '');
}

/**
 * A cast name with the genitive -s of languages that write it without an apostrophe (Norwegian, Swedish,
 * Danish, German, Dutch: "Karl Johans gate", "Annas Buch"): the name itself, not a slip of it. A real novel's
 * Oslo street went to revision as a misspelling of Johan.
 */
function isGenitive(word: string, castWords: ReadonlyMap<string, string>): boolean {
  return word.endsWith('s') && castWords.has(word.slice(0, -1));
}

/** The cast member whose name has a word one edit from `word`, with the same first letter. */
function closeCastName(word: string, castWords: ReadonlyMap<string, string>): string | undefined {
  for (const [castWord, name] of castWords) {
    if (castWord[0] === word[0] && oneEditApart(word, castWord)) return name;
  }
  return undefined;
}

/** Whether `a` becomes `b` by adding, dropping or changing one letter, or by swapping two neighbours. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  // One letter added, dropped or changed: at most one letter of each differs after the common ends.
  if (restA <= 1 && restB <= 1) return true;
  // Two neighbours swapped: "Amra" for "Mara" is not this, "Mraa" is.
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}
