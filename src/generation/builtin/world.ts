/**
 * The world of one builtin book: its type and style (resolved when the
 * request said `automatic`), its cast with names, roles and pronouns, its
 * places, the objects that matter, what threatens whom, and what the story is
 * about. Everything a section writer needs is decided here, once per book, so
 * that sections can be written (and rewritten after a crash) independently
 * and still agree on every name and fact.
 */
import { BOOK_STYLES, BOOK_TYPES, type ModelId } from '../../catalog/catalog';
import type { BookGenerationRequest } from '../book-provider';
import { Chooser, expand, shortForm, type Slots } from './grammar';
import type { ConcreteStyle, StyleLexicon } from './lexicon/style-lexicon';
import { STYLE_LEXICONS } from './lexicon/style-lexicons';
import { type Pronoun, type PromptReading, readPrompt, titleOf } from './prompt-reading';
import type { Random } from './prng';
import { escapeRegExp } from '../../common/escape-reg-exp';

export type ConcreteType = Exclude<(typeof BOOK_TYPES)[number], 'automatic'>;

export const CONCRETE_STYLES = BOOK_STYLES.filter((style): style is ConcreteStyle => style !== 'automatic');

export interface Character {
  /** What the narration calls the character: a given name, or an epithet such as "the Sleepwalker". */
  first: string;
  /** The name on first meeting and in the cast list. */
  full: string;
  pronoun: Pronoun;
  /** Occupation with its article: "a deputy marshal". */
  role: string;
}

export interface World {
  type: ConcreteType;
  style: ConcreteStyle;
  lexicon: StyleLexicon;
  model: ModelId;
  author: string;
  /** What the client asked for, or a premise the engine made up when the prompt was empty. */
  premise: string;
  /** Whether the premise came from the client. */
  prompted: boolean;
  /** Whether the client named the hero: the book is then called after them. */
  heroNamed: boolean;
  /** What the engine read in the prompt (names, role, topic, object, places); empty without a prompt. */
  reading: PromptReading;
  /** The subject of a non-fiction book ("astronomy"), or the hero's name for fiction. */
  topic: string;
  /** Tone words from `custom_tone`, e.g. ["wry", "hopeful"]. */
  tone: string[];
  hero: Character;
  ally: Character;
  rival: Character;
  mentor: Character;
  /** Bystanders met along the way, in order of appearance. */
  extras: string[];
  /** Where the story starts and ends. */
  home: string;
  /** Places the story moves through, in order. */
  journey: string[];
  /** Where the rival is strongest: the climax happens here. */
  stronghold: string;
  /** The object everyone wants. */
  prize: string;
  /** Something small the hero carries through the book. */
  keepsake: string;
  /** The object that gives the truth away. */
  clue: string;
  threat: string;
  goal: string;
  stakes: string;
  secret: string;
  theme: string;
  /** Reading order of the book: manga reads right to left. */
  readingDirection: 'ltr' | 'rtl';
}

/** Prompt words that make `automatic` choose a type, most specific first. */
const TYPE_KEYWORDS: ReadonlyArray<[RegExp, ConcreteType]> = [
  [/\bmanga\b/i, 'manga'],
  [/\b(comic|graphic novel|superhero team)\b/i, 'comic'],
  [/\b(picture book|bedtime|toddler|for (?:young )?(?:kids|children)|children'?s book)/i, 'childrens'],
  [
    /\b(textbook|lesson|introduction to|course|tutorial|for beginners|learn(?:ing)? (?:to|about)|study guide)/i,
    'textbook',
  ],
  [
    /\b(habit|productiv|self-help|mindset|motivation|confidence|how to (?:be|become|stop|start)|overcome)/i,
    'self_help',
  ],
  [
    /\b(history of|essay|the science of|why (?:do|does|did)|the case for|an argument|explain(?:s|ing)? )/i,
    'non_fiction',
  ],
  [/\b(short story|vignette|flash fiction)\b/i, 'short_story'],
];

export function resolveType(request: Pick<BookGenerationRequest, 'type' | 'prompt'>): ConcreteType {
  if (request.type !== 'automatic') return request.type;
  return TYPE_KEYWORDS.find(([pattern]) => pattern.test(request.prompt))?.[1] ?? 'novel';
}

/** The style whose keywords the prompt uses most (ties go to the earlier mention), else one drawn from the book's seed. */
export function resolveStyle(request: Pick<BookGenerationRequest, 'style' | 'prompt'>, random: Random): ConcreteStyle {
  if (request.style !== 'automatic') return request.style;
  const prompt = request.prompt.toLowerCase();
  let best: { style: ConcreteStyle; hits: number; first: number } | undefined;
  for (const style of CONCRETE_STYLES) {
    let hits = 0;
    let first = Number.POSITIVE_INFINITY;
    for (const keyword of STYLE_LEXICONS[style].keywords) {
      const at = prompt.search(new RegExp(`\\b${escapeRegExp(keyword)}`));
      if (at >= 0) {
        hits += 1;
        first = Math.min(first, at);
      }
    }
    if (hits > 0 && (!best || hits > best.hits || (hits === best.hits && first < best.first)))
      best = { style, hits, first };
  }
  return best?.style ?? random.pick(CONCRETE_STYLES);
}

/** Names of every style by pronoun: a name a prompt gives is looked up here before a pronoun is guessed. */
const KNOWN_PRONOUNS = (() => {
  const known = new Map<string, Pronoun>();
  for (const style of CONCRETE_STYLES) {
    for (const name of STYLE_LEXICONS[style].femaleNames) known.set(name.toLowerCase(), 'she');
    for (const name of STYLE_LEXICONS[style].maleNames) known.set(name.toLowerCase(), 'he');
  }
  for (const name of 'mara anna maria emma sofia olivia ada grace alice lucy clara sarah elena nina zoe mia lena'.split(
    ' ',
  ))
    known.set(name, 'she');
  for (const name of 'john james tom thomas david daniel peter paul leo max oliver jack sam adam noah luca ivan'.split(
    ' ',
  ))
    known.set(name, 'he');
  return known;
})();

function pronounOf(name: string, random: Random): Pronoun {
  const title = titleOf(name);
  if (title === 'either') return pronounOf(name.trim().split(/\s+/).slice(1).join(' '), random);
  if (title) return title;
  return KNOWN_PRONOUNS.get(name.split(/\s+/)[0]?.toLowerCase() ?? '') ?? (random.chance(0.5) ? 'she' : 'he');
}

/**
 * How the story calls a character after meeting them: "Mara" for Mara Quinn.
 * A titled name keeps its title and drops given names between: "Captain Vela"
 * stays "Captain Vela", "Dr. Helena Marsh" is "Dr. Marsh".
 */
export function shortName(full: string): string {
  const words = full.trim().split(/\s+/);
  const first = words[0] ?? full;
  return titleOf(full) === undefined ? first : `${first} ${words[words.length - 1]}`;
}

const FEMININE =
  /\b(woman|women|girl|widow|queen|princess|lady|mother|sister|daughter|wife|witch|maid|maiden|nun|actress|empress|duchess|heiress|countess|baroness|godmother|grandmother|aunt|niece|bride|matriarch|priestess|sorceress|waitress|hostess|seamstress|goddess|mistress|diva|femme|heroine|ballerina|nanny|showgirl|madam|she|her)\b/i;
const MASCULINE =
  /\b(\w*(?<!wo)man|men|boy|widower|king|prince|lord|father|brother|son|husband|monk|actor|emperor|duke|count|baron|godfather|grandfather|uncle|nephew|groom|patriarch|priest|sorcerer|waiter|host|god|master|gentleman|he|his|him)\b/i;

/** Roles a character called she or he can hold: "an old woman at the well" is not for a he. */
function rolesFor(pronoun: Pronoun, roles: readonly string[]): readonly string[] {
  const excluded = pronoun === 'she' ? MASCULINE : FEMININE;
  const fitting = roles.filter((role) => !excluded.test(role));
  return fitting.length > 0 ? fitting : roles;
}

/** Heads of places too small, or too much in passing, to be where a hero grew up. */
const NOT_A_HOME =
  /\b(seat|car|van|taxi|cab|boot|trunk|booth|closet|cupboard|lift|elevator|stair|stairs|staircase|stairwell|corridor|hallway|cell|vault|crypt|tunnel|alley|rooftop|roof|ledge|window|door|gate|bench|table|desk|counter|platform|bridge|pier|jetty)$/i;

/** Bystanders the templates can treat as one person ("the undertaker waited"), not a group ("the villagers"). */
export function singularExtras(extras: readonly string[]): string[] {
  const single = extras.filter(
    (extra) =>
      !/^(the\s+)?(two|three|four|five|six|seven|eight|nine|ten|twelve|some|many|all)\b/i.test(extra) &&
      !/[^s]s$|\b(people|folk|children|men|women|crowd)$/i.test(extra),
  );
  return single.length > 0 ? single : [...extras];
}

function character(
  random: Random,
  lexicon: StyleLexicon,
  taken: Set<string>,
  pronoun: Pronoun,
  roles: readonly string[],
): Character {
  const names = pronoun === 'she' ? lexicon.femaleNames : lexicon.maleNames;
  const first = random.shuffle(names).find((name) => !taken.has(name)) ?? names[0] ?? 'Ada';
  taken.add(first);
  // Epithets ("the Sleepwalker") stand alone; given names take a family name.
  const surnames = lexicon.surnames.filter((surname) => ![...taken].some((name) => name.endsWith(` ${surname}`)));
  const full = /^(the|a|an)\s/i.test(first)
    ? first
    : `${first} ${random.pick(surnames.length > 0 ? surnames : lexicon.surnames)}`;
  taken.add(full);
  return { first, full, pronoun, role: random.pick(rolesFor(pronoun, roles)) };
}

export function buildWorld(request: BookGenerationRequest, random: Random): World {
  const type = resolveType(request);
  const style = resolveStyle(request, random.fork('style'));
  const lexicon = STYLE_LEXICONS[style];
  const reading = readPrompt(request.prompt);
  const taken = new Set<string>();

  const named = reading.names[0];
  const heroPronoun = reading.pronoun ?? (named ? pronounOf(named, random) : random.chance(0.5) ? 'she' : 'he');
  const hero: Character = named
    ? {
        first: shortName(named),
        full: named,
        pronoun: heroPronoun,
        role: reading.role ?? random.pick(rolesFor(heroPronoun, lexicon.heroRoles)),
      }
    : character(random, lexicon, taken, heroPronoun, lexicon.heroRoles);
  taken.add(hero.first);
  taken.add(hero.full);
  const secondName = reading.names[1];
  const allyPronoun = secondName ? pronounOf(secondName, random) : undefined;
  const ally: Character =
    secondName && allyPronoun
      ? {
          first: shortName(secondName),
          full: secondName,
          pronoun: allyPronoun,
          role: random.pick(rolesFor(allyPronoun, lexicon.allyRoles)),
        }
      : character(random, lexicon, taken, random.chance(0.5) ? 'she' : 'he', lexicon.allyRoles);
  taken.add(ally.first);
  const rival = character(random, lexicon, taken, random.chance(0.5) ? 'she' : 'he', lexicon.rivalRoles);
  const mentor = character(random, lexicon, taken, random.chance(0.5) ? 'she' : 'he', lexicon.mentorRoles);

  // The story's places are particular places: "the line shack", not "a line shack", after the first page.
  // Home is where people live and gossip, so a corner, a vehicle or a stair goes elsewhere in the story.
  const shuffled = random.shuffle(lexicon.places).map(definite);
  const homeAt = Math.max(
    0,
    shuffled.findIndex((place) => !NOT_A_HOME.test(shortForm(place))),
  );
  const places = [shuffled[homeAt]!, ...shuffled.filter((_, index) => index !== homeAt)];
  // A story the prompt sets somewhere ("two bakers in Lisbon") starts and ends there; picture books keep their
  // own gentle places, and non-fiction has no home.
  const promptedHome = reading.places?.[0];
  if (promptedHome && (type === 'novel' || type === 'short_story' || type === 'comic' || type === 'manga')) {
    places.unshift(promptedHome);
  }
  const objects = random.shuffle(lexicon.objects);
  const tone = request.customTone
    .split(/[,;/]|\band\b/)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0 && word.length <= 40)
    .slice(0, 4);
  const world: World = {
    type,
    style,
    lexicon,
    model: request.model,
    author: request.author,
    premise: request.prompt.trim(),
    prompted: request.prompt.trim().length > 0,
    heroNamed: named !== undefined,
    reading,
    topic: reading.topic ?? reading.subject ?? hero.full,
    tone,
    hero,
    ally,
    rival,
    mentor,
    extras: random.shuffle(singularExtras(lexicon.extras)),
    home: places[0] ?? 'home',
    journey: places.slice(1, -2),
    stronghold: places[places.length - 1] ?? 'the stronghold',
    // The thing the prompt's story turns on, when it names one, is the thing everybody wants.
    prize: definite(reading.object ?? objects[0] ?? 'the prize'),
    keepsake: definite(objects[1] ?? 'a keepsake'),
    clue: definite(objects[2] ?? 'a clue'),
    threat: random.pick(lexicon.threats),
    goal: random.pick(lexicon.goals),
    stakes: random.pick(lexicon.stakes),
    secret: random.pick(lexicon.secrets),
    theme: random.pick(lexicon.themes),
    readingDirection: type === 'manga' ? 'rtl' : 'ltr',
  };
  if (!world.prompted) world.premise = inventedPremise(world, random.fork('premise'));
  return world;
}

function definite(phrase: string): string {
  return phrase.replace(/^(a|an)\s+/i, 'the ');
}

/** Premises for a request without a prompt: who, what they want, what stands in the way. */
const PREMISES = [
  '[hero.full], [hero.role], must [goal] before [stakes].',
  'When [threat] comes to [home], [hero.full], [hero.role], has one chance to [goal].',
  '[hero.full] only ever wanted to [goal]. Then [threat] arrived, and [rival.full], [rival.role], wanted [prize] more.',
  'In [home], [hero.full], [hero.role], finds [prize], and with it [threat]. If [hero.he] fails, [stakes].',
  '[hero.full], [hero.role], and [ally.full], [ally.role], set out to [goal], with [rival.full] one step behind them.',
];

/** A premise for a request without a prompt, drawn from the book's own seed. */
function inventedPremise(world: World, random: Random): string {
  const chooser = new Chooser(random, 0, 1);
  return expand(random.pick(PREMISES), worldSlots(world), random, chooser);
}

/** Pronoun forms for the grammar, keyed like `hero.he`, `hero.his`. */
function pronounSlots(prefix: string, person: Character): Record<string, string> {
  const she = person.pronoun === 'she';
  return {
    [prefix]: person.first,
    [`${prefix}.full`]: person.full,
    [`${prefix}.role`]: person.role,
    [`${prefix}.he`]: she ? 'she' : 'he',
    [`${prefix}.him`]: she ? 'her' : 'him',
    [`${prefix}.his`]: she ? 'her' : 'his',
    [`${prefix}.hers`]: she ? 'hers' : 'his',
    [`${prefix}.self`]: she ? 'herself' : 'himself',
  };
}

/** Everything a template may name. Lists are drawn through the section's Chooser, so they vary without repeating. */
export function worldSlots(world: World): Slots {
  const { lexicon } = world;
  const named = (key: string, phrase: string): Record<string, string> => ({
    [key]: phrase,
    [`${key}.short`]: shortForm(phrase),
  });
  return {
    ...pronounSlots('hero', world.hero),
    ...pronounSlots('ally', world.ally),
    ...pronounSlots('rival', world.rival),
    ...pronounSlots('mentor', world.mentor),
    ...named('home', world.home),
    ...named('stronghold', world.stronghold),
    ...named('prize', world.prize),
    ...named('keepsake', world.keepsake),
    ...named('clue', world.clue),
    threat: world.threat,
    // "a will that named the wrong heir", then "the will": the threat is one particular thing once met.
    ...(shortForm(world.threat) !== world.threat ? { 'threat.short': definite(shortForm(world.threat)) } : {}),
    goal: world.goal,
    stakes: world.stakes,
    secret: world.secret,
    theme: world.theme,
    topic: world.topic,
    styleLabel: lexicon.label,
    tone: world.tone.length > 0 ? world.tone : lexicon.adjectives,
    place: lexicon.places,
    sight: lexicon.sights,
    sound: lexicon.sounds,
    smell: lexicon.smells,
    time: lexicon.times,
    object: lexicon.objects,
    adjective: lexicon.adjectives,
    jargon: lexicon.jargon,
    action: lexicon.actions,
    exclamation: lexicon.exclamations,
    saying: lexicon.sayings,
    extra: world.extras,
    sfx: lexicon.soundEffects,
    otherTheme: lexicon.themes.filter((theme) => theme !== world.theme),
  };
}
