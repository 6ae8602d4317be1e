/**
 * Chapter titles cut from one pattern. A planner naming twenty chapters, or
 * outline batches naming theirs at once, falls into a formula: "What the
 * Lantern Knew", "What the Tide Knew", "What the Letter Knew". Each title
 * is fine; a contents page of them reads as machine-made. Code finds the
 * titles that differ in one word only, as it finds chapters that open alike
 * (opening-echoes.ts), and the pipeline asks for new titles for all but the
 * first of them. Articles count as one word whatever their gender and number,
 * and a preposition fused with one as the two ("du" as "de le"): in French,
 * Spanish, Italian, German or Portuguese a formula changes its article with
 * its noun ("Après la tempête", "Après le silence", "Après l'orage").
 */
import { joinList } from '../../../common/join-list';
import { primaryLanguage } from '../../../book/language-tag';

/** Titles that must share a pattern before it reads as a formula: two may be chance. */
const FORMULA_TITLES = 3;
/** Shorter titles ("The Pier", "The Tide") share too little to be a formula. */
const MIN_WORDS = 3;
/** A word about titles, in the languages the pipeline reads. */
const TITLE_WORD = /\b(?:titles?|titled|titres?|t[íi]tulos?|titol[oi]|titel)\b/iu;
/** Where the varying word stands when a pattern is shown. */
const SLOT = '…';

export interface TitleFormula {
  /** The pattern, the varying word as "…": "What the … Knew". */
  readonly pattern: string;
  /** The sections whose titles follow it, in book order. */
  readonly sections: readonly number[];
}

/** Any article, definite or indefinite, of any gender and number. */
const ARTICLE = '\u0000article';

/**
 * Each language's articles, and its prepositions fused with an article, by
 * the preposition they hold; an elided article or preposition ends in an
 * apostrophe ("l'", "dell'") and is read off the front of its word.
 */
const ARTICLES: Readonly<
  Record<string, { readonly articles: readonly string[]; readonly fused: Record<string, string> }>
> = {
  en: { articles: ['the', 'a', 'an'], fused: {} },
  fr: {
    articles: ['le', 'la', 'les', "l'", 'un', 'une'],
    fused: { du: 'de', des: 'de', au: 'à', aux: 'à' },
  },
  es: { articles: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas'], fused: { del: 'de', al: 'a' } },
  it: {
    articles: ['il', 'lo', 'la', 'i', 'gli', 'le', "l'", 'un', 'uno', 'una', "un'"],
    fused: Object.fromEntries(
      (['di', 'a', 'da', 'in', 'su'] as const).flatMap((preposition) => {
        const stem = { di: 'de', a: 'a', da: 'da', in: 'ne', su: 'su' }[preposition];
        return ['l', 'llo', 'lla', 'i', 'gli', 'lle', "ll'"].map((ending) => [`${stem}${ending}`, preposition]);
      }),
    ),
  },
  de: {
    articles: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines'],
    fused: { im: 'in', ins: 'in', am: 'an', ans: 'an', zum: 'zu', zur: 'zu', vom: 'von', beim: 'bei' },
  },
  pt: {
    articles: ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas'],
    fused: {
      ...Object.fromEntries(['do', 'da', 'dos', 'das'].map((word) => [word, 'de'])),
      ...Object.fromEntries(['no', 'na', 'nos', 'nas'].map((word) => [word, 'em'])),
      ...Object.fromEntries(['ao', 'aos', 'à', 'às'].map((word) => [word, 'a'])),
    },
  },
};

/** A word of a title as it is compared (`key`) and as a pattern shows it (`shown`, empty for half a fused word). */
interface TitleWord {
  readonly key: string;
  readonly shown: string;
}

/**
 * A title's words, punctuation around them dropped, in lower case; digits
 * count as words ("Day 3 at Sea"). In a `pattern`, the slot is a word too.
 */
function wordsOf(title: string, language: string, pattern = false): TitleWord[] {
  const { articles = [], fused = {} } = ARTICLES[primaryLanguage(language)] ?? {};
  const words: TitleWord[] = [];
  // Lower case, the typographic apostrophe as the plain one ("l’orage" as "l'orage").
  const keyOf = (shown: string): string => shown.toLocaleLowerCase(language).replace(/’/g, "'");
  const add = (shown: string): void => {
    const key = keyOf(shown);
    const preposition = fused[key];
    if (articles.includes(key)) words.push({ key: ARTICLE, shown });
    else if (preposition !== undefined) words.push({ key: preposition, shown }, { key: ARTICLE, shown: '' });
    else words.push({ key: pattern && shown === SLOT ? SLOT : key, shown });
  };
  for (const raw of title.split(/\s+/u)) {
    // A pattern's slot, alone or after an elided word ("l'…").
    const slotted = pattern && raw !== SLOT && raw.endsWith(SLOT) ? [raw.slice(0, -SLOT.length), SLOT] : [raw];
    const word =
      pattern && slotted[0] === SLOT ? SLOT : (slotted[0] ?? '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, '');
    // An elided article or preposition, read off the front of its word: "l'orage", "dell'isola".
    const elision = /^(\p{L}+['’])(.*)$/u.exec(word);
    const front = keyOf(elision?.[1] ?? '');
    if (elision && (articles.includes(front) || fused[front] !== undefined)) {
      add(elision[1] ?? '');
      if (elision[2]) add(elision[2]);
    } else if (word.length > 0) add(word.replace(/['’]+$/u, ''));
    if (slotted.length === 2) add(SLOT);
  }
  return words;
}

/**
 * The patterns that at least three titles of three words or more follow,
 * the same words in the same places but one, each with its sections in
 * order. A series numbered on purpose ("Day 1 at Sea", "Day 2 at Sea") is
 * not a formula, nor are titles the same throughout (withDistinctTitles
 * deals with those).
 */
export function findTitleFormulas(
  titles: ReadonlyArray<{ number: number; title: string }>,
  language: string,
): TitleFormula[] {
  const groups = new Map<string, { pattern: string; sections: number[]; slots: Set<string> }>();
  for (const { number, title } of [...titles].sort((a, b) => a.number - b.number)) {
    const words = wordsOf(title, language);
    if (words.length < MIN_WORDS) continue;
    words.forEach(({ key: slot }, at) => {
      if (slot === ARTICLE) return;
      const key = words.map((word, index) => (index === at ? SLOT : word.key)).join(' ');
      const group = groups.get(key) ?? {
        pattern: shownPattern(words, at),
        sections: [],
        slots: new Set<string>(),
      };
      group.sections.push(number);
      group.slots.add(slot);
      groups.set(key, group);
    });
  }
  return [...groups.values()]
    .filter((group) => group.sections.length >= FORMULA_TITLES && group.slots.size >= FORMULA_TITLES)
    .filter((group) => ![...group.slots].every((slot) => /^\p{N}+$/u.test(slot)))
    .map(({ pattern, sections }) => ({ pattern, sections }));
}

/** The title's words with the one at `at` as the slot: "Après la …", "Après l'…" (an elided word joins the next). */
function shownPattern(words: readonly TitleWord[], at: number): string {
  return words
    .map((word, index) => (index === at ? SLOT : word.shown))
    .filter((shown) => shown !== '')
    .join(' ')
    .replace(/(['’]) /gu, '$1');
}

/** Whether `title` follows `pattern` (as findTitleFormulas shows it), in any case and with any article. */
export function followsPattern(title: string, pattern: string, language: string): boolean {
  const words = wordsOf(title, language);
  const fixed = wordsOf(pattern, language, true);
  return words.length === fixed.length && fixed.every(({ key }, index) => key === SLOT || key === words[index]?.key);
}

/** How the progress message names what was found: `"What the … Knew" (chapters 3, 7 and 9)`. */
export function formulaText(formula: TitleFormula, label: string): string {
  return `"${formula.pattern}" (${label}s ${joinList(formula.sections)})`;
}

/**
 * Why a new title for section `number` cannot be used, or undefined when it can: it still follows one of the
 * `patterns` it replaces, it is the title of another section, or with two of the `others` it starts a formula of
 * its own.
 */
export function newTitleProblem(
  title: string,
  number: number,
  others: ReadonlyArray<{ number: number; title: string }>,
  patterns: readonly string[],
  language: string,
): string | undefined {
  const kept = patterns.find((pattern) => followsPattern(title, pattern, language));
  if (kept) return `still in the form "${kept}"`;
  const key = title.toLocaleLowerCase(language);
  if (others.some((other) => other.number !== number && other.title.toLocaleLowerCase(language) === key)) {
    return 'the title of another section';
  }
  const made = findTitleFormulas(
    [...others.filter((other) => other.number !== number), { number, title }],
    language,
  ).find((formula) => formula.sections.includes(number));
  return made ? `in the form "${made.pattern}" with ${made.sections.length - 1} other titles` : undefined;
}

/** Whether the client's rules or instructions speak of titles: then a pattern may be what the client asked for. */
export function speaksOfTitles(rules: readonly string[]): boolean {
  return rules.some((rule) => TITLE_WORD.test(rule));
}
