/**
 * A section told in the wrong tense. The bible says "past tense" and every
 * writer reads it, yet a writer drafting on its own slips into the present
 * for a whole chapter (small local models most often), and a book the
 * client asked to have in the present drifts back into the past, the
 * tense models write by default. The book then changes tense at a chapter
 * break, which no reader takes for a choice. Code reads the narration's
 * verbs after a subject pronoun ("she walked", "she walks", "I was", "I
 * am"; "elle marcha", "elle marchait", "elle a marché", "elle marche";
 * "sie ging", "sagte er", "sie geht"), in English, French and German, where
 * their form says the tense, and in Spanish, which drops its pronouns, the
 * verb forms no noun shares ("llegó", "caminaba", "está"); the answer is
 * asked for again with the reason.
 */

import { primaryLanguage } from '../../../book/language-tag';
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

// French: a subject pronoun, its clitics ("il ne s'en", "elle l'"), the verb and the word after it (a participle
// after "a" or "est" makes the passé composé).
const FRENCH_SUBJECT =
  /(?<![\p{L}\p{M}])(?:(?:je|il|elle|on|ils|elles)\s+|j['’]\s*)((?:(?:ne|se|me|te|le|la|les|lui|leur|y|en)\s+|(?:n|s|m|t|l)['’])*)([\p{L}\p{M}]+)(?:\s+(?:pas\s+|plus\s+|jamais\s+|rien\s+)?([\p{L}\p{M}]+))?/giu;

/** The present's "avoir" and "être": the passé composé's auxiliaries when a participle follows. */
const FRENCH_AUXILIARY = new Set(['a', 'ai', 'as', 'ont', 'est', 'es', 'suis', 'sont']);
/** Present forms that end like the imparfait ("il sait", "je fais") or the passé simple ("il a", "il va"). */
const FRENCH_PRESENT = new Set([
  ...['sait', 'fait', 'plaît', 'plait', 'tait', 'naît', 'nait', 'paraît', 'parait', 'connaît', 'connait'],
  ...['reconnaît', 'reconnait', 'disparaît', 'apparaît', 'refait', 'défait', 'sais', 'fais', 'vais', 'plais'],
  ...['tais', 'connais', 'parais', 'va', 'voit', 'doit', 'croit', 'boit', 'reçoit', 'aperçoit', 'peut', 'veut'],
]);
/** Words after "il est" or "elle a" that end like a participle and are none. */
const NOT_PARTICIPLES = new Set(['ici', 'aussi', 'ainsi', 'parmi', 'lui', 'oui', 'mi', 'si', 'qui', 'tu', 'vu']);
/** Passé simple forms in -it that the present does not share ("il prit", not "il finit", which is both). */
const FRENCH_SIMPLE_PAST_IT = new Set([
  ...['prit', 'fit', 'mit', 'vit', 'partit', 'sortit', 'sentit', 'dormit', 'servit', 'ouvrit', 'offrit'],
  ...['couvrit', 'découvrit', 'souffrit', 'suivit', 'reprit', 'apprit', 'comprit', 'surprit', 'remit', 'promit'],
  ...['permit', 'admit', 'écrivit', 'conduisit', 'construisit', 'naquit', 'assit', 'repartit', 'ressentit'],
]);

/** What follows "il y a" when it means "ago" ("il y a des années", "il y a trois jours"), not "there is". */
const AGO = /^(?:des|quelques|longtemps|peu|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|vingt|cent|mille|\d+)$/u;

function frenchTenseOf(clitics: string, verb: string, next: string | undefined): Tense | undefined {
  const word = verb.toLowerCase();
  const after = next?.toLowerCase();
  if (word === 'a' && /\by\s*$/iu.test(clitics) && after !== undefined && AGO.test(after)) return undefined;
  if (FRENCH_AUXILIARY.has(word)) {
    // "elle a vu", "il est parti", "ils ont pris": the passé composé; "elle a faim", "il est tard": the present.
    const participle =
      after !== undefined &&
      !NOT_PARTICIPLES.has(after) &&
      /(?:é|ée|és|ées|i|ie|is|ise|u|ue|us|it|ert|eint|aint)$/u.test(after);
    return participle ? 'past' : 'present';
  }
  if (FRENCH_PRESENT.has(word)) return 'present';
  if (word === 'eut' || word === 'fut' || FRENCH_SIMPLE_PAST_IT.has(word)) return 'past';
  // The imparfait (était, marchaient, je savais), the passé simple (marcha, marchèrent, je marchai, prirent, furent).
  if (/(?:ait|aient|ais|èrent|irent|urent|inrent)$/u.test(word)) return 'past';
  // The passé simple's other forms: "il marcha", "je marchai", "il put", "il répondit" (not "il interdit").
  if (word.length >= 3 && /(?:a|ai|ut)$/u.test(word)) return 'past';
  if (/(?:nd|rd)it$/u.test(word) && word !== 'interdit') return 'past';
  // "elle marche", "ils regardent", "il prend", "il vient", "il met", "il sort": the present.
  if (/(?:e|es|ent|d|ds|ort|art|et)$/u.test(word)) return 'present';
  return undefined;
}

// German: a subject pronoun and the verb after it ("sie ging", "er wartet"), or a verb and the pronoun after it,
// as German puts the verb second ("Am Abend ging sie", "sagte er"). Verbs are lower case, nouns are not.
const GERMAN_SUBJECT_FIRST = /(?<![\p{L}\p{M}])(ich|er|sie|es|wir|man)\s+(\p{Ll}[\p{L}\p{M}]*)/giu;
const GERMAN_VERB_FIRST = /(?<![\p{L}\p{M}])(\p{Ll}[\p{L}\p{M}]*)\s+(ich|er|sie|es|wir|man)(?![\p{L}\p{M}])/gu;

/** The Präteritum of strong and mixed verbs (their plurals add -en: "gingen", "sahen"), and of the modals. */
const GERMAN_PAST = new Set([
  ...['war', 'hatte', 'wurde', 'ging', 'kam', 'sah', 'stand', 'lag', 'saß', 'fand', 'nahm', 'gab', 'sprach'],
  ...['lief', 'rief', 'hielt', 'fiel', 'blieb', 'schrieb', 'schwieg', 'trug', 'zog', 'stieg', 'schien', 'schlief'],
  ...['trat', 'bat', 'fuhr', 'flog', 'schloss', 'hob', 'sang', 'sank', 'trank', 'warf', 'half', 'starb', 'traf'],
  ...['tat', 'las', 'aß', 'vergaß', 'begann', 'gewann', 'verlor', 'verschwand', 'stieß', 'ließ', 'riss', 'griff'],
  ...['wusste', 'dachte', 'brachte', 'kannte', 'nannte', 'rannte', 'konnte', 'musste', 'wollte', 'sollte'],
  ...['durfte', 'mochte', 'wandte', 'schob', 'bot', 'hing', 'fing', 'lud', 'wies', 'erschien', 'bekam', 'riet'],
  ...['galt', 'briet', 'schalt', 'focht', 'litt', 'ritt', 'schnitt', 'stritt', 'glitt', 'schritt'],
]);
/** Present forms: the irregular ones, and the ones a rule would take for something else ("weiß", "hält"). */
const GERMAN_PRESENT = new Set([
  ...['ist', 'hat', 'wird', 'geht', 'kommt', 'sieht', 'steht', 'liegt', 'sitzt', 'weiß', 'kann', 'muss', 'will'],
  ...['soll', 'darf', 'mag', 'gibt', 'nimmt', 'spricht', 'läuft', 'ruft', 'hält', 'fällt', 'bleibt', 'trägt'],
  ...['zieht', 'denkt', 'bringt', 'kennt', 'schläft', 'tritt', 'fährt', 'hilft', 'stirbt', 'trifft', 'tut'],
  ...['liest', 'isst', 'vergisst', 'beginnt', 'findet', 'bin', 'habe', 'sind', 'haben', 'werden', 'gehen'],
]);
/** Lower-case words after a pronoun that end like a verb and are none, or are subjunctive ("würde", "hätte"). */
const GERMAN_NEITHER = new Set([
  ...['nicht', 'jetzt', 'selbst', 'erst', 'seit', 'fast', 'meist', 'oft', 'bereits', 'sonst', 'zuerst', 'zuletzt'],
  ...['mit', 'gut', 'heute', 'gerade', 'gestern', 'morgen', 'wieder', 'immer', 'noch', 'schon', 'nie', 'nur'],
  ...['würde', 'würden', 'wäre', 'wären', 'hätte', 'hätten', 'könnte', 'müsste', 'sollte', 'dürfte', 'möchte'],
]);

/**
 * The Präsens of "ich" for verbs whose stem ends in -t or -d (and "treten",
 * "beten"): "ich warte", "ich halte", "ich antworte" end like a weak
 * Präteritum ("ich sagte", "ich wartete") and are none.
 */
const GERMAN_FIRST_PERSON_PRESENT_IN_TE = new Set([
  ...['warte', 'erwarte', 'halte', 'behalte', 'erhalte', 'enthalte', 'arbeite', 'betrachte', 'beobachte', 'achte'],
  ...['beachte', 'fürchte', 'antworte', 'falte', 'entfalte', 'bitte', 'biete', 'rette', 'leite', 'begleite'],
  ...['deute', 'bedeute', 'richte', 'berichte', 'verrichte', 'flüchte', 'starte', 'teste', 'reite', 'gleite'],
  ...['schreite', 'streite', 'bereite', 'breite', 'trete', 'betrete', 'vertrete', 'bete', 'miete', 'kette'],
]);

/** The tense of `verb` after the pronoun `subject`, or before the pronoun `after` (German puts the verb second). */
function germanTenseOf(subject: string | undefined, verb: string, after?: string): Tense | undefined {
  const word = verb.toLowerCase();
  if (GERMAN_NEITHER.has(word)) return undefined;
  if ((subject ?? after)?.toLowerCase() === 'ich' && GERMAN_FIRST_PERSON_PRESENT_IN_TE.has(word)) return 'present';
  if (GERMAN_PAST.has(word) || (word.endsWith('en') && GERMAN_PAST.has(word.slice(0, -2)))) return 'past';
  if (GERMAN_PRESENT.has(word)) return 'present';
  // A word before the pronoun may be anything ("als sie", "dass er"): only the lists and the weak -te count there.
  if (subject === undefined) return word.length >= 5 && /[^t]te$/u.test(word) ? 'past' : undefined;
  const person = subject.toLowerCase();
  // The weak Präteritum: "sagte", "wartete"; "ich warte" and "ich rette" are the present of a stem in -t.
  if (/ete$/u.test(word) || (word.length >= 5 && /[^td]te$/u.test(word))) return 'past';
  if (person === 'ich') return /[^t]e$/u.test(word) ? 'present' : undefined;
  // A participle after an object pronoun: "er hätte es gewusst".
  if (word.startsWith('ge') && word.length >= 6) return undefined;
  // "er wartet", "sie sagt": the present's -t (a plural's "sie sagen" says nothing by its ending).
  return word.length >= 4 && /(?:[^t]t|tet)$/u.test(word) ? 'present' : undefined;
}

// Spanish drops its subject pronouns ("Caminó hasta el faro"), so its verbs are read wherever they stand, by
// forms no noun shares: the preterite's -ó, -aron, -ieron, the imperfect's -aba(n), and lists of common verbs.
const SPANISH_WORD = /[\p{L}\p{M}]+/gu;
const SPANISH_PAST = new Set([
  ...['fue', 'fueron', 'era', 'eran', 'dijo', 'dijeron', 'hizo', 'hicieron', 'tuvo', 'tuvieron', 'estuvo', 'pudo'],
  ...['quiso', 'supo', 'vino', 'vinieron', 'puso', 'vio', 'vieron', 'dio', 'dieron', 'había', 'habían', 'tenía'],
  ...['tenían', 'sabía', 'sabían', 'podía', 'podían', 'quería', 'querían', 'veía', 'veían', 'decía', 'decían'],
  ...['hacía', 'hacían', 'parecía', 'parecían', 'volvía', 'sentía', 'conocía', 'creía', 'seguía', 'iba', 'iban'],
  ...['oyó', 'trajo', 'anduvo', 'condujo', 'durmió', 'murió', 'sintió', 'pidió', 'siguió', 'hubo'],
]);
const SPANISH_PRESENT = new Set([
  ...['es', 'son', 'está', 'están', 'tiene', 'tienen', 'hay', 'va', 'van', 'hace', 'hacen', 'dice', 'dicen'],
  ...['sabe', 'saben', 'puede', 'pueden', 'quiere', 'quieren', 've', 'ven', 'mira', 'miran', 'sube', 'baja'],
  ...['abre', 'cierra', 'camina', 'llega', 'llegan', 'vuelve', 'vuelven', 'sale', 'salen', 'entra', 'entran'],
  ...['espera', 'esperan', 'piensa', 'siente', 'oye', 'parece', 'sigue', 'toma', 'deja', 'busca', 'encuentra'],
  ...['levanta', 'guarda', 'cruza', 'observa', 'escucha', 'cuenta', 'sonríe', 'responde', 'pregunta', 'lleva'],
]);
/** Words in -ó that are no preterite. */
const SPANISH_NOT_PRETERITE = new Set(['dominó', 'buró', 'rococó']);

function spanishTenseOf(word: string): Tense | undefined {
  if (SPANISH_PAST.has(word)) return 'past';
  if (SPANISH_PRESENT.has(word)) return 'present';
  if (word.length >= 4 && word.endsWith('ó') && !SPANISH_NOT_PRETERITE.has(word)) return 'past';
  if (word.length >= 6 && /(?:aron|ieron|aba|aban)$/u.test(word)) return 'past';
  return undefined;
}

/** How many of the narration's subject verbs are in each tense (English; French, German and Spanish by `language`). */
export function countTenses(text: string, language = 'en'): Record<Tense, number> {
  const counts: Record<Tense, number> = { past: 0, present: 0 };
  const told = narration(text);
  const count = (tense: Tense | undefined) => {
    if (tense) counts[tense] += 1;
  };
  switch (primaryLanguage(language)) {
    case 'fr':
      for (const match of told.matchAll(FRENCH_SUBJECT)) count(frenchTenseOf(match[1] ?? '', match[2] ?? '', match[3]));
      break;
    case 'de':
      for (const match of told.matchAll(GERMAN_SUBJECT_FIRST)) count(germanTenseOf(match[1], match[2] ?? ''));
      for (const match of told.matchAll(GERMAN_VERB_FIRST)) count(germanTenseOf(undefined, match[1] ?? '', match[2]));
      break;
    case 'es':
      for (const match of told.matchAll(SPANISH_WORD)) count(spanishTenseOf(match[0].toLowerCase()));
      break;
    default:
      for (const match of told.matchAll(SUBJECT)) count(tenseOf(match[1] ?? '', match[2], match[3] ?? ''));
  }
  return counts;
}

/** The languages whose verbs this file reads. */
const TENSE_LANGUAGES = new Set(['en', 'fr', 'de', 'es']);

const TENSE_PROBLEM = /^it is told in the (?:past|present) tense/;

/** Whether a prose check's problem is this file's (a wrong tense, which a book can survive, unlike a refusal). */
export function isTenseProblem(problem: string): boolean {
  return TENSE_PROBLEM.test(problem);
}

/**
 * Why the text is not told in `tense`, or undefined when it is (or its
 * language is not one of those, or it has too few verbs to say). A past-tense
 * story still says "I am old now" in its frame, and a present-tense one
 * "she had lived here once": only a text whose verbs are mostly in the
 * other tense is told in it.
 */
export function tenseMismatch(text: string, language: string, tense: Tense): string | undefined {
  if (!TENSE_LANGUAGES.has(primaryLanguage(language))) return undefined;
  const counts = countTenses(text, language);
  const other: Tense = tense === 'past' ? 'present' : 'past';
  if (counts.past + counts.present < ENOUGH_VERBS || counts[other] < DOMINANCE * counts[tense]) return undefined;
  return `it is told in the ${other} tense, and this book is told in the ${tense}`;
}

/** Verbs a paragraph needs before its tense can be read: a revision edit is one paragraph, not a section. */
const ENOUGH_PARAGRAPH_VERBS = 4;

/**
 * Whether a reviser's paragraph is told in the other tense from the book
 * when the paragraph it replaces was not: an edit too short for
 * `tenseMismatch`, whose slip would still stand out in its section.
 */
export function tenseSlipped(original: string, revised: string, language: string, tense: Tense): boolean {
  if (!TENSE_LANGUAGES.has(primaryLanguage(language))) return false;
  const other: Tense = tense === 'past' ? 'present' : 'past';
  const inOther = (text: string) => {
    const counts = countTenses(text, language);
    return counts.past + counts.present >= ENOUGH_PARAGRAPH_VERBS && counts[other] >= DOMINANCE * counts[tense];
  };
  return inOther(revised) && !inOther(original);
}
