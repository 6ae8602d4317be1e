/**
 * The editor's plan of a book: the bible (who, where, what is true, what the
 * book argues) and the outline (what each section does, from which state to
 * which). Every later step reads it, and it is checkpointed, so a retried
 * job writes against the same plan. Also the compact text forms of the plan
 * that prompts carry.
 */
import type { BookStyle } from '../../../../catalog/catalog';
import type { ConcreteBookType } from '../../../../book/book-shapes';
import { primaryLanguage } from '../../../../book/language-tag';
import { type Person, statedPerson } from '../../checks/narration-person';
import { NAME_TITLES, WORD } from '../../checks/prose-words';

export type ConcreteStyle = Exclude<BookStyle, 'automatic'>;

export interface Character {
  name: string;
  role: string;
  description: string;
  wants: string;
  voice: string;
  arc: string;
}

export interface StoryBible {
  kind: 'story';
  pointOfView: string;
  tense: 'past' | 'present';
  voice: string;
  characters: Character[];
  places: Array<{ name: string; description: string }>;
  worldRules: string[];
  timeline: string[];
  ending: string;
}

export interface SubjectBible {
  kind: 'subject';
  thesis: string;
  audience: string;
  voice: string;
  concepts: Array<{ term: string; definition: string }>;
  readerOutcomes: string[];
}

export interface PlannedSection {
  /** 1-based. */
  number: number;
  title: string;
  summary: string;
  /** This section's budget, in words (the book's shape, spread by the planner's weights). */
  words: number;
  /** Scenes, panels, steps or key points, in order: the section's beats. */
  beats: string[];
  /** Fiction: whose eyes, where, who is present. */
  pointOfView?: string;
  setting?: string;
  present: string[];
  /** Where things stand when the section opens and when it closes: how neighbours join. */
  openingState: string;
  closingState: string;
  /** Which of the client's instructions this section carries out. */
  carries: string[];
  /**
   * Fiction: what the reader learns here for the first time (a clue, a
   * secret, an identity, a twist). Sections are drafted at once, each writer
   * knowing the whole plan, so what one section reveals is what every section
   * before it must hold back. Absent from plans made before it was asked for.
   */
  reveals?: string[];
  /**
   * Fiction: what this section shows in passing for a later one to pay off
   * (an object, a skill, a place, a promise), and which. Drafted apart, the
   * payoff's writer cannot count on a setup nobody was asked to plant.
   */
  plants?: Array<{ what: string; paysOffIn: number }>;
  /** Type-specific: lesson objectives, the principle, the chapter's claim, the spread's picture. */
  focus?: string;
  objectives: string[];
  concepts: string[];
}

/** Limits the client's material sets on length, in words; absent where it sets none. */
export interface WordLimits {
  section?: number;
  book?: number;
}

export interface BookPlan {
  /** Identifies this plan: a section checkpoint written under another plan of the same job is never reused. */
  planId: string;
  type: ConcreteBookType;
  style: ConcreteStyle;
  /** BCP 47 tag. */
  language: string;
  title: string;
  subtitle?: string;
  synopsis: string;
  /** Every concrete requirement of the client's material, one per item; checked at the end. */
  instructions: string[];
  /**
   * What the client asks of every section or of the whole text's manner ("end each chapter with a
   * checklist"): every writer reads it, where an instruction goes to the section that carries it.
   * Absent from plans made before it was asked for.
   */
  everySection?: string[];
  /** The client's limits on length, which the budgets keep under. Absent from plans made before they were read. */
  wordLimits?: WordLimits;
  bible: StoryBible | SubjectBible;
  sections: PlannedSection[];
  /** The sum of the sections' budgets: the length the book is priced and checked against. */
  targetWords: number;
}

/** The bible as prompt text: compact, labelled, every name spelled once. */
export function bibleText(plan: Pick<BookPlan, 'title' | 'subtitle' | 'synopsis' | 'bible'>): string {
  const lines = [`Title: ${plan.title}${plan.subtitle ? ` (${plan.subtitle})` : ''}`, `Synopsis: ${plan.synopsis}`];
  const bible = plan.bible;
  if (bible.kind === 'story') {
    lines.push(
      `Narration: ${bible.pointOfView}; ${bible.tense} tense; ${bible.voice}`,
      'Characters (keep names, traits and voices exactly):',
      ...bible.characters.map(
        (character) =>
          `- ${character.name} (${character.role}): ${sentence(character.description)} ` +
          `Wants: ${sentence(character.wants)} Speaks: ${sentence(character.voice)} Arc: ${sentence(character.arc)}`,
      ),
      'Places:',
      ...bible.places.map((place) => `- ${place.name}: ${place.description}`),
    );
    if (bible.worldRules.length > 0) lines.push('Rules of the world:', ...bible.worldRules.map((rule) => `- ${rule}`));
    if (bible.timeline.length > 0) lines.push('Timeline:', ...bible.timeline.map((event) => `- ${event}`));
    lines.push(`Ending: ${bible.ending}`);
  } else {
    lines.push(
      `Thesis: ${bible.thesis}`,
      `Reader: ${bible.audience}`,
      `Voice: ${bible.voice}`,
      'Concepts and terms (use these names and definitions consistently):',
      ...bible.concepts.map((concept) => `- ${concept.term}: ${concept.definition}`),
      `The reader will be able to: ${bible.readerOutcomes.join('; ')}`,
    );
  }
  return lines.join('\n');
}

/**
 * What the client asks of every section and the length it allows one, as
 * every writer of the book, its outliner and its checker read it. Empty when
 * the client asks neither.
 */
export function clientRulesText(plan: Pick<BookPlan, 'everySection' | 'wordLimits'>, label: string): string[] {
  const lines: string[] = [];
  const rules = plan.everySection ?? [];
  if (rules.length > 0) {
    lines.push(
      `The client's rules for every ${label} (each ${label} keeps all of them):`,
      ...rules.map((rule) => `- ${rule}`),
    );
  }
  const limit = plan.wordLimits?.section;
  if (limit !== undefined) {
    lines.push(`The client wants no ${label} longer than ${limit.toLocaleString('en')} words: stay well under it.`);
  }
  return lines.length > 0 ? [...lines, ''] : [];
}

/**
 * The person a section is narrated in (its own outline entry's, for a chapter in letters, else the bible's) and,
 * in the first person, who tells it when the plan names them: the section's point of view (a book may change
 * narrators), else the bible's narrator.
 */
export function sectionNarration(
  bible: StoryBible | SubjectBible,
  section: Pick<PlannedSection, 'pointOfView'>,
): { person?: Person; narrator?: string } {
  if (bible.kind !== 'story') return {};
  const own = section.pointOfView ?? '';
  const person = statedPerson(own) ?? statedPerson(bible.pointOfView);
  const teller = characterNamed(bible, own) ?? characterNamed(bible, bible.pointOfView);
  const narrator = person === 'first' ? teller?.name : undefined;
  return { ...(person ? { person } : {}), ...(narrator ? { narrator } : {}) };
}

/**
 * The first person as a writer of the book's language writes it. Spanish drops its pronouns, so there the verb
 * says who acts, and a writer who reads "Inés caminó" in the plan must change the verb as well as the name.
 */
const FIRST_PERSON_WORDS: Readonly<Record<string, string>> = {
  en: '"I", "me" or "my"',
  fr: '"je", "me", "moi" or "mon"',
  de: '"ich", "mich", "mir" or "mein"',
  es: 'the first person ("yo", "me", "mí", "mi", and the verb\'s own: "caminé", not "caminó")',
  it: '"io", "mi", "me" or "mio"',
  pt: '"eu", "me", "mim" or "meu"',
  nl: '"ik", "mij" or "mijn"',
};

/**
 * For a section told by a named "I": the outline, the bible and an editor's notes all speak of the narrator by
 * name, and a writer copies what it reads ("Ines waited by the window"), so it is told how to read them, in the
 * words of the book's language.
 */
export function narratorLines(
  plan: Pick<BookPlan, 'bible' | 'language'>,
  section: Pick<PlannedSection, 'pointOfView'>,
): string[] {
  const { narrator } = sectionNarration(plan.bible, section);
  if (!narrator) return [];
  const words = FIRST_PERSON_WORDS[primaryLanguage(plan.language)] ?? 'the first person';
  return [`${narrator} tells this as "I": where the plan or the notes speak of ${narrator} by name, write ${words}.`];
}

/** Every section in one line each: where a section sits in the whole. */
export function outlineText(plan: BookPlan, label: string): string {
  return plan.sections.map((section) => `${label} ${section.number}. ${section.title}: ${section.summary}`).join('\n');
}

/**
 * One section in full, as its writer and its neighbours' writers see it.
 * `continuing`: for the writer of its rest, whose text has already opened.
 */
export function sectionText(section: PlannedSection, label: string, continuing = false): string {
  const lines = [`${capitalise(label)} ${section.number}: "${section.title}"`, `What happens: ${section.summary}`];
  if (section.pointOfView) lines.push(`Point of view: ${section.pointOfView}`);
  if (section.setting) lines.push(`Setting: ${section.setting}`);
  if (section.present.length > 0) lines.push(`Present: ${section.present.join(', ')}`);
  if (section.focus) lines.push(`Focus: ${section.focus}`);
  if (section.objectives.length > 0) lines.push(`Objectives: ${section.objectives.join('; ')}`);
  if (section.concepts.length > 0) lines.push(`Concepts: ${section.concepts.join(', ')}`);
  if (section.beats.length > 0)
    lines.push('Beats, in order:', ...section.beats.map((beat, i) => `  ${i + 1}. ${beat}`));
  lines.push(
    `${continuing ? 'Opens with (already written)' : 'Opens with'}: ${section.openingState}`,
    `Closes with: ${section.closingState}`,
  );
  if (section.carries.length > 0) lines.push(`Carries out the client's instructions: ${section.carries.join('; ')}`);
  if (section.reveals?.length) lines.push(`The reader learns here: ${section.reveals.join('; ')}`);
  if (section.plants?.length) {
    lines.push(
      `Plant here, in passing and unexplained (a later ${label} pays it off): ` +
        section.plants.map((plant) => `${plant.what} (${label} ${plant.paysOffIn})`).join('; '),
    );
  }
  return lines.join('\n');
}

/** The most reveals listed on each side of a section: the nearest matter most, and a brief stays short. */
const KNOWLEDGE_LINES = 10;

/**
 * What the reader knows when a section opens (the people they have met, see
 * `castLines`, the terms they have learned, see `termLines`, and what earlier
 * sections revealed) and what the book still holds back from them, from the
 * sections' planned reveals. A writer who knows the
 * whole plan (and the ending) otherwise lets a culprit or a twist slip into
 * an early chapter, or announces in chapter 9 what chapter 4 already told.
 * Empty when there is nothing to say. `writtenSoFar`: the section's text so
 * far, for the writer of its rest (see `castLines`).
 */
export function knowledgeText(plan: BookPlan, section: PlannedSection, label: string, writtenSoFar?: string): string[] {
  const listed = (sections: readonly PlannedSection[]): string[] =>
    sections.flatMap((other) => (other.reveals ?? []).map((reveal) => `- ${reveal} (${label} ${other.number})`));
  const known = listed(plan.sections.filter((other) => other.number < section.number)).slice(-KNOWLEDGE_LINES);
  const held = listed(plan.sections.filter((other) => other.number > section.number)).slice(0, KNOWLEDGE_LINES);
  const lines: string[] = [...castLines(plan, section, label, writtenSoFar), ...termLines(plan, section, label)];
  const payoffs = plan.sections.flatMap((other) =>
    other.number < section.number
      ? (other.plants ?? [])
          .filter((plant) => plant.paysOffIn === section.number)
          .map((plant) => `- ${plant.what} (planted in ${label} ${other.number})`)
      : [],
  );
  if (payoffs.length > 0) {
    lines.push(`Set up earlier for this ${label} to pay off (use it; the reader has already seen it):`, ...payoffs);
  }
  if (known.length > 0) {
    lines.push(
      `What the reader already knows from earlier ${label}s (build on it; never present it as news):`,
      ...known,
    );
  }
  if (held.length > 0) {
    lines.push(
      `Held back for later ${label}s (do not state or confirm it, and let no character guess it right; ` +
        'a clue your beats plant may point to it without saying it):',
      ...held,
    );
  }
  return lines.length > 0 ? [...lines, ''] : [];
}

/**
 * Who the reader has met before a section opens and who first appears in
 * it, from the outline's `present` lists: each writer sees the whole cast in
 * the bible and, drafting alone, introduces everyone as new (age, trade and
 * looks again in chapter 9). A listed name is read as the bible's character
 * when they share a word ("Mara" for Mara Quill); other people by their
 * listed name. Nothing for the first section, where everyone is new. For
 * the writer of a section's rest, the newcomers its text so far already
 * names are introduced: told to introduce them, it did so a second time.
 */
function castLines(plan: BookPlan, section: PlannedSection, label: string, writtenSoFar?: string): string[] {
  if (section.number === 1 || plan.bible.kind !== 'story') return [];
  const bible = plan.bible;
  const canonical = (listed: string): string => characterNamed(bible, listed)?.name ?? listed.trim();
  const met = new Set(
    plan.sections.filter((other) => other.number < section.number).flatMap((other) => other.present.map(canonical)),
  );
  const here = [...new Set(section.present.map(canonical))];
  const lines: string[] = [];
  const seen = here.filter((name) => met.has(name));
  const first = here.filter((name) => !met.has(name));
  if (seen.length > 0) {
    lines.push(
      `Already met in earlier ${label}s (no second introduction: a name, a gesture or a voice is enough): ` +
        `${seen.join(', ')}`,
    );
  }
  const writtenWords = new Set(writtenSoFar === undefined ? [] : nameWords(writtenSoFar));
  const introduced = first.filter((name) => nameWords(name).some((word) => writtenWords.has(word)));
  const newcomers = first.filter((name) => !introduced.includes(name));
  if (introduced.length > 0) {
    lines.push(`Introduced in this ${label}'s text so far (no second introduction): ${introduced.join(', ')}`);
  }
  if (newcomers.length > 0) {
    lines.push(
      writtenSoFar === undefined
        ? `First seen in the book here (introduce them): ${newcomers.join(', ')}`
        : `First seen in the book here, not yet in the text so far (introduce them when they appear): ` +
            newcomers.join(', '),
    );
  }
  return lines;
}

/**
 * Which of the book's terms the reader has met before a section opens and
 * which it introduces, from the outline's `concepts` lists: each writer of a
 * subject book sees every term in the bible and, drafting alone, defines
 * each one it uses as if the reader met it there ("Compound interest is..."
 * in chapters 2, 5 and 9). A listed term is read as the bible's when it
 * names it ("compound interest over time" for Compound interest). Nothing
 * for the first section.
 */
function termLines(plan: BookPlan, section: PlannedSection, label: string): string[] {
  if (section.number === 1 || plan.bible.kind !== 'subject') return [];
  const terms = plan.bible.concepts.map((concept) => concept.term.trim());
  const canonical = (listed: string): string =>
    terms.find((term) => listed.toLowerCase().includes(term.toLowerCase())) ?? listed.trim();
  const met = new Set(
    plan.sections.filter((other) => other.number < section.number).flatMap((other) => other.concepts.map(canonical)),
  );
  const here = [...new Set(section.concepts.map(canonical))];
  const seen = here.filter((term) => met.has(term));
  const first = here.filter((term) => !met.has(term));
  const lines: string[] = [];
  if (seen.length > 0) {
    lines.push(
      `Terms the reader learned in earlier ${label}s (use them; never define them again, a reminder of a few words ` +
        `at most): ${seen.join(', ')}`,
    );
  }
  if (first.length > 0) lines.push(`Terms first met in the book here (define them): ${first.join(', ')}`);
  return lines;
}

/**
 * The bible's character a name written elsewhere (an outline's `present`,
 * a summary) stands for: the one sharing a word of it with the bible's name,
 * titles and particles aside ("Mara" and "Mayor Hale" for Mara Quill and
 * Mayor Edwin Hale). Undefined for anyone the bible does not list.
 */
export function characterNamed(bible: StoryBible, written: string): Character | undefined {
  const words = nameWords(written);
  return bible.characters.find((character) => nameWords(character.name).some((word) => words.includes(word)));
}

/** The words of a name that identify a person: not titles or particles, which many people share. */
function nameWords(name: string): string[] {
  return (name.match(WORD) ?? [])
    .filter((word) => word.length >= 3 && !NAME_TITLES.has(word.toLowerCase()))
    .map((word) => word.toLowerCase());
}

/** Ends a fragment with a full stop, so fields run together still read as sentences. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…。]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A neighbour as a section's writer needs it: what happens there and the
 * state to join on (the one before: where it closes; the one after: where it
 * opens), without its beats.
 */
export function neighbourText(section: PlannedSection, label: string, side: 'before' | 'after'): string {
  return [
    `${capitalise(label)} ${section.number}: "${section.title}"`,
    `What happens: ${section.summary}`,
    side === 'before' ? `Closes with: ${section.closingState}` : `Opens with: ${section.openingState}`,
  ].join('\n');
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sum of the budgets. */
export function plannedWords(sections: readonly PlannedSection[]): number {
  return sections.reduce((sum, section) => sum + section.words, 0);
}
