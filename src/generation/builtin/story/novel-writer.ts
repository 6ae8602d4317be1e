/**
 * Novels and short stories: the arc of story-outline.ts told in chapters (or
 * parts) of prose, with dialogue set the way books set it (quotation marks,
 * speech tags, action between the lines), scene breaks, small interludes
 * between the big beats, and narration that leans toward the requested tone.
 */
import type { BookBlock } from '../../../book/book-document';
import { shortForm, type Slots } from '../grammar';
import { capitalize, countText, titleCase, withArticle } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import type { Random } from '../prng';
import type { Character, World } from '../world';
import { BEATS, type Line, type Speaker } from './story-beats';
import { BEAT_COMPANION, scenePlaces, type StoryBeat, storyBeats } from './story-outline';
import {
  BANTER,
  DESCRIPTIONS,
  ENCOUNTERS,
  FLASHBACKS,
  INTERIOR,
  INTERLUDES,
  OPENINGS,
  RIVAL_SCENES,
  TONE_ASIDES,
  TONE_KINDS,
} from './prose-pools';
import { storyFrontMatter, storyTitle, uniqueTitles } from './story-shared';

type Form = 'novel' | 'short_story';

/** Sections and words per section by model: 3.0 is sold as longer and richer. */
const LENGTHS: Record<Form, Record<'2.0' | '3.0', { sections: number; words: number }>> = {
  novel: { '2.0': { sections: 10, words: 500 }, '3.0': { sections: 15, words: 1000 } },
  short_story: { '2.0': { sections: 4, words: 500 }, '3.0': { sections: 6, words: 850 } },
};

/** Beats whose variants tell one event in different ways: told twice, the showdown would happen twice. */
const ONE_TIME_BEATS: ReadonlySet<StoryBeat> = new Set(['climax', 'trials', 'midpoint', 'rival', 'betrayal']);

export class NovelWriter implements TypeWriter {
  constructor(private readonly form: Form) {}

  outline(world: World, random: Random): BookOutline {
    const { sections, words } = LENGTHS[this.form][world.model];
    const beats = storyBeats(sections);
    const places = scenePlaces(world, beats);
    const titles = uniqueTitles(world, random, beats, places);
    const label = this.form === 'novel' ? 'chapter' : 'part';
    return {
      title: storyTitle(world, random),
      subtitle: `${capitalize(withArticle(world.lexicon.label))} ${this.form === 'novel' ? 'novel' : 'short story'}`,
      synopsis: world.premise,
      frontMatter: storyFrontMatter(world, random),
      sections: beats.map((beat, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: this.form === 'novel' ? 'chapter' : 'part',
        title: titles[index] ?? `${titleCase(label)} ${index + 1}`,
        label,
        purpose: beat,
        words,
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    const beat = context.section.purpose as StoryBeat;
    const material = BEATS[beat];
    const scene = sceneSlots(context);
    const sections = context.outline.sections.length;
    const blocks: BookBlock[] = [];
    let words = 0;
    const add = (block: BookBlock): void => {
      blocks.push(block);
      if (block.kind === 'paragraph') words += countText(block.text);
    };
    const paragraph = (templates: readonly string[]): void =>
      add({ kind: 'paragraph', text: templates.map((template) => context.write(template, scene)).join(' ') });
    const talk = (lines: readonly Line[]): void => {
      for (const text of conversation(context, lines, scene)) add({ kind: 'paragraph', text });
    };
    // A shared pool gives each section its fair share, so no paragraph comes back later in the book.
    const used = new Map<readonly unknown[], number>();
    const index = context.section.number - 1;
    const fromPool = <T>(pool: readonly T[], write: (item: T) => void): boolean => {
      const count = used.get(pool) ?? 0;
      // This section's slice of the pool (see Chooser): a pool smaller than the book skips some sections.
      const share = Math.floor(((index + 1) * pool.length) / sections) - Math.floor((index * pool.length) / sections);
      if (count >= share) return false;
      used.set(pool, count + 1);
      write(context.pick(pool));
      return true;
    };
    // The beat's own material in a random order, so each scene uses different variants.
    const setups = context.random.shuffle(material.setup);
    const talks = context.random.shuffle(material.talk);
    const events = context.random.shuffle(material.event);
    const richer = context.world.model === '3.0';

    // A beat whose variants are one event told differently (the showdown, the betrayal) happens once:
    // its second conversation comes before the event, and its second scene has no setup or event of its own.
    const once = ONE_TIME_BEATS.has(beat);
    fromPool(OPENINGS, paragraph);
    if (once && richer && setups[1]) paragraph(setups[1]);
    paragraph(setups[0] ?? []);
    talk(talks[0] ?? []);
    if (once && talks[1]) talk(talks[1]);
    paragraph(events[0] ?? []);
    const aside = toneAside(context);
    if (aside) paragraph([aside]);

    // A second scene: a breathing space, then the beat's other conversation and turn.
    if (richer || words < context.section.words * 0.6) {
      blocks.push({ kind: 'scene_break' });
      fromPool(INTERLUDES, paragraph);
      if (!once && richer && setups[1]) paragraph(setups[1]);
      if (!once && talks[1]) talk(talks[1]);
      if (!once && events[1]) paragraph(events[1]);
    }
    fromPool(INTERIOR, paragraph);
    // Longer books cut away to the rival now and then, and look back into the hero's past.
    if (richer && beat !== 'climax' && beat !== 'aftermath' && beat !== 'homecoming') {
      blocks.push({ kind: 'scene_break' });
      fromPool(RIVAL_SCENES, paragraph);
      blocks.push({ kind: 'scene_break' });
    }
    if (richer) fromPool(FLASHBACKS, paragraph);
    const fillers: Array<() => boolean> = [
      () => fromPool(DESCRIPTIONS, paragraph),
      () => fromPool(BANTER, talk),
      () => fromPool(INTERIOR, paragraph),
      () => fromPool(INTERLUDES, paragraph),
      () => fromPool(ENCOUNTERS, talk),
    ];
    for (let round = 0; words < context.section.words && round < fillers.length * 3; round += 1) {
      fillers[round % fillers.length]!();
    }
    if (!once && richer && events[2]) paragraph(events[2]);
    paragraph([context.pick(material.hook)]);
    return blocks;
  }
}

/** The slots of one section: where it happens, who the hero talks to, what the hero remembers. */
export function sceneSlots(context: SectionContext): Slots {
  const beats = context.outline.sections.map((section) => section.purpose as StoryBeat);
  const index = context.section.number - 1;
  const beat = beats[index] ?? 'ordinary';
  const here = scenePlaces(context.world, beats)[index] ?? context.world.home;
  const other = companion(context.world, beat);
  const earlier = beats.slice(0, index);
  const places = scenePlaces(context.world, beats);
  // Memories are of earlier sections only, named with the place where they happened.
  const memories = earlier.flatMap((past, pastIndex) =>
    BEATS[past].memory.map((memory) => memory.replaceAll('[here]', places[pastIndex] ?? context.world.home)),
  );
  return {
    here,
    'here.short': shortForm(here),
    other: other.first,
    'other.he': other.pronoun === 'she' ? 'she' : 'he',
    'other.him': other.pronoun === 'she' ? 'her' : 'him',
    'other.his': other.pronoun === 'she' ? 'her' : 'his',
    memory: memories.length > 0 ? memories : ['the old days', 'the years before all this'],
  };
}

function companion(world: World, beat: StoryBeat): Character {
  return world[BEAT_COMPANION[beat]];
}

/** Dialogue as prose: quotation marks, a speech tag on the first lines, action beats now and then. */
export function conversation(context: SectionContext, lines: readonly Line[], scene: Slots): string[] {
  const { world } = context;
  const beat = context.section.purpose as StoryBeat;
  // One bystander per conversation, whoever the lines call "extra".
  const extra = context.fragment('[extra]', scene);
  // The lines name the same bystander who speaks them.
  const lineSlots: Slots = { ...scene, extra };
  const out: string[] = [];
  let previous: Speaker | undefined;
  lines.forEach(([speaker, template], index) => {
    const said = context.write(template, lineSlots);
    const name = speaker === 'extra' ? extra : speakerName(world, beat, speaker);
    // A long line is split around its tag: “First sentence,” she said. “The rest.”
    const splitAt = said.search(/[.!?] /);
    const first = splitAt > 0 && splitAt < said.length - 3 ? said.slice(0, splitAt + 1) : said;
    const rest = first === said ? '' : said.slice(splitAt + 2);
    const verb = speechVerb(context, first, index);
    // Tag the first two lines so a reader knows who is who; after that, tag now and then.
    const tagged = index < 2 || previous === speaker || context.random.chance(0.35);
    previous = speaker;
    if (!tagged) {
      out.push(`“${said}”`);
      return;
    }
    const style = context.random.int(0, 3);
    if (style === 1) {
      // A gesture, not one of the style's deeds: "lit a candle and climbed the stair" is not business between lines.
      const gesture = context.pick(GESTURES);
      const slots = { ...scene, ...personSlots(speaker, world, beat) };
      out.push(`${capitalizeName(name)} ${context.fragment(gesture, slots)}. “${said}”`);
    } else if (style === 2 && !/\?$/.test(said)) {
      out.push(
        `“${said}” ${capitalizeName(name)} ${context.pick(['looked away', 'shrugged', 'did not smile', 'almost smiled', 'waited'])}.`,
      );
    } else if (rest) {
      out.push(`“${first.replace(/\.$/, ',')}” ${name} ${verb}. “${rest}”`);
    } else {
      out.push(`“${said.replace(/\.$/, ',')}” ${name} ${verb}.`);
    }
  });
  return out;
}

function speechVerb(context: SectionContext, sentence: string, index: number): string {
  if (/\?$/.test(sentence)) return context.pick(['asked', 'asked', 'said', 'asked quietly']);
  if (/!$/.test(sentence)) return context.pick(['said', 'shouted', 'snapped']);
  if (index === 0) return context.pick(['said', 'said quietly', 'began']);
  return context.pick(['said', 'said', 'said quietly', 'replied', 'answered', 'murmured']);
}

/** Small movements between lines of dialogue; `who` is the speaker. */
const GESTURES = [
  'leaned forward',
  'folded [who.his] arms',
  'rubbed [who.his] eyes',
  'glanced at the door',
  'looked up',
  'let out a long breath',
  'turned away',
  'hesitated',
  'sat down heavily',
  'shook [who.his] head',
  'smiled without meaning it',
  'lowered [who.his] voice',
  'stopped walking',
  'put a hand on the table',
  'stared at the floor',
  'nodded slowly',
  'spread [who.his] hands',
  'waited a moment',
];

function personSlots(speaker: Speaker, world: World, beat: StoryBeat): Slots {
  const person =
    speaker === 'hero'
      ? world.hero
      : speaker === 'extra'
        ? undefined
        : speaker === 'other'
          ? companion(world, beat)
          : world[speaker];
  const she = person?.pronoun === 'she';
  return { 'who.his': person ? (she ? 'her' : 'his') : 'their', 'who.he': person ? (she ? 'she' : 'he') : 'they' };
}

function speakerName(world: World, beat: StoryBeat, speaker: Exclude<Speaker, 'extra'>): string {
  switch (speaker) {
    case 'hero':
      return world.hero.first;
    case 'other':
      return companion(world, beat).first;
    case 'ally':
      return world.ally.first;
    case 'rival':
      return world.rival.first;
    case 'mentor':
      return world.mentor.first;
  }
}

function capitalizeName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** One sentence in the requested tone, when the client asked for one this engine recognises. */
function toneAside(context: SectionContext): string | undefined {
  const kinds = new Set(
    context.world.tone.flatMap((word) => TONE_KINDS.filter(([pattern]) => pattern.test(word)).map(([, kind]) => kind)),
  );
  if (kinds.size === 0) return undefined;
  const kind = context.pick([...kinds]);
  return context.pick(TONE_ASIDES[kind]);
}
