/**
 * Step 3 for the types whose sections are structures rather than running
 * prose: comic and manga pages (panels, captions, balloons) and picture-book
 * spreads (the words and the picture). Same brief as a prose section; the
 * answer follows a schema and becomes the document's blocks.
 */
import type { BookBlock } from '../../../../book/book-document';
import type { ConcreteBookType } from '../../../../book/book-shapes';
import type { BookGenerationRequest } from '../../../book-provider';
import { countWords } from '../../../../book/word-count';
import { checkProse } from '../../checks/answer-checks';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { list, obj, str, type JsonSchema } from '../../client/strict-schema';
import type { BookPlan, PlannedSection } from './book-plan';
import { languageLine } from './bible.step';
import { sectionBrief } from './section-brief';
import { tokensPerWord, writerSystemPrompt } from './prose-section.step';
import { paragraphText, withoutEmphasis } from '../prose-reader';

export type StructuredType = Extract<ConcreteBookType, 'comic' | 'manga' | 'childrens'>;

/** A structured section must carry at least this share of its planned words. */
const MIN_STRUCTURED_SHARE = 0.4;
/** What a speech balloon holds, as the schema tells the model. */
const BALLOON_WORDS = 25;
/**
 * A balloon past this many words is a model writing prose into balloons: a
 * letterer cannot fit it over the art, and a reader skips it. Some leeway
 * over BALLOON_WORDS: a 28-word line is a long breath, not a paragraph.
 */
const MAX_BALLOON_WORDS = 40;

export function isStructuredType(type: ConcreteBookType): type is StructuredType {
  return type === 'comic' || type === 'manga' || type === 'childrens';
}

function sectionSchema(type: StructuredType, section: PlannedSection): JsonSchema {
  switch (type) {
    case 'comic':
    case 'manga': {
      const panels = Math.max(1, section.beats.length);
      return obj({
        panels: list(
          obj({
            description: str({ description: "The artist's direction: shot, who, action, setting." }),
            caption: str({ nullable: true }),
            dialogue: list(obj({ speaker: str(), text: str({ description: `At most ${BALLOON_WORDS} words.` }) }), {
              max: 4,
            }),
            sound_effect: str({ nullable: true }),
          }),
          { min: panels, max: panels },
        ),
      });
    }
    case 'childrens':
      return obj({
        text: str({ description: 'The words printed on the spread, to be read aloud.' }),
        illustration: str({ description: 'What the picture shows.' }),
      });
  }
}

interface RawPanel {
  description: string;
  caption: string | null;
  dialogue: Array<{ speaker: string; text: string }>;
  sound_effect: string | null;
}

/** The blocks of a structured answer; the book's text in it goes through the same checks as prose. */
function toBlocks(type: StructuredType, value: unknown): BookBlock[] {
  switch (type) {
    case 'comic':
    case 'manga':
      return (value as { panels: RawPanel[] }).panels.map((panel, index) => ({
        kind: 'panel',
        number: index + 1,
        description: panel.description.trim(),
        ...(panel.caption?.trim() || panel.sound_effect?.trim()
          ? { caption: [printed(panel.caption), printed(panel.sound_effect)].filter(Boolean).join(' ') }
          : {}),
        dialogue: panel.dialogue
          .map((line) => ({ speaker: printed(line.speaker), text: printed(line.text) }))
          .filter((line) => line.text !== ''),
      }));
    case 'childrens': {
      const spread = value as { text: string; illustration: string };
      return spread.text
        .split(/\n\s*\n/)
        .map((text) => printed(paragraphText(text.split('\n'))))
        .filter(Boolean)
        .map((text) => ({ kind: 'paragraph', text }));
    }
  }
}

/** Why a page's lettering cannot be used (a balloon holding a paragraph), or undefined. */
function overfullBalloon(blocks: readonly BookBlock[]): string | undefined {
  for (const block of blocks) {
    if (block.kind !== 'panel') continue;
    const longest = Math.max(0, ...block.dialogue.map((line) => countWords(line.text)));
    if (longest > MAX_BALLOON_WORDS) {
      return (
        `panel ${block.number} has a speech balloon of ${longest} words; a balloon holds at most ${BALLOON_WORDS}, ` +
        'so cut the speech or share it between balloons and panels'
      );
    }
  }
  return undefined;
}

/** Text as it is lettered or printed: trimmed, without the Markdown emphasis models put on a "*gasp*". */
function printed(text: string | null | undefined): string {
  return withoutEmphasis((text ?? '').trim());
}

/**
 * A page or spread as written, for the continuity check: what each panel shows, its caption and speech, or
 * the spread's words and the picture its writer asked for.
 */
export function writtenText(blocks: readonly BookBlock[], illustration?: string): string {
  const parts = blocks.map((block) => {
    if (block.kind !== 'panel') return readerText([block]);
    const speech = block.dialogue.map((line) => ` ${line.speaker}: “${line.text}”`).join('');
    return `Panel ${block.number}: ${block.description}${block.caption ? ` Caption: ${block.caption}` : ''}${speech}`;
  });
  return [...parts, ...(illustration ? [`Picture: ${illustration}`] : [])].join(' / ').replace(/\s*\n\s*/g, ' / ');
}

/** All the reader's text of a structured answer, for the refusal, meta-text and language checks. */
export function readerText(blocks: readonly BookBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'panel') return [block.caption ?? '', ...block.dialogue.map((line) => line.text)].join(' ');
      if (block.kind === 'exercise') return `${block.question} ${block.answer}`;
      if (block.kind === 'glossary_entry') return `${block.term}: ${block.definition}`;
      if (block.kind === 'list') return block.items.join(' ');
      if (block.kind === 'scene_break' || block.kind === 'image') return '';
      return block.text;
    })
    .join('\n\n');
}

export function structuredSectionStep(
  type: StructuredType,
  section: PlannedSection,
  language: string,
): StructuredStep<{ blocks: BookBlock[]; illustration?: string }> {
  return {
    name: type === 'childrens' ? 'picture_book_spread' : 'comic_page',
    schema: sectionSchema(type, section),
    read: (value) => {
      const blocks = toBlocks(type, value);
      if (blocks.length === 0) return { problems: ['the section has no text'] };
      const text = readerText(blocks);
      // A page planned without words may have none: its panels tell it.
      const wordless = section.words === 0 && text.trim() === '';
      // Structured refusals arrive in the `refusal` field; a balloon may well open "I can't believe it!".
      const check = wordless ? { problems: [] } : checkProse(text, { language, fragment: true });
      if (check.problems.length > 0) return { problems: check.problems };
      // Pages vary, but a page or spread with a fraction of its words is a model skimping, not a style.
      const words = countWords(text);
      if (words < section.words * MIN_STRUCTURED_SHARE) {
        return { problems: [`the section has ${words} words of text; it needs about ${section.words}`] };
      }
      const crowded = overfullBalloon(blocks);
      if (crowded) return { problems: [crowded] };
      const illustration = type === 'childrens' ? (value as { illustration: string }).illustration.trim() : undefined;
      return { value: { blocks, ...(illustration ? { illustration } : {}) } };
    },
  };
}

export function structuredSectionMessages(
  request: BookGenerationRequest,
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  revision?: { problems: string[]; draft: string },
): ChatMessage[] {
  const lines = [
    ...sectionBrief(request, plan, section, label),
    languageLine(plan.language),
    section.words === 0
      ? `Write ${label} ${section.number} of ${plan.sections.length}: a ${label} without words (no caption, speech ` +
        'or sound effect): its panels alone tell it.'
      : `Write ${label} ${section.number} of ${plan.sections.length}: about ${section.words.toLocaleString('en')} words of the reader's text in all.`,
  ];
  if (revision) {
    lines.push(
      'The previous draft of this section said:',
      '<draft>',
      revision.draft,
      '</draft>',
      'An editor found these problems in it. Write the section again, keeping what works and fixing them:',
      ...revision.problems.map((problem) => `- ${problem}`),
    );
  }
  return [
    { role: 'system', content: `${writerSystemPrompt(plan)}\n\nAnswer with JSON only.` },
    { role: 'user', content: lines.join('\n') },
  ];
}

export function structuredMaxTokens(type: StructuredType, section: PlannedSection, language: string): number {
  // Descriptions, speakers and JSON punctuation come on top of the reader's words.
  const overhead = type === 'childrens' ? 1.6 : 2.2;
  return Math.ceil(section.words * tokensPerWord(language) * overhead) + 400;
}
