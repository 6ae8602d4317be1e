/**
 * Step 6: revision of a section the continuity check sent back. Rather than
 * redrafting the whole section (expensive, and it would undo the seams), the
 * editor returns line edits: which numbered paragraphs to replace and with
 * what. Paragraph numbers are checked against the section.
 */
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { int, list, obj, str } from '../../client/strict-schema';
import type { BookPlan, PlannedSection } from './book-plan';
import { bibleText, narratorLines, sectionText } from './book-plan';
import { languageLine } from './bible.step';
import { writerSystemPrompt } from './prose-section.step';

export interface ParagraphEdit {
  /** 1-based paragraph number in the section as quoted. */
  paragraph: number;
  /** The new text of that paragraph (may be several paragraphs separated by blank lines). */
  replacement: string;
}

/** `shown`: the paragraphs the reviser was shown, when not all; an edit of another (it never read it) is dropped. */
export function revisionStep(paragraphs: number, shown?: ReadonlySet<number>): StructuredStep<ParagraphEdit[]> {
  return {
    name: 'section_revision',
    schema: obj({
      edits: list(
        obj({
          paragraph: int({ minimum: 1, maximum: paragraphs }),
          replacement: str({ description: 'The whole new text of that paragraph.' }),
        }),
        { min: 1, max: 10 },
      ),
    }),
    read: (value) => {
      // A second edit of the same paragraph would replace the first one's text: the first stands.
      const byParagraph = new Map<number, ParagraphEdit>();
      for (const edit of (value as { edits: ParagraphEdit[] }).edits) {
        if (shown && !shown.has(edit.paragraph)) continue;
        if (!byParagraph.has(edit.paragraph) && edit.replacement.trim()) {
          byParagraph.set(edit.paragraph, { paragraph: edit.paragraph, replacement: edit.replacement.trim() });
        }
      }
      if (byParagraph.size === 0) {
        return {
          problems: [
            shown ? '/edits: edit only the paragraphs shown, by their numbers' : '/edits: every replacement is empty',
          ],
        };
      }
      return { value: [...byParagraph.values()] };
    },
  };
}

export function revisionMessages(
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  paragraphs: string[],
  problems: string[],
  /** Only these paragraphs (1-based) are shown, for problems that say where they are: the rest is not sent. */
  shown?: ReadonlySet<number>,
  /** The last paragraph of the section before, as written: a new opening must still follow from it. */
  before?: string,
): ChatMessage[] {
  const quoted = paragraphs.flatMap((paragraph, index) =>
    !shown || shown.has(index + 1) ? [`[${index + 1}] ${paragraph}`] : [],
  );
  return [
    { role: 'system', content: `${writerSystemPrompt(plan)}\n\nYou are now revising: answer with JSON only.` },
    {
      role: 'user',
      content: [
        'The bible:',
        bibleText(plan),
        '',
        sectionText(section, label),
        ...narratorLines(plan, section),
        '',
        ...(before && (!shown || shown.has(1))
          ? [`How the ${label} before this one ends (an opening you replace must still follow from it):`, before, '']
          : []),
        shown
          ? `The paragraphs of the ${label} these problems are in (${paragraphs.length} paragraphs in all; the others stay as they are):`
          : `The ${label} as written, paragraph by paragraph:`,
        ...quoted,
        '',
        'A continuity editor found these problems:',
        ...problems.map((problem) => `- ${problem}`),
        '',
        languageLine(plan.language),
        'Fix them by replacing as few paragraphs as possible, keeping the narration (its person and tense), ' +
          'the voice and the length. Give each replaced paragraph by its number.',
      ].join('\n'),
    },
  ];
}

export function revisionMaxTokens(words: number, tokensPerWord: number): number {
  // Edits touch a few paragraphs; a third of the section is a generous ceiling.
  return Math.ceil((words / 3) * tokensPerWord) + 400;
}
