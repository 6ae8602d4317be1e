/**
 * The builtin engine's sentence grammar: templates with alternatives and
 * slots, expanded with the book's seeded random generator.
 *
 *   `{a|b|c}`       one of the alternatives (they nest: `{a {b|c}|d}`)
 *   `[key]`         the slot `key`; a list slot gives one of its entries
 *   `[key:mod]`     the slot through modifiers, applied left to right:
 *                   `cap` capitalises, `the` swaps a leading a/an for "the",
 *                   `bare` drops a leading article, `title` title-cases,
 *                   `lower` lower-cases the first letter, `a` adds a or an
 *   `[^key]`        shorthand for `[key:cap]`
 *
 * A slot `key` that has a companion `key.short` gives the full phrase the
 * first time a section uses it and the short one after that, the way a writer
 * says "the dwarven key that opens any stone" once and "the key" afterwards.
 *
 * An unknown slot throws: a typo in a template must fail the tests, not
 * print "[hreo]" in somebody's book.
 */
import type { Random } from './prng';
import { bare, capitalize, titleCase, withArticle } from './text';

export type SlotValue = string | readonly string[];
export type Slots = Readonly<Record<string, SlotValue>>;

const MODIFIERS: Record<string, (text: string) => string> = {
  cap: capitalize,
  the: (text) => (/^(a|an)\s/i.test(text) ? `the ${bare(text)}` : text),
  bare,
  title: titleCase,
  lower: (text) =>
    /^\p{Lu}\p{Ll}/u.test(text) && !/^(I|I’)\b/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text,
  a: (text) => (/^(a|an|the)\s/i.test(text) ? text : withArticle(text)),
  // Lexicon clauses are written in the present or future ("the town will hang an innocent man"); narration is past.
  // "That you [secret]?" for a secret written as "was the one who ...".
  you: (text) =>
    text
      .replace(/^was\b/, 'were')
      .replace(/^is\b/, 'are')
      .replace(/^has\b/, 'have'),
  past: (text) =>
    text
      .replace(/\bwill\b/g, 'would')
      .replace(/\bwon’t\b/g, 'wouldn’t')
      .replace(/\bcan\b/g, 'could')
      .replace(/\bis\b/, 'was')
      .replace(/\bare\b/, 'were'),
};

export class TemplateError extends Error {}

/**
 * Draws entries of lists so that a book repeats itself as little as its
 * material allows.
 *
 * `pick` is for the engine's pools of sentences and scenes: each pool is
 * shuffled once per book and section `s` of `n` walks it from its own
 * offset, so sections use different entries and a pool of at least `n`
 * entries is read about once per book. `pickLocal` is for the words that fill
 * a template (a place, a smell): shuffled per section, so two sections that
 * happen to use the same template still fill it differently.
 *
 * Both orders depend only on the book and the section number, so a section
 * written again after a crash reads exactly as it did the first time.
 */
export class Chooser {
  private readonly walks = new Map<string, { order: number[]; next: number }>();
  private readonly localWalks = new Map<string, { order: number[]; next: number }>();
  /** Slots already named in full in this section. */
  readonly mentioned = new Set<string>();

  constructor(
    private readonly bookRandom: Random,
    private readonly section: number,
    private readonly sections: number,
  ) {}

  pick<T>(items: readonly T[]): T {
    return this.draw(items, this.walks, (id, length) => ({
      order: this.bookRandom.fork(id).shuffle(range(length)),
      next: Math.floor((this.section * length) / Math.max(1, this.sections)),
    }));
  }

  pickLocal<T>(items: readonly T[]): T {
    return this.draw(items, this.localWalks, (id, length) => ({
      order: this.bookRandom.fork(`${id}\u0000section ${this.section}`).shuffle(range(length)),
      next: 0,
    }));
  }

  private draw<T>(
    items: readonly T[],
    walks: Map<string, { order: number[]; next: number }>,
    start: (id: string, length: number) => { order: number[]; next: number },
  ): T {
    if (items.length === 0) throw new TemplateError('Cannot pick from an empty list');
    if (items.length === 1) return items[0] as T;
    const id = `${items.length}\u0000${JSON.stringify(items[0])}\u0000${JSON.stringify(items[items.length - 1])}`;
    let walk = walks.get(id);
    if (!walk) {
      walk = start(id, items.length);
      walks.set(id, walk);
    }
    const index = walk.order[walk.next % items.length] as number;
    walk.next += 1;
    return items[index] as T;
  }
}

/** Words after which a noun phrase's head has ended: prepositions and relative pronouns. */
const PHRASE_BREAKS = new Set(
  'that which who whose with of from for in on under to at where beyond behind above below near by across inside outside over into through'.split(
    ' ',
  ),
);
/** Nouns that look like participles: "the engagement ring" keeps its ring. */
const NOT_PARTICIPLES = new Set(
  'ring wing king thing string spring sling sting swing building wedding landing ceiling evening morning painting clothing bed shed red sled'.split(
    ' ',
  ),
);
/** Participles without -ed or -ing, and "full", which end a head as well: "the conservatory full of ferns". */
const PARTICIPLES = new Set(
  'full strung written set hung built lit torn worn sewn drawn hidden broken frozen stolen'.split(' '),
);
/** Heads that mean nothing alone: "the inside of a seashell" must stay whole. */
const WEAK_HEADS = new Set(
  'inside outside edge top bottom middle heart end side back front rest remains far near'.split(' '),
);

/**
 * The head of a long noun phrase: "the dwarven key that opens any stone" ->
 * "the dwarven key", "the bridge guarded by a troll" -> "the bridge".
 * Phrases without an article, and heads that mean nothing alone, stay whole.
 */
export function shortForm(phrase: string): string {
  const [article, ...words] = phrase.split(/\s+/);
  if (!article || !/^(a|an|the)$/i.test(article) || words.length < 2) return phrase;
  // The head ends before a preposition, a relative pronoun or a participle ("guarded", "burning").
  const end = words.findIndex(
    (word, index) =>
      index > 0 &&
      (PHRASE_BREAKS.has(word.toLowerCase()) ||
        (/^[a-z]+(?:ed|ing)$/.test(word) && !NOT_PARTICIPLES.has(word)) ||
        PARTICIPLES.has(word)),
  );
  if (end < 1 || end > 3) return phrase;
  const head = words.slice(0, end);
  if (WEAK_HEADS.has((head[head.length - 1] ?? '').toLowerCase())) return phrase;
  return [article, ...head].join(' ');
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

interface ExpandContext {
  slots: Slots;
  random: Random;
  chooser: Chooser;
}

/** Expands one template into a sentence (or several): tidied, capitalised. */
export function expand(template: string, slots: Slots, random: Random, chooser: Chooser): string {
  return tidy(expandFragment(template, slots, random, chooser));
}

/** Expands a template that will sit inside a sentence: no capital added, spacing left alone. */
export function expandFragment(template: string, slots: Slots, random: Random, chooser: Chooser): string {
  const context: ExpandContext = { slots, random, chooser };
  const [text, end] = expandUntil(template, 0, context, false);
  if (end !== template.length) throw new TemplateError(`Unbalanced "}" in template: ${template}`);
  return text;
}

/** Expands from `start` until the end or, inside alternatives, until the closing brace; returns [text, position]. */
function expandUntil(template: string, start: number, context: ExpandContext, nested: boolean): [string, number] {
  let out = '';
  let index = start;
  while (index < template.length) {
    const char = template[index];
    if (char === '{') {
      const [choice, end] = expandAlternatives(template, index + 1, context);
      out += choice;
      index = end;
    } else if (char === '[') {
      const close = template.indexOf(']', index);
      if (close < 0) throw new TemplateError(`Unclosed "[" in template: ${template}`);
      out += resolveSlot(template.slice(index + 1, close), context, template);
      index = close + 1;
    } else if (nested && (char === '|' || char === '}')) {
      return [out, index];
    } else if (char === '}') {
      return [out, index];
    } else {
      out += char;
      index += 1;
    }
  }
  if (nested) throw new TemplateError(`Unclosed "{" in template: ${template}`);
  return [out, index];
}

/** Parses `a|b|c}` starting after the `{`, picks one alternative and expands only that one. */
function expandAlternatives(template: string, start: number, context: ExpandContext): [string, number] {
  const options: Array<[number, number]> = [];
  let depth = 0;
  let optionStart = start;
  let index = start;
  for (; index < template.length; index += 1) {
    const char = template[index];
    if (char === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    else if (depth === 0 && (char === '|' || char === '}')) {
      options.push([optionStart, index]);
      optionStart = index + 1;
      if (char === '}') break;
    }
  }
  if (index >= template.length) throw new TemplateError(`Unclosed "{" in template: ${template}`);
  const [from, to] = context.random.pick(options);
  const [text] = expandUntil(template.slice(0, to), from, context, false);
  return [text, index + 1];
}

function resolveSlot(spec: string, context: ExpandContext, template: string): string {
  const capitalised = spec.startsWith('^');
  const [key = '', ...modifiers] = (capitalised ? spec.slice(1) : spec).split(':');
  const full = context.slots[key];
  if (full === undefined) throw new TemplateError(`Unknown slot [${key}] in template: ${template}`);
  const short = context.slots[`${key}.short`];
  const value = short !== undefined && context.chooser.mentioned.has(key) ? short : full;
  context.chooser.mentioned.add(key);
  // A list entry may itself be a template (the lexicon's do not, but the engine's pools do).
  let text = typeof value === 'string' ? value : context.chooser.pickLocal(value);
  if (text.includes('[') || text.includes('{')) {
    const [expanded] = expandUntil(text, 0, context, false);
    text = expanded;
  }
  for (const name of capitalised ? [...modifiers, 'cap'] : modifiers) {
    const modifier = MODIFIERS[name];
    if (!modifier) throw new TemplateError(`Unknown modifier :${name} in template: ${template}`);
    text = modifier(text);
  }
  return text;
}

/** Spacing and capitals after expansion: optional parts leave double spaces and lower-case sentence starts behind. */
export function tidy(text: string): string {
  const spaced = text
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    // A place ending in a particle meets a time starting with one: "caved in in winter" -> "caved in, in winter".
    .replace(/\b(in|on|at|up|out|off|down) \1\b/g, '$1, $1')
    // Not after a closing quote: “Hold on!” said Rosa.
    .replace(/([.!?]\s+)(\p{Ll})/gu, (_, stop: string, letter: string) => stop + letter.toUpperCase())
    .trim();
  const lead = /^[“"‘(]*/u.exec(spaced)?.[0] ?? '';
  return lead + capitalize(spaced.slice(lead.length));
}
