/**
 * Planning, after the outline: new titles for the sections whose titles
 * follow one pattern with two others or more (title-formulas.ts). Titles go
 * on the contents page and over every chapter; a small call to the planner
 * gives the sections their own before any writer reads them.
 */
import { joinList } from '../../../../common/join-list';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { list, obj, str } from '../../client/strict-schema';
import { newTitleProblem, type TitleFormula } from '../../checks/title-formulas';
import { languageLine } from './bible.step';
import { type BookPlan, capitalise, type PlannedSection } from './book-plan';
import { cleanTitle } from './titles';

/** The sections to retitle, in order, and the patterns their new titles must leave. */
export interface Retitling {
  readonly sections: readonly PlannedSection[];
  readonly formulas: readonly TitleFormula[];
}

/** `others`: the sections that keep their titles, which a new title must not repeat nor make a pattern with. */
export function retitleStep(
  asked: Retitling,
  others: ReadonlyArray<{ number: number; title: string }>,
  language: string,
): StructuredStep<string[]> {
  const patterns = asked.formulas.map((formula) => formula.pattern);
  const count = asked.sections.length;
  return {
    name: 'section_titles',
    schema: obj({
      titles: list(
        obj({
          title: str({
            description: `A new title of its own, a few words, not in the form ${quotedPatterns(asked)}; no label or number.`,
          }),
        }),
        { min: count, max: count },
      ),
    }),
    read: (value) => {
      const titles = (value as { titles: Array<{ title: string }> }).titles.map((item) => cleanTitle(item.title));
      if (titles.length !== count) return { problems: [`/titles: give exactly ${count} titles, in the order asked`] };
      if (titles.some((title) => title === '')) return { problems: ['/titles: a title is empty'] };
      const titled = [...others];
      const concerns: string[] = [];
      titles.forEach((title, index) => {
        const number = asked.sections[index]?.number ?? 0;
        const problem = newTitleProblem(title, number, titled, patterns, language);
        if (problem) concerns.push(`/titles/${index}: ${problem}`);
        titled.push({ number, title });
      });
      return concerns.length > 0 ? { value: titles, concerns } : { value: titles };
    },
  };
}

function quotedPatterns(asked: Retitling): string {
  return asked.formulas.map((formula) => `"${formula.pattern}"`).join(' or ');
}

export function retitleMessages(
  plan: Pick<BookPlan, 'title' | 'language' | 'sections'>,
  asked: Retitling,
  label: string,
): ChatMessage[] {
  const named = capitalise(label);
  const patterns = quotedPatterns(asked);
  return [
    {
      role: 'system',
      content: "You are the book's editor, naming its sections for the contents page. Answer with JSON only.",
    },
    {
      role: 'user',
      content: [
        `The book: "${plan.title}". Its ${label}s, as titled now:`,
        ...plan.sections.map((section) => `${section.number}. ${section.title}`),
        '',
        ...asked.formulas.map(
          (formula) =>
            `${named}s ${joinList(formula.sections)} are all titled "${formula.pattern}": titles cut from one ` +
            'pattern read as machine-made on a contents page.',
        ),
        `Give each of these ${label}s a new title of its own, in this order:`,
        ...asked.sections.map((section) => `- ${named} ${section.number} (now "${section.title}"): ${section.summary}`),
        '',
        `Each new title says something of what happens in its own ${label}, in a few words and the register of the ` +
          `other titles, and gives away nothing the book reveals later; not in the form ${patterns} nor like ` +
          `another title above; no label or number ("${named} ${asked.sections[0]?.number ?? 1}"), no quotation ` +
          'marks.',
        languageLine(plan.language),
      ].join('\n'),
    },
  ];
}

/** A title is a few words; the JSON around each, a few tokens more. */
export function retitleMaxTokens(count: number): number {
  return 200 + 40 * count;
}
