/**
 * Step 2: the detailed outline, written in parallel batches of consecutive
 * sections (DOC's hierarchical outline: the spine fixes the arc, each batch
 * details its stretch of it). Each entry says what happens, in which beats,
 * through whose eyes, and where things stand when it opens and closes, which
 * is what lets sections drafted at the same time join.
 */
import { isFiction, type BookShape, type ConcreteBookType } from '../../../../book/book-shapes';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { int, list, obj, str, type JsonSchema } from '../../client/strict-schema';
import type { BookPlan, PlannedSection, WordLimits } from './book-plan';
import { capitalise, clientRulesText } from './book-plan';
import type { SpineStep } from './bible.step';
import type { BookGenerationRequest } from '../../../book-provider';
import { languageLine } from './bible.step';
import { CLIENT_MATERIAL_RULE } from './client-material';
import { bookContext } from './section-brief';
import { styleGuideText, typeGuideText } from './guide-text';
import { cleanTitle } from './titles';

/** Sections detailed per call: small enough to answer fast, large enough that a stretch of the arc is seen whole. */
export const OUTLINE_BATCH = 8;

export type OutlinePlan = Omit<BookPlan, 'planId' | 'sections' | 'targetWords'> & { spine: SpineStep[] };

function beatsFor(type: ConcreteBookType): { name: string; schema: JsonSchema } {
  switch (type) {
    case 'comic':
    case 'manga':
      return {
        name: 'panels',
        schema: list(str({ description: 'What one panel shows: shot, who, action.' }), { min: 3, max: 7 }),
      };
    case 'childrens':
      return { name: 'beats', schema: list(str(), { min: 1, max: 3 }) };
    case 'textbook':
      return {
        name: 'steps',
        schema: list(str({ description: 'A teaching step: explain, example, practise.' }), { min: 3, max: 8 }),
      };
    case 'self_help':
    case 'non_fiction':
      return { name: 'points', schema: list(str(), { min: 3, max: 8 }) };
    case 'novel':
    case 'short_story':
      return {
        name: 'scenes',
        schema: list(str({ description: 'One scene: who wants what, what turns.' }), { min: 2, max: 6 }),
      };
  }
}

function focusFor(type: ConcreteBookType): string {
  switch (type) {
    case 'childrens':
      return 'What the picture on this spread shows.';
    case 'textbook':
      return 'The worked example this lesson walks through.';
    case 'self_help':
      return "The chapter's principle in one sentence.";
    case 'non_fiction':
      return "The chapter's claim in one sentence.";
    case 'novel':
    case 'short_story':
    case 'comic':
    case 'manga':
      return "The section's dramatic question in one sentence.";
  }
}

/**
 * Each type's outline asks only for what its writers use: a field a type
 * has no use for ("objectives" for a novel) is one a model fills anyway, and
 * its filling then sits in every writer's brief.
 */
export function outlineSchema(type: ConcreteBookType, shape: BookShape, count: number): JsonSchema {
  const beats = beatsFor(type);
  const fiction = isFiction(type);
  return obj({
    sections: list(
      obj({
        number: int({ minimum: 1 }),
        title: str(),
        summary: str({ description: '3 to 5 sentences: what happens or is explained, concretely, with names.' }),
        words: int({
          minimum: shape.sectionWords.min,
          maximum: shape.sectionWords.max,
          // A real comic's planner could not plan its silent last page: the bound made it 54 words, and the writer
          // who left it wordless was refused.
          ...(shape.sectionWords.min === 0
            ? {
                description:
                  'Words of captions and speech; 0 for a page its pictures tell alone (a splash, a silence).',
              }
            : {}),
        }),
        ...(fiction
          ? {
              point_of_view: str({
                nullable: true,
                description:
                  'Whose eyes; in a book told in the first person, who says "I" here (the bible\'s narrator).',
              }),
              present: list(str(), { max: 12, description: 'Names of the characters present.' }),
            }
          : {}),
        setting: str({ nullable: true }),
        [beats.name]: beats.schema,
        focus: str({ description: focusFor(type) }),
        ...(type === 'textbook'
          ? { objectives: list(str(), { max: 4, description: 'What the learner can do afterwards.' }) }
          : {}),
        ...(fiction
          ? {}
          : {
              concepts: list(str(), { max: 8, description: 'Terms from the bible this section uses or introduces.' }),
            }),
        opening_state: str({
          description: 'Where things stand on its first line: place, time, who, what just happened.',
        }),
        closing_state: str({ description: 'Where things stand on its last line.' }),
        carries: list(str(), {
          max: 6,
          description: "Which of the client's instructions this section carries out (copied), else empty.",
        }),
        ...(fiction
          ? {
              reveals: list(str(), {
                max: 4,
                description:
                  'What the reader learns here for the first time and later sections build on: a clue, a secret, ' +
                  'an identity, a twist. Empty when nothing is revealed.',
              }),
              plants: list(
                obj({
                  what: str({ description: 'An object, a skill, a place or a promise, shown in passing here.' }),
                  pays_off_in: int({
                    minimum: 1,
                    maximum: shape.sections,
                    description: 'The number of the later section that pays it off.',
                  }),
                }),
                { max: 3, description: 'What this section sets up for a later one to pay off. Empty when nothing.' },
              ),
            }
          : {}),
      }),
      { min: count, max: count },
    ),
  });
}

interface RawSection {
  number: number;
  title: string;
  summary: string;
  words: number;
  /** Fiction only (see outlineSchema), as are `present`; `objectives` textbooks only; `concepts` non-fiction only. */
  point_of_view?: string | null;
  setting: string | null;
  present?: string[];
  focus: string;
  objectives?: string[];
  concepts?: string[];
  opening_state: string;
  closing_state: string;
  carries: string[];
  /** Fiction only, as are `plants`. */
  reveals?: string[];
  plants?: Array<{ what: string; pays_off_in: number }>;
  [beats: string]: unknown;
}

export function outlineStep(
  type: ConcreteBookType,
  shape: BookShape,
  first: number,
  count: number,
): StructuredStep<PlannedSection[]> {
  const beats = beatsFor(type).name;
  return {
    name: 'book_outline',
    schema: outlineSchema(type, shape, count),
    read: (value) => {
      const raw = (value as { sections: RawSection[] }).sections;
      const problems: string[] = [];
      raw.forEach((section, index) => {
        if (!section.title.trim()) problems.push(`/sections/${index}/title must not be empty`);
      });
      if (problems.length > 0) return { problems };
      return {
        // Models number sections inconsistently (from 1 in every batch, or skipping); the position is what counts.
        value: raw.map((section, index) => ({
          number: first + index,
          title: cleanTitle(section.title),
          summary: section.summary.trim(),
          words: section.words,
          beats: (section[beats] as string[]).map((beat) => beat.trim()).filter(Boolean),
          ...(section.point_of_view?.trim() ? { pointOfView: section.point_of_view.trim() } : {}),
          ...(section.setting?.trim() ? { setting: section.setting.trim() } : {}),
          present: (section.present ?? []).map((name) => name.trim()).filter(Boolean),
          openingState: section.opening_state.trim(),
          closingState: section.closing_state.trim(),
          carries: section.carries.map((item) => item.trim()).filter(Boolean),
          ...(section.reveals ? { reveals: section.reveals.map((item) => item.trim()).filter(Boolean) } : {}),
          // A setup paid off in its own section or an earlier one, or past the book's end, sets up nothing.
          ...(section.plants
            ? {
                plants: section.plants
                  .map((plant) => ({ what: plant.what.trim(), paysOffIn: plant.pays_off_in }))
                  .filter(
                    (plant) => plant.what && plant.paysOffIn > first + index && plant.paysOffIn <= shape.sections,
                  ),
              }
            : {}),
          ...(section.focus.trim() ? { focus: section.focus.trim() } : {}),
          objectives: (section.objectives ?? []).map((item) => item.trim()).filter(Boolean),
          concepts: distinctItems(section.concepts ?? []),
        })),
      };
    },
  };
}

/** A list's items trimmed, the empty ones and repeats (in any case: "Dose" and "dose") left out. */
function distinctItems(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items
    .map((item) => item.trim())
    .filter((item) => {
      const key = item.toLowerCase();
      if (!item || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function outlineMessages(
  request: BookGenerationRequest,
  plan: OutlinePlan,
  shape: BookShape,
  first: number,
  count: number,
): ChatMessage[] {
  const label = shape.sectionLabel;
  const last = first + count - 1;
  const total = plan.spine.length;
  return [
    {
      role: 'system',
      content: [
        'You are an experienced editor turning a book’s spine into a detailed outline for its writer. ' +
          'Sections will be drafted at the same time by different writers, so each entry must say exactly where ' +
          'things stand when it opens and closes, and the closing state of one must be the opening state of the next.',
        CLIENT_MATERIAL_RULE,
        styleGuideText(plan.style, plan.type, plan.language),
        typeGuideText(plan.type, 'planning'),
      ].join('\n\n'),
    },
    {
      role: 'user',
      content: [
        ...bookContext(request, plan),
        ...clientRulesText(plan, label),
        `The spine, ${total} ${label}s:`,
        ...plan.spine.map((step, index) => `${index + 1}. ${step.title}: ${step.purpose}`),
        '',
        plan.instructions.length > 0
          ? `The client's instructions (each must be carried out by some ${label}; name it in "carries"):\n` +
            plan.instructions.map((item) => `- ${item}`).join('\n')
          : 'The client gave no specific instructions.',
        '',
        ...(isFiction(plan.type)
          ? [
              `Pace what the reader learns: each clue, secret and twist is revealed in one ${label} (its "reveals"), ` +
                `where it pays off best, and no ${label} before it gives it away.`,
              `Plant before you pay off: what a later ${label} needs (an object, a skill, a place, a promise) is shown ` +
                `in passing in an earlier one (its "plants", with the ${label} that pays it off).`,
            ]
          : []),
        `Detail ${label}s ${first} to ${last} of ${total}, keeping the spine's titles and order. ` +
          `Budgets average ${shape.wordsPerSection.toLocaleString('en')} words; give a turning point more, a quiet passage less.` +
          (first > 1
            ? ` ${capitalise(label)} ${first} opens where ${label} ${first - 1} of the spine leaves off.`
            : '') +
          (last < total ? ` ${capitalise(label)} ${last} must lead into ${label} ${last + 1}.` : ''),
        `${languageLine(plan.language)} Every text value is in that language.`,
      ].join('\n'),
    },
  ];
}

/**
 * Sized by the entries asked for: a real model's entry (title, summary, states, beats, reveals, setups,
 * instructions) took 460-670 tokens in six books, so 520 a section left an 8-section batch at 92% of its
 * room and a four-part Japanese outline at 93%; a cut outline is asked for again whole. An Italian story's
 * four parts then took 3,900 tokens, 89% of 800 + 900 a part. An 8-entry batch stays under 10,000 tokens,
 * so a 16,384-token context window holds it and its prompt.
 */
export function outlineMaxTokens(count: number): number {
  return 800 + 1_150 * count;
}

/**
 * The outline's sections, each keeping the spine's title where the outline
 * gave two sections one title the spine did not. Batches are outlined at the
 * same time and cannot see each other's titles, and a model that renames
 * sections can repeat one (seen: "Before the River" for chapters 3 and 9).
 * A title the spine itself repeats (alternating narrators, "Interlude") is
 * the book's own and stays.
 */
export function withDistinctTitles(sections: PlannedSection[], spine: readonly SpineStep[]): PlannedSection[] {
  const key = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();
  const positions = new Map<string, number[]>();
  sections.forEach((section, index) => {
    const same = positions.get(key(section.title)) ?? [];
    positions.set(key(section.title), [...same, index]);
  });
  return sections.map((section, index) => {
    const same = positions.get(key(section.title)) ?? [];
    const spineTitle = spine[index]?.title;
    if (same.length < 2 || !spineTitle) return section;
    const spineRepeatsIt = same.every((other) => key(spine[other]?.title ?? '') === key(spineTitle));
    return spineRepeatsIt ? section : { ...section, title: spineTitle };
  });
}

/**
 * Keeps the planner's proportions but makes the budgets add up to the
 * book's length, each within what one section may be.
 */
export function scaleBudgets(
  sections: PlannedSection[],
  total: number,
  bounds: { min: number; max: number },
): PlannedSection[] {
  const planned = sections.reduce((sum, section) => sum + section.words, 0);
  const factor = planned > 0 ? total / planned : 1;
  const scaled = sections.map((section) => ({
    ...section,
    words: Math.min(bounds.max, Math.max(bounds.min, Math.round((section.words * factor) / 10) * 10)),
  }));
  // Clamping can leave the sum short of the book's length: spread the rest evenly over the sections that have
  // room, so the book still reaches it without a section passing its bound (the client's limit, when it sets one).
  for (;;) {
    const missing = total - scaled.reduce((sum, section) => sum + section.words, 0);
    // A section planned without words (a comic's silent page) stays so, unless every section was.
    const roomy = scaled.filter(
      (section, index) => section.words < bounds.max && (sections[index]!.words > 0 || planned === 0),
    );
    if (missing <= 0 || roomy.length === 0) break;
    const each = Math.ceil(missing / roomy.length / 10) * 10;
    for (const section of roomy) section.words = Math.min(bounds.max, section.words + each);
  }
  return scaled;
}

/**
 * A section's budget stays this far under the client's limit: writers
 * overshoot "about N words" by a tenth or more, and the limit is the client's.
 */
const UNDER_CLIENT_LIMIT = 0.85;

/**
 * The book's shape within the client's limits on length: no section's budget
 * over its share of the section limit, the book no longer than its share of
 * the book limit. The number of sections stays (the spine is already
 * planned); their budgets shrink. The shape itself when no limit binds.
 */
export function withinWordLimits(shape: BookShape, limits: WordLimits | undefined): BookShape {
  const roundDown = (words: number) => Math.max(10, Math.floor(words / 10) * 10);
  const sectionMax = limits?.section === undefined ? Infinity : roundDown(limits.section * UNDER_CLIENT_LIMIT);
  const bookMax = limits?.book === undefined ? Infinity : roundDown(limits.book * UNDER_CLIENT_LIMIT);
  // Budgets average a little under the section limit, so the planner can still give one section more than another.
  const average = Math.min(shape.wordsPerSection, roundDown(sectionMax * 0.9), roundDown(bookMax / shape.sections));
  if (average >= shape.wordsPerSection && sectionMax >= shape.sectionWords.max) return shape;
  const max = Math.min(shape.sectionWords.max, sectionMax, roundDown(average * 1.5));
  return {
    ...shape,
    wordsPerSection: average,
    sectionWords: { min: Math.min(shape.sectionWords.min, roundDown(average * 0.6)), max },
    totalWords: average * shape.sections,
  };
}
