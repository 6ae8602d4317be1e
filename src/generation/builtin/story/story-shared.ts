/** What every story-shaped book shares whatever its form: the title, the section titles, the front matter. */
import type { FrontMatter } from '../../../book/book-document';
import { Chooser, expand } from '../grammar';
import type { Random } from '../prng';
import { titleCase } from '../text';
import { type World, worldSlots } from '../world';
import { BEATS } from './story-beats';
import type { StoryBeat } from './story-outline';

const BOOK_TITLES = [
  '[prize:the]',
  '[threat]',
  'the [adjective] [jargon:bare]',
  '[stronghold]',
  'a {song|ballad|tale|story} of [theme]',
];

const NAMED_TITLES = [
  '[hero.full] and [prize:the]',
  '[hero.full] and [threat:the]',
  'the {trials|road|long year|war} of [hero.full]',
];

/** The book's title: the hero's name when the prompt gave one (the client should recognise the book), else the story's prize or threat. */
export function storyTitle(world: World, random: Random): string {
  const chooser = new Chooser(random, 0, 1);
  const pool = world.heroNamed ? NAMED_TITLES : BOOK_TITLES;
  return titleCase(expand(random.pick(pool), worldSlots(world), random, chooser));
}

/** One title per section, never the same twice in a book. */
export function uniqueTitles(
  world: World,
  random: Random,
  beats: readonly StoryBeat[],
  places: readonly string[],
): string[] {
  const slots = worldSlots(world);
  const used = new Set<string>();
  return beats.map((beat, index) => {
    const chooser = new Chooser(random, index, beats.length);
    for (const template of random.shuffle(BEATS[beat].titles)) {
      const title = titleCase(expand(template, { ...slots, here: places[index] ?? world.home }, random, chooser));
      if (!used.has(title.toLowerCase())) {
        used.add(title.toLowerCase());
        return title;
      }
    }
    return `${index + 1}`;
  });
}

export function storyFrontMatter(world: World, random: Random): FrontMatter {
  const chooser = new Chooser(random, 0, 1);
  const slots = worldSlots(world);
  const write = (template: string): string => expand(template, slots, random, chooser);
  return {
    dedication: write(
      random.pick([
        'For everyone who ever wanted to [goal].',
        'For those who stayed, and those who went.',
        'For the ones who kept the lamps lit.',
        'To [theme], which is harder than it looks.',
      ]),
    ),
    foreword: [`${write('[saying]')} — ${world.mentor.full}`],
    cast: [
      { name: world.hero.full, description: `${world.hero.role}, who wants to ${world.goal}` },
      { name: world.ally.full, description: `${world.ally.role}, with a past` },
      { name: world.mentor.full, description: world.mentor.role },
      {
        name: world.rival.full,
        description: `${world.rival.role}, who wants ${world.prize.replace(/^(a|an)\s/i, 'the ')}`,
      },
    ],
  };
}
