import type { PanelBlock } from '../../../book/book-document';
import type { BookGenerationRequest } from '../../book-provider';
import { STYLE_LEXICONS } from '../lexicon/style-lexicons';
import { Random } from '../prng';
import { countText } from '../text';
import { SectionContext } from '../type-writer';
import { buildWorld, CONCRETE_STYLES, worldSlots } from '../world';
import { ComicWriter } from './comic-writer';
import { toPresent } from './present-tense';
import { storyBeats } from './story-outline';

const request = (overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  prompt: 'A lighthouse keeper named Mara finds a map',
  style: 'western',
  type: 'comic',
  images: false,
  author: 'Test Author',
  customTone: '',
  model: '2.0',
  outputFormat: 'txt',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The writer alone, as the provider drives it: outline once, then every page from its own stream. */
function write(overrides: Partial<BookGenerationRequest> = {}) {
  const random = new Random(JSON.stringify(overrides));
  const world = buildWorld(request(overrides), random.fork('world'));
  const writer = new ComicWriter(world.type === 'manga' ? 'manga' : 'comic');
  const outline = writer.outline(world, random.fork('outline'));
  const slots = worldSlots(world);
  const bookRandom = random.fork('book');
  const page = (number: number): PanelBlock[] => {
    const section = outline.sections[number - 1]!;
    const context = new SectionContext(world, outline, section, random.fork(section.key), slots, bookRandom);
    return writer.writeSection(context) as PanelBlock[];
  };
  const pages = outline.sections.map((section) => page(section.number));
  return { world, outline, pages, page };
}

const balloons = (pages: PanelBlock[][]) =>
  pages.flat().flatMap((panel) => panel.dialogue.filter((line) => line.speaker !== 'SFX'));
const lettered = (pages: PanelBlock[][]): number =>
  pages
    .flat()
    .reduce(
      (sum, panel) =>
        sum + countText(panel.caption ?? '') + panel.dialogue.reduce((words, line) => words + countText(line.text), 0),
      0,
    );
const KATAKANA = /[\u30A0-\u30FF]+ \([A-Z ]+\)/;

describe('ComicWriter', () => {
  it.each([
    ['2.0', 12, 4, 5],
    ['3.0', 18, 5, 6],
  ] as const)('tells the whole arc on %s pages of numbered panels', (model, count, fewest, most) => {
    const { outline, pages } = write({ model });
    expect(outline.sections.map((section) => section.purpose)).toEqual(storyBeats(count));
    expect(new Set(outline.sections.map((section) => section.kind))).toEqual(new Set(['page']));
    for (const panels of pages) {
      expect(panels.every((block) => block.kind === 'panel')).toBe(true);
      expect(panels.map((panel) => panel.number)).toEqual(panels.map((_, index) => index + 1));
      expect(panels.length).toBeGreaterThanOrEqual(fewest);
      expect(panels.length).toBeLessThanOrEqual(most);
    }
    const titles = outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('opens every page on a captioned establishing shot, closes it on a hook and lets people talk in between', () => {
    const { pages, world } = write();
    for (const panels of pages) {
      expect(panels[0]?.description).toMatch(/wide|shot|view|panorama|panel/i);
      expect(panels[0]?.caption).toBeTruthy();
      expect(panels.at(-1)?.caption).toBeTruthy();
      expect(panels.some((panel) => panel.dialogue.some((line) => line.speaker !== 'SFX'))).toBe(true);
    }
    expect(pages.at(-1)?.at(-1)?.caption).toMatch(/THE END/);
    const lines = balloons(pages);
    expect(lines.some((line) => line.speaker === 'Mara')).toBe(true);
    expect(lines.some((line) => line.speaker === world.rival.first)).toBe(true);
    // Speech balloons, not paragraphs.
    for (const line of lines) expect(countText(line.text)).toBeLessThanOrEqual(25);
    expect(lines.reduce((sum, line) => sum + countText(line.text), 0) / lines.length).toBeLessThan(8);
  });

  it('gives a comic a narrator, the style’s own sound effects and a splash panel at the climax', () => {
    const { pages, outline, world } = write();
    const panels = pages.flat();
    const sfx = panels.flatMap((panel) => panel.dialogue.filter((line) => line.speaker === 'SFX'));
    expect(sfx.length).toBeGreaterThan(3);
    expect(sfx.every((line) => world.lexicon.soundEffects.includes(line.text))).toBe(true);
    const climax = outline.sections.findIndex((section) => section.purpose === 'climax');
    expect(pages[climax]?.some((panel) => panel.description.startsWith('SPLASH PANEL'))).toBe(true);
    expect(world.readingDirection).toBe('ltr');
    expect(panels.some((panel) => KATAKANA.test(panel.dialogue.map((line) => line.text).join(' ')))).toBe(false);
  });

  it('reads a manga right to left, letters katakana with a reading, thoughts, close-ups and speed lines', () => {
    const { pages, outline, world } = write({ type: 'manga' });
    expect(world.readingDirection).toBe('rtl');
    expect(outline.subtitle).toMatch(/manga/);
    expect(outline.frontMatter.foreword?.[0]).toMatch(/right to left/);
    const panels = pages.flat();
    const lines = panels.flatMap((panel) => panel.dialogue);
    expect(lines.some((line) => line.speaker === 'SFX' && KATAKANA.test(line.text))).toBe(true);
    expect(lines.some((line) => line.speaker === 'Mara (thinking)')).toBe(true);
    const directions = panels.map((panel) => panel.description).join('\n');
    expect(directions).toMatch(/speed lines|focus lines|screentone/i);
    expect(directions).toMatch(/close-up/i);
    // New things come in from the reading side.
    expect(directions).not.toMatch(/enters from the left/);
    for (const panelsOfPage of pages) {
      const thoughts = panelsOfPage
        .flatMap((panel) => panel.dialogue)
        .filter((line) => line.speaker.endsWith('(thinking)'));
      expect(thoughts.length).toBeLessThanOrEqual(2);
    }
  });

  it('never has a panel say someone is silent and then give them a line', () => {
    for (const style of ['cyberpunk', 'superhero', 'noir', 'western', 'fantasy', 'horror'] as const) {
      for (const model of ['2.0', '3.0'] as const) {
        for (const panel of write({ style, model }).pages.flat()) {
          if (!/says nothing/.test(panel.description)) continue;
          expect(panel.dialogue.filter((line) => line.speaker !== 'SFX' && line.text !== '…')).toEqual([]);
        }
      }
    }
  });

  it('makes a 3.0 book longer and richer than a 2.0 one', () => {
    const short = write({ model: '2.0' }).pages;
    const long = write({ model: '3.0' }).pages;
    expect(long.flat().length).toBeGreaterThan(short.flat().length * 1.5);
    expect(lettered(long)).toBeGreaterThan(lettered(short) * 1.4);
  });

  it('writes the same book for the same request, and any page again exactly as it was', () => {
    const first = write({ type: 'manga', model: '3.0' });
    expect(write({ type: 'manga', model: '3.0' }).pages).toEqual(first.pages);
    expect(first.page(7)).toEqual(first.pages[6]);
    expect(write({ type: 'manga', model: '3.0', prompt: 'A baker named Tobias' }).pages).not.toEqual(first.pages);
  });

  it('never draws the same page twice, even when the arc repeats a beat', () => {
    const { pages } = write({ model: '3.0' });
    const bodies = pages.map((panels) => JSON.stringify(panels));
    expect(new Set(bodies).size).toBe(bodies.length);
    const hooks = pages.map((panels) => panels.at(-1)?.caption);
    expect(new Set(hooks).size).toBe(hooks.length);
    const talk = pages.map((panels) =>
      balloons([panels])
        .map((line) => line.text)
        .join('|'),
    );
    expect(new Set(talk).size).toBe(talk.length);
  });

  it.each(CONCRETE_STYLES)('leaves no template syntax or missing words in a %s comic or manga', (style) => {
    for (const type of ['comic', 'manga'] as const) {
      for (const prompt of ['', 'A girl named Hana and her robot friend Pip']) {
        const { pages, outline } = write({ style, type, prompt, model: '3.0' });
        const text = [
          outline.title,
          ...outline.sections.map((section) => section.title),
          ...pages.flat().flatMap((panel) => [
            panel.description,
            panel.caption ?? '',
            // Sound effects double their words on purpose: KNOCK KNOCK!
            ...panel.dialogue.filter((line) => line.speaker !== 'SFX').map((line) => line.text),
          ]),
        ].join('\n');
        expect(text).not.toMatch(/[[\]{}]|undefined|\s[,.]|\b(\w+) \1\b(?<!\b(?:had|that) \1)/);
      }
    }
  });
});

describe('toPresent', () => {
  it.each([
    ['dust hung in the slanting light', 'dust hangs in the slanting light'],
    ['buzzards circled over the ridge', 'buzzards circle over the ridge'],
    ['the bank’s shutters were nailed shut', 'the bank’s shutters are nailed shut'],
    ['a single red rose lay on the piano', 'a single red rose lies on the piano'],
    ['the fog held a shape that did not drift', 'the fog holds a shape that does not drift'],
    ['the eyes in the portrait had moved since morning', 'the eyes in the portrait have moved since morning'],
    ['a line of abandoned cars stretched to the horizon', 'a line of abandoned cars stretches to the horizon'],
    ['the stove cracked and muttered as it cooled', 'the stove cracks and mutters as it cools'],
    ['while the town slept', 'while the town sleeps'],
    ['with forty-eight hours left', 'with forty-eight hours left'],
  ])('puts “%s” in the present', (past, present) => {
    expect(toPresent(past)).toBe(present);
  });

  it.each([
    ['checked the cylinder of the revolver', 'checks the cylinder of the revolver'],
    ['locked the door and checked it twice', 'locks the door and checks it twice'],
    ['hot-wired the truck in twelve seconds', 'hot-wires the truck in twelve seconds'],
    ['knelt in the cold chapel', 'kneels in the cold chapel'],
  ])('puts the action “%s” in the present', (past, present) => {
    expect(toPresent(past, true)).toBe(present);
  });

  it('changes the main verb of every lexicon sight and action', () => {
    // Forms that read the same in both tenses with a plural subject ("drums beat") are the only ones left alone.
    const same = /\b(burst|cast|beat|set|cut|hit|put|read|shut|spread|split|let)\b/;
    for (const lexicon of Object.values(STYLE_LEXICONS)) {
      for (const sight of lexicon.sights) if (!same.test(sight)) expect(toPresent(sight)).not.toBe(sight);
      for (const action of lexicon.actions) if (!same.test(action)) expect(toPresent(action, true)).not.toBe(action);
    }
  });
});
