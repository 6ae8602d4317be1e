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
 * The pattern sets used, by language tag (lowercase): a fixed list, so a
 * book's language never names a module to load. English defaults to US
 * patterns, as TeX's `english` does.
 */
const PATTERNS: Readonly<Record<string, () => Promise<PatternModule>>> = {
  en: () => import('hyphen/en-us'),
  'en-us': () => import('hyphen/en-us'),
  'en-gb': () => import('hyphen/en-gb'),
  fr: () => import('hyphen/fr'),
  de: () => import('hyphen/de'),
  es: () => import('hyphen/es'),
  it: () => import('hyphen/it'),
  pt: () => import('hyphen/pt'),
  nl: () => import('hyphen/nl'),
  sv: () => import('hyphen/sv'),
  da: () => import('hyphen/da'),
  nb: () => import('hyphen/nb'),
  no: () => import('hyphen/no'),
  fi: () => import('hyphen/fi'),
  pl: () => import('hyphen/pl'),
  cs: () => import('hyphen/cs'),
  ru: () => import('hyphen/ru'),
  uk: () => import('hyphen/uk'),
};

const SOFT_HYPHEN = '\u00ad';
/** Words looked up recently: a novel repeats its long words, and a lookup costs a pattern walk. */
const CACHE_LIMIT = 4096;

/** The hyphenator for a BCP 47 language tag (`fr`, `en-GB`), or null when no patterns are known for it. */
export async function hyphenatorFor(language: string): Promise<Hyphenator | null> {
  const tag = language.toLowerCase();
  const load = PATTERNS[tag] ?? PATTERNS[tag.split('-')[0] ?? ''];
  if (!load) return null;
  const patterns = await load();
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
