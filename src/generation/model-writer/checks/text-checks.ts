/**
 * What code finds by reading a book's whole text, beside the model's
 * continuity check (which reads each section's notes and cannot see these):
 * names that slipped, verbal tics, chapters that open alike, chapters that end
 * by summing themselves up, narration leaning on em dashes, prose leaning on
 * stock phrases, figures credited to studies in a subject book. Each problem
 * says which paragraphs it is in, so the section's reviser is shown those alone.
 */
import type { BookBlock, BookChapter } from '../../../book/book-document';
import { isFiction, isProse } from '../../../book/book-shapes';
import { chapterWords } from '../../../book/word-count';
import { dashProblem, findDashHabits } from './dash-habits';
import { findNameSlips, slipProblem } from './name-slips';
import { findAlikeOpenings, openingProblem } from './opening-echoes';
import { echoProblem, findPhraseEchoes, writesPhrase } from './phrase-echoes';
import { writesWord } from './prose-words';
import { endingProblem, summingUp } from './reflective-endings';
import { findStockPhrases, stockPhraseProblem } from './stock-phrases';
import { findStudyFigures, studyFiguresProblem } from './study-figures';
import { bibleText, type BookPlan } from '../pipeline/steps/book-plan';
import { isStructuredType, readerText } from '../pipeline/steps/structured-section.step';
import { joinList } from '../../../common/join-list';

/** A problem found in one section's text. */
export interface TextProblem {
  section: number;
  problem: string;
  /** The paragraphs it is in, 1-based as a revision numbers them; empty when it is not placed (a structured page). */
  paragraphs: number[];
}

/** The indexes of a section's paragraph blocks: a revision numbers paragraphs in this order, from 1. */
export function paragraphIndexes(blocks: readonly BookBlock[]): number[] {
  return blocks.flatMap((block, index) => (block.kind === 'paragraph' ? [index] : []));
}

/** The texts of a section's paragraphs, numbered from 1 as a revision numbers them (see paragraphIndexes). */
function paragraphTexts(blocks: readonly BookBlock[]): string[] {
  return blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
}

/**
 * The problems code finds in the sections' text, and a line for each kind
 * found (for the job's messages). Stock phrases are read in every prose
 * book, figures credited to studies in prose subject books; the rest in
 * stories only: a subject book repeats its terms on purpose. Tics, openings
 * and endings are read in prose stories only: comics repeat refrains and are
 * rewritten whole.
 */
export function checkWholeText(
  plan: BookPlan,
  sections: ReadonlyArray<{ chapter: BookChapter }>,
  label: string,
  /** The client's own words (premise and tone): a figure they give is theirs to cite. */
  client = '',
): { problems: TextProblem[]; findings: string[] } {
  const problems: TextProblem[] = [];
  const findings: string[] = [];
  const { bible } = plan;
  if (isProse(plan.type)) stockPhrases(plan, sections, label, problems, findings);
  if (bible.kind !== 'story') {
    if (isProse(plan.type)) studyFigures(plan, sections, label, client, problems, findings);
    return { problems, findings };
  }
  const chapters = sections.map((section) => section.chapter);
  const texts = chapters.map((chapter) => ({ number: chapter.number, text: readerText(chapter.blocks) }));
  // Prose is revised paragraph by paragraph, numbered as here; a structured section is rewritten whole.
  const paragraphsWhere = (number: number, test: (text: string) => boolean): number[] => {
    if (isStructuredType(plan.type)) return [];
    const blocks = chapters.find((chapter) => chapter.number === number)?.blocks ?? [];
    return paragraphIndexes(blocks).flatMap((at, index) => {
      const block = blocks[at];
      return block?.kind === 'paragraph' && test(block.text) ? [index + 1] : [];
    });
  };

  const slips = findNameSlips(
    bible.characters.map((character) => character.name),
    bibleText(plan),
    texts,
    plan.language,
  );
  for (const slip of slips) {
    for (const [number, count] of slip.sections) {
      const paragraphs = paragraphsWhere(number, (text) => writesWord(text, slip.written));
      problems.push({ section: number, problem: slipProblem(slip, count, label, paragraphs), paragraphs });
    }
  }
  if (slips.length > 0) {
    findings.push(
      `names that read as misspelt: ${slips.map((slip) => `"${slip.written}" for ${slip.meant}`).join(', ')}`,
    );
  }
  if (!isFiction(plan.type) || !isProse(plan.type)) return { problems, findings };

  const echoes = findPhraseEchoes(texts);
  for (const echo of echoes) {
    for (const [number, count] of echo.sections) {
      const paragraphs = paragraphsWhere(number, (text) => writesPhrase(text, echo.phrase));
      problems.push({ section: number, problem: echoProblem(echo, count, paragraphs), paragraphs });
    }
  }
  if (echoes.length > 0) {
    findings.push(
      `phrases repeated through the book: ${echoes.map((echo) => `"${echo.written}" ${echo.uses} times`).join(', ')}`,
    );
  }

  // The first of the sections that open alike keeps its opening; the others are given new ones.
  const alike = findAlikeOpenings(
    chapters.map((chapter) => ({
      number: chapter.number,
      paragraph: chapter.blocks.find((block) => block.kind === 'paragraph')?.text ?? '',
    })),
    plan.language,
  );
  for (const opening of alike) {
    for (const number of opening.sections.slice(1)) {
      problems.push({ section: number, problem: openingProblem(opening, label), paragraphs: [1] });
    }
  }

  // A section that ends by summing itself up is revised from its last paragraph.
  let summingUps = 0;
  for (const chapter of chapters) {
    const paragraphs = chapter.blocks.filter((block) => block.kind === 'paragraph');
    const phrase = summingUp(paragraphs.at(-1)?.text ?? '', plan.language);
    if (!phrase) continue;
    summingUps += 1;
    problems.push({
      section: chapter.number,
      problem: endingProblem(phrase, paragraphs.length),
      paragraphs: [paragraphs.length],
    });
  }
  if (summingUps > 0) findings.push(`${summingUps} ${label}${summingUps === 1 ? '' : 's'} ending on a summing-up`);

  // A narration that sets clause after clause off with em dashes is revised from the paragraphs with the most.
  const dashes = findDashHabits(
    chapters.map((chapter) => ({
      number: chapter.number,
      paragraphs: paragraphTexts(chapter.blocks),
    })),
    plan.language,
  );
  for (const habit of dashes) {
    problems.push({ section: habit.number, problem: dashProblem(habit, label), paragraphs: habit.paragraphs });
  }
  if (dashes.length > 0) {
    findings.push(
      `em dashes as a habit in ${label}${dashes.length === 1 ? '' : 's'} ` +
        joinList(dashes.map((habit) => `${habit.number} (${habit.perThousandWords} to 1,000 words)`)),
    );
  }
  if (alike.length > 0) {
    findings.push(
      `${label}s that open alike: ${alike.map((opening) => `"${opening.words}" ${opening.sections.length} times`).join(', ')}`,
    );
  }
  return { problems, findings };
}

/** A subject book's sentences that credit figures to studies, revised from their paragraphs (see study-figures.ts). */
function studyFigures(
  plan: BookPlan,
  sections: ReadonlyArray<{ chapter: BookChapter }>,
  label: string,
  client: string,
  problems: TextProblem[],
  findings: string[],
): void {
  const found = findStudyFigures(
    sections.map(({ chapter }) => ({
      number: chapter.number,
      paragraphs: paragraphTexts(chapter.blocks),
    })),
    plan.language,
    client,
  );
  for (const section of found) {
    problems.push({ section: section.number, problem: studyFiguresProblem(section), paragraphs: section.paragraphs });
  }
  if (found.length === 0) return;
  const numbers = found.map((section) => section.number);
  findings.push(`figures credited to studies in ${label}${numbers.length === 1 ? '' : 's'} ${joinList(numbers)}`);
}

/** Prose sections that lean on stock phrases, revised from the paragraphs that hold them (see stock-phrases.ts). */
function stockPhrases(
  plan: BookPlan,
  sections: ReadonlyArray<{ chapter: BookChapter }>,
  label: string,
  problems: TextProblem[],
  findings: string[],
): void {
  const kind = plan.bible.kind;
  const stock = findStockPhrases(
    sections.map(({ chapter }) => ({
      number: chapter.number,
      paragraphs: paragraphTexts(chapter.blocks),
      words: chapterWords(chapter),
    })),
    plan.language,
    kind,
  );
  for (const section of stock.sections) {
    problems.push({
      section: section.number,
      problem: stockPhraseProblem(section, kind),
      paragraphs: section.paragraphs,
    });
  }
  if (stock.sections.length === 0) return;
  const numbers = stock.sections.map((section) => section.number).sort((a, b) => a - b);
  const inThem = stock.sections.reduce((sum, section) => sum + section.uses, 0);
  findings.push(
    `${stock.uses} stock phrases in the ${kind === 'story' ? 'narration' : 'text'}, ${inThem} of them in ` +
      `${label}${numbers.length === 1 ? '' : 's'} ` +
      joinList(numbers),
  );
}
