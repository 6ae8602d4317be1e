import { primaryLanguage } from '../../../book/language-tag';
/**
 * Which language and script a text is in, well enough to catch a model that
 * answers in English when the book is in French, or in Chinese when it is in
 * Japanese. Scripts are told apart by their Unicode letters; the Latin-script
 * languages most books are written in by their commonest words, which make
 * up a large share of any running text and differ between languages.
 */

export type Script =
  'latin' | 'cyrillic' | 'greek' | 'arabic' | 'hebrew' | 'han' | 'kana' | 'hangul' | 'devanagari' | 'thai';

const SCRIPT_PATTERNS: Record<Script, RegExp> = {
  latin: /\p{Script=Latin}/gu,
  cyrillic: /\p{Script=Cyrillic}/gu,
  greek: /\p{Script=Greek}/gu,
  arabic: /\p{Script=Arabic}/gu,
  hebrew: /\p{Script=Hebrew}/gu,
  han: /\p{Script=Han}/gu,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu,
  hangul: /\p{Script=Hangul}/gu,
  devanagari: /\p{Script=Devanagari}/gu,
  thai: /\p{Script=Thai}/gu,
};

/** The scripts a book in a language is written in (primary subtag); Latin for every language not listed. */
const LANGUAGE_SCRIPTS: Record<string, Script[]> = {
  ja: ['kana', 'han'],
  zh: ['han'],
  ko: ['hangul', 'han'],
  ru: ['cyrillic'],
  uk: ['cyrillic'],
  bg: ['cyrillic'],
  sr: ['cyrillic', 'latin'],
  be: ['cyrillic'],
  mk: ['cyrillic'],
  kk: ['cyrillic'],
  el: ['greek'],
  ar: ['arabic'],
  fa: ['arabic'],
  ur: ['arabic'],
  he: ['hebrew'],
  yi: ['hebrew'],
  hi: ['devanagari'],
  mr: ['devanagari'],
  ne: ['devanagari'],
  th: ['thai'],
};

/** The commonest words of Latin-script languages: enough to tell them apart on a few hundred words. */
const COMMON_WORDS: Record<string, string[]> = {
  en: [
    'the',
    'and',
    'of',
    'to',
    'a',
    'in',
    'was',
    'he',
    'she',
    'it',
    'that',
    'his',
    'her',
    'with',
    'for',
    'had',
    'you',
    'not',
    'on',
    'at',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'de',
    'des',
    'un',
    'une',
    'est',
    'dans',
    'que',
    'qui',
    'pour',
    'pas',
    'sur',
    'avec',
    'il',
    'elle',
    'du',
    'au',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'de',
    'que',
    'en',
    'un',
    'una',
    'por',
    'con',
    'no',
    'se',
    'su',
    'para',
    'como',
    'del',
    'lo',
    'pero',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'ein',
    'eine',
    'zu',
    'den',
    'mit',
    'sich',
    'auf',
    'für',
    'dem',
    'sie',
    'er',
    'es',
    'war',
    'ich',
  ],
  it: [
    'il',
    'la',
    'di',
    'che',
    'e',
    'un',
    'una',
    'per',
    'non',
    'con',
    'del',
    'della',
    'è',
    'le',
    'si',
    'gli',
    'ma',
    'come',
    'lo',
    'nel',
  ],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'e',
    'de',
    'que',
    'em',
    'um',
    'uma',
    'não',
    'com',
    'para',
    'por',
    'se',
    'do',
    'da',
    'mais',
    'ele',
    'ela',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'van',
    'is',
    'niet',
    'dat',
    'op',
    'te',
    'zijn',
    'met',
    'voor',
    'hij',
    'zij',
    'er',
    'was',
    'maar',
    'ook',
    'als',
  ],
};

const COMMON_SETS = Object.fromEntries(Object.entries(COMMON_WORDS).map(([tag, words]) => [tag, new Set(words)]));

export function scriptsOf(tag: string): Script[] {
  return LANGUAGE_SCRIPTS[primaryLanguage(tag)] ?? ['latin'];
}

/** The share of letters per script, over the letters of the text. */
export function scriptShares(text: string): Partial<Record<Script, number>> {
  const counts: Partial<Record<Script, number>> = {};
  let total = 0;
  for (const [script, pattern] of Object.entries(SCRIPT_PATTERNS) as Array<[Script, RegExp]>) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > 0) counts[script] = count;
    total += count;
  }
  if (total === 0) return {};
  for (const script of Object.keys(counts) as Script[]) counts[script] = (counts[script] ?? 0) / total;
  return counts;
}

/**
 * The Latin-script language whose common words cover most of the text, with that coverage; undefined when none is
 * clear. Forty words tell a language apart reliably; fewer may be asked for where a wrong guess costs little.
 */
export function guessLatinLanguage(text: string, minWords = 40): { language: string; coverage: number } | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < minWords) return undefined;
  let best: { language: string; coverage: number } | undefined;
  for (const [language, common] of Object.entries(COMMON_SETS)) {
    let hits = 0;
    for (const word of words) if (common.has(word)) hits += 1;
    const coverage = hits / words.length;
    if (!best || coverage > best.coverage) best = { language, coverage };
  }
  return best && best.coverage >= 0.12 ? best : undefined;
}

/**
 * The language a client's short text is most likely in, for what is said to them before the book's language is
 * planned (progress messages): Japanese by its kana, a Latin-script language by its common words; undefined
 * when nothing shows. A wrong guess costs one English line.
 */
export function likelyLanguage(text: string): string | undefined {
  const shares = scriptShares(text);
  if ((shares.kana ?? 0) > 0.05) return 'ja';
  return guessLatinLanguage(text, 12)?.language;
}

/**
 * Why a text is not in the expected language, or undefined when it is (or
 * when the text is too short to tell). Names are in any script, so a few
 * foreign letters never count: the text must be mostly in the wrong script,
 * or clearly another Latin-script language.
 */
export function languageMismatch(text: string, expectedTag: string): string | undefined {
  const expectedScripts = scriptsOf(expectedTag);
  const shares = scriptShares(text);
  const inExpected = expectedScripts.reduce((sum, script) => sum + (shares[script] ?? 0), 0);
  if (Object.keys(shares).length > 0 && inExpected < 0.5) {
    const main = (Object.entries(shares) as Array<[Script, number]>).sort((a, b) => b[1] - a[1])[0]?.[0];
    return `the text is mostly in ${main} script, not in the book's language (${expectedTag})`;
  }
  const expected = primaryLanguage(expectedTag);
  if (!(expected in COMMON_SETS)) return undefined;
  const guess = guessLatinLanguage(text);
  if (!guess || guess.language === expected) return undefined;
  const expectedCoverage = coverageOf(text, expected);
  // Closely related languages share some common words: only a clear winner counts.
  return guess.coverage >= 2 * expectedCoverage
    ? `the text reads as ${guess.language}, not in the book's language (${expectedTag})`
    : undefined;
}

function coverageOf(text: string, language: string): number {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const common = COMMON_SETS[language];
  if (!common || words.length === 0) return 0;
  return words.filter((word) => common.has(word)).length / words.length;
}

/** The language's name in English, for prompts ("French"); the tag itself when the runtime does not know it. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function isLanguageTag(value: string): boolean {
  if (!LANGUAGE_TAG.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** Languages books are most often asked in, whose names a model may give instead of their tag. */
const NAMED_LANGUAGES = [
  'en',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'ro',
  'hu',
  'tr',
  'el',
  'ru',
  'uk',
  'bg',
  'ar',
  'he',
  'fa',
  'hi',
  'bn',
  'th',
  'vi',
  'id',
  'ja',
  'zh',
  'ko',
];

let languageNames: Map<string, string> | undefined;

/**
 * The BCP 47 tag of a language field as models fill it: the tag itself, or
 * the language's name in English or in itself ("French", "Français",
 * "日本語"), which models write despite the schema's description. Undefined
 * for anything else, which is then asked for again.
 */
export function languageTagOf(value: string): string | undefined {
  const text = value.trim();
  if (isLanguageTag(text)) return text;
  if (!languageNames) {
    languageNames = new Map();
    for (const tag of NAMED_LANGUAGES) {
      for (const locale of ['en', tag]) {
        const name = new Intl.DisplayNames([locale], { type: 'language' }).of(tag);
        if (name) languageNames.set(name.toLowerCase(), tag);
      }
    }
  }
  return languageNames.get(text.toLowerCase());
}
