/**
 * The narration a client asks for in so many words: "told in the first
 * person", "in the present tense", "à la première personne", "im Präsens".
 * A style has its usual point of view and tense, and the planner's system
 * prompt states them; a planner that follows the style over the client plans
 * the whole book in the wrong voice, and every writer then follows the plan.
 * Code reads the request so that the bible can be held to it.
 */

import { STATED_PERSON, type Person } from './narration-person';
import type { Tense } from './narration-tense';

export interface RequestedNarration {
  person?: Person;
  tense?: Tense;
}

const STATED_TENSE: ReadonlyArray<{ tense: Tense; pattern: RegExp }> = [
  {
    tense: 'present',
    pattern: /\bpresent[- ]tense\b|\bau présent\b|\bprésent de l['’]indicatif|\bPräsens\b|\b(?:en|tiempo) presente\b/iu,
  },
  {
    tense: 'past',
    pattern: /\bpast[- ]tense\b|\bpassé simple\b|\bPräteritum\b|\bVergangenheitsform\b|\b(?:en|tiempo) pasado\b/iu,
  },
];

// "not in the first person", "pas au présent", "nicht im Präsens", "nunca en presente": a request the other way.
const NEGATION =
  /(?:^|[^\p{L}])(?:not|no|never|nor|without|avoid|instead of|rather than|pas|jamais|sans|nicht|kein\p{L}*|ohne|sin|nunca|ni)(?:[^\p{L}.;:!?]+[\p{L}'’-]+){0,3}[^\p{L}.;:!?]*$/iu;

/** How many characters before a request are read for a negation. */
const NEGATION_REACH = 40;

/** The kinds `patterns` name in `text` outside negations: the one kind, or undefined when none or several. */
function requested<K>(text: string, patterns: ReadonlyArray<{ kind: K; pattern: RegExp }>): K | undefined {
  const kinds = new Set<K>();
  for (const { kind, pattern } of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const before = text.slice(Math.max(0, match.index - NEGATION_REACH), match.index);
      if (!NEGATION.test(before)) kinds.add(kind);
    }
  }
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/** The person and tense the client's words ask for (the premise, the tone); each absent when not asked, or unclear. */
export function requestedNarration(material: string): RequestedNarration {
  const person = requested(
    material,
    STATED_PERSON.map(({ person: kind, pattern }) => ({ kind, pattern })),
  );
  const tense = requested(
    material,
    STATED_TENSE.map(({ tense: kind, pattern }) => ({ kind, pattern })),
  );
  return { ...(person ? { person } : {}), ...(tense ? { tense } : {}) };
}
