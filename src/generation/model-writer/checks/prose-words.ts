/**
 * Words and clauses as the checks that read a book's whole text count them
 * (verbal tics, name slips, the names a premise gives): one definition, so
 * they agree on what a word is.
 */

/** A word: letters and marks, with the apostrophes and hyphens inside it ("didn't", "Saint-Malo"). */
export const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;
/** Where a clause ends: "...the end. The door..." holds no phrase, and a clause's first word is no name. */
export const CLAUSE_END = /[.,!?;:…"“”«»()\n—–]+/u;

const LETTER = /[\p{L}\p{M}]/u;

/**
 * Titles and particles that stand before or inside people's names, in lower
 * case: words many people share, so they neither identify one ("Mayor Hale"
 * is Hale) nor make a word a name ("Lady" beside a Lacy is not a slip).
 */
export const NAME_TITLES: ReadonlySet<string> = new Set(
  (
    'mr mrs miss ms mister madam madame monsieur dr doctor sir lady lord god captain mayor father mother sister ' +
    'brother uncle aunt professor inspector detective king queen prince princess saint the von van der del della ' +
    'los las'
  ).split(' '),
);

/** Whether `text` has `word` as a whole word, as written (names keep their case). */
export function writesWord(text: string, word: string): boolean {
  let from = text.indexOf(word);
  while (from >= 0) {
    const before = text[from - 1] ?? ' ';
    const after = text[from + word.length] ?? ' ';
    if (!LETTER.test(before) && !LETTER.test(after)) return true;
    from = text.indexOf(word, from + 1);
  }
  return false;
}

/**
 * A paragraph's sentences as written, each with the space after it, so that
 * joining them gives the paragraph back; a closing quotation mark or
 * bracket stays with its sentence.
 */
export function sentencesOf(paragraph: string): string[] {
  return paragraph.match(/[^.!?…]+(?:[.!?…]+["”’)]*|$)\s*/g) ?? [paragraph];
}

/**
 * The narrator's words: speech taken out, in quotation marks of every kind
 * and in paragraphs that open with a dash (French and German dialogue), so
 * what characters say is never taken for the narrator (or the model) talking.
 * Each quotation becomes `speech` (a space unless a reader needs to know where one was).
 */
export function narration(text: string, speech = ' '): string {
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^\s*[—–-]/.test(paragraph))
    .join('\n\n')
    .replace(/"[^"\n]*"|“[^”\n]*”|‘[^’\n]*’|«[^»\n]*»|„[^“\n]*“|‚[^‘\n]*‘|「[^」\n]*」/g, speech);
}

/**
 * A phrase of a language whose words start or end with letters `\b` does not
 * know ("à peine", "échine"): bounded by any letter, not by ASCII ones.
 */
export function phrase(source: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{M}])(?:${source})(?![\\p{L}\\p{M}])`, 'iu');
}
