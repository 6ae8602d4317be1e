/**
 * What every writer of a section reads, whatever the form of its answer:
 * the client's material, the bible, the whole outline a line a section, the
 * neighbours it must join (the one before: where it closes; the one after:
 * where it opens), its own entry in full, and what the reader knows by then. The book-wide part comes first
 * and is the same for every section of a book, so servers that cache prompt
 * prefixes (OpenAI, vLLM) read it once.
 */
import type { BookGenerationRequest } from '../../../book-provider';
import type { BookPlan, PlannedSection } from './book-plan';
import {
  bibleText,
  capitalise,
  clientRulesText,
  knowledgeText,
  neighbourText,
  narratorLines,
  outlineText,
  sectionText,
} from './book-plan';
import { clientMaterial } from './client-material';

/** What every step that writes or plans the book's text reads first: the client's material and the bible. */
export function bookContext(
  request: BookGenerationRequest,
  plan: Pick<BookPlan, 'title' | 'subtitle' | 'synopsis' | 'bible'>,
): string[] {
  return [clientMaterial(request), '', 'The bible:', bibleText(plan), ''];
}

export function sectionBrief(
  request: BookGenerationRequest,
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  /** The book's first page as written, for the voice (see voiceText); the first section's own writer has none. */
  opening?: string,
): string[] {
  const previous = plan.sections[section.number - 2];
  const next = plan.sections[section.number];
  return [
    ...bookContext(request, plan),
    ...clientRulesText(plan, label),
    `The outline, ${plan.sections.length} ${label}s:`,
    outlineText(plan, capitalise(label)),
    '',
    ...(opening ? voiceText(opening, label) : []),
    previous
      ? `The ${label} before this one (written by another writer; open where it closes):\n${neighbourText(previous, label, 'before')}`
      : `This is the first ${label}: it opens the book.`,
    '',
    ...ownSectionText(plan, section, label),
    '',
    next
      ? `The ${label} after this one (do not write it; lead into it):\n${neighbourText(next, label, 'after')}`
      : // The type guide's seams lead into the next section; a real writer of a last chapter, told both, asked which.
        `This is the last ${label}: bring the book to its ending, with no lead or bridge into a next ${label}.`,
    '',
    ...knowledgeText(plan, section, label),
  ];
}

/** A writer's own section, as its brief and a continuation's give it. */
export function ownSectionText(plan: BookPlan, section: PlannedSection, label: string, continuing = false): string[] {
  return [
    `Your ${label}:`,
    sectionText(section, label, continuing),
    ...narratorLines(plan, section),
    ...lessonTextLines(plan, label),
  ];
}

/**
 * A textbook lesson's writer writes its explanation alone: the objectives are
 * set above it, and its key points, exercises and glossary come from a second
 * call that reads it (lesson-extras.step). Following the form's habit, or a
 * client's "each chapter ends with five practice questions", it would write
 * them a second time.
 */
function lessonTextLines(plan: Pick<BookPlan, 'type'>, label: string): string[] {
  if (plan.type !== 'textbook') return [];
  return [
    `Its objectives are set above the ${label}, and its key points, exercises with answers and glossary entries ` +
      "are made from it afterwards (as the client's rules ask of them): write none of these here, and end with " +
      'the explanation.',
  ];
}

/**
 * The book's first page, as its writer wrote it, for every other writer to
 * match. Sections drafted at once otherwise read as the work of as many
 * authors: one writes long sentences in the past tense, the next short ones
 * thick with adjectives. A description of the voice (the bible's) steers a
 * model less than an example does. Told not to borrow its matter, so that no
 * chapter opens on the first one's images.
 */
export function voiceText(opening: string, label: string): string[] {
  return [
    `How the book opens (the first page of ${label} 1, by another writer). Write in its voice: its narration, ` +
      'tense, sentence rhythm, vocabulary and register. Never repeat its events, images or phrases:',
    '<opening>',
    opening,
    '</opening>',
    '',
  ];
}
