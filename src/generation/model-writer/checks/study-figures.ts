/**
 * Figures credited to studies. Asked for a book on saving or sleep, models
 * back each point with "a 2019 survey found that 64% of workers..." or
 * "research shows that people who journal are 42% more likely to...": the
 * study and the figure are as often invented as remembered, and a book
 * cannot footnote them. The type guides forbid invented studies; this reads
 * what the writers wrote anyway, as an editor queries an unsourced figure.
 * A sentence is queried when it credits a figure to a study, a survey,
 * research or "according to"; a figure the client's material gives is the
 * client's. Subject books in English, French, Spanish and German.
 */
import { primaryLanguage } from '../../../book/language-tag';
import { inParagraphs } from './paragraph-refs';
import { phrase, sentencesOf } from './prose-words';

/**
 * For each language read: what a figure is credited to (a study, survey or report; research that shows; "according
 * to") and what a figure is (a percentage, "3 times", "one in five", a count with thousands separators).
 */
const READINGS: Readonly<Record<string, { authority: RegExp; figure: RegExp }>> = {
  en: {
    authority: phrase(
      'stud(?:y|ies)|surveys?|polls?|reports?|experiments?|trials?|meta-analys[ie]s|according to|' +
        '(?:research|researchers|scientists|experts|data|evidence) (?:shows?|suggests?|finds?|found|has shown|' +
        'have shown|confirms?|reveals?|indicates?|proves?)',
    ),
    figure: phrase(
      '\\d+(?:[.,]\\d+)?\\s?(?:%|percent|per cent)|\\d+(?:\\.\\d+)?\\s?(?:times|fold)|' +
        '(?:one|two|three|four|five|six|seven|eight|nine|\\d+) (?:in|out of) (?:two|three|four|five|six|seven|eight|' +
        'nine|ten|\\d+)|\\d{1,3}(?:,\\d{3})+',
    ),
  },
  fr: {
    authority: phrase(
      "études?|enquêtes?|sondages?|rapports?|expériences?|selon|d[’']après|" +
        '(?:la recherche|les chercheurs|les experts|les données|les scientifiques) (?:montrent|montre|suggèrent|' +
        'suggère|indiquent|indique|révèlent|révèle|prouvent|prouve|ont montré|a montré)',
    ),
    figure: phrase(
      '\\d+(?:[.,]\\d+)?\\s?(?:%|pour cent)|\\d+(?:[.,]\\d+)? fois|' +
        '(?:un|une|deux|trois|quatre|cinq|\\d+) (?:personnes? )?sur (?:deux|trois|quatre|cinq|dix|\\d+)|\\d{1,3}(?:[\\u00a0\\u202f]\\d{3})+',
    ),
  },
  es: {
    authority: phrase(
      'estudios?|encuestas?|informes?|sondeos?|experimentos?|según|' +
        '(?:la investigación|los investigadores|los expertos|los datos|los científicos) (?:muestran|muestra|sugieren|' +
        'sugiere|indican|indica|revelan|revela|demuestran|demuestra|han demostrado|ha demostrado)',
    ),
    figure: phrase(
      '\\d+(?:[.,]\\d+)?\\s?(?:%|por ciento)|\\d+(?:[.,]\\d+)? veces|' +
        '(?:uno|una|dos|tres|cuatro|cinco|\\d+) de cada (?:dos|tres|cuatro|cinco|diez|\\d+)|\\d{1,3}(?:\\.\\d{3})+',
    ),
  },
  de: {
    authority: phrase(
      'Studien?|Umfragen?|Untersuchungen?|Berichte?|Experimente?|laut|zufolge|' +
        '(?:die Forschung|Forscher|Experten|die Daten|Wissenschaftler) (?:zeigen|zeigt|belegen|belegt|legen nahe|' +
        'legt nahe|beweisen|beweist|haben gezeigt|hat gezeigt)',
    ),
    figure: phrase(
      '\\d+(?:[.,]\\d+)?\\s?(?:%|Prozent)|\\d+(?:[.,]\\d+)?-?mal|' +
        '(?:einer?|zwei|drei|vier|fünf|\\d+) von (?:zwei|drei|vier|fünf|zehn|\\d+)|\\d{1,3}(?:\\.\\d{3})+',
    ),
  },
};

export interface StudyFigures {
  number: number;
  /** The sentences that credit a figure to a study, as written. */
  sentences: string[];
  /** 1-based, as the section's reviser numbers its paragraphs. */
  paragraphs: number[];
}

/** The figures in a sentence, as written, for matching against the client's material. */
function figuresIn(sentence: string, figure: RegExp): string[] {
  return sentence.match(new RegExp(figure.source, 'giu')) ?? [];
}

/** The sentences of a subject book that credit a figure to a study the client did not give (languages of READINGS). */
export function findStudyFigures(
  sections: ReadonlyArray<{ number: number; paragraphs: readonly string[] }>,
  language: string,
  client: string,
): StudyFigures[] {
  const reading = READINGS[primaryLanguage(language)];
  if (!reading) return [];
  const found: StudyFigures[] = [];
  for (const section of sections) {
    const sentences: string[] = [];
    const paragraphs: number[] = [];
    section.paragraphs.forEach((paragraph, index) => {
      const queried = sentencesOf(paragraph)
        .map((sentence) => sentence.trim())
        .filter((sentence) => reading.authority.test(sentence) && reading.figure.test(sentence))
        .filter((sentence) => !figuresIn(sentence, reading.figure).every((figure) => client.includes(figure)));
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
