/**
 * Step 3b for textbooks: a lesson's explanation is written as prose like any
 * chapter; its exercises (with complete model answers), key points and the
 * glossary entries of the terms it introduces come as data, from a second
 * call that reads the lesson as written, so the exercises ask about what the
 * lesson actually taught.
 */
import type { BookBlock } from '../../../../book/book-document';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { list, obj, str } from '../../client/strict-schema';
import type { BookPlan, PlannedSection } from './book-plan';
import { sectionText } from './book-plan';
import { languageLine } from './bible.step';
import { tokensPerWord } from './prose-section.step';
import { withoutEmphasis } from '../prose-reader';

interface RawExtras {
  key_points: string[];
  exercises: Array<{ question: string; answer: string }>;
  glossary: Array<{ term: string; definition: string }>;
}

export const lessonExtrasStep: StructuredStep<BookBlock[]> = {
  name: 'lesson_exercises',
  schema: obj({
    key_points: list(str(), { min: 2, max: 6 }),
    exercises: list(
      obj({
        question: str({ description: 'Answerable from the lesson as written.' }),
        answer: str({ description: 'A complete model answer, with the working where there is any.' }),
      }),
      // 3 to 5 unless the client asks for another number ("five practice questions", "ten exercises").
      { min: 3, max: 10 },
    ),
    glossary: list(obj({ term: str(), definition: str() }), {
      min: 1,
      max: 8,
      description: 'The terms this lesson introduces, defined as the lesson uses them.',
    }),
  }),
  read: (value) => {
    const raw = value as RawExtras;
    const blocks: BookBlock[] = [
      ...raw.key_points.map((text): BookBlock => ({ kind: 'key_point', text: withoutEmphasis(text.trim()) })),
      ...raw.exercises.map((exercise): BookBlock => ({
        kind: 'exercise',
        question: withoutEmphasis(exercise.question.trim()),
        answer: withoutEmphasis(exercise.answer.trim()),
      })),
      ...raw.glossary.map((entry): BookBlock => ({
        kind: 'glossary_entry',
        term: withoutEmphasis(entry.term.trim()),
        definition: withoutEmphasis(entry.definition.trim()),
      })),
    ];
    if (blocks.some((block) => 'text' in block && block.text === ''))
      return { problems: ['/key_points: an empty point'] };
    return { value: blocks };
  },
};

export function lessonExtrasMessages(
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  lesson: string,
): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You are an experienced teacher writing the exercises for a textbook lesson. Every question can be answered ' +
        'from the lesson as written; every answer is complete and correct. JSON only.',
    },
    {
      role: 'user',
      content: [
        sectionText(section, label),
        '',
        `The ${label} as written:`,
        '<lesson>',
        lesson,
        '</lesson>',
        '',
        ...clientRules(plan, label),
        languageLine(plan.language),
        'Give its key points, exercises with model answers from recall to application (3 to 5, unless the ' +
          "client's rules ask for another number or kind of question), and a glossary entry for each term it " +
          'introduces.',
      ].join('\n'),
    },
  ];
}

/** What the client asks of every lesson: its questions and exercises are made here, not in the lesson's text. */
function clientRules(plan: Pick<BookPlan, 'everySection'>, label: string): string[] {
  const rules = plan.everySection ?? [];
  if (rules.length === 0) return [];
  return [
    `The client's rules for every ${label} (follow what they ask of its exercises, questions or key points):`,
    ...rules.map((rule) => `- ${rule}`),
  ];
}

/** Room for up to ten exercises with worked answers, key points and a glossary. */
export function lessonExtrasMaxTokens(language: string): number {
  return Math.ceil(1200 * tokensPerWord(language)) + 300;
}
