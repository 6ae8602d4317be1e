/**
 * Comics and manga: the arc of story-outline.ts told one page per beat, each
 * page a run of numbered panels in comic-script form. A page opens wide on
 * its place, plays its talk in short balloons, cuts to its key action and to
 * faces, lets sound effects land, and closes on a panel that turns the page.
 * Comics keep a narrator in the captions and give the climax a splash panel;
 * manga letter katakana sound effects, letter the hero's thoughts, cut to
 * eyes and speed lines, drop into chibi relief on the lighter pages, and
 * read from right to left (world.readingDirection, noted in the front matter).
 */
import type { BookBlock, PanelBlock, PanelDialogueLine } from '../../../book/book-document';
import type { ModelId } from '../../../catalog/catalog';
import { shortForm, type Slots } from '../grammar';
import type { StyleLexicon } from '../lexicon/style-lexicon';
import { bare, capitalize, countText, withArticle } from '../text';
import { type BookOutline, SectionContext, type SectionOutline, type TypeWriter } from '../type-writer';
import type { Character, World } from '../world';
import { sceneSlots } from './novel-writer';
import {
  BATTLE_CRIES,
  CHIBI,
  ESTABLISHING,
  IMPACTS,
  INSERTS,
  KATAKANA,
  MANGA_EFFECTS,
  MANGA_FLOURISHES,
  MANGA_REACTIONS,
  MANGA_READING_NOTE,
  NARRATION,
  PANEL_BEATS,
  type Balloon,
  REACTIONS,
  SOLEMN_BEATS,
  SOUND_SHOTS,
  SPLASHES,
  TALK_SHOTS,
  TITLE_CARDS,
} from './panel-material';
import { hashString, type Random } from '../prng';
import { toPresent } from './present-tense';
import type { Speaker } from './story-beats';
import { BEAT_COMPANION, scenePlaces, type StoryBeat, storyBeats } from './story-outline';
import { storyFrontMatter, storyTitle, uniqueTitles } from './story-shared';

type Form = 'comic' | 'manga';

/**
 * Pages and panels per page by model: 3.0 is longer and denser. `words`
 * is what a page of that length measures (directions, captions and
 * balloons), so the planned and the delivered length agree.
 */
const LENGTHS: Record<ModelId, { pages: number; panels: readonly [number, number]; words: number }> = {
  '2.0': { pages: 12, panels: [4, 5], words: 120 },
  '3.0': { pages: 18, panels: [5, 6], words: 140 },
};

type PanelKind = 'establish' | 'talk' | 'action' | 'reaction' | 'sound' | 'special' | 'splash' | 'hook';

/** The panels between the establishing shot and the hook, by how many there are. */
const LAYOUTS: Record<number, readonly (readonly PanelKind[])[]> = {
  2: [
    ['talk', 'action'],
    ['action', 'talk'],
  ],
  3: [
    ['talk', 'action', 'reaction'],
    ['talk', 'action', 'talk'],
    ['action', 'talk', 'reaction'],
    ['talk', 'sound', 'talk'],
    ['talk', 'special', 'action'],
    ['talk', 'action', 'sound'],
  ],
  4: [
    ['talk', 'action', 'talk', 'reaction'],
    ['talk', 'reaction', 'action', 'talk'],
    ['talk', 'special', 'talk', 'action'],
    ['action', 'talk', 'sound', 'talk'],
    ['talk', 'action', 'reaction', 'special'],
    ['talk', 'sound', 'action', 'talk'],
    ['talk', 'action', 'talk', 'sound'],
  ],
};

/** Balloons a talk panel can hold before it stops being readable. */
const BALLOONS_PER_PANEL = 3;
/** Lettered thoughts a manga page carries before they crowd out the pictures. */
const MAX_THOUGHTS = 2;

export class ComicWriter implements TypeWriter {
  constructor(private readonly form: Form) {}

  outline(world: World, random: Random): BookOutline {
    const { pages, words } = LENGTHS[world.model];
    const beats = storyBeats(pages);
    const titles = uniqueTitles(world, random, beats, scenePlaces(world, beats));
    const front = storyFrontMatter(world, random);
    return {
      title: storyTitle(world, random),
      subtitle: `${capitalize(withArticle(world.lexicon.label))} ${this.form === 'manga' ? 'manga' : 'comic'}`,
      synopsis: world.premise,
      frontMatter:
        this.form === 'manga' ? { ...front, foreword: [MANGA_READING_NOTE, ...(front.foreword ?? [])] } : front,
      sections: beats.map((beat, index): SectionOutline => ({
        key: `section-${String(index + 1).padStart(3, '0')}`,
        number: index + 1,
        kind: 'page',
        title: /^\d+$/.test(titles[index] ?? '') ? `Page ${index + 1}` : (titles[index] ?? `Page ${index + 1}`),
        label: 'page',
        purpose: beat,
        words,
      })),
    };
  }

  writeSection(context: SectionContext): BookBlock[] {
    return new PageScript(context, this.form).write();
  }
}

/** One page being scripted: its slots, its talk, and its panels in order. */
class PageScript {
  private readonly beat: StoryBeat;
  private readonly manga: boolean;
  private readonly slots: Slots;
  /** The page's one bystander, as the narration names them ("the undertaker"). */
  private readonly extra: string;
  /** The page's exchange, balloon by balloon. */
  private readonly exchange: readonly Balloon[];
  /** Balloons left over when the talk panels are full: a reaction shot may letter one. */
  private spare: Balloon[] = [];
  /** The conversation of the latest talk panel, for finding who listens. */
  private listeners: readonly Balloon[] = [];
  /** How many earlier pages tell the same beat, and how many pages tell it in all. */
  private readonly occurrence: number;
  private readonly repeats: number;
  private readonly drawn = new Map<readonly unknown[], number>();
  private thoughts = 0;

  constructor(
    private readonly context: SectionContext,
    form: Form,
  ) {
    const { world, section, outline } = context;
    this.beat = section.purpose as StoryBeat;
    this.manga = form === 'manga';
    const beats = outline.sections.map((entry) => entry.purpose);
    this.occurrence = beats.slice(0, section.number - 1).filter((beat) => beat === this.beat).length;
    this.repeats = beats.filter((beat) => beat === this.beat).length;
    const { lexicon } = world;
    const stage = stageSlots(lexicon);
    // Shot directions say "the barber turns": one bystander, not "the neighbours".
    const single = world.extras.filter(isSingular);
    this.extra = this.share(single.length > 0 ? single : world.extras, 1)[0] ?? 'a stranger';
    const rtl = world.readingDirection === 'rtl';
    const scene = sceneSlots(context);
    this.slots = {
      ...scene,
      // Each page gets its own slice of the style's lists, so neighbouring pages never share a backdrop.
      backdrop: this.share(stage.backdrop, 3),
      doing: this.share(stage.doing, 3),
      when: this.share(stage.when, 1),
      sight: this.share(lexicon.sights, 2),
      sound: this.share(lexicon.sounds, 2),
      smell: this.share(lexicon.smells, 2),
      time: this.share(lexicon.times, 1),
      // Other things in the picture, never the story's own prize, keepsake or clue under another article.
      object: this.share(
        lexicon.objects.filter((object) => ![world.prize, world.keepsake, world.clue].map(bare).includes(bare(object))),
        2,
      ),
      // The client's tone words, when given, set the mood of the establishing shots.
      adjective: world.tone.length > 0 ? world.tone : this.share(lexicon.adjectives, 2),
      exclamation: this.share(lexicon.exclamations, 2),
      saying: this.share(lexicon.sayings, 1),
      // An artist reads each panel on its own: short names only where they stay clear.
      ...Object.fromEntries(
        ['here', 'home', 'stronghold', 'prize', 'keepsake', 'clue'].map((key) => {
          const full = String(scene[key] ?? world[key as 'home']);
          return [`${key}.short`, clearShortForm(full)];
        }),
      ),
      extra: this.extra,
      title: section.title,
      entry: rtl ? 'right' : 'left',
      exit: rtl ? 'left' : 'right',
    };
    this.exchange = this.fromBeat(PANEL_BEATS[this.beat].exchanges);
  }

  write(): PanelBlock[] {
    const kinds = this.layout();
    const talks = kinds.filter((kind) => kind === 'talk').length;
    // A 2.0 page spreads one exchange over its talk panels; a 3.0 page with room for two has two.
    const second = talks > 1 && this.context.world.model === '3.0';
    const { exchanges } = PANEL_BEATS[this.beat];
    const chunks: Balloon[][] = second
      ? // The beat's exchanges are in story order: the earlier one is said first.
        [this.exchange, this.fromBeat(exchanges)]
          .sort((one, two) => exchanges.indexOf(one) - exchanges.indexOf(two))
          .map((lines) => [...lines])
      : splitBalloons(this.exchange.length, talks).reduce<Balloon[][]>((parts, share) => {
          const from = parts.flat().length;
          return [...parts, this.exchange.slice(from, from + share)];
        }, []);
    const rest = second ? [] : this.exchange.slice(chunks.flat().length);
    return kinds.map((kind, index) => {
      let lines: readonly Balloon[] = [];
      if (kind === 'talk') {
        const chunk = chunks.shift() ?? [];
        lines = chunk.slice(0, BALLOONS_PER_PANEL);
        // What the panel could not hold waits for the next reaction shot, which is the natural place for a reply.
        this.spare = chunks.length === 0 && !second ? rest : chunk.slice(BALLOONS_PER_PANEL);
        this.listeners = chunk;
      }
      return { kind: 'panel', number: index + 1, ...this.panel(kind, lines) };
    });
  }

  private layout(): PanelKind[] {
    const { random, world } = this.context;
    const [min, max] = LENGTHS[world.model].panels;
    const middle = [...this.draw(LAYOUTS[random.int(min, max) - 2] ?? LAYOUTS[3]!)];
    if (this.beat === 'climax') {
      // The climax gets its big panel where the action would have been.
      const at = middle.includes('action') ? middle.indexOf('action') : Math.floor(middle.length / 2);
      middle[at] = 'splash';
    }
    return ['establish', ...middle, 'hook'];
  }

  private panel(kind: PanelKind, lines: readonly Balloon[]): Omit<PanelBlock, 'kind' | 'number'> {
    switch (kind) {
      case 'establish':
        return this.establishing();
      case 'talk':
        return this.talkPanel(lines);
      case 'action':
        return this.action();
      case 'reaction':
        return this.reaction();
      case 'sound':
        return this.sound();
      case 'special':
        return this.special();
      case 'splash':
        return this.splash();
      case 'hook':
        return this.hook();
    }
  }

  private establishing(): Omit<PanelBlock, 'kind' | 'number'> {
    const { context } = this;
    const description = this.text(this.draw(ESTABLISHING));
    if (this.manga) {
      // Big beats open on the page title as a title card; the rest on a card of their own.
      const big = ['inciting', 'midpoint', 'climax', 'homecoming'].includes(this.beat) || context.section.number === 1;
      const card = big ? TITLE_CARDS[0]! : this.draw(TITLE_CARDS);
      return { description, caption: this.text(card), dialogue: this.thinking(0.3) };
    }
    const caption = context.random.chance(0.75) ? this.caption() : this.text(this.draw(NARRATION));
    return { description, caption, dialogue: [] };
  }

  private talkPanel(lines: readonly Balloon[]): Omit<PanelBlock, 'kind' | 'number'> {
    const speakers = [...new Set(lines.map(([speaker]) => speaker))];
    const a = this.person(speakers[0] ?? 'hero');
    const listener = speakers[1] ?? this.listeners.find(([speaker]) => speaker !== speakers[0])?.[0];
    const b = this.person(listener ?? (speakers[0] === 'hero' ? 'other' : 'hero'));
    const description = this.text(this.draw(TALK_SHOTS, 2), { ...pronouns('a', a), ...pronouns('b', b) });
    const dialogue = lines.map((line) => this.balloon(line));
    if (this.manga && lines.length < BALLOONS_PER_PANEL) dialogue.push(...this.thinking(0.2));
    return { description, dialogue };
  }

  private action(): Omit<PanelBlock, 'kind' | 'number'> {
    const { context } = this;
    const template = this.fromBeat(PANEL_BEATS[this.beat].actions);
    const loud = template.startsWith('!');
    let description = this.text(loud ? template.slice(1) : template);
    const dialogue: PanelDialogueLine[] = [];
    if (loud) dialogue.push(this.soundEffect('impact'));
    if (this.manga) {
      if (loud) description += ` ${this.draw(MANGA_FLOURISHES)}`;
      else if (context.random.chance(0.4)) dialogue.push(this.soundEffect('mood'));
      dialogue.push(...this.thinking(0.35));
      return { description, dialogue };
    }
    return context.random.chance(0.4) ? { description, caption: this.caption(), dialogue } : { description, dialogue };
  }

  private reaction(): Omit<PanelBlock, 'kind' | 'number'> {
    const { context } = this;
    // The face is whoever speaks next, or the hero taking it in.
    const next = this.spare.shift();
    const who = this.person(next?.[0] ?? (context.random.chance(0.7) ? 'hero' : 'other'));
    const reactions = this.manga ? MANGA_REACTIONS : REACTIONS;
    let reaction = this.draw(reactions);
    // A face about to speak is not one that "says nothing": take the next reaction instead.
    if (next && /says nothing|silent/i.test(reaction)) reaction = this.draw(reactions);
    const description = this.text(reaction, pronouns('who', who));
    const dialogue: PanelDialogueLine[] = [];
    if (this.manga && context.random.chance(0.5)) dialogue.push(this.soundEffect('surprise'));
    if (next) dialogue.push(this.balloon(next));
    else if (this.manga) {
      const thought = this.thinking(1);
      dialogue.push(...(thought.length > 0 ? thought : [{ speaker: who.label, text: '…!' }]));
    } else if (context.random.chance(0.3)) dialogue.push({ speaker: who.label, text: '…' });
    if (!this.manga && dialogue.length === 0) return { description, caption: this.caption(), dialogue };
    return { description, dialogue };
  }

  private sound(): Omit<PanelBlock, 'kind' | 'number'> {
    return { description: this.text(this.draw(SOUND_SHOTS)), dialogue: [this.soundEffect('impact')] };
  }

  private special(): Omit<PanelBlock, 'kind' | 'number'> {
    const { context } = this;
    if (!this.manga) {
      const [direction, caption] = this.draw(INSERTS);
      return { description: this.text(direction), caption: this.text(caption), dialogue: [] };
    }
    if (!SOLEMN_BEATS.has(this.beat) && context.random.chance(0.5)) {
      const [direction, speaker, line] = this.draw(CHIBI);
      return { description: this.text(direction), dialogue: [this.balloon([speaker, line])] };
    }
    const who = this.person(context.random.chance(0.6) ? 'hero' : 'other');
    const [direction, feeling] = this.draw(MANGA_EFFECTS);
    return { description: this.text(direction, pronouns('who', who)), dialogue: [this.soundEffect(feeling)] };
  }

  private splash(): Omit<PanelBlock, 'kind' | 'number'> {
    if (this.manga) {
      const cry = this.balloon(['hero', this.draw(BATTLE_CRIES)]);
      return { description: this.text(this.draw(IMPACTS)), dialogue: [this.soundEffect('impact'), cry] };
    }
    return {
      description: this.text(this.draw(SPLASHES)),
      caption: this.caption(),
      dialogue: [this.soundEffect('impact')],
    };
  }

  private hook(): Omit<PanelBlock, 'kind' | 'number'> {
    const { context } = this;
    const [direction, line] = this.fromBeat(PANEL_BEATS[this.beat].hooks);
    const last = context.section.number === context.outline.sections.length;
    const text = this.text(line);
    const caption = last ? `${text} ${this.manga ? '— 終わり (THE END)' : 'THE END.'}` : text;
    const dialogue = this.manga && !last ? this.thinking(0.3) : [];
    return { description: this.text(direction), caption, dialogue };
  }

  /** A narrator's caption from the beat, in the comic's voice. */
  private caption(): string {
    return this.text(this.fromBeat(PANEL_BEATS[this.beat].captions));
  }

  /** Now and then the hero's thought, lettered without a balloon (a manga habit); two a page at most. */
  private thinking(chance: number): PanelDialogueLine[] {
    if (this.thoughts >= MAX_THOUGHTS || !this.context.random.chance(chance)) return [];
    this.thoughts += 1;
    const speaker = `${capitalize(this.context.world.hero.first)} (thinking)`;
    return [{ speaker, text: this.text(this.fromBeat(PANEL_BEATS[this.beat].thoughts)) }];
  }

  /** Comics letter the style's own sound effects; manga mostly katakana with a romanised reading. */
  private soundEffect(feeling: keyof typeof KATAKANA): PanelDialogueLine {
    const { context } = this;
    const western = !this.manga || (feeling === 'impact' && context.random.chance(0.3));
    return {
      speaker: 'SFX',
      text: western ? this.draw(context.world.lexicon.soundEffects) : this.draw(KATAKANA[feeling]),
    };
  }

  private balloon([speaker, template]: Balloon): PanelDialogueLine {
    return { speaker: this.person(speaker).label, text: this.text(template) };
  }

  private text(template: string, extra?: Slots): string {
    return this.context.write(template, extra ? { ...this.slots, ...extra } : this.slots);
  }

  /**
   * One entry of a shared pool: each page starts `stride` entries after the
   * page before it, and never draws the same entry twice, so neighbouring
   * pages open differently and a page never repeats itself.
   */
  private draw<T>(list: readonly T[], stride = 1): T {
    return this.nth(list, (this.context.section.number - 1) * stride);
  }

  /** One entry of the beat's own material: a beat told on several pages gives each page different lines. */
  private fromBeat<T>(list: readonly T[]): T {
    const stride = Math.max(1, Math.floor(list.length / this.repeats));
    return this.nth(list, this.occurrence * stride);
  }

  private nth<T>(list: readonly T[], start: number): T {
    const drawn = this.drawn.get(list) ?? 0;
    this.drawn.set(list, drawn + 1);
    const offset = hashString(`${this.context.world.hero.full}\u0000${list.length}\u0000${String(list[0])}`);
    return list[(offset + start + drawn) % list.length] as T;
  }

  /** The page's own `size` entries of a world list: consecutive pages take consecutive slices. */
  private share(list: readonly string[], size: number): string[] {
    const offset = hashString(`${this.context.world.hero.full}\u0000${list[0] ?? ''}`);
    const start = offset + (this.context.section.number - 1) * size;
    return Array.from({ length: Math.min(size, list.length) }, (_, index) => list[(start + index) % list.length] ?? '');
  }

  /** Who a speaker is on this page: the name on the balloon, and the words shot directions use. */
  private person(speaker: Speaker): Person {
    const { world } = this.context;
    if (speaker === 'extra')
      return { label: capitalize(this.extra), name: this.extra, he: 'they', him: 'them', his: 'their' };
    const character: Character = speaker === 'other' ? world[BEAT_COMPANION[this.beat]] : world[speaker];
    const she = character.pronoun === 'she';
    return {
      label: capitalize(character.first),
      name: character.first,
      he: she ? 'she' : 'he',
      him: she ? 'her' : 'him',
      his: she ? 'her' : 'his',
    };
  }
}

interface Person {
  /** On the balloon: "Rosa", "The undertaker". */
  label: string;
  /** In a direction: "Rosa", "the undertaker". */
  name: string;
  he: string;
  him: string;
  his: string;
}

function pronouns(prefix: string, person: Person): Slots {
  return {
    [prefix]: person.name,
    [`${prefix}.he`]: person.he,
    [`${prefix}.him`]: person.him,
    [`${prefix}.his`]: person.his,
  };
}

/** How many of `total` balloons each of `panels` talk panels letters: evenly, at most three each. */
function splitBalloons(total: number, panels: number): number[] {
  if (panels === 0) return [];
  const each = Math.min(BALLOONS_PER_PANEL, Math.ceil(total / panels));
  return Array.from({ length: panels }, (_, index) =>
    Math.max(1, Math.min(each, total - each * index, BALLOONS_PER_PANEL)),
  );
}

/** "the barber", "a newsboy shouting headlines": one person; "the neighbours", "seven little miners": several. */
function isSingular(phrase: string): boolean {
  if (/^(a|an)\s/i.test(phrase)) return true;
  const head = phrase.split(/\s(?:with|of|from|in|on|at|who|that)\s/)[0] ?? phrase;
  return /^the\s/i.test(phrase) && !/(?:[^s]s|children|people|folk)$/i.test(head);
}

/**
 * The short name of a place or thing when it stays clear ("the goose that
 * lays golden eggs" -> "the goose"), without a dangling participle ("the
 * bridge guarded by a troll" -> "the bridge", not "the bridge guarded"), and
 * the full name when the head means nothing alone ("the inside of a shell").
 */
function clearShortForm(phrase: string): string {
  const short = shortForm(phrase).replace(/\s+\p{L}+(?:ed|ing)$/u, '');
  if (/\b(inside|outside|top|edge|middle|heart|bottom|back|foot|end|side|rest|remains)$/.test(short)) return phrase;
  return countText(short) >= 2 ? short : phrase;
}

interface Stage {
  backdrop: readonly string[];
  doing: readonly string[];
  when: readonly string[];
}

/** The lexicon's past-tense sights, actions and times, turned into present-tense stage directions. */
const STAGES = new WeakMap<StyleLexicon, Stage>();

function stageSlots(lexicon: StyleLexicon): Stage {
  let stage = STAGES.get(lexicon);
  if (!stage) {
    stage = {
      backdrop: lexicon.sights.map((sight) => toPresent(sight)),
      doing: lexicon.actions.map((action) => toPresent(action, true)),
      when: lexicon.times.map((time) => toPresent(time)),
    };
    STAGES.set(lexicon, stage);
  }
  return stage;
}
