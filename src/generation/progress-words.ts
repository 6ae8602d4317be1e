/**
 * The job's progress lines (`messages` of GET /v1/book/{id}) as a writer of the book's language words them: a
 * French client follows "Chapitre 3 sur 14 : 2 272 mots écrits, 2 100 prévus", not English. The lines that
 * quote a model's or a server's own words (a refused answer, a retry after a 429) stay as they are written
 * elsewhere; languages without words here get the English lines. Every line is worded so that no noun's
 * gender changes it ("Chapitre 3 : nouvelle version", not "révisé" or "révisée").
 */
import type { SectionLabel } from '../book/book-shapes';
import { primaryLanguage } from '../book/language-tag';
import { joinList } from '../common/join-list';

/** Why a section was revised: the continuity check, an instruction of the prompt not carried out, or a check of the text. */
export type RevisionCause = 'continuity' | 'instruction' | 'text';

/** The book as planned, as the "Planned" line names it. */
export interface PlannedLine {
  title: string;
  sections: number;
  words: number;
  /** The client's limits on length, when the prompt states them. */
  limits: { section?: number; book?: number };
  instructions: number;
  rulesForEverySection: number;
}

/** What the continuity check found, as its line names it. */
export interface CheckedLine {
  /** The continuity check's own problems; undefined when the check could not be had. */
  problems?: number;
  /** Instructions of the prompt carried out, of those asked, and how many the check left unjudged. */
  instructions?: { fulfilled: number; asked: number; unjudged: number };
  /** What the checks of the text found, in English (text-checks.ts), and how many findings that is. */
  textFindings: string[];
  revising: number;
}

export interface ProgressWords {
  choosingForm(): string;
  planningBible(sections: number, label: SectionLabel): string;
  outlining(sections: number, label: SectionLabel, batches: number): string;
  planned(line: PlannedLine, label: SectionLabel): string;
  /** `patterns`: the title patterns as English names them, said in an English book only. */
  retitled(numbers: number[], label: SectionLabel, patterns: string): string;
  resumingPlan(): string;
  resumingSections(done: number, total: number, label: SectionLabel): string;
  firstPageWritten(words: number, label: SectionLabel): string;
  halfway(label: SectionLabel, number: number, total: number, words: number, budget: number): string;
  sectionWritten(label: SectionLabel, number: number, total: number, words: number, planned: number): string;
  /** `problem` is a check's own words (English). */
  unusableDraft(label: SectionLabel, number: number, problem: string): string;
  keptDespite(label: SectionLabel, number: number, problem: string): string;
  cutContinuing(label: SectionLabel, number: number, words: number): string;
  askingForTheRest(label: SectionLabel, number: number, words: number, budget: number): string;
  seamsJoined(seams: number, rewritten: number, label: SectionLabel): string;
  checking(): string;
  checked(line: CheckedLine, label: SectionLabel): string;
  /** `problem`: the first problem it was revised for, in English; quoted in an English book only. */
  revised(label: SectionLabel, number: number, cause: RevisionCause, problem: string): string;
  keptAsDrafted(label: SectionLabel, number: number, why: 'unchanged' | 'unusable'): string;
  written(words: number): string;
  drawing(pictures: number): string;
  assembling(): string;
  rendering(format: string): string;
  storing(): string;
  ready(): string;
}

/** The words of progress lines in `language` (a BCP 47 tag), English where there are none for it. */
export function progressWords(language: string): ProgressWords {
  const known = LANGUAGES[primaryLanguage(language)] ? primaryLanguage(language) : 'en';
  // Built once a language: a job says some hundred lines, each through here.
  let words = MADE.get(known);
  if (!words) {
    words = LANGUAGES[known]!(new Intl.NumberFormat(known), known);
    MADE.set(known, words);
  }
  return words;
}

const MADE = new Map<string, ProgressWords>();

type Maker = (numbers: Intl.NumberFormat, language: string) => ProgressWords;

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listOf(language: string, items: number[]): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items.map(String));
}

/** Longest problem a status message quotes: the client reads one line, not the editor's whole note. */
const MESSAGE_PROBLEM_CHARACTERS = 90;

/**
 * An editor's problem as a status message says it: its first sentence, cut at a word near 90 characters
 * (a real reviser's note ran to several sentences and its fix, in English, in a French client's messages).
 */
export function inOneLine(problem: string): string {
  const first = (/^.+?[.!?](?=\s|$)/su.exec(problem.trim())?.[0] ?? problem.trim()).replace(/\s+/g, ' ');
  if (first.length <= MESSAGE_PROBLEM_CHARACTERS) return first;
  const cut = first.slice(0, MESSAGE_PROBLEM_CHARACTERS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MESSAGE_PROBLEM_CHARACTERS / 2)).replace(/[,;:]$/, '')}…`;
}

const english: Maker = (numbers) => {
  const n = (value: number) => numbers.format(value);
  const sections = (count: number, label: SectionLabel) => `${n(count)} ${label}${count === 1 ? '' : 's'}`;
  return {
    choosingForm: () => 'Planning: choosing the type and style',
    planningBible: (count, label) => `Planning: the bible and the arc in ${count} ${label}s`,
    outlining: (count, label, batches) =>
      `Planning: outlining ${count} ${label}s` + (batches > 1 ? ` in ${batches} parts` : ''),
    planned: (line, label) => {
      const limits = [
        line.limits.section === undefined ? '' : `${n(line.limits.section)} words a ${label}`,
        line.limits.book === undefined ? '' : `${n(line.limits.book)} words in all`,
      ].filter(Boolean);
      return (
        `Planned "${line.title}": ${line.sections} ${label}s, ${n(line.words)} words` +
        (limits.length > 0 ? ` (the prompt allows at most ${limits.join(' and ')})` : '') +
        (line.instructions > 0
          ? `, ${line.instructions} ${plural(line.instructions, 'instruction', 'instructions')} from the prompt to carry out`
          : '') +
        (line.rulesForEverySection > 0
          ? `, ${line.rulesForEverySection} ${plural(line.rulesForEverySection, 'rule', 'rules')} for every ${label}`
          : '')
      );
    },
    retitled: (numbers, label, patterns) =>
      `Planning: ${label}s ${joinList(numbers)} retitled; their titles followed ${patterns}`,
    resumingPlan: () => 'Resuming from the stored plan',
    resumingSections: (done, total, label) => `Resuming: ${done} of ${total} ${label}s already written`,
    firstPageWritten: (words, label) =>
      `The book's first page is written (${n(words)} words): the other ${label}s start now, in its voice`,
    halfway: (label, number, total, words, budget) =>
      `${capitalise(label)} ${number} of ${total}: ${n(words)} of ${n(budget)} words`,
    sectionWritten: (label, number, total, words, planned) =>
      `${capitalise(label)} ${number} of ${total} written: ${n(words)} of ${n(planned)} words`,
    unusableDraft: (label, number, problem) =>
      `${capitalise(label)} ${number}: the answer was unusable (${problem}); asking again`,
    keptDespite: (label, number, problem) => `${capitalise(label)} ${number}: kept as written, though ${problem}`,
    cutContinuing: (label, number, words) =>
      `${capitalise(label)} ${number}: the answer was cut off after ${n(words)} words; continuing it`,
    askingForTheRest: (label, number, words, budget) =>
      `${capitalise(label)} ${number}: ${n(words)} of ${n(budget)} words; asking for the rest`,
    seamsJoined: (seams, rewritten, label) =>
      `Joined ${seams} seams between ${label}s` +
      (rewritten > 0
        ? `: ${rewritten} ${plural(rewritten, 'opening', 'openings')} rewritten to follow the one before`
        : ''),
    checking: () => 'Checking continuity and the instructions of the prompt',
    checked: (line, label) => {
      const findings: string[] = [];
      if (line.problems !== undefined)
        findings.push(`${line.problems} ${plural(line.problems, 'problem', 'problems')} found`);
      if (line.instructions && line.instructions.asked > 0) {
        const { fulfilled, asked, unjudged } = line.instructions;
        findings.push(
          `${fulfilled} of ${asked} ${plural(asked, 'instruction', 'instructions')} of the prompt carried out` +
            (unjudged > 0 ? ` (${unjudged} not judged)` : ''),
        );
      }
      findings.push(...line.textFindings);
      return (
        `Continuity check: ${findings.join('; ')}` +
        (line.revising > 0 ? `; revising ${sections(line.revising, label)}` : '')
      );
    },
    revised: (label, number, _cause, problem) => `${capitalise(label)} ${number} revised: ${inOneLine(problem)}`,
    keptAsDrafted: (label, number, why) =>
      `${capitalise(label)} ${number} kept as drafted: ` +
      (why === 'unchanged' ? 'the reviser changed nothing' : "none of the reviser's edits was usable"),
    written: (words) => `Written: ${n(words)} words`,
    drawing: (pictures) => `Drawing ${pictures} illustrations`,
    assembling: () => 'Assembling the book',
    rendering: (format) => `Rendering ${format.toUpperCase()}`,
    storing: () => 'Storing the book',
    ready: () => 'Book ready for download',
  };
};

/** One language's words for the lines other than English: nouns, then the lines built from them. */
interface Vocabulary {
  /** Each section label, one and many: "chapitre", "chapitres". */
  nouns: Record<SectionLabel, [string, string]>;
  /** "Chapitre 3", "第3章". */
  numbered?: (label: SectionLabel, noun: string, number: string) => string;
  /** "14 chapitres", "全14章". */
  counted?: (label: SectionLabel, noun: string, count: string) => string;
  /** The book's title as the language quotes it. */
  quoted: (title: string) => string;
  /** What follows a heading before its detail: " : " in French, ": " elsewhere. */
  colon: string;
  words: [string, string];
  lines: (w: Helpers) => Omit<ProgressWords, 'retitled'> & { retitled(numbers: string, nouns: string): string };
}

interface Helpers {
  n: (value: number) => string;
  /** "Chapitre 3". */
  one: (label: SectionLabel, number: number) => string;
  /** "14 chapitres" / "1 chapitre". */
  count: (label: SectionLabel, count: number) => string;
  /** "chapitre". */
  single: (label: SectionLabel) => string;
  /** "mots" / "mot". */
  words: (count: number) => string;
  quoted: (title: string) => string;
  c: string;
}

function fromVocabulary(vocabulary: Vocabulary): Maker {
  return (numbers, language) => {
    const n = (value: number) => numbers.format(value);
    const noun = (label: SectionLabel, count: number) => vocabulary.nouns[label][count === 1 ? 0 : 1];
    const helpers: Helpers = {
      n,
      one: (label, number) =>
        capitalise(
          vocabulary.numbered
            ? vocabulary.numbered(label, noun(label, 1), String(number))
            : `${noun(label, 1)} ${number}`,
        ),
      count: (label, count) =>
        vocabulary.counted
          ? vocabulary.counted(label, noun(label, count), n(count))
          : `${n(count)} ${noun(label, count)}`,
      single: (label) => noun(label, 1),
      words: (count) => vocabulary.words[count === 1 ? 0 : 1],
      quoted: vocabulary.quoted,
      c: vocabulary.colon,
    };
    const lines = vocabulary.lines(helpers);
    return {
      ...lines,
      retitled: (numbered, label) => lines.retitled(listOf(language, numbered), noun(label, numbered.length)),
    };
  };
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const french = fromVocabulary({
  nouns: {
    chapter: ['chapitre', 'chapitres'],
    part: ['partie', 'parties'],
    page: ['page', 'pages'],
    spread: ['double page', 'doubles pages'],
    lesson: ['leçon', 'leçons'],
  },
  quoted: (title) => `«${NBSP}${title}${NBSP}»`,
  colon: `${NBSP}: `,
  words: ['mot', 'mots'],
  lines: ({ n, one, count, single, words, quoted, c }) => ({
    choosingForm: () => `Planification${c}choix du type et du style`,
    planningBible: (sections, label) => `Planification${c}la bible et l’arc en ${count(label, sections)}`,
    outlining: (sections, label, batches) =>
      `Planification${c}plan détaillé de ${count(label, sections)}` + (batches > 1 ? `, en ${batches} fois` : ''),
    planned: (line, label) => {
      const limits = [
        line.limits.section === undefined ? '' : `${n(line.limits.section)} mots par ${single(label)}`,
        line.limits.book === undefined ? '' : `${n(line.limits.book)} mots en tout`,
      ].filter(Boolean);
      return (
        `Plan de ${quoted(line.title)}${c}${count(label, line.sections)}, ${n(line.words)} ${words(line.words)}` +
        (limits.length > 0 ? ` (la demande autorise au plus ${limits.join(' et ')})` : '') +
        (line.instructions > 0
          ? `, ${line.instructions} ${plural(line.instructions, 'consigne', 'consignes')} de la demande à suivre`
          : '') +
        (line.rulesForEverySection > 0
          ? `, ${line.rulesForEverySection} ${plural(line.rulesForEverySection, 'règle', 'règles')} pour chaque ${single(label)}`
          : '')
      );
    },
    retitled: (numbers, nouns) => `Planification${c}nouveaux titres pour les ${nouns} ${numbers}`,
    resumingPlan: () => 'Reprise à partir du plan enregistré',
    resumingSections: (done, total, label) => `Reprise${c}${done} sur ${count(label, total)} déjà là`,
    firstPageWritten: (written) =>
      `La première page est écrite (${n(written)} ${words(written)})${c}le reste du livre commence, dans sa voix`,
    halfway: (label, number, total, written, budget) =>
      `${one(label, number)} sur ${total}${c}${n(written)} ${words(written)} sur ${n(budget)}`,
    sectionWritten: (label, number, total, written, planned) =>
      `${one(label, number)} sur ${total}${c}${n(written)} ${words(written)} ${plural(written, 'écrit', 'écrits')}, ${n(planned)} prévus`,
    unusableDraft: (label, number, problem) =>
      `${one(label, number)}${c}réponse inutilisable (${problem})${NNBSP}; nouvelle demande`,
    keptDespite: (label, number, problem) => `${one(label, number)}${c}texte gardé malgré ceci${c}${problem}`,
    cutContinuing: (label, number, written) =>
      `${one(label, number)}${c}réponse coupée après ${n(written)} ${words(written)}${NNBSP}; suite demandée`,
    askingForTheRest: (label, number, written, budget) =>
      `${one(label, number)}${c}${n(written)} ${words(written)} sur ${n(budget)}${NNBSP}; suite demandée`,
    seamsJoined: (seams, rewritten) =>
      `${seams} ${plural(seams, 'raccord vérifié', 'raccords vérifiés')}` +
      (rewritten > 0
        ? `${c}${rewritten} ${plural(rewritten, 'début réécrit', 'débuts réécrits')} pour suivre ce qui précède`
        : ''),
    checking: () => 'Vérification de la cohérence et des consignes de la demande',
    checked: (line, label) => {
      const found: string[] = [];
      if (line.problems !== undefined)
        found.push(`${line.problems} ${plural(line.problems, 'problème relevé', 'problèmes relevés')}`);
      if (line.instructions && line.instructions.asked > 0) {
        const { fulfilled, asked, unjudged } = line.instructions;
        found.push(
          `${fulfilled} ${plural(asked, 'consigne', 'consignes')} sur ${asked} ${plural(fulfilled, 'suivie', 'suivies')}` +
            (unjudged > 0 ? ` (${unjudged} non ${plural(unjudged, 'jugée', 'jugées')})` : ''),
        );
      }
      if (line.textFindings.length > 0) {
        found.push(`${line.textFindings.length} ${plural(line.textFindings.length, 'point', 'points')} de relecture`);
      }
      return (
        `Vérification${c}${found.join(`${NNBSP}; `)}` +
        (line.revising > 0 ? `${NNBSP}; révision de ${count(label, line.revising)}` : '')
      );
    },
    revised: (label, number, cause) =>
      `${one(label, number)}${c}nouvelle version (${{ continuity: 'cohérence', instruction: 'consigne de la demande', text: 'relecture' }[cause]})`,
    keptAsDrafted: (label, number, why) =>
      `${one(label, number)}${c}premier jet conservé (` +
      (why === 'unchanged' ? 'la révision n’a rien changé' : 'aucune correction utilisable') +
      ')',
    written: (written) => `Texte écrit${c}${n(written)} ${words(written)}`,
    drawing: (pictures) => `Dessin de ${pictures} illustrations`,
    assembling: () => 'Assemblage du livre',
    rendering: (format) => `Mise en page ${format.toUpperCase()}`,
    storing: () => 'Enregistrement du livre',
    ready: () => 'Livre prêt à télécharger',
  }),
});

const german = fromVocabulary({
  nouns: {
    chapter: ['Kapitel', 'Kapitel'],
    part: ['Teil', 'Teile'],
    page: ['Seite', 'Seiten'],
    spread: ['Doppelseite', 'Doppelseiten'],
    lesson: ['Lektion', 'Lektionen'],
  },
  quoted: (title) => `„${title}“`,
  colon: ': ',
  words: ['Wort', 'Wörter'],
  lines: ({ n, one, count, single, words, quoted, c }) => ({
    choosingForm: () => `Planung${c}Art und Stil werden gewählt`,
    planningBible: (sections, label) => `Planung${c}Figuren, Welt und Bogen über ${count(label, sections)}`,
    outlining: (sections, label, batches) =>
      `Planung${c}Gliederung von ${count(label, sections)}` + (batches > 1 ? ` in ${batches} Schritten` : ''),
    planned: (line, label) => {
      const limits = [
        line.limits.section === undefined ? '' : `${n(line.limits.section)} Wörter pro ${single(label)}`,
        line.limits.book === undefined ? '' : `${n(line.limits.book)} Wörter insgesamt`,
      ].filter(Boolean);
      return (
        `Geplant: ${quoted(line.title)}${c}${count(label, line.sections)}, ${n(line.words)} ${words(line.words)}` +
        (limits.length > 0 ? ` (der Auftrag erlaubt höchstens ${limits.join(' und ')})` : '') +
        (line.instructions > 0
          ? `, ${line.instructions} ${plural(line.instructions, 'Vorgabe', 'Vorgaben')} aus dem Auftrag umzusetzen`
          : '') +
        (line.rulesForEverySection > 0
          ? `, ${line.rulesForEverySection} ${plural(line.rulesForEverySection, 'Regel', 'Regeln')} pro ${single(label)}`
          : '')
      );
    },
    retitled: (numbers, nouns) => `Planung${c}neue Titel für ${nouns} ${numbers}`,
    resumingPlan: () => 'Fortsetzung mit dem gespeicherten Plan',
    resumingSections: (done, total, label) =>
      `Fortsetzung${c}${done} der ${count(label, total)} sind schon geschrieben`,
    firstPageWritten: (written) =>
      `Die erste Seite ist geschrieben (${n(written)} ${words(written)})${c}der Rest des Buchs beginnt, in ihrer Stimme`,
    halfway: (label, number, total, written, budget) =>
      `${one(label, number)} von ${total}${c}${n(written)} von ${n(budget)} Wörtern`,
    sectionWritten: (label, number, total, written, planned) =>
      `${one(label, number)} von ${total}${c}${n(written)} ${words(written)} geschrieben, ${n(planned)} geplant`,
    unusableDraft: (label, number, problem) =>
      `${one(label, number)}${c}Antwort unbrauchbar (${problem}); neue Anfrage`,
    keptDespite: (label, number, problem) => `${one(label, number)}${c}Text trotz eines Befunds behalten (${problem})`,
    cutContinuing: (label, number, written) =>
      `${one(label, number)}${c}Antwort nach ${n(written)} Wörtern abgeschnitten; wird fortgesetzt`,
    askingForTheRest: (label, number, written, budget) =>
      `${one(label, number)}${c}${n(written)} von ${n(budget)} Wörtern; der Rest wird angefragt`,
    seamsJoined: (seams, rewritten) =>
      `${seams} ${plural(seams, 'Übergang', 'Übergänge')} geprüft` +
      (rewritten > 0
        ? `${c}${rewritten} ${plural(rewritten, 'Anfang', 'Anfänge')} neu geschrieben, passend zum Vorigen`
        : ''),
    checking: () => 'Prüfung der Kontinuität und der Vorgaben des Auftrags',
    checked: (line, label) => {
      const found: string[] = [];
      if (line.problems !== undefined)
        found.push(`${line.problems} ${plural(line.problems, 'Problem', 'Probleme')} gefunden`);
      if (line.instructions && line.instructions.asked > 0) {
        const { fulfilled, asked, unjudged } = line.instructions;
        found.push(
          `${fulfilled} von ${asked} ${plural(asked, 'Vorgabe', 'Vorgaben')} umgesetzt` +
            (unjudged > 0 ? ` (${unjudged} nicht beurteilt)` : ''),
        );
      }
      if (line.textFindings.length > 0) {
        found.push(
          `${line.textFindings.length} ${plural(line.textFindings.length, 'Befund', 'Befunde')} beim Korrekturlesen`,
        );
      }
      return (
        `Prüfung${c}${found.join('; ')}` + (line.revising > 0 ? `; Überarbeitung: ${count(label, line.revising)}` : '')
      );
    },
    revised: (label, number, cause) =>
      `${one(label, number)}${c}neue Fassung (${{ continuity: 'Kontinuität', instruction: 'Vorgabe des Auftrags', text: 'Korrekturlesen' }[cause]})`,
    keptAsDrafted: (label, number, why) =>
      `${one(label, number)}${c}erste Fassung behalten (` +
      (why === 'unchanged' ? 'die Überarbeitung änderte nichts' : 'keine Korrektur war brauchbar') +
      ')',
    written: (written) => `Geschrieben${c}${n(written)} ${words(written)}`,
    drawing: (pictures) => `${pictures} Illustrationen werden gezeichnet`,
    assembling: () => 'Das Buch wird zusammengestellt',
    rendering: (format) => `Satz als ${format.toUpperCase()}`,
    storing: () => 'Das Buch wird gespeichert',
    ready: () => 'Buch bereit zum Herunterladen',
  }),
});

/** Spanish, Italian and Portuguese share the shape of their lines; only the words differ. */
interface RomanceWords {
  nouns: Vocabulary['nouns'];
  quoted: (title: string) => string;
  words: [string, string];
  of: string;
  and: string;
  per: string;
  t: Record<
    | 'planning'
    | 'choosing'
    | 'bible'
    | 'outline'
    | 'batches'
    | 'planned'
    | 'allows'
    | 'inAll'
    | 'instruction'
    | 'instructions'
    | 'toCarryOut'
    | 'rule'
    | 'rules'
    | 'newTitles'
    | 'resumingPlan'
    | 'resuming'
    | 'readyOf'
    | 'firstPage'
    | 'restStarts'
    | 'writtenWord'
    | 'writtenWords'
    | 'plannedWords'
    | 'unusable'
    | 'askAgain'
    | 'keptDespite'
    | 'cutAfter'
    | 'continuing'
    | 'askingRest'
    | 'seamsChecked'
    | 'seamChecked'
    | 'openingsRewritten'
    | 'openingRewritten'
    | 'checking'
    | 'check'
    | 'problemsFound'
    | 'problemFound'
    | 'carriedOut'
    | 'notJudged'
    | 'proofreadingPoints'
    | 'revising'
    | 'newVersion'
    | 'continuity'
    | 'instructionCause'
    | 'proofreading'
    | 'draftKept'
    | 'unchanged'
    | 'unusableEdits'
    | 'written'
    | 'drawing'
    | 'assembling'
    | 'rendering'
    | 'storing'
    | 'ready',
    string
  >;
}

function romance(words: RomanceWords): Maker {
  const { t } = words;
  return fromVocabulary({
    nouns: words.nouns,
    quoted: words.quoted,
    colon: ': ',
    words: words.words,
    lines: ({ n, one, count, single, words: wordsFor, quoted, c }) => {
      return {
        choosingForm: () => `${t.planning}${c}${t.choosing}`,
        planningBible: (sections, label) => `${t.planning}${c}${t.bible} ${count(label, sections)}`,
        outlining: (sections, label, batches) =>
          `${t.planning}${c}${t.outline} ${count(label, sections)}` + (batches > 1 ? `, ${batches} ${t.batches}` : ''),
        planned: (line, label) => {
          const limits = [
            line.limits.section === undefined
              ? ''
              : `${n(line.limits.section)} ${words.words[1]} ${words.per} ${single(label)}`,
            line.limits.book === undefined ? '' : `${n(line.limits.book)} ${words.words[1]} ${t.inAll}`,
          ].filter(Boolean);
          return (
            `${t.planned} ${quoted(line.title)}${c}${count(label, line.sections)}, ${n(line.words)} ${wordsFor(line.words)}` +
            (limits.length > 0 ? ` (${t.allows} ${limits.join(` ${words.and} `)})` : '') +
            (line.instructions > 0
              ? `, ${line.instructions} ${plural(line.instructions, t.instruction, t.instructions)} ${t.toCarryOut}`
              : '') +
            (line.rulesForEverySection > 0
              ? `, ${line.rulesForEverySection} ${plural(line.rulesForEverySection, t.rule, t.rules)} ${words.per} ${single(label)}`
              : '')
          );
        },
        retitled: (numbers, nouns) => `${t.planning}${c}${t.newTitles} ${nouns} ${numbers}`,
        resumingPlan: () => t.resumingPlan,
        resumingSections: (done, total, label) =>
          `${t.resuming}${c}${t.readyOf} ${done} ${words.of} ${count(label, total)}`,
        firstPageWritten: (written) => `${t.firstPage} (${n(written)} ${wordsFor(written)})${c}${t.restStarts}`,
        halfway: (label, number, total, written, budget) =>
          `${one(label, number)} ${words.of} ${total}${c}${n(written)} ${words.of} ${n(budget)} ${words.words[1]}`,
        sectionWritten: (label, number, total, written, planned) =>
          `${one(label, number)} ${words.of} ${total}${c}${n(written)} ${wordsFor(written)} ${plural(written, t.writtenWord, t.writtenWords)}, ${n(planned)} ${t.plannedWords}`,
        unusableDraft: (label, number, problem) => `${one(label, number)}${c}${t.unusable} (${problem}); ${t.askAgain}`,
        keptDespite: (label, number, problem) => `${one(label, number)}${c}${t.keptDespite} (${problem})`,
        cutContinuing: (label, number, written) =>
          `${one(label, number)}${c}${t.cutAfter} ${n(written)} ${wordsFor(written)}; ${t.continuing}`,
        askingForTheRest: (label, number, written, budget) =>
          `${one(label, number)}${c}${n(written)} ${words.of} ${n(budget)} ${words.words[1]}; ${t.askingRest}`,
        seamsJoined: (seams, rewritten) =>
          `${seams} ${plural(seams, t.seamChecked, t.seamsChecked)}` +
          (rewritten > 0 ? `${c}${rewritten} ${plural(rewritten, t.openingRewritten, t.openingsRewritten)}` : ''),
        checking: () => t.checking,
        checked: (line, label) => {
          const found: string[] = [];
          if (line.problems !== undefined)
            found.push(`${line.problems} ${plural(line.problems, t.problemFound, t.problemsFound)}`);
          if (line.instructions && line.instructions.asked > 0) {
            const { fulfilled, asked, unjudged } = line.instructions;
            found.push(
              `${fulfilled} ${words.of} ${asked} ${plural(asked, t.instruction, t.instructions)} ${t.carriedOut}` +
                (unjudged > 0 ? ` (${unjudged} ${t.notJudged})` : ''),
            );
          }
          if (line.textFindings.length > 0) found.push(`${line.textFindings.length} ${t.proofreadingPoints}`);
          return (
            `${t.check}${c}${found.join('; ')}` +
            (line.revising > 0 ? `; ${t.revising} ${count(label, line.revising)}` : '')
          );
        },
        revised: (label, number, cause) =>
          `${one(label, number)}${c}${t.newVersion} (${{ continuity: t.continuity, instruction: t.instructionCause, text: t.proofreading }[cause]})`,
        keptAsDrafted: (label, number, why) =>
          `${one(label, number)}${c}${t.draftKept} (${why === 'unchanged' ? t.unchanged : t.unusableEdits})`,
        written: (written) => `${t.written}${c}${n(written)} ${wordsFor(written)}`,
        drawing: (pictures) => `${t.drawing} ${pictures}`,
        assembling: () => t.assembling,
        rendering: (format) => `${t.rendering} ${format.toUpperCase()}`,
        storing: () => t.storing,
        ready: () => t.ready,
      };
    },
  });
}

const spanish = romance({
  nouns: {
    chapter: ['capítulo', 'capítulos'],
    part: ['parte', 'partes'],
    page: ['página', 'páginas'],
    spread: ['doble página', 'dobles páginas'],
    lesson: ['lección', 'lecciones'],
  },
  quoted: (title) => `«${title}»`,
  words: ['palabra', 'palabras'],
  of: 'de',
  and: 'y',
  per: 'por',
  t: {
    planning: 'Planificación',
    choosing: 'elección del tipo y del estilo',
    bible: 'la biblia y el arco en',
    outline: 'esquema de',
    batches: 'tandas',
    planned: 'Plan de',
    allows: 'la petición permite como máximo',
    inAll: 'en total',
    instruction: 'instrucción de la petición',
    instructions: 'instrucciones de la petición',
    toCarryOut: 'que cumplir',
    rule: 'regla',
    rules: 'reglas',
    newTitles: 'títulos nuevos:',
    resumingPlan: 'Reanudación desde el plan guardado',
    resuming: 'Reanudación',
    readyOf: 'texto listo de',
    firstPage: 'La primera página está escrita',
    restStarts: 'empieza el resto del libro, con su voz',
    writtenWord: 'escrita',
    writtenWords: 'escritas',
    plannedWords: 'previstas',
    unusable: 'respuesta inservible',
    askAgain: 'se pide de nuevo',
    keptDespite: 'texto conservado pese a una observación',
    cutAfter: 'respuesta cortada tras',
    continuing: 'se pide la continuación',
    askingRest: 'se pide el resto',
    seamsChecked: 'transiciones revisadas',
    seamChecked: 'transición revisada',
    openingsRewritten: 'comienzos reescritos para seguir al anterior',
    openingRewritten: 'comienzo reescrito para seguir al anterior',
    checking: 'Revisión de la continuidad y de las instrucciones de la petición',
    check: 'Revisión',
    problemsFound: 'problemas encontrados',
    problemFound: 'problema encontrado',
    carriedOut: 'cumplidas',
    notJudged: 'sin juzgar',
    proofreadingPoints: 'observaciones de corrección',
    revising: 'se revisan:',
    newVersion: 'nueva versión',
    continuity: 'continuidad',
    instructionCause: 'instrucción de la petición',
    proofreading: 'corrección',
    draftKept: 'se conserva el primer borrador',
    unchanged: 'la revisión no cambió nada',
    unusableEdits: 'ninguna corrección era utilizable',
    written: 'Texto escrito',
    drawing: 'Ilustraciones en curso:',
    assembling: 'Montaje del libro',
    rendering: 'Composición en',
    storing: 'Guardando el libro',
    ready: 'Libro listo para descargar',
  },
});

const italian = romance({
  nouns: {
    chapter: ['capitolo', 'capitoli'],
    part: ['parte', 'parti'],
    page: ['pagina', 'pagine'],
    spread: ['doppia pagina', 'doppie pagine'],
    lesson: ['lezione', 'lezioni'],
  },
  quoted: (title) => `«${title}»`,
  words: ['parola', 'parole'],
  of: 'di',
  and: 'e',
  per: 'per',
  t: {
    planning: 'Pianificazione',
    choosing: 'scelta del tipo e dello stile',
    bible: 'la bibbia e l’arco in',
    outline: 'scaletta di',
    batches: 'blocchi',
    planned: 'Piano di',
    allows: 'la richiesta consente al massimo',
    inAll: 'in tutto',
    instruction: 'istruzione della richiesta',
    instructions: 'istruzioni della richiesta',
    toCarryOut: 'da seguire',
    rule: 'regola',
    rules: 'regole',
    newTitles: 'nuovi titoli:',
    resumingPlan: 'Ripresa dal piano salvato',
    resuming: 'Ripresa',
    readyOf: 'testo pronto per',
    firstPage: 'La prima pagina è scritta',
    restStarts: 'comincia il resto del libro, con la sua voce',
    writtenWord: 'scritta',
    writtenWords: 'scritte',
    plannedWords: 'previste',
    unusable: 'risposta inutilizzabile',
    askAgain: 'nuova richiesta',
    keptDespite: 'testo tenuto nonostante un’osservazione',
    cutAfter: 'risposta interrotta dopo',
    continuing: 'si chiede il seguito',
    askingRest: 'si chiede il resto',
    seamsChecked: 'passaggi verificati',
    seamChecked: 'passaggio verificato',
    openingsRewritten: 'inizi riscritti per seguire il precedente',
    openingRewritten: 'inizio riscritto per seguire il precedente',
    checking: 'Verifica della coerenza e delle istruzioni della richiesta',
    check: 'Verifica',
    problemsFound: 'problemi trovati',
    problemFound: 'problema trovato',
    carriedOut: 'seguite',
    notJudged: 'non giudicate',
    proofreadingPoints: 'osservazioni di revisione',
    revising: 'in revisione:',
    newVersion: 'nuova versione',
    continuity: 'coerenza',
    instructionCause: 'istruzione della richiesta',
    proofreading: 'revisione del testo',
    draftKept: 'tenuta la prima stesura',
    unchanged: 'la revisione non ha cambiato nulla',
    unusableEdits: 'nessuna correzione utilizzabile',
    written: 'Testo scritto',
    drawing: 'Illustrazioni in corso:',
    assembling: 'Composizione del libro',
    rendering: 'Impaginazione in',
    storing: 'Salvataggio del libro',
    ready: 'Libro pronto da scaricare',
  },
});

const portuguese = romance({
  nouns: {
    chapter: ['capítulo', 'capítulos'],
    part: ['parte', 'partes'],
    page: ['página', 'páginas'],
    spread: ['página dupla', 'páginas duplas'],
    lesson: ['lição', 'lições'],
  },
  quoted: (title) => `“${title}”`,
  words: ['palavra', 'palavras'],
  of: 'de',
  and: 'e',
  per: 'por',
  t: {
    planning: 'Planejamento',
    choosing: 'escolha do tipo e do estilo',
    bible: 'a bíblia e o arco em',
    outline: 'esboço de',
    batches: 'etapas',
    planned: 'Plano de',
    allows: 'o pedido permite no máximo',
    inAll: 'no total',
    instruction: 'instrução do pedido',
    instructions: 'instruções do pedido',
    toCarryOut: 'a cumprir',
    rule: 'regra',
    rules: 'regras',
    newTitles: 'novos títulos:',
    resumingPlan: 'Retomada a partir do plano salvo',
    resuming: 'Retomada',
    readyOf: 'texto pronto de',
    firstPage: 'A primeira página está escrita',
    restStarts: 'começa o resto do livro, na sua voz',
    writtenWord: 'escrita',
    writtenWords: 'escritas',
    plannedWords: 'previstas',
    unusable: 'resposta inutilizável',
    askAgain: 'novo pedido',
    keptDespite: 'texto mantido apesar de uma observação',
    cutAfter: 'resposta cortada após',
    continuing: 'pedindo a continuação',
    askingRest: 'pedindo o restante',
    seamsChecked: 'transições verificadas',
    seamChecked: 'transição verificada',
    openingsRewritten: 'inícios reescritos para seguir o anterior',
    openingRewritten: 'início reescrito para seguir o anterior',
    checking: 'Verificação da continuidade e das instruções do pedido',
    check: 'Verificação',
    problemsFound: 'problemas encontrados',
    problemFound: 'problema encontrado',
    carriedOut: 'cumpridas',
    notJudged: 'sem avaliação',
    proofreadingPoints: 'observações de revisão',
    revising: 'em revisão:',
    newVersion: 'nova versão',
    continuity: 'continuidade',
    instructionCause: 'instrução do pedido',
    proofreading: 'revisão do texto',
    draftKept: 'mantido o primeiro rascunho',
    unchanged: 'a revisão não mudou nada',
    unusableEdits: 'nenhuma correção utilizável',
    written: 'Texto escrito',
    drawing: 'Ilustrações em andamento:',
    assembling: 'Montagem do livro',
    rendering: 'Diagramação em',
    storing: 'Salvando o livro',
    ready: 'Livro pronto para baixar',
  },
});

/** One section as a limit per section names it: 1章あたり, 見開き1面あたり. */
const JAPANESE_UNIT: Record<SectionLabel, string> = {
  chapter: '1章',
  part: '1部',
  page: '1ページ',
  spread: '見開き1面',
  lesson: '1課',
};

const japanese = fromVocabulary({
  nouns: {
    chapter: ['章', '章'],
    part: ['部', '部'],
    page: ['ページ', 'ページ'],
    spread: ['見開き', '見開き'],
    lesson: ['課', '課'],
  },
  numbered: (label, noun, number) =>
    label === 'page' ? `${number}${noun}` : label === 'spread' ? `${noun}${number}` : `第${number}${noun}`,
  counted: (label, noun, count) => (label === 'spread' ? `${noun}${count}面` : `全${count}${noun}`),
  quoted: (title) => `『${title}』`,
  colon: '：',
  words: ['語', '語'],
  lines: ({ n, one, count, quoted, c }) => ({
    choosingForm: () => `構想中${c}種類と文体を選んでいます`,
    planningBible: (sections, label) => `構想中${c}設定資料と${count(label, sections)}の流れ`,
    outlining: (sections, label, batches) =>
      `構想中${c}${count(label, sections)}の章立て` + (batches > 1 ? `（${batches}回に分けて）` : ''),
    planned: (line, label) => {
      const limits = [
        line.limits.section === undefined ? '' : `${JAPANESE_UNIT[label]}あたり${n(line.limits.section)}語`,
        line.limits.book === undefined ? '' : `全体で${n(line.limits.book)}語`,
      ].filter(Boolean);
      return (
        `構想完了${c}${quoted(line.title)}、${count(label, line.sections)}、${n(line.words)}語` +
        (limits.length > 0 ? `（依頼の上限：${limits.join('、')}）` : '') +
        (line.instructions > 0 ? `、依頼の指示${line.instructions}件` : '') +
        (line.rulesForEverySection > 0 ? `、各回の決まり${line.rulesForEverySection}件` : '')
      );
    },
    retitled: (numbers, nouns) => `構想中${c}${nouns}${numbers}の題を付け直しました`,
    resumingPlan: () => '保存済みの構想から再開します',
    resumingSections: (done, total, label) => `再開${c}${count(label, total)}のうち${done}まで執筆済み`,
    firstPageWritten: (written) => `冒頭の1ページが完成（${n(written)}語）${c}残りをこの語り口で書き始めます`,
    halfway: (label, number, total, written, budget) =>
      `${one(label, number)}（${count(label, total)}）${c}${n(budget)}語中${n(written)}語`,
    sectionWritten: (label, number, total, written, planned) =>
      `${one(label, number)}（${count(label, total)}）執筆完了${c}${n(written)}語（予定${n(planned)}語）`,
    unusableDraft: (label, number, problem) => `${one(label, number)}${c}使えない回答のため再依頼（${problem}）`,
    keptDespite: (label, number, problem) => `${one(label, number)}${c}指摘はあるが本文を採用（${problem}）`,
    cutContinuing: (label, number, written) => `${one(label, number)}${c}${n(written)}語で回答が途切れたため続きを依頼`,
    askingForTheRest: (label, number, written, budget) =>
      `${one(label, number)}${c}${n(budget)}語中${n(written)}語、残りを依頼`,
    seamsJoined: (seams, rewritten) =>
      `つなぎ目${seams}か所を確認` + (rewritten > 0 ? `${c}冒頭${rewritten}か所を前の流れに合わせて書き直し` : ''),
    checking: () => '一貫性と依頼の指示を確認しています',
    checked: (line, label) => {
      const found: string[] = [];
      if (line.problems !== undefined) found.push(`問題${line.problems}件`);
      if (line.instructions && line.instructions.asked > 0) {
        const { fulfilled, asked, unjudged } = line.instructions;
        found.push(`依頼の指示${asked}件中${fulfilled}件を反映` + (unjudged > 0 ? `（${unjudged}件は未判定）` : ''));
      }
      if (line.textFindings.length > 0) found.push(`校正の指摘${line.textFindings.length}件`);
      return (
        `確認結果${c}${found.join('、')}` +
        (line.revising > 0 ? `、${count(label, line.revising).replace(/^全/, '')}を改稿` : '')
      );
    },
    revised: (label, number, cause) =>
      `${one(label, number)}${c}改稿（${{ continuity: '一貫性', instruction: '依頼の指示', text: '校正' }[cause]}）`,
    keptAsDrafted: (label, number, why) =>
      `${one(label, number)}${c}初稿のまま（${why === 'unchanged' ? '改稿で変更なし' : '使える修正なし'}）`,
    written: (written) => `執筆完了${c}${n(written)}語`,
    drawing: (pictures) => `挿絵${pictures}点を作成中`,
    assembling: () => '本を組み立てています',
    rendering: (format) => `${format.toUpperCase()}に組版中`,
    storing: () => '本を保存しています',
    ready: () => 'ダウンロードの準備ができました',
  }),
});

const LANGUAGES: Readonly<Record<string, Maker>> = {
  en: english,
  fr: french,
  de: german,
  es: spanish,
  it: italian,
  pt: portuguese,
  ja: japanese,
};
