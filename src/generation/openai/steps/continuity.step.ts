/**
 * Step 5: the continuity check. One call reads the bible, the client's
 * instructions and every section's notes (what each section actually says)
 * beside its plan, and lists what breaks: a name spelled two ways, a dead man
 * talking, a fact contradicted, a twist given away before the section planned
 * to reveal it, an instruction nobody carried out, a planned event a section
 * left out that a later one builds on. Sections are drafted at once from the
 * outline, so each writer counts on the others doing what it says (DOC's
 * lesson: a parallel draft holds together only as well as each part keeps
 * to its plan). Each problem names the section to revise.
 */
import type { ChatMessage, StructuredStep } from '../model-client';
import { bool, int, list, obj, str } from '../strict-schema';
import type { BookPlan } from './book-plan';
import { bibleText, capitalise, clientRulesText } from './book-plan';
import type { SectionNotes } from './notes.step';

export interface ContinuityIssue {
  section: number;
  problem: string;
  fix: string;
}

export interface ContinuityReport {
  issues: ContinuityIssue[];
  instructions: Array<{ instruction: string; fulfilled: boolean; section: number | null }>;
}

export function continuityStep(sections: number): StructuredStep<ContinuityReport> {
  return {
    name: 'continuity_check',
    schema: obj({
      issues: list(
        obj({
          section: int({ minimum: 1, maximum: sections }),
          problem: str(),
          fix: str({ description: 'What the section must change, concretely.' }),
        }),
        { max: 12 },
      ),
      instructions: list(
        obj({
          instruction: str(),
          fulfilled: bool(),
          section: int({ minimum: 1, maximum: sections, description: 'The section that carries it out, or should.' }),
        }),
        { max: 20 },
      ),
    }),
    read: (value) => {
      const raw = value as ContinuityReport;
      return {
        value: {
          issues: raw.issues.map((issue) => ({ ...issue, problem: issue.problem.trim(), fix: issue.fix.trim() })),
          instructions: raw.instructions,
        },
      };
    },
  };
}

export function continuityMessages(plan: BookPlan, label: string, notes: Map<number, SectionNotes>): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You are a meticulous continuity editor. You compare what a book’s sections actually say with its bible, ' +
        'with each other and with the client’s instructions, and report only real contradictions and omissions, ' +
        'never matters of taste. JSON only.',
    },
    {
      role: 'user',
      content: [
        'The bible:',
        bibleText(plan),
        '',
        plan.instructions.length > 0
          ? `The client's instructions:\n${plan.instructions.map((item) => `- ${item}`).join('\n')}`
          : 'The client gave no specific instructions.',
        '',
        ...clientRulesText(plan, label),
        `What each ${label} says:`,
        ...plan.sections.map((section) => {
          const note = notes.get(section.number);
          const name = `${capitalise(label)} ${section.number} "${section.title}"`;
          const reveals =
            (section.reveals?.length ? ` Planned to reveal: ${section.reveals.join('; ')}` : '') +
            (section.plants?.length
              ? ` Planned to set up: ${section.plants.map((plant) => `${plant.what} (paid off in ${label} ${plant.paysOffIn})`).join('; ')}`
              : '');
          return note
            ? `${name}: Planned: ${section.summary} Written: ${note.summary} Ends: ${note.closingState} ` +
                `Facts: ${note.facts.join('; ')}${reveals}`
            : `${name} (as planned; no notes from its text): ${section.summary}${reveals}`;
        }),
        '',
        `List every contradiction of names, facts, timeline or the bible, every ${label} that gives away what a ` +
          `later ${label} is planned to reveal, every payoff that uses a setup its ${label} never showed, ` +
          `every ${label} whose text leaves out or changes a planned event that a later ${label} builds on ` +
          `(a difference no later ${label} depends on is not a problem), ` +
          `and every ${label} that breaks one of the client's rules for every ${label}, ` +
          `giving the number of the ${label} to fix, ` +
          "and say for each of the client's instructions whether the book carries it out and in which " +
          `${label}.`,
      ].join('\n'),
    },
  ];
}

export function continuityMaxTokens(sections: number, instructions: number): number {
  return 1_200 + 60 * sections + 80 * instructions;
}
