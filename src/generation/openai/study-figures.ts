/**
 * Figures credited to studies. Asked for a book on saving or sleep, models
 * back each point with "a 2019 survey found that 64% of workers..." or
 * "research shows that people who journal are 42% more likely to...": the
 * study and the figure are as often invented as remembered, and a book
 * cannot footnote them. The type guides forbid invented studies; this reads
 * what the writers wrote anyway, as an editor queries an unsourced figure.
 * A sentence is queried when it credits a figure to a study, a survey,
 * research or "according to"; a figure the client's material gives is the
 * client's. English subject books.
 */
import { primaryLanguage } from '../../book/language-tag';
import { inParagraphs } from './paragraph-refs';
import { sentencesOf } from './prose-words';

/** Something a figure is credited to: a study, survey or report, research that shows, "according to". */
const AUTHORITY =
  /\b(?:stud(?:y|ies)|survey|poll|report|experiment|trial|meta-analysis)\b|\b(?:research|researchers|scientists|experts|data|evidence)\s+(?:shows?|suggests?|finds?|found|has shown|have shown|confirms?|reveals?|indicates?|proves?)\b|\baccording to\b/i;
/** A figure: a percentage, "3 times", "one in five", "7 out of 10", a count with thousands separators. */
const FIGURE =
  /\d+(?:[.,]\d+)?\s?(?:%|percent\b|per cent\b)|\b\d+(?:\.\d+)?\s?(?:times|fold)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|\d+) (?:in|out of) (?:two|three|four|five|six|seven|eight|nine|ten|\d+)\b|\b\d{1,3}(?:,\d{3})+\b/i;

export interface StudyFigures {
  number: number;
  /** The sentences that credit a figure to a study, as written. */
  sentences: string[];
  /** 1-based, as the section's reviser numbers its paragraphs. */
  paragraphs: number[];
}

/** The figures in a sentence, as written, for matching against the client's material. */
function figuresIn(sentence: string): string[] {
  return sentence.match(new RegExp(FIGURE.source, 'gi')) ?? [];
}

/** The sentences of an English subject book that credit a figure to a study the client did not give. */
export function findStudyFigures(
  sections: ReadonlyArray<{ number: number; paragraphs: readonly string[] }>,
  language: string,
  client: string,
): StudyFigures[] {
  if (primaryLanguage(language) !== 'en') return [];
  const found: StudyFigures[] = [];
  for (const section of sections) {
    const sentences: string[] = [];
    const paragraphs: number[] = [];
    section.paragraphs.forEach((paragraph, index) => {
      const queried = sentencesOf(paragraph)
        .map((sentence) => sentence.trim())
        .filter((sentence) => AUTHORITY.test(sentence) && FIGURE.test(sentence))
        .filter((sentence) => !figuresIn(sentence).every((figure) => client.includes(figure)));
      if (queried.length === 0) return;
      sentences.push(...queried);
      paragraphs.push(index + 1);
    });
    if (sentences.length > 0) found.push({ number: section.number, sentences, paragraphs });
  }
  return found;
}

/** The reviser's brief for a section that credits figures to studies. */
export function studyFiguresProblem(found: StudyFigures): string {
  const quoted = found.sentences
    .slice(0, 3)
    .map((sentence) => `"${sentence}"`)
    .join(' ');
  return (
    `The text credits figures to studies or surveys the book cannot source: ${quoted}${inParagraphs(found.paragraphs)}. ` +
    'Fix: keep a finding only if it is well known and the sentence names who found it and when; otherwise keep the ' +
    "point without the figure or the study, as the book's own advice, an example, or what readers commonly find."
  );
}
