/**
 * Picture books for readers of three to six: the arc of story-outline.ts made
 * gentle, one short page per beat. The world's style only lends its
 * children's lexicon (a pony called Biscuit, a big red barn, a shiny silver
 * star) and the hero's name; nothing of its threats, so a horror or noir
 * request still gives a book to read at bedtime. Each page is one paragraph
 * of one to three short sentences; a refrain comes back on every try and in
 * the sad moment, and turns happy when the problem is solved.
 */
import type { BookBlock } from '../../../book/book-document';
import type { ModelId } from '../../../catalog/catalog';
import { Chooser, expand, type Slots } from '../grammar';
import { hashString, type Random } from '../prng';
import { capitalize, countText, titleCase, withArticle } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import type { World } from '../world';
import {
  CRITTERS,
  LIGHTS,
  ODDITIES,
  PAGE_ROLES,
  PAGE_TITLES,
  type PageRole,
  type PageText,
  type Plot,
  type PlotId,
  PLOTS,
  SHARED_PAGES,
  SNACKS,
  STYLE_PLOTS,
  PROMPT_PLOTS,
  TRY_CHEERS,
} from './picture-book-material';
import { type StoryBeat, storyBeats } from './story-outline';
import { escapeRegExp } from '../../../common/escape-reg-exp';

/** Places and things longer than this lose their tail ("the misty hill with a crooked tree" is "the misty hill"). */
const MAX_NAME_WORDS = 5;

/** Pages by model, and what a page measures in words, so the planned and delivered length agree. */
const LENGTHS: Record<ModelId, { pages: number; words: number }> = {
  '2.0': { pages: 12, words: 16 },
  '3.0': { pages: 16, words: 16 },
};

/** A friend of the hero's: "Biscuit", and "Biscuit the pony" on first meeting. */
interface Pal {
  name: string;
  full: string;
}

/** The picture book's hero: "Pip", "Pip the hedgehog", "a hedgehog called Pip". */
interface Hero {
  name: string;
  full: string;
  once: string;
}

/** Who and what the picture book is about: the same for every page, decided from the world alone. */
interface Cast {
  plot: PlotId;
  hero: Hero;
  friend: Pal;
  helper: Pal;
  grumpy: Pal;
  home: string;
  /** Where the friends travel, in order. */
  places: string[];
  /** The faraway place of the "far" plot. */
  goal: string;
  thing: string;
  /** What the hero of the brave plot is scared of. */
  fear: string;
}

export class PictureBookWriter implements TypeWriter {
  outline(world: World, random: Random): BookOutline {
    const { pages, words } = LENGTHS[world.model];
    const beats = storyBeats(pages);
    const cast = pictureBookCast(world);
    const plot = PLOTS[cast.plot];
    const chooser = new Chooser(random, 0, 1);
    const slots = bookSlots(world, cast);
    const write = (template: string, extra?: Slots): string =>
      expand(template, extra ? { ...slots, ...extra } : slots, random, chooser);
    const spots = pageSpots(cast, beats);
    const used = new Set<string>();
    const titles = beats.map((beat, index) => {
      const role = PAGE_ROLES[beat];
      const own = pageText(world, cast, beats, index).title;
      const candidates = [...(own ? [own] : []), ...random.shuffle([...titlePool(role, plot)])];
      for (const template of candidates) {
        const title = titleCase(write(template, { spot: spots[index] ?? cast.home }).replace(/[.]$/, ''));
        if (!used.has(title.toLowerCase())) {
          used.add(title.toLowerCase());
          return title;
        }
      }
      return `Page ${index + 1}`;
    });
    return {
      title: titleCase(write(random.pick(plot.titles))),
      subtitle: 'A picture book',
      synopsis: world.prompted ? world.premise : write(plot.synopsis),
      frontMatter: { dedication: write(random.pick(plot.dedications)) },
      sections: beats.map((beat, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'page',
        title: titles[index] ?? `Page ${index + 1}`,
        label: 'page',
        purpose: beat,
        words,
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    const { world, section, outline } = context;
    const cast = pictureBookCast(world);
    const plot = PLOTS[cast.plot];
    const beats = outline.sections.map((entry) => entry.purpose as StoryBeat);
    const index = section.number - 1;
    const role = PAGE_ROLES[beats[index] ?? 'ordinary'];
    const page = pageText(world, cast, beats, index);
    const base = hashString(`${world.hero.full}\u0000${role}`);
    const slots: Slots = {
      ...bookSlots(world, cast),
      spot: pageSpots(cast, beats)[index] ?? cast.home,
      critter: pageItem(CRITTERS, section.number, base),
      light: pageItem(LIGHTS, section.number, base),
      oddity: pageItem(ODDITIES, section.number, base),
      snack: pageItem(SNACKS, section.number, base),
    };
    const sentences = page.text.map((template) => context.write(template, slots));
    if (role === 'try' || role === 'low') sentences.push(context.write(plot.refrain, slots));
    if (role === 'solution') sentences.push(context.write(plot.resolved, slots));
    if (section.number === outline.sections.length) sentences.push('The end.');
    const blocks: BookBlock[] = [{ kind: 'paragraph', text: sentences.join(' ') }];
    // 3.0 books let the friends call out on their tries too.
    const say =
      page.say ??
      (role === 'try' && world.model === '3.0' && context.random.chance(0.6)
        ? ([cast.plot === 'sad' ? 'hero' : 'friend', context.pick(TRY_CHEERS)] as const)
        : undefined);
    if (say) {
      const [who, line] = say;
      blocks.push({ kind: 'dialogue', speaker: speakerName(cast, who), text: context.write(line, slots) });
    }
    return blocks;
  }
}

/**
 * The text of page `index`. Pages that share a role (the tries) take
 * different texts, the nth page of a role the nth text; an idea and its
 * solution belong together, so both take the book's one index.
 */
function pageText(world: World, cast: Cast, beats: readonly StoryBeat[], index: number): PageText {
  const role = PAGE_ROLES[beats[index] ?? 'ordinary'];
  const pool = pagePool(role, PLOTS[cast.plot]);
  const occurrence = beats.slice(0, index).filter((beat) => PAGE_ROLES[beat] === role).length;
  const at =
    role === 'idea' || role === 'solution'
      ? hashString(world.hero.full)
      : hashString(`${world.hero.full}\u0000${role}`) + occurrence;
  return pool[at % pool.length] as PageText;
}

/** The texts a page of this role draws from: the plot's own for its four turns, the shared ones otherwise. */
function pagePool(role: PageRole, plot: Plot): readonly PageText[] {
  if (role === 'problem') return plot.problem;
  if (role === 'try') return plot.tries;
  if (role === 'idea') return plot.idea;
  if (role === 'solution') return plot.solution;
  return SHARED_PAGES[role];
}

function titlePool(role: PageRole, plot: Plot): readonly string[] {
  if (role === 'problem') return [...plot.problemTitles, ...PAGE_TITLES.problem];
  if (role === 'try') return [...plot.tryTitles, ...PAGE_TITLES.try];
  if (role === 'solution') return [...plot.solutionTitles, ...PAGE_TITLES.solution];
  return PAGE_TITLES[role];
}

function speakerName(cast: Cast, who: 'hero' | 'friend' | 'helper' | 'grumpy'): string {
  return who === 'hero' ? cast.hero.name : cast[who].name;
}

/** One entry of a list per page, a different one on each page until the list runs out. */
function pageItem(list: readonly string[], page: number, base: number): string {
  return list[(base + page) % list.length] ?? list[0] ?? '';
}

/** The slots every page shares. Names are repeated in full, the way picture books do, never shortened. */
function bookSlots(world: World, cast: Cast): Slots {
  const she = world.hero.pronoun === 'she';
  const pal = (key: string, friend: Pal): Record<string, string> => ({
    [key]: friend.name,
    [`${key}.full`]: friend.full,
  });
  return {
    hero: cast.hero.name,
    'hero.full': cast.hero.full,
    'hero.once': cast.hero.once,
    'hero.he': she ? 'she' : 'he',
    'hero.him': she ? 'her' : 'him',
    'hero.his': she ? 'her' : 'his',
    ...pal('friend', cast.friend),
    ...pal('helper', cast.helper),
    ...pal('grumpy', cast.grumpy),
    home: cast.home,
    'home.short': cast.home,
    goal: cast.goal,
    thing: cast.thing,
    fear: cast.fear,
    quest: PLOTS[cast.plot].quest,
  };
}

/** Where each page happens: home at both ends, a new place for every try and meeting, the goal at the end of the "far" plot. */
function pageSpots(cast: Cast, beats: readonly StoryBeat[]): string[] {
  let step = 0;
  let current = cast.home;
  return beats.map((beat) => {
    const role = PAGE_ROLES[beat];
    if (role === 'intro' || role === 'problem' || role === 'ask' || role === 'setOff' || role === 'home') {
      current = cast.home;
    } else if (role === 'try' || role === 'grumpy' || role === 'idea') {
      current = cast.places[step % Math.max(1, cast.places.length)] ?? cast.home;
      step += 1;
    } else if (role === 'solution' && cast.plot === 'far') {
      current = cast.goal;
    }
    return current;
  });
}

const CAST = new WeakMap<World, Cast>();

/**
 * The picture book's cast, from the world alone (so every page agrees): the
 * friend the prompt names, or one from the style's children's lexicon; two
 * more of those as the wise helper and the grumpy neighbour; the places, the
 * precious thing, and the plot, which leans on the style (a dark night for
 * horror, a lost thing for noir, a faraway place for science fiction).
 */
function pictureBookCast(world: World): Cast {
  let cast = CAST.get(world);
  if (cast) return cast;
  const { children } = world.lexicon;
  const seed = hashString(`${world.style}\u0000${world.hero.full}\u0000${world.premise}`);
  const rotate = <T>(list: readonly T[], by: number): T[] => list.map((_, index) => list[(index + by) % list.length]!);
  const pals = rotate(children.friends, seed % children.friends.length).map(pal);
  const prompted = promptedFriend(world) ?? promptedPet(world, pals[0]!);
  const friend = prompted ?? pals[0]!;
  const others = pals.filter((other) => other.name !== friend.name);
  const places = rotate(children.places, (seed >>> 3) % children.places.length).map(kidName);
  const plots = Object.keys(PLOTS) as PlotId[];
  const asked = world.prompted ? PROMPT_PLOTS.find(([pattern]) => pattern.test(world.premise))?.[1] : undefined;
  const leaning = STYLE_PLOTS[world.style];
  const plot = asked ?? (leaning && seed % 5 !== 0 ? leaning : plots[(seed >>> 5) % plots.length]!);
  cast = {
    plot,
    hero: pictureBookHero(world),
    friend,
    helper: others[0] ?? { name: 'Owl', full: 'Owl' },
    grumpy: others[1] ?? { name: 'Badger', full: 'Badger' },
    home: places[0] ?? 'home',
    places: places.slice(1, plot === 'far' ? -1 : undefined),
    goal: places.at(-1) ?? 'the hill',
    thing: kidName(
      world.reading.object ?? children.things[(seed >>> 7) % children.things.length] ?? 'a little red ball',
    ),
    fear: fearOf(world.premise) ?? 'new things',
  };
  CAST.set(world, cast);
  return cast;
}

/** Prompt nouns for people: "a girl who wants to fly" is a girl with a name, not a hero called Girl. */
const PEOPLE =
  /^(girl|boy|child|kid|baby|toddler|man|woman|lady|gentleman|princess|prince|king|queen|knight|pirate|witch|wizard|teacher|doctor|farmer|grandma|grandpa|granny|sister|brother|twins?|family|friend|student|detective)$/i;

/**
 * Who the book is about. A hero the prompt names keeps the kind the prompt
 * gives ("a small hedgehog named Pip" is Pip the small hedgehog). A prompt
 * that names no one but a creature or a thing ("a little cloud who is afraid
 * of thunder") makes that the hero, as picture books do: Little Cloud.
 */
function pictureBookHero(world: World): Hero {
  const name = capitalize(world.hero.first);
  const kind = world.heroNamed ? world.reading.role?.replace(/^(a|an|the)\s+/i, '') : undefined;
  if (kind && !PEOPLE.test(kind.split(/\s+/).at(-1) ?? '')) {
    return { name, full: `${name} the ${kind}`, once: `${withArticle(kind)} called ${name}` };
  }
  const topic = world.reading.topic;
  if (!world.heroNamed && topic && /^[\p{Ll}-]+(?: [\p{Ll}-]+){0,2}$/u.test(topic)) {
    const head = topic.split(' ').at(-1) ?? topic;
    if (!PEOPLE.test(head)) {
      const creature = titleCase(topic.includes(' ') ? topic : `little ${topic}`);
      return { name: creature, full: creature, once: creature };
    }
    return { name, full: name, once: `${withArticle(topic)} called ${name}` };
  }
  return { name, full: name, once: `a child called ${name}` };
}

/** "afraid of thunder and lightning" -> "thunder and lightning"; "scared of the big slide" -> "the big slide". */
function fearOf(premise: string): string | undefined {
  const match =
    /\b(?:afraid|scared|frightened|terrified|nervous|worried) (?:of|about) ((?:the |big |loud |dark |deep )*[\p{Ll}-]+(?: (?:and|or) [\p{Ll}-]+)?)/u.exec(
      premise,
    ) ?? /\bfears? ((?:the )?[\p{Ll}-]+)/u.exec(premise);
  const fear = match?.[1]?.trim();
  if (!fear || /^(to|that|of|about|what|when|being|going)$/i.test(fear)) return undefined;
  return fear;
}

/** "a pony called Biscuit" -> Biscuit, "Biscuit the pony"; "a robot called Bolt who wants to dance" -> Bolt the robot. */
function pal(phrase: string): Pal {
  const match = /^(?:a|an|the)\s+(.+?)\s+called\s+(.+)$/i.exec(phrase);
  if (!match) return { name: capitalize(phrase), full: capitalize(phrase) };
  const kind = (match[1] ?? '').split(/\s+(?:with|on|in|who|from)\s+/)[0] ?? '';
  const name = /^\p{Lu}[\p{L}’'-]*(?:\s+\p{Lu}[\p{L}’'-]*)*/u.exec(match[2] ?? '')?.[0] ?? match[2] ?? '';
  return { name, full: `${name} the ${kind}` };
}

/** The hero's friend when the prompt names one ("her robot friend Pip"), with what the prompt calls them. */
function promptedFriend(world: World): Pal | undefined {
  const name = world.ally.first;
  if (!world.prompted || !new RegExp(`\\b${escapeRegExp(name)}\\b`).test(world.premise)) return undefined;
  const kind = new RegExp(`\\b([a-z]+)(?:\\s+friend)?,?\\s+(?:called\\s+|named\\s+)?${escapeRegExp(name)}\\b`).exec(
    world.premise,
  )?.[1];
  const plain = !kind || /^(and|or|her|his|their|my|our|with|named|called|friend|a|an|the|best|to|of)$/.test(kind);
  return { name, full: plain ? name : `${name} the ${kind}` };
}

/** "Milo and his dog": the dog is the friend, named from the style's lexicon ("Biscuit the dog"). */
function promptedPet(world: World, named: Pal): Pal | undefined {
  if (!world.prompted) return undefined;
  const kind =
    /\b(?:his|her|their|my|a|an|the)\s+(?:little\s+|old\s+|best\s+)?(dog|puppy|cat|kitten|bunny|rabbit|pony|horse|duck|bear|teddy|robot|dragon|owl|mouse|frog|fox|parrot|goat|pig|hamster|tortoise|turtle)\b/i.exec(
      world.premise,
    )?.[1];
  if (!kind || kind.toLowerCase() === world.hero.role.split(/\s+/).at(-1)?.toLowerCase()) return undefined;
  return { name: named.name, full: `${named.name} the ${kind.toLowerCase()}` };
}

/**
 * A place or thing as the book names it: "a big red barn" -> "the big red
 * barn"; a long one loses its tail so sentences stay short: "a misty hill
 * with a crooked tree" -> "the misty hill".
 */
function kidName(phrase: string): string {
  const definite = phrase.replace(/^(a|an)\s+/i, 'the ');
  if (countText(definite) <= MAX_NAME_WORDS) return definite;
  const head =
    /^(\S+\s+\S+.*?)\s+(?:with|full|on|in|by|over|that|as|behind|high|at|of|growing|from|under|near|where|who|which)\s/.exec(
      definite,
    )?.[1];
  return head && countText(head) <= MAX_NAME_WORDS ? head : definite;
}
