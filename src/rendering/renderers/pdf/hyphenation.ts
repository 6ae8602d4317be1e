import { createRequire } from 'node:module';

/**
 * Where words may be hyphenated, by Knuth-Liang patterns for the book's
 * language (the `hyphen` package: TeX's pattern files). Justified lines
 * without hyphenation open rivers of space, worst in narrow columns; with it
 * the line breaker can end a line inside a long word (line-breaking.ts).
 */

/** Offsets inside `word` (a run of letters) where it may be broken with a hyphen, ascending. */
export type Hyphenator = (word: string) => readonly number[];

/** TeX's defaults: at least two letters before a hyphen and three after it. */
export const LEFT_MIN = 2;
export const RIGHT_MIN = 3;

interface PatternModule {
  hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string;
}

/**
 * The pattern module of each language tag (lowercase): a fixed list, so a
 * book's language never names a module to load. English defaults to US
 * patterns, as TeX's `english` does.
 */
const PATTERN_MODULES: Readonly<Record<string, string>> = {
  en: 'hyphen/en-us',
  'en-us': 'hyphen/en-us',
  'en-gb': 'hyphen/en-gb',
  fr: 'hyphen/fr',
  de: 'hyphen/de',
  es: 'hyphen/es',
  it: 'hyphen/it',
  pt: 'hyphen/pt',
  nl: 'hyphen/nl',
  sv: 'hyphen/sv',
  da: 'hyphen/da',
  nb: 'hyphen/nb',
  no: 'hyphen/no',
  fi: 'hyphen/fi',
  pl: 'hyphen/pl',
  cs: 'hyphen/cs',
  ru: 'hyphen/ru',
  uk: 'hyphen/uk',
};

/**
 * Loads a pattern module on first use (each holds a language's patterns).
 * CommonJS resolution, as the package is CommonJS with a folder per
 * language: a dynamic import() would be an ES module import in the built
 * service, which cannot import a folder.
 */
const loadModule = createRequire(__filename);

const SOFT_HYPHEN = '\u00ad';
/** Words looked up recently: a novel repeats its long words, and a lookup costs a pattern walk. */
const CACHE_LIMIT = 4096;

/** One hyphenator per pattern module for the process: its words recur from book to book, as shaped words do. */
const hyphenators = new Map<string, Hyphenator>();

/** The hyphenator for a BCP 47 language tag (`fr`, `en-GB`), or null when no patterns are known for it. */
export function hyphenatorFor(language: string): Hyphenator | null {
  const tag = language.toLowerCase();
  const name = PATTERN_MODULES[tag] ?? PATTERN_MODULES[tag.split('-')[0] ?? ''];
  if (!name) return null;
  let hyphenator = hyphenators.get(name);
  if (!hyphenator) {
    hyphenator = hyphenatorOf(loadModule(name) as PatternModule);
    hyphenators.set(name, hyphenator);
  }
  return hyphenator;
}

function hyphenatorOf(patterns: PatternModule): Hyphenator {
  const cache = new Map<string, readonly number[]>();
  return (word) => {
    let offsets = cache.get(word);
    if (offsets) return offsets;
    offsets = breakOffsets(patterns.hyphenateSync(word, { hyphenChar: SOFT_HYPHEN, minWordLength: 5 }));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, offsets);
    return offsets;
  };
}

/** The offsets of the soft hyphens of a hyphenated word, in the word without them, kept to the minimum lengths. */
function breakOffsets(marked: string): number[] {
  const offsets: number[] = [];
  let length = 0;
  for (const char of marked) {
    if (char === SOFT_HYPHEN) offsets.push(length);
    else length += char.length;
  }
  return offsets.filter((offset) => offset >= LEFT_MIN && length - offset >= RIGHT_MIN);
}
