/**
 * What the builtin engine can read from a free-text prompt without a model:
 * the people it names (and how they are referred to), the role of its
 * protagonist ("a lighthouse keeper named Mara"), and the topic of a
 * non-fiction request ("an introduction to astronomy"). Heuristics, written
 * for English prompts, that degrade to "nothing found" rather than guess
 * wrong; prompts in other scripts contribute their leading phrase verbatim.
 */
import { capitalize, withArticle } from './text';
import { escapeRegExp } from '../../common/escape-reg-exp';

export type Pronoun = 'she' | 'he';

/** Capitalised words that start sentences or requests rather than name anyone. */
const NOT_NAMES = new Set(
  (
    'A An The In On At Of And But Or When Where Why How What Who Which Whose Write Tell Make Create Generate Give ' +
    'Book Story Novel Tale About Please I We You It This That These Those There Here Once After Before During ' +
    'Chapter Part Introduction Guide Learn Understanding Explain My Our Their His Her Its One Two Three Some Every ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August ' +
    'September October November December God Something Someone Somebody Nothing Nobody Everyone Everybody ' +
    'Everything Anyone Anything Today Tonight Tomorrow Yesterday Then Now Just Only Even Still No Yes'
  ).split(' '),
);

const STOP_WORDS = new Set(
  (
    'a an the of and or to for in on at by with from about into over under my our your their his her its ' +
    'write tell make create generate give me us please book story novel tale textbook guide comic manga short ' +
    'children childrens kids self help non fiction nonfiction that which who where when how what why is are was ' +
    'be been being some any all every this these those there here very really'
  ).split(' '),
);

export interface PromptReading {
  /** People named in the prompt, in order of appearance. */
  names: string[];
  /** The first person's role when the prompt gives one: "a lighthouse keeper". */
  role?: string;
  /** How the prompt refers to its protagonist, when it does. */
  pronoun?: Pronoun;
  /**
   * What the book is about: the first named person, else the prompt's key
   * phrase ("astronomy", "the Roman Empire"), else the leading phrase of a
   * prompt in a script without capitals.
   */
  subject?: string;
  /** The key phrase with no person in it, for non-fiction: "astronomy". */
  topic?: string;
  /** The thing the story turns on, when the prompt names one: "finds a map" -> "a map". */
  object?: string;
  /** Named places the story is set in: "bakers in Lisbon" -> ["Lisbon"]. */
  places?: string[];
}

/** Forms of address a prompt may put before a name, and the pronoun each implies. */
const TITLES: ReadonlyMap<string, Pronoun | 'either'> = new Map([
  ...'mr sir lord king prince duke count baron emperor father brother uncle grandpa monsieur señor herr signor'
    .split(' ')
    .map((title) => [title, 'he'] as const),
  ...'mrs ms miss lady dame queen princess duchess countess baroness empress mother sister aunt grandma madame señora frau signora'
    .split(' ')
    .map((title) => [title, 'she'] as const),
  ...'captain doctor dr prof professor detective inspector sergeant lieutenant colonel general major admiral commander agent officer sheriff deputy judge saint st chief'
    .split(' ')
    .map((title) => [title, 'either'] as const),
]);

/**
 * The pronoun the title in front of a name implies ("Queen Ada": she), 'either'
 * for a title that does not say ("Captain Vela"), undefined for a name without one.
 */
export function titleOf(name: string): Pronoun | 'either' | undefined {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  return TITLES.get((words[0] ?? '').toLowerCase().replace(/\.$/, ''));
}

/** A name, perhaps with a title in front: "Mara", "Mara Quinn", "Dr. Helena Marsh", "Captain Vela". */
const NAME = new RegExp(
  `\\b(?:(?:${[...TITLES.keys()].map(capitalize).join('|')})\\.?\\s+(?=\\p{Lu}))?` +
    `\\p{Lu}[\\p{Ll}'’-]+(?:\\s+(?:de|van|von|del|da|di|le|la|of)?\\s*\\p{Lu}[\\p{Ll}'’-]+)?`,
  'gu',
);

export function readPrompt(prompt: string): PromptReading {
  const trimmed = prompt.trim().replace(/\s+/g, ' ');
  if (!trimmed) return { names: [] };
  const latin = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u.test(trimmed);
  if (!latin) {
    // Scripts with or without capitals (Cyrillic, Greek, CJK, Arabic): keep the leading phrase verbatim.
    const head = trimmed.split(/[\s,.!?;:、。，！？]+/u).find(Boolean) ?? trimmed;
    const subject = [...head].slice(0, 12).join('');
    const startsWithCapital = /^\p{Lu}/u.test(subject);
    // Japanese and Korean mark who a sentence is about with a particle: the words before it are the protagonist.
    const particle = /^([^\sとはがのをにも와과은는이가의]{1,6})(?:と|は|が|와|과|은|는|이|가)/u.exec(subject);
    const name = startsWithCapital ? subject : particle?.[1];
    return { names: name ? [name] : [], subject: name ?? subject, topic: subject };
  }
  const { names, places } = namesAndPlaces(trimmed);
  const role = readRole(trimmed, names[0]);
  const pronoun = readPronoun(trimmed);
  const topic = readTopic(trimmed, names);
  const object = readObject(trimmed);
  return {
    ...(object ? { object } : {}),
    ...(places.length > 0 ? { places } : {}),
    names,
    ...(role ? { role } : {}),
    ...(pronoun ? { pronoun } : {}),
    ...(names[0] || topic ? { subject: names[0] ?? (topic ? capitalize(topic) : undefined) } : {}),
    ...(topic ? { topic } : {}),
  };
}

/**
 * A capitalised word after these, and perhaps a few describing words, is
 * where the story happens ("bakers in Lisbon", "in rainy neon Tokyo"), not
 * who it is about; "in love with Mara" still names Mara.
 */
const PLACE_BEFORE =
  /\b(?:in|at|from|near|across|through|around|outside|inside|into|toward|towards|beyond)\s+((?:[\p{Ll}-]+\s+){0,3})$/u;
const NOT_DESCRIBING = /^(with|and|or|to|for|by|love|named|called|who|that|which|his|her|their|my|our|your|a|an)$/;

function isPlace(before: string): boolean {
  // "the Silk Road", "the Roman Empire": a capitalised name after "the" is a thing or a place, never a person.
  if (/\bthe\s+$/i.test(before)) return true;
  const match = PLACE_BEFORE.exec(before);
  return match !== null && (match[1] ?? '').split(/\s+/).every((word) => !NOT_DESCRIBING.test(word));
}

/**
 * The people a prompt names, and the capitalised places it sets its story in
 * ("in Lisbon" -> Lisbon, "on the Silk Road" -> the Silk Road).
 */
function namesAndPlaces(text: string): { names: string[]; places: string[] } {
  const names: string[] = [];
  const places: string[] = [];
  for (const match of text.matchAll(NAME)) {
    const before = text.slice(0, match.index);
    if (isPlace(before)) {
      if (!NOT_NAMES.has(match[0].split(/\s+/)[0] ?? '')) {
        places.push(/\bthe\s+$/i.test(before) ? `the ${match[0]}` : match[0]);
      }
      continue;
    }
    let name = match[0];
    const words = name.split(/\s+/);
    if (NOT_NAMES.has(words[0] ?? '')) {
      // "The Harbour" is not a person, but "When Mara" starts with one.
      if (words.length < 2 || NOT_NAMES.has(words[words.length - 1] ?? '')) continue;
      name = words[words.length - 1] ?? name;
    }
    if (!names.some((known) => known === name || known.startsWith(`${name} `))) names.push(name);
  }
  return { names, places };
}

/** "a lighthouse keeper named Mara", "Mara, a lighthouse keeper,", "Mara the lighthouse keeper". */
function readRole(text: string, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const escaped = escapeRegExp(name);
  const before = new RegExp(
    `\\b([Aa]n?|[Tt]he)\\s+([\\p{Ll}][\\p{Ll}\\s’'-]{2,40}?)\\s+(?:named|called)\\s+${escaped}`,
    'u',
  );
  const after = new RegExp(
    `${escaped},?\\s+(an?|the)\\s+([\\p{Ll}][\\p{Ll}\\s’'-]{2,40}?)(?=[,.;!?]|\\s+(?:who|that|with|finds|must|discovers|and)\\b|$)`,
    'u',
  );
  const match = before.exec(text) ?? after.exec(text);
  if (!match) return undefined;
  const noun = (match[2] ?? '').trim();
  if (!noun || noun.split(/\s+/).length > 5) return undefined;
  return withArticle(noun);
}

const FINDING =
  /\b(?:finds?|found|discovers?|steals?|stole|inherits?|loses?|lost|receives?|uncovers?|buys?|wins?|digs? up|opens?|guards?|carries|carry|hides?|is given|are given|searches for|looks for|hunts for|seeks?)\s+(an?|the|his|her|their|a pair of)\s+([\p{Ll}][\p{Ll}\s’'-]{1,40}?)(?=\s+(?:that|which|who|and|but|in|on|at|to|from|under|with|of|for|before|after)\b|[,.;:!?]|$)/u;

/** Things a hero can win or inherit but not carry in a pocket: places and contests are not the prize. */
const NOT_OBJECTS =
  /\b(manor|house|castle|estate|mansion|farm|farmhouse|kingdom|city|town|village|island|school|company|business|shop|bakery|hotel|tournament|race|championship|war|battle|game|match|contest|election|throne|fortune|title|heart|love)$/i;

/** "A lighthouse keeper finds a map that ..." -> "a map". */
function readObject(text: string): string | undefined {
  const match = FINDING.exec(text);
  if (!match) return undefined;
  const noun = (match[2] ?? '').trim();
  if (!noun || noun.split(/\s+/).length > 4 || NOT_OBJECTS.test(noun)) return undefined;
  const article = (match[1] ?? 'a').toLowerCase();
  return article === 'the' || article === 'a pair of'
    ? `${article === 'the' ? 'the' : 'a pair of'} ${noun}`
    : withArticle(noun);
}

function readPronoun(text: string): Pronoun | undefined {
  const she = (text.match(/\b(she|her|hers|herself)\b/gi) ?? []).length;
  const he = (text.match(/\b(he|him|his|himself)\b/gi) ?? []).length;
  if (she > he) return 'she';
  if (he > she) return 'he';
  return undefined;
}

/** The key phrase of a request: after "about", "on", "to" or "of" when present, else the content words. */
function readTopic(text: string, names: readonly string[]): string | undefined {
  const sentence = text.split(/[.!?;]/)[0] ?? text;
  const focused = /\b(?:about|on|introduction to|guide to|history of|science of|art of|basics of)\s+(.+)$/i.exec(
    sentence,
  );
  const candidate = (focused?.[1] ?? sentence)
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
  const start = candidate.findIndex((word) => !STOP_WORDS.has(word.toLowerCase()));
  if (start < 0) return undefined;
  const words = candidate.slice(start);
  // Stop at the first clause break ("astronomy for beginners who ..."), but "the rise and fall of" is one phrase.
  const end = words.findIndex(
    (word, index) =>
      index > 0 &&
      /^(for|who|that|which|with|where|when|and|but|so|because)$/i.test(word) &&
      !(/^and$/i.test(word) && /^(rise|law|trial|war)$/i.test(words[index - 1] ?? '')),
  );
  const phrase = (end > 0 ? words.slice(0, end) : words).slice(0, 8).join(' ');
  if (!phrase || names.includes(phrase)) return phrase || undefined;
  return phrase;
}
