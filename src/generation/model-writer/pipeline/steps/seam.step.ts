/**
 * Step 4 (prose types): the seams. Sections are drafted at the same time, so
 * each opening was written against the previous section's plan, not its
 * text. For each break, one small call reads the real end of the section
 * before and the opening of the one after, and when they do not join (place,
 * time, who is present, what just happened, a repeated beat) returns the
 * opening paragraphs rewritten against that real ending (PlotPilot's seam
 * re-check). All seams run in parallel.
 */
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { bool, obj, str } from '../../client/strict-schema';
import { type BookPlan, narratorLines } from './book-plan';
import { languageLine } from './bible.step';

/** Words quoted on each side of a break: the last beat before it and the paragraphs that may be rewritten. */
export const SEAM_WORDS_BEFORE = 160;
export const SEAM_WORDS_AFTER = 220;

export interface SeamVerdict {
  joins: boolean;
  problem?: string;
  /** The replacement for the quoted opening paragraphs, when they do not join. */
  opening?: string;
}

export const seamStep: StructuredStep<SeamVerdict> = {
  name: 'seam_check',
  schema: obj({
    joins: bool({ description: 'True when the opening follows from the ending as it is.' }),
    problem: str({ nullable: true, description: 'What does not join, when it does not.' }),
    opening: str({
      nullable: true,
      description:
        'When it does not join: the opening paragraphs rewritten to follow the ending, same events, similar length, paragraphs separated by blank lines. Otherwise null.',
    }),
  }),
  read: (value) => {
    const raw = value as { joins: boolean; problem: string | null; opening: string | null };
    if (!raw.joins && !raw.opening?.trim()) return { problems: ['/opening is required when joins is false'] };
    return {
      value: {
        joins: raw.joins,
        ...(raw.problem?.trim() ? { problem: raw.problem.trim() } : {}),
        ...(!raw.joins && raw.opening?.trim() ? { opening: raw.opening.trim() } : {}),
      },
    };
  },
};

export function seamMessages(
  plan: BookPlan,
  label: string,
  number: number,
  ending: string,
  opening: string,
  closingState: string,
): ChatMessage[] {
  // A planned move (three days later, another town) is the outline's, not a break: the editor is shown it.
  const planned = plan.sections[number - 1];
  return [
    {
      role: 'system',
      content:
        'You are a continuity editor joining sections of a book that were drafted separately. You change as little ' +
        'as possible: only an opening that contradicts or ignores the ending before it is rewritten, in the same ' +
        'voice, language and tense. JSON only.',
    },
    {
      role: 'user',
      content: [
        `The end of ${label} ${number - 1}:`,
        '<ending>',
        ending,
        '</ending>',
        `Where it leaves things: ${closingState}`,
        '',
        `The opening paragraphs of ${label} ${number}:`,
        '<opening>',
        opening,
        '</opening>',
        ...(planned
          ? [`Where the outline has ${label} ${number} open: ${planned.openingState}`, ...narratorLines(plan, planned)]
          : []),
        '',
        languageLine(plan.language),
        `Does the opening follow from that ending? A new ${label} may open later, elsewhere or with other people when ` +
          'it makes the move clear (as the outline may plan); it must not contradict the ending (who is where, what ' +
          'has happened), ignore what the ending left open, or tell again what the ending told. If it does not ' +
          'follow, rewrite these opening paragraphs so that it does, keeping their events and any move the outline ' +
          'plans.',
      ].join('\n'),
    },
  ];
}

export function seamMaxTokens(openingWords: number, tokensPerWord: number): number {
  return Math.ceil(openingWords * tokensPerWord * 1.3) + 200;
}
