/**
 * Step 3 for prose types (novels, short stories, self-help, non-fiction):
 * one section written as plain prose, streamed. The writer sees the bible,
 * the whole outline in one line a section, its own entry in full, its
 * neighbours' entries (so it opens where the previous one closes and leads
 * into the next), the client's material as quoted data, and the style and
 * type guides. After the prose it appends its notes (see notes.step.ts).
 */
import { isFiction } from '../../../../book/book-shapes';
import { languageName } from '../../checks/language';
import { primaryLanguage } from '../../../../book/language-tag';
import type { ChatMessage } from '../../client/model-client';
import { schemaBlock } from '../../client/model-client';
import type { BookPlan, PlannedSection } from './book-plan';
import { capitalise, clientRulesText, knowledgeText } from './book-plan';
import { languageLine } from './bible.step';
import { CLIENT_MATERIAL_RULE } from './client-material';
import { bookContext, ownSectionText, sectionBrief } from './section-brief';
import { styleGuideText, typeGuideText } from './guide-text';
import { NOTES_MARKER, NOTES_SCHEMA } from './notes.step';
import type { BookGenerationRequest } from '../../../book-provider';

/** Tokens a word takes, roughly: alphabetic scripts near 1.3-1.5, others (CJK, Thai, Arabic) more. */
export function tokensPerWord(language: string): number {
  return ['ja', 'zh', 'ko', 'th', 'ar', 'he', 'hi', 'fa', 'ru', 'uk', 'el'].includes(primaryLanguage(language))
    ? 2.4
    : 1.45;
}

/** Room for `words` of prose plus the notes, with headroom: a limit that cuts a good answer wastes a call. */
export function proseMaxTokens(words: number, language: string): number {
  return Math.max(800, Math.ceil(words * tokensPerWord(language) * 1.25)) + NOTES_ALLOWANCE;
}

/** The most words one answer is asked for: about what models write well in one reply (LongWriter's finding). */
export const MAX_WORDS_PER_ANSWER = 2_500;
/**
 * A continuation asks for at least this many words: models overshoot small
 * targets, and a limit sized to a few sentences would cut the answer again.
 */
const MIN_CONTINUATION_WORDS = 250;

/** The next answer of a section: the words it is asked for, and the words left for the answers after it (none: it is the last). */
export interface AnswerShare {
  readonly words: number;
  readonly after: number;
}

/**
 * The next answer's share of the words a section still misses: the missing
 * words spread evenly over as few answers as MAX_WORDS_PER_ANSWER allows. A
 * chapter of 2,600 words is two answers of 1,300, each with room for scenes;
 * asked for 2,500 and then the rest, the second writer got a squeezed tail
 * and the first, told to stop at a scene with beats to spare, could end the
 * chapter short of its close.
 */
export function answerShare(missing: number): AnswerShare {
  const answers = Math.max(1, Math.ceil(missing / MAX_WORDS_PER_ANSWER));
  const words = Math.max(MIN_CONTINUATION_WORDS, Math.round(missing / answers / 10) * 10);
  return { words, after: answers === 1 ? 0 : missing - words };
}

/**
 * Tokens for the notes after the prose. Real models' notes ran to 3,800 characters (a novel's averaged 2,950):
 * at 600 an Italian part that ran 15% over its words lost its notes to the cut and cost a call to ask for them.
 */
const NOTES_ALLOWANCE = 1_000;

/** The instruction that ends every writer's request: its notes, after the prose, as JSON. */
function notesRequest(what: string): string[] {
  return [
    `Then, on a line of its own, write ${NOTES_MARKER} and after it a JSON object with your notes on ${what}:`,
    schemaBlock('section_notes', NOTES_SCHEMA),
  ];
}

export function writerSystemPrompt(plan: BookPlan): string {
  return [
    `You are a skilled author writing one section of a book in ${languageName(plan.language)}. ` +
      'You write the section itself and nothing else: no title line, no preface, no comment on your work, ' +
      'no summary of what the section meant at its end.',
    isFiction(plan.type)
      ? 'Prose is plain text: paragraphs separated by a blank line; speech inside the paragraphs in quotation marks ' +
        'with speech tags, the way printed books set it (never "Name: line" script form); a line "* * *" for a scene ' +
        'break; no Markdown.'
      : 'Prose is plain text: paragraphs separated by a blank line; a line starting "## " for a heading within the ' +
        'section (a few per section, never the section title itself); a line starting "- " (or "1. ") for each ' +
        'item of a short list where the matter is a list, never for what reads as prose; quotations attributed; ' +
        'no other Markdown.',
    CLIENT_MATERIAL_RULE,
    styleGuideText(plan.style, plan.type, plan.language),
    typeGuideText(plan.type, 'writing'),
    plan.everySection?.length
      ? "The bible's narration (point of view, tense), the client's tone and the client's rules for every section win " +
        "over the style and form guides' usual choices (a client who asks every chapter to end with a checklist gets " +
        "that ending, not the form's usual one)."
      : "The bible's narration (point of view, tense) and the client's tone win over the style guide's usual choices.",
  ].join('\n\n');
}

/**
 * What the first answer of a section is: the whole section; its first part,
 * when it is longer than one answer is asked for; or the book's first page,
 * which every other writer reads for the voice before it starts.
 */
export type FirstAnswer =
  { kind: 'whole' } | { kind: 'part'; words: number; parts: number } | { kind: 'first page'; words: number };

/** A section's first answer asked for `words` of its `budget`; `firstPage` when it is the book's first page. */
export function firstAnswer(words: number, budget: number, firstPage: boolean): FirstAnswer {
  if (words >= budget) return { kind: 'whole' };
  return firstPage ? { kind: 'first page', words } : { kind: 'part', words, parts: Math.round(budget / words) };
}

/**
 * The beats a section's first part covers: its share of them, by number, so a
 * writer told only "its first beats" does not hurry through every beat of the
 * section in the words of one part.
 */
function firstPartBeats(beats: number, parts: number): string {
  const covered = Math.ceil(beats / parts);
  if (beats < parts || covered >= beats) return 'its first beats in order';
  const which = covered === 1 ? 'beat 1' : covered === 2 ? 'beats 1 and 2' : `beats 1 to ${covered}`;
  return `${which} of its ${beats}${covered > 1 ? ', in order' : ''}`;
}

export function proseSectionMessages(
  request: BookGenerationRequest,
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  budget: number,
  answer: FirstAnswer,
  /** The book's first page, for every writer but its own (see voiceText). */
  opening?: string,
): ChatMessage[] {
  const of = `${section.number} of ${plan.sections.length}`;
  const lines = [
    ...sectionBrief(request, plan, section, label, opening),
    languageLine(plan.language),
    answer.kind === 'whole'
      ? `Write ${label} ${of} now, about ${budget.toLocaleString('en')} words, ` +
        'covering its beats in order and ending on its closing state.'
      : answer.kind === 'part'
        ? `${capitalise(label)} ${of} is long (${budget.toLocaleString('en')} words in all) and is written in ` +
          `${answer.parts} parts. Write its first part now, about ${answer.words.toLocaleString('en')} words: ` +
          `${firstPartBeats(section.beats.length, answer.parts)}, stopping at the end of a scene, with the later ` +
          'beats and its closing state left for the parts after it; you will be asked to continue.'
        : `${capitalise(label)} ${of} (${budget.toLocaleString('en')} words in all) is written in parts. Write its ` +
          `first page now, about ${answer.words.toLocaleString('en')} words, opening its first beat, and stop at the ` +
          'end of a paragraph; you will be asked to continue.',
    ...notesRequest(answer.kind === 'whole' ? 'what you wrote' : 'the part you wrote'),
  ];
  return [
    { role: 'system', content: writerSystemPrompt(plan) },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** How much of the text so far a continuation quotes: enough for voice and the last beat, not the whole section. */
const CONTINUATION_CONTEXT_WORDS = 700;

/**
 * The end of `text`, from the start of its `count`-th word from the end, as
 * written: its paragraphs and lines kept, so the writer continues a page, not
 * one run-on block it might take for the manner of the book.
 */
function lastWords(text: string, count: number): string {
  const starts = Array.from(text.matchAll(/\S+/g), (match) => match.index);
  return text.slice(starts.at(-count) ?? 0).trim();
}

/**
 * Asks for the rest of a section that was cut at the token limit or came back
 * short: the same brief, the end of what exists, and the words still missing.
 */
export function continuationMessages(
  request: BookGenerationRequest,
  plan: BookPlan,
  section: PlannedSection,
  label: string,
  written: string,
  /** This answer's words, and the words left for answers after it (see answerShare). */
  share: AnswerShare,
  cutMidSentence: boolean,
  /**
   * What the text so far covers, from its writers' notes: the quote below is
   * only its end, and a writer who cannot see which beats are done writes
   * them again or skips to the close.
   */
  covered?: string,
): ChatMessage[] {
  const tail = lastWords(written, CONTINUATION_CONTEXT_WORDS);
  const next = plan.sections[section.number];
  return [
    { role: 'system', content: writerSystemPrompt(plan) },
    {
      role: 'user',
      content: [
        ...bookContext(request, plan),
        ...clientRulesText(plan, label),
        ...ownSectionText(plan, section, label, true),
        next ? `\nThe next ${label} (do not write it): ${next.title}: ${next.summary}` : '',
        '',
        // What the reader knows and what stays held back binds the rest of the section as much as its start.
        ...knowledgeText(plan, section, label, written),
        covered ? `What the ${label} covers so far (its writer's notes): ${covered}` : '',
        `The ${label} so far ends like this:`,
        '<written>',
        tail,
        '</written>',
        '',
        languageLine(plan.language),
        cutMidSentence
          ? 'The text stops in the middle of a sentence. Continue exactly from the last word, completing that sentence, ' +
            'without repeating anything.'
          : 'Continue from exactly where it stops, without repeating anything.',
        share.after > 0
          ? `Continue for about ${share.words.toLocaleString('en')} words: the next beats not yet written, in order, ` +
            `stopping at the end of a scene. Another ${share.after.toLocaleString('en')} words of the ${label} follow in ` +
            'later answers, so leave its closing state to them; you will be asked to continue.'
          : `Continue for about ${share.words.toLocaleString('en')} words, covering the beats not yet written, and ` +
            `end on the ${label}'s closing state.`,
        ...notesRequest('the part you wrote'),
      ]
        .filter((line) => line !== '')
        .join('\n'),
    },
  ];
}
