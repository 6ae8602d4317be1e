/**
 * Chapters that open alike. Writers drafting at the same time each reach for
 * the easy opening move ("The morning ...", "Mara woke ...", the weather), and
 * no one of them can see that the others did; a reader meets the same first
 * words at the head of chapter after chapter. Code compares the openings: the
 * continuity check reads each section's notes, not its first line.
 */
import { inParagraphs } from './paragraph-refs';
import { WORD } from './prose-words';
import { capitalise } from '../pipeline/steps/book-plan';
import { joinList } from '../../../common/join-list';

/** Words compared at the head of each opening paragraph. */
const OPENING_WORDS = 2;
/** Sections that must share an opening before it reads as a pattern: two may be chance. */
const ALIKE_SECTIONS = 3;

export interface AlikeOpening {
  /** The shared first words, as the first of the sections writes them. */
  readonly words: string;
  /** The sections that open with them, in book order. */
  readonly sections: readonly number[];
}

/** The first words of a paragraph, in lower case; undefined when it has fewer. */
function openingKey(paragraph: string, language: string): { key: string; words: string } | undefined {
  const words = paragraph.match(WORD)?.slice(0, OPENING_WORDS) ?? [];
  if (words.length < OPENING_WORDS) return undefined;
  return { key: words.join(' ').toLocaleLowerCase(language), words: words.join(' ') };
}

/**
 * The openings that at least three sections share (their first two words,
 * in any case), each with its sections in order. `openings` holds each
 * section's first paragraph.
 */
export function findAlikeOpenings(
  openings: ReadonlyArray<{ number: number; paragraph: string }>,
  language: string,
): AlikeOpening[] {
  const groups = new Map<string, { words: string; sections: number[] }>();
  for (const { number, paragraph } of [...openings].sort((a, b) => a.number - b.number)) {
    const opening = openingKey(paragraph, language);
    if (!opening) continue;
    const group = groups.get(opening.key) ?? { words: opening.words, sections: [] };
    group.sections.push(number);
    groups.set(opening.key, group);
  }
  return [...groups.values()].filter((group) => group.sections.length >= ALIKE_SECTIONS);
}

/** The reviser's brief for a section (not the first) that opens like the others. */
export function openingProblem(opening: AlikeOpening, label: string): string {
  const named = joinList(opening.sections);
  return (
    `${capitalise(label)}s ${named} all open with "${opening.words} ...", which readers ` +
    `notice as a pattern${inParagraphs([1])}. Fix: rewrite the opening paragraph to begin differently, in motion at a ` +
    `new moment (an action, a line of speech, a detail of the place), not with "${opening.words}", keeping what it ` +
    'tells.'
  );
}

/**
 * The first words `rewritten` would make its section share with enough `others` to read as a pattern, where the
 * `original` opening did not share them; undefined when it would not. Openings are compared once, before revisions;
 * revisers run at once and none sees another's new opening, so each rewrite of a first paragraph is held to this.
 */
export function joinsAlikeOpenings(
  rewritten: string,
  original: string,
  others: Iterable<string>,
  language: string,
): string | undefined {
  const opening = openingKey(rewritten, language);
  if (!opening || opening.key === openingKey(original, language)?.key) return undefined;
  let alike = 0;
  for (const other of others) if (openingKey(other, language)?.key === opening.key) alike += 1;
  return alike >= ALIKE_SECTIONS - 1 ? opening.words : undefined;
}
