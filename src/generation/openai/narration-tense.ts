/**
 * A section told in the wrong tense. The bible says "past tense" and every
 * writer reads it, yet a writer drafting on its own slips into the present
 * for a whole chapter (small local models most often), and a book the
 * client asked to have in the present drifts back into the past, the
 * tense models write by default. The book then changes tense at a chapter
 * break, which no reader takes for a choice. Code reads the narration's
 * verbs after a subject pronoun ("she walked", "she walks", "I was", "I
 * am"), in English, where their form says the tense; the answer is asked
 * for again with the reason.
 */

import { primaryLanguage } from '../../book/language-tag';
import { narration } from './prose-words';

export type Tense = 'past' | 'present';

/** Verbs counted only past this many: a short answer says too little about its tense. */
const ENOUGH_VERBS = 20;
/** One tense must outnumber the other this many times over before the text reads as told in it. */
const DOMINANCE = 2;

const SUBJECT =
  /\b(I|he|she|it|we|they)(?:['’](m|re|ve|s|d|ll))?\s+(?:(?:never|still|just|always|also|only|then|now|almost|suddenly|slowly|quietly|finally|already|even|barely)\s+)?([a-z]+)/gi;

/** Forms that only the past tense uses after a subject. */
const PAST = new Set([
  ...['was', 'were', 'had', 'did', 'said', 'went', 'came', 'saw', 'took', 'made', 'knew', 'thought', 'felt'],
  ...['found', 'gave', 'told', 'left', 'kept', 'stood', 'sat', 'ran', 'held', 'heard', 'got', 'began', 'brought'],
  ...['caught', 'fell', 'rose', 'wrote', 'spoke', 'drove', 'struck', 'threw', 'grew', 'drew', 'wore', 'woke'],
  ...['slept', 'met', 'led', 'lay', 'laid', 'paid', 'meant', 'sent', 'spent', 'built', 'lost', 'shook', 'swore'],
  ...['sank', 'sang', 'rang', 'swam', 'bit', 'hid', 'slid', 'stuck', 'hung', 'dug', 'sought', 'taught', 'bought'],
  ...['fought', 'understood', 'forgot', 'chose', 'broke', 'froze', 'stole', 'became', 'ate', 'drank', 'won'],
]);

/** Forms that only the present tense uses after a subject. */
const PRESENT = new Set([
  ...['am', 'is', 'are', 'has', 'have', 'does', 'do', 'says', 'goes', 'comes', 'sees', 'takes', 'makes'],
  ...['knows', 'thinks', 'feels', 'finds', 'gives', 'tells', 'leaves', 'keeps', 'stands', 'sits', 'runs'],
  ...['holds', 'hears', 'gets', 'begins', 'brings', 'looks', 'turns', 'walks', 'waits', 'opens', 'closes'],
]);

/** Words that end like a present verb (in -s) or a past one (in -ed) and are neither after a subject. */
const NEITHER = new Set([
  ...['always', 'perhaps', 'sometimes', 'towards', 'besides', 'this', 'thus', 'as', 'us', 'less', 'yes', 'unless'],
  ...['its', 'his', 'hers', 'ours', 'theirs', 'yours', 'across', 'nevertheless', 'need', 'feed', 'seed', 'speed'],
  ...['bleed', 'breed', 'proceed', 'exceed', 'succeed', 'indeed', 'shed', 'red', 'bed', 'wed'],
]);

function tenseOf(subject: string, contraction: string | undefined, verb: string): Tense | undefined {
  if (contraction) {
    const short = contraction.toLowerCase();
    if (short === 'm' || short === 're' || short === 've') return 'present';
    // "she's" is "she is" or "she has"; "he'd" and "they'll" say nothing of the narration's tense.
    if (short === 's' && subject.toLowerCase() !== 'it') return 'present';
    return undefined;
  }
  const word = verb.toLowerCase();
  if (PAST.has(word)) return 'past';
  if (PRESENT.has(word)) return 'present';
  if (NEITHER.has(word)) return undefined;
  if (word.length >= 4 && word.endsWith('ed')) return 'past';
  // The third person singular's -s is the present's own mark ("she walks"); "I walk" looks like any word.
  const singular = ['he', 'she', 'it'].includes(subject.toLowerCase());
  if (singular && word.length >= 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return 'present';
  }
  return undefined;
}

/** How many of the narration's subject verbs are in each tense. */
export function countTenses(text: string): Record<Tense, number> {
  const counts: Record<Tense, number> = { past: 0, present: 0 };
  for (const match of narration(text).matchAll(SUBJECT)) {
    const tense = tenseOf(match[1] ?? '', match[2], match[3] ?? '');
    if (tense) counts[tense] += 1;
  }
  return counts;
}

const TENSE_PROBLEM = /^it is told in the (?:past|present) tense/;

/** Whether a prose check's problem is this file's (a wrong tense, which a book can survive, unlike a refusal). */
export function isTenseProblem(problem: string): boolean {
  return TENSE_PROBLEM.test(problem);
}

/**
 * Why the text is not told in `tense`, or undefined when it is (or its
 * language is not English, or it has too few verbs to say). A past-tense
 * story still says "I am old now" in its frame, and a present-tense one
 * "she had lived here once": only a text whose verbs are mostly in the
 * other tense is told in it.
 */
export function tenseMismatch(text: string, language: string, tense: Tense): string | undefined {
  if (primaryLanguage(language) !== 'en') return undefined;
  const counts = countTenses(text);
  const other: Tense = tense === 'past' ? 'present' : 'past';
  if (counts.past + counts.present < ENOUGH_VERBS || counts[other] < DOMINANCE * counts[tense]) return undefined;
  return `it is told in the ${other} tense, and this book is told in the ${tense}`;
}
