/**
 * Step 3 for the types whose sections are structures rather than running
 * prose: comic and manga pages (panels, captions, balloons), picture-book
 * spreads (the words and the picture), textbook lessons (explanation,
 * worked examples, exercises with answers, glossary). Same brief as a prose
 * section; the answer follows a schema and becomes the document's blocks.
 */
import type { BookBlock } from '../../../book/book-document';
import type { ConcreteBookType } from '../../../book/book-shapes';
import type { BookGenerationRequest } from '../../book-provider';
import { checkProse } from '../answer-checks';
import type { ChatMessage, StructuredStep } from '../model-client';
import { list, obj, str, type JsonSchema } from '../strict-schema';
import type { BookPlan, PlannedSection } from './book-plan';
import { languageLine } from './bible.step';
import { sectionBrief } from './section-brief';
import { tokensPerWord, writerSystemPrompt } from './prose-section.step';

export type StructuredType = Extract<ConcreteBookType, 'comic' | 'manga' | 'childrens' | 'textbook'>;

export function isStructuredType(type: ConcreteBookType): type is StructuredType {
  return type === 'comic' || type === 'manga' || type === 'childrens' || type === 'textbook';
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
            dialogue: list(obj({ speaker: str(), text: str({ description: 'At most 25 words.' }) }), { max: 4 }),
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
    case 'textbook':
      return obj({
        introduction: str(),
        parts: list(obj({ heading: str(), paragraphs: list(str(), { min: 1, max: 8 }) }), { min: 2, max: 6 }),
        worked_examples: list(obj({ title: str(), steps: list(str(), { min: 2, max: 10 }) }), { min: 1, max: 3 }),
        key_points: list(str(), { min: 2, max: 6 }),
        exercises: list(obj({ question: str(), answer: str({ description: 'A complete model answer.' }) }), {
          min: 3,
          max: 5,
        }),
        glossary: list(obj({ term: str(), definition: str() }), { min: 1, max: 8 }),
      });
  }
}

interface RawPanel {
  description: string;
  caption: string | null;
  dialogue: Array<{ speaker: string; text: string }>;
  sound_effect: string | null;
}

interface RawLesson {
  introduction: string;
  parts: Array<{ heading: string; paragraphs: string[] }>;
  worked_examples: Array<{ title: string; steps: string[] }>;
  key_points: string[];
  exercises: Array<{ question: string; answer: string }>;
  glossary: Array<{ term: string; definition: string }>;
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
          ? { caption: [panel.caption?.trim(), panel.sound_effect?.trim()].filter(Boolean).join(' ') }
          : {}),
        dialogue: panel.dialogue
          .map((line) => ({ speaker: line.speaker.trim(), text: line.text.trim() }))
          .filter((line) => line.text !== ''),
      }));
    case 'childrens': {
      const spread = value as { text: string; illustration: string };
      return spread.text
        .split(/\n\s*\n/)
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text) => ({ kind: 'paragraph', text }));
    }
    case 'textbook': {
      const lesson = value as RawLesson;
      const blocks: BookBlock[] = [{ kind: 'paragraph', text: lesson.introduction.trim() }];
      for (const part of lesson.parts) {
        blocks.push({ kind: 'heading', level: 2, text: part.heading.trim() });
        for (const paragraph of part.paragraphs) blocks.push({ kind: 'paragraph', text: paragraph.trim() });
      }
      for (const example of lesson.worked_examples) {
        blocks.push({ kind: 'heading', level: 3, text: example.title.trim() });
        blocks.push({ kind: 'list', ordered: true, items: example.steps.map((step) => step.trim()) });
      }
      for (const point of lesson.key_points) blocks.push({ kind: 'key_point', text: point.trim() });
      for (const exercise of lesson.exercises) {
        blocks.push({ kind: 'exercise', question: exercise.question.trim(), answer: exercise.answer.trim() });
      }
      for (const entry of lesson.glossary) {
        blocks.push({ kind: 'glossary_entry', term: entry.term.trim(), definition: entry.definition.trim() });
      }
      return blocks.filter((block) => block.kind !== 'paragraph' || block.text !== '');
    }
  }
}

/** All the reader's text of a structured answer, for the refusal, meta-text and language checks. */
function readerText(blocks: BookBlock[]): string {
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
    name: type === 'textbook' ? 'textbook_lesson' : type === 'childrens' ? 'picture_book_spread' : 'comic_page',
    schema: sectionSchema(type, section),
    read: (value) => {
      const blocks = toBlocks(type, value);
      if (blocks.length === 0) return { problems: ['the section has no text'] };
      const check = checkProse(readerText(blocks), { language });
      if (check.problems.length > 0) return { problems: check.problems };
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
  revisionNotes?: string[],
): ChatMessage[] {
  const lines = [
    ...sectionBrief(request, plan, section, label),
    languageLine(plan.language),
    `Write ${label} ${section.number} of ${plan.sections.length}: about ${section.words.toLocaleString('en')} words of the reader's text in all.`,
  ];
  if (revisionNotes && revisionNotes.length > 0) {
    lines.push(
      'An editor found these problems in the previous draft of this section; fix them:',
      ...revisionNotes.map((note) => `- ${note}`),
    );
  }
  return [
    { role: 'system', content: `${writerSystemPrompt(plan)}\n\nAnswer with JSON only.` },
    { role: 'user', content: lines.join('\n') },
  ];
}

export function structuredMaxTokens(type: StructuredType, section: PlannedSection, language: string): number {
  // Descriptions, speakers and JSON punctuation come on top of the reader's words.
  const overhead = type === 'textbook' ? 1.35 : 2.2;
  return Math.ceil(section.words * tokensPerWord(language) * overhead) + 400;
}
