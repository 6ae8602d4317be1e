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
import { primaryLanguage } from '../../../../book/language-tag';
import { languageName } from '../../checks/language';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { bool, int, list, obj, str } from '../../client/strict-schema';
import type { BookPlan } from './book-plan';
import { bibleText, capitalise, clientRulesText } from './book-plan';
import type { SectionNotes } from './notes.step';
import { joinList } from '../../../../common/join-list';

export interface ContinuityIssue {
  section: number;
  problem: string;
  fix: string;
}

/** The check's verdict on one of the client's instructions, by its number in the plan's list. */
export interface InstructionVerdict {
  /** 1-based, as the prompt numbers them. */
  number: number;
  /** The instruction as the plan holds it, not as the model restated it. */
  instruction: string;
  fulfilled: boolean;
  section: number;
}

export interface ContinuityReport {
  issues: ContinuityIssue[];
  /** One verdict per instruction the check judged, in the plan's order. */
  instructions: InstructionVerdict[];
  /** Instructions the check never judged (numbers): neither carried out nor missing, as far as anyone knows. */
  unjudged: number[];
}

interface RawReport {
  issues: ContinuityIssue[];
  instructions: Array<{ number: number; fulfilled: boolean; section: number }>;
}

/**
 * The check answers for each instruction by its number: a model restates an
 * instruction in its own words (so its text finds no section that carries
 * it) and, given many, skips some, which then counted as neither carried out
 * nor missing. A skipped one is asked for again.
 */
export function continuityStep(sections: number, instructions: readonly string[]): StructuredStep<ContinuityReport> {
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
          number: int({
            minimum: 1,
            maximum: Math.max(1, instructions.length),
            description: "The instruction's number in the client's list.",
          }),
          fulfilled: bool(),
          section: int({ minimum: 1, maximum: sections, description: 'The section that carries it out, or should.' }),
        }),
        { max: Math.max(1, instructions.length) },
      ),
    }),
    read: (value) => {
      const raw = value as RawReport;
      const verdicts = new Map<number, InstructionVerdict>();
      for (const item of raw.instructions) {
        const instruction = instructions[item.number - 1];
        if (instruction !== undefined && !verdicts.has(item.number))
          verdicts.set(item.number, { ...item, instruction });
      }
      const unjudged = instructions.map((_, index) => index + 1).filter((number) => !verdicts.has(number));
      return {
        value: {
          issues: raw.issues.map((issue) => ({ ...issue, problem: issue.problem.trim(), fix: issue.fix.trim() })),
          instructions: [...verdicts.values()].sort((a, b) => a.number - b.number),
          unjudged,
        },
        ...(unjudged.length > 0
          ? {
              concerns: [
                `the client's instruction${unjudged.length === 1 ? '' : 's'} ${joinList(unjudged)} ` +
                  `${unjudged.length === 1 ? 'is' : 'are'} not judged: /instructions must hold one entry for each ` +
                  `of the ${instructions.length}`,
              ],
            }
          : {}),
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
          ? `The client's instructions:\n${plan.instructions.map((item, index) => `${index + 1}. ${item}`).join('\n')}`
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
          if (note?.text !== undefined)
            return `${name}: Planned: ${section.summary} As written: ${note.text}${reveals}`;
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
          "and say for each of the client's instructions, by its number, whether the book carries it out and " +
          `in which ${label}.`,
        ...(primaryLanguage(plan.language) === 'en'
          ? []
          : [
              // The problems reach the job's messages, which are in English, and a reviser who reads both.
              `The book is in ${languageName(plan.language)}: write each problem and fix in English, quoting the ` +
                "book's own words as they are.",
            ]),
      ].join('\n'),
    },
  ];
}

export function continuityMaxTokens(sections: number, instructions: number): number {
  return 1_200 + 60 * sections + 80 * instructions;
}
