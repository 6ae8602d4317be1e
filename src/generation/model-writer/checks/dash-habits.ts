/**
 * Em dashes as a habit. Models writing fiction set a clause off with an em
 * dash in sentence after sentence ("She turned — slowly — to the door"), a
 * mark readers now take for machine writing. A writer's few carry a thought
 * that breaks off or an aside; ten or more in a chapter's narration, at
 * eight or more to the thousand words, are the habit. English narration
 * only: French and Spanish set dialogue with dashes, German its asides with
 * the spaced en dash, by rule. What characters say is left alone ("I — I
 * can't").
 */
import { primaryLanguage } from '../../../book/language-tag';
import { countWords } from '../../../book/word-count';
import { inParagraphs } from './paragraph-refs';
import { narration } from './prose-words';

/** An em dash, or the two hyphens typed for one between words. */
const DASH = /—|(?<=\s)--(?=\s)/g;
/** A section with fewer dashes in its narration uses them as a writer does. */
const MIN_DASHES = 10;
/** ... and so does one with fewer to every thousand words of narration. */
const DASHES_PER_THOUSAND_WORDS = 8;
/** The paragraphs a reviser is sent: those with the most dashes, as many as one revision may replace. */
const MAX_PARAGRAPHS = 10;
/** The sections revised for it, densest first: a habit spread through the book is fixed where it is worst. */
const MAX_SECTIONS = 4;

export interface DashHabit {
  number: number;
  /** Em dashes in the section's narration. */
  dashes: number;
  /** Per thousand words of narration, rounded. */
  perThousandWords: number;
  /** 1-based, as the section's reviser numbers its paragraphs: the ones with the most dashes, in order. */
  paragraphs: number[];
}

function dashesIn(text: string): number {
  return text.match(DASH)?.length ?? 0;
}

/** The sections of an English story whose narration leans on em dashes, densest first (at most MAX_SECTIONS). */
export function findDashHabits(
  sections: ReadonlyArray<{ number: number; paragraphs: readonly string[] }>,
  language: string,
): DashHabit[] {
  if (primaryLanguage(language) !== 'en') return [];
  const habits: Array<DashHabit & { density: number }> = [];
  for (const section of sections) {
    const counted = section.paragraphs.map((paragraph, index) => {
      const told = narration(paragraph);
      return { paragraph: index + 1, dashes: dashesIn(told), words: countWords(told) };
    });
    const dashes = counted.reduce((sum, each) => sum + each.dashes, 0);
    const words = counted.reduce((sum, each) => sum + each.words, 0);
    const density = (dashes * 1000) / Math.max(1, words);
    if (dashes < MIN_DASHES || density < DASHES_PER_THOUSAND_WORDS) continue;
    const paragraphs = counted
      .filter((each) => each.dashes > 0)
      .sort((a, b) => b.dashes - a.dashes || a.paragraph - b.paragraph)
      .slice(0, MAX_PARAGRAPHS)
      .map((each) => each.paragraph)
      .sort((a, b) => a - b);
    habits.push({ number: section.number, dashes, perThousandWords: Math.round(density), paragraphs, density });
  }
  habits.sort((a, b) => b.density - a.density || a.number - b.number);
  return habits.slice(0, MAX_SECTIONS).map(({ density: _density, ...habit }) => habit);
}

/** The reviser's brief for a section whose narration leans on em dashes. */
export function dashProblem(habit: DashHabit, label: string): string {
  return (
    `The narration of this ${label} sets ${habit.dashes} clauses off with em dashes (${habit.perThousandWords} ` +
    `to every 1,000 words), a habit readers take for machine writing${inParagraphs(habit.paragraphs)}. Fix: keep ` +
    'a dash only where a thought breaks off; set the other asides with commas, a colon, parentheses or a sentence ' +
    'of their own, changing nothing else.'
  );
}
