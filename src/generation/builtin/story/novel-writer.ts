/**
 * Novels and short stories: the arc of story-outline.ts told in chapters (or
 * parts) of prose, with dialogue set the way books set it (quotation marks,
 * speech tags, action between the lines), scene breaks, small interludes
 * between the big beats, and narration that leans toward the requested tone.
 */
import type { BookBlock } from '../../book-document';
import type { Slots } from '../grammar';
import { countText, titleCase } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import type { Random } from '../prng';
import type { Character, World } from '../world';
import { BEATS, type Line, type Speaker } from './story-beats';
import { BEAT_COMPANION, scenePlaces, type StoryBeat, storyBeats } from './story-outline';
import { BANTER, DESCRIPTIONS, INTERIOR, INTERLUDES, OPENINGS, TONE_ASIDES, TONE_KINDS } from './prose-pools';
import { storyFrontMatter, storyTitle, uniqueTitles } from './story-shared';

type Form = 'novel' | 'short_story';

/** Sections and words per section by model: 3.0 is sold as longer and richer. */
const LENGTHS: Record<Form, Record<'2.0' | '3.0', { sections: number; words: number }>> = {
  novel: { '2.0': { sections: 10, words: 950 }, '3.0': { sections: 15, words: 1400 } },
  short_story: { '2.0': { sections: 4, words: 650 }, '3.0': { sections: 6, words: 900 } },
};

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
      subtitle: `A ${world.lexicon.label} ${this.form === 'novel' ? 'novel' : 'short story'}`,
      synopsis: world.premise,
      frontMatter: storyFrontMatter(world, random),
      sections: beats.map((beat, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'chapter',
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
    const blocks: BookBlock[] = [];
    let words = 0;
    const add = (block: BookBlock | undefined): void => {
      if (!block) return;
      blocks.push(block);
      if (block.kind === 'paragraph') words += countText(block.text);
    };
    const paragraph = (templates: readonly string[]): BookBlock => ({
      kind: 'paragraph',
      text: templates.map((template) => context.write(template, scene)).join(' '),
    });
    const talk = (lines: readonly Line[]): void => {
      for (const text of conversation(context, lines, scene)) add({ kind: 'paragraph', text });
    };

    add(paragraph(context.pick(OPENINGS)));
    add(paragraph(context.pick(material.setup)));
    talk(context.pick(material.talk));
    add(paragraph(context.pick(material.event)));
    const aside = toneAside(context);
    if (aside) add(paragraph([aside]));

    const budget = context.section.words;
    // The second half of a long chapter: another scene, then the beat's other conversation and event.
    if (words < budget * 0.6) {
      blocks.push({ kind: 'scene_break' });
      add(paragraph(context.pick(INTERLUDES)));
      if (material.talk.length > 1) talk(context.pick(material.talk));
      if (material.event.length > 1) add(paragraph(context.pick(material.event)));
    }
    add(paragraph(context.pick(INTERIOR)));
    // Texture until the chapter is long enough, without repeating a paragraph inside the chapter.
    const fillers: Array<() => void> = [
      () => add(paragraph(context.pick(DESCRIPTIONS))),
      () => talk(context.pick(BANTER)),
      () => add(paragraph(context.pick(INTERIOR))),
      () => add(paragraph(context.pick(INTERLUDES))),
    ];
    for (let round = 0; words < budget * 0.92 && round < 12; round += 1) fillers[round % fillers.length]!();
    add(paragraph([context.pick(material.hook)]));
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
  const out: string[] = [];
  let previous: Speaker | undefined;
  lines.forEach(([speaker, template], index) => {
    const said = context.write(template, scene);
    const name = speakerName(world, beat, speaker, context);
    const question = /\?["”’]?$/.test(said);
    const exclaimed = /!["”’]?$/.test(said);
    const verb = question
      ? context.pick(['asked', 'said', 'wanted to know'])
      : exclaimed
        ? context.pick(['said', 'shouted', 'snapped'])
        : index === 0
          ? context.pick(['said', 'said quietly', 'began'])
          : context.pick(['said', 'said', 'said quietly', 'replied', 'answered', 'murmured']);
    // Tag the first two lines so a reader knows who is who; after that, tag now and then, and never twice alike.
    const tagged = index < 2 || previous === speaker || context.random.chance(0.35);
    previous = speaker;
    if (!tagged) {
      out.push(`“${said}”`);
      return;
    }
    const style = context.random.int(0, 3);
    if (style === 0 && !question && !exclaimed && /[.…]$/.test(said)) {
      out.push(`“${said.replace(/\.$/, ',')}” ${name} ${verb}.`);
    } else if (style === 1) {
      out.push(`${capitalizeName(name)} ${context.fragment('[action]', scene)}. “${said}”`);
    } else if (style === 2 && !question) {
      out.push(
        `“${said}” ${capitalizeName(name)} ${context.pick(['looked away', 'shrugged', 'did not smile', 'almost smiled', 'waited'])}.`,
      );
    } else {
      const splitAt = said.search(/[.!?] /);
      if (splitAt > 0 && splitAt < said.length - 3) {
        const first = said.slice(0, splitAt + 1).replace(/\.$/, ',');
        out.push(`“${first}” ${name} ${verb}. “${said.slice(splitAt + 2)}”`);
      } else {
        out.push(`“${said.replace(/\.$/, ',')}” ${name} ${verb}.`);
      }
    }
  });
  return out;
}

function speakerName(world: World, beat: StoryBeat, speaker: Speaker, context: SectionContext): string {
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
    case 'extra':
      return context.write('[extra]');
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
