/**
 * Chapter titles cut from one pattern. A planner naming twenty chapters, or
 * outline batches naming theirs at once, falls into a formula: "What the
 * Lantern Knew", "What the Tide Knew", "What the Letter Knew". Each title
 * is fine; a contents page of them reads as machine-made. Code finds the
 * titles that differ in one word only, as it finds chapters that open alike
 * (opening-echoes.ts), and the pipeline asks for new titles for all but the
 * first of them.
 */
import { joinList } from '../../common/join-list';

/** Titles that must share a pattern before it reads as a formula: two may be chance. */
const FORMULA_TITLES = 3;
/** Shorter titles ("The Pier", "The Tide") share too little to be a formula. */
const MIN_WORDS = 3;
/** A word about titles, in the languages the pipeline reads. */
const TITLE_WORD = /\b(?:titles?|titled|titres?|t[íi]tulos?|titol[oi]|titel)\b/iu;
/** Where the varying word stands when a pattern is shown. */
const SLOT = '…';

export interface TitleFormula {
  /** The pattern, the varying word as "…": "What the … Knew". */
  readonly pattern: string;
  /** The sections whose titles follow it, in book order. */
  readonly sections: readonly number[];
}

/** A title's words, punctuation around them dropped; digits count as words ("Day 3 at Sea"). */
function wordsOf(title: string): string[] {
  return title
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

/**
 * The patterns that at least three titles of three words or more follow,
 * the same words in the same places but one, each with its sections in
 * order. A series numbered on purpose ("Day 1 at Sea", "Day 2 at Sea") is
 * not a formula, nor are titles the same throughout (withDistinctTitles
 * deals with those).
 */
export function findTitleFormulas(
  titles: ReadonlyArray<{ number: number; title: string }>,
  language: string,
): TitleFormula[] {
  const groups = new Map<string, { pattern: string; sections: number[]; slots: Set<string> }>();
  for (const { number, title } of [...titles].sort((a, b) => a.number - b.number)) {
    const words = wordsOf(title);
    if (words.length < MIN_WORDS) continue;
    const lower = words.map((word) => word.toLocaleLowerCase(language));
    lower.forEach((slot, at) => {
      const key = lower.map((word, index) => (index === at ? SLOT : word)).join(' ');
      const group = groups.get(key) ?? {
        pattern: words.map((word, index) => (index === at ? SLOT : word)).join(' '),
        sections: [],
        slots: new Set<string>(),
      };
      group.sections.push(number);
      group.slots.add(slot);
      groups.set(key, group);
    });
  }
  return [...groups.values()]
    .filter((group) => group.sections.length >= FORMULA_TITLES && group.slots.size >= FORMULA_TITLES)
    .filter((group) => ![...group.slots].every((slot) => /^\p{N}+$/u.test(slot)))
    .map(({ pattern, sections }) => ({ pattern, sections }));
}

/** Whether `title` follows `pattern` (as findTitleFormulas shows it), in any case. */
export function followsPattern(title: string, pattern: string, language: string): boolean {
  const words = wordsOf(title).map((word) => word.toLocaleLowerCase(language));
  const fixed = pattern.split(' ').map((word) => word.toLocaleLowerCase(language));
  return words.length === fixed.length && fixed.every((word, index) => word === SLOT || word === words[index]);
}

/** How the progress message names what was found: `"What the … Knew" (chapters 3, 7 and 9)`. */
export function formulaText(formula: TitleFormula, label: string): string {
  return `"${formula.pattern}" (${label}s ${joinList(formula.sections)})`;
}

/**
 * Why a new title for section `number` cannot be used, or undefined when it can: it still follows one of the
 * `patterns` it replaces, it is the title of another section, or with two of the `others` it starts a formula of
 * its own.
 */
export function newTitleProblem(
  title: string,
  number: number,
  others: ReadonlyArray<{ number: number; title: string }>,
  patterns: readonly string[],
  language: string,
): string | undefined {
  const kept = patterns.find((pattern) => followsPattern(title, pattern, language));
  if (kept) return `still in the form "${kept}"`;
  const key = title.toLocaleLowerCase(language);
  if (others.some((other) => other.number !== number && other.title.toLocaleLowerCase(language) === key)) {
    return 'the title of another section';
  }
  const made = findTitleFormulas(
    [...others.filter((other) => other.number !== number), { number, title }],
    language,
  ).find((formula) => formula.sections.includes(number));
  return made ? `in the form "${made.pattern}" with ${made.sections.length - 1} other titles` : undefined;
}

/** Whether the client's rules or instructions speak of titles: then a pattern may be what the client asked for. */
export function speaksOfTitles(rules: readonly string[]): boolean {
  return rules.some((rule) => TITLE_WORD.test(rule));
}
