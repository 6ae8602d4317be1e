/**
 * A section narrated in the wrong grammatical person. Writers drafting at
 * once each read "close third person on Mara", and one of them (a small
 * local model most often) still tells its chapter as "I": the book then
 * changes narrator for a chapter. Code counts the narration's pronouns, in
 * the languages whose pronouns say the person (English, French, German), and
 * the answer is asked for again with the reason.
 */

import { primaryLanguage } from '../../../book/language-tag';
import { escapeRegExp } from '../../../common/escape-reg-exp';
import { narration } from './prose-words';

export type Person = 'first' | 'third';

/** How a point of view, or a client asking for one, names its person (English, French, German, Spanish). */
export const STATED_PERSON: ReadonlyArray<{ person: Person; pattern: RegExp }> = [
  {
    person: 'first',
    pattern:
      /\b(?:first[- ]person|1st[- ]person)|première personne|\berste[nr]? Person|Ich-(?:Erzähl|Form|Perspektive)|\bprimera persona/iu,
  },
  {
    person: 'third',
    pattern:
      /\b(?:third[- ]person|3rd[- ]person|close third|omniscient)|troisième personne|\bdritte[nr]? Person|Er-(?:Erzähl|Form)|auktorial|personale?r? Erzähl|\btercera persona|\bomnisciente/iu,
  },
];

/** The person a point of view names ("close third person on Mara"); undefined when it names none, or both. */
export function statedPerson(pointOfView: string | undefined): Person | undefined {
  if (!pointOfView) return undefined;
  const named = STATED_PERSON.filter(({ pattern }) => pattern.test(pointOfView)).map(({ person }) => person);
  return named.length === 1 ? named[0] : undefined;
}

/** Pronouns that only narration in that person uses outside speech (the third person's "they" says nothing). */
const PRONOUNS: Readonly<Record<string, { first: ReadonlySet<string>; third: ReadonlySet<string> }>> = {
  en: {
    first: new Set(['i', 'me', 'my', 'mine', 'myself']),
    third: new Set(['he', 'she', 'him', 'her', 'his', 'hers', 'himself', 'herself']),
  },
  fr: {
    first: new Set(['je', 'j', 'me', 'm', 'moi', 'mon', 'ma', 'mes']),
    third: new Set(['il', 'elle', 'lui', 'son', 'sa', 'ses']),
  },
  de: {
    first: new Set(['ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines']),
    third: new Set(['er', 'ihn', 'ihm', 'sein', 'seine', 'seinen', 'seinem', 'seiner', 'seines']),
  },
};

/** Narration counted only past this many words: a short answer says too little about its narrator. */
const ENOUGH_WORDS = 200;
/** Share of narration words that are pronouns of a person before it reads as narrated in that person. */
const NARRATED = 0.015;
/** Below this share, a person's pronouns are stray (a quoted thought, a letter): that person does not narrate. */
const STRAY = 0.003;

const NARRATOR_PROBLEM = /^it is narrated in the (?:first|third) person/;

/** Whether a prose check's problem is this file's (a wrong narrator, which a book can survive, unlike a refusal). */
export function isNarratorProblem(problem: string): boolean {
  return NARRATOR_PROBLEM.test(problem);
}

/**
 * Why the text is not narrated in `person`, or undefined when it is (or the
 * language's pronouns cannot tell, or the text is too short to say).
 */
export function personMismatch(text: string, language: string, person: Person): string | undefined {
  const pronouns = PRONOUNS[primaryLanguage(language)];
  if (!pronouns) return undefined;
  // Letters only: "j'ai" is "j" and "ai", as French elision writes the pronoun.
  const words = (narration(text).match(/[\p{L}\p{M}]+/gu) ?? []).map((word) => word.toLowerCase());
  if (words.length < ENOUGH_WORDS) return undefined;
  const first = words.filter((word) => pronouns.first.has(word)).length / words.length;
  const third = words.filter((word) => pronouns.third.has(word)).length / words.length;
  // First-person narration still says "he" and "she" of others, so the first person needs only to be there in
  // earnest (a third-person narrator writes "I" only in a stray unquoted thought).
  if (person === 'third' && first >= NARRATED && 2 * first >= third) {
    return 'it is narrated in the first person, and this book is narrated in the third';
  }
  if (person === 'first' && first < STRAY && third >= NARRATED) {
    return 'it is narrated in the third person, and this book is narrated in the first';
  }
  return undefined;
}

/** What stands where speech was taken out of the narration: a name right after it tags the speech ("...," Mara said). */
const SPEECH = ' \u2016 ';
/**
 * Conjunctions after which a name is the subject of its clause ("and Mara knew", "quand Maëlle entra", "als Mara
 * ging", "mientras Inés esperaba").
 */
const CONJUNCTIONS: Readonly<Record<string, string>> = {
  en: 'and|but|so|then|while|when|as|because|until|before|after|once|if|though|where',
  fr: 'et|mais|puis|quand|lorsque|alors|car|donc|où|si|tandis que|pendant que|parce que|avant que|dès que',
  de: 'und|aber|als|während|weil|dass|wenn|bis|nachdem|bevor|doch|denn|sobald|obwohl',
  es: 'y|e|pero|mientras|cuando|porque|hasta que|antes de que|después de que|aunque|así que|luego|donde|si|pues',
};
/**
 * What makes a name the subject of what follows, in each language: a paragraph's or sentence's start, speech just
 * before it (a tag: "...," Mara said), a conjunction.
 */
const SUBJECT_CUES: ReadonlyMap<string, RegExp> = new Map(
  Object.entries(CONJUNCTIONS).map(([language, words]) => [
    language,
    new RegExp(`(?:^\\s*|\\n\\s*|[.!?;:\\u2016]\\s+|,\\s+|(?<![\\p{L}\\p{M}])(?:${words})\\s+)$`, 'iu'),
  ]),
);
/** A lower-case word after the name, perhaps after an English adverb: "Mara walked", "Mara slowly turned", "Maëlle écouta". */
const ACTS = /^\s+(?:[a-z]+ly\s+)?\p{Ll}[\p{L}\p{M}]*/u;

/**
 * Where narration outside speech makes the narrator of a first-person book
 * the subject of a sentence by name ("Mara walked to the window"): they say
 * "I". Writers and revisers are given the bible's "first person, Mara" but
 * also an outline and a reviser's brief that speak of Mara by name, and
 * copy it. English, French, German and Spanish narration (Spanish, which
 * drops its pronouns, has no person check but this one); the clauses found,
 * each as its name and the word after it.
 */
export function narratorNamedAsOther(text: string, language: string, narrator: string): string[] {
  const cue = SUBJECT_CUES.get(primaryLanguage(language));
  if (!cue) return [];
  const told = narration(text, SPEECH);
  const first = narrator.trim().split(/\s+/)[0] ?? '';
  // The full name and the first name: "Mara Quill walked" is found once, since "Mara" is followed by a name there.
  const names = [...new Set([narrator.trim(), first])].filter((name) => name.length >= 2);
  const found: string[] = [];
  for (const name of names) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{M}'’])${escapeRegExp(name)}(?![\\p{L}\\p{M}'’])`, 'gu');
    for (const match of told.matchAll(pattern)) {
      const after = ACTS.exec(told.slice(match.index + name.length));
      if (after && cue.test(told.slice(Math.max(0, match.index - 16), match.index))) {
        found.push(`${name}${after[0].replace(/\s+/g, ' ')}`);
      }
    }
  }
  return found;
}
