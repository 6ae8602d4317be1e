import type { BookBlock } from '../../../book/book-document';
import type { BookGenerationRequest } from '../../book-provider';
import { Random } from '../prng';
import { SectionContext } from '../type-writer';
import { buildWorld, CONCRETE_STYLES, worldSlots } from '../world';
import { NovelWriter } from './novel-writer';
import { STORY_BEATS } from './story-outline';

const request = (overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  prompt: 'A lighthouse keeper named Mara finds a map',
  style: 'mystery',
  type: 'novel',
  images: false,
  author: 'Test Author',
  customTone: '',
  model: '2.0',
  outputFormat: 'txt',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The writer alone, as the provider drives it: outline once, then every section from its own stream. */
function write(overrides: Partial<BookGenerationRequest> = {}) {
  const seed = JSON.stringify(overrides);
  const random = new Random(seed);
  const world = buildWorld(request(overrides), random.fork('world'));
  const writer = new NovelWriter(world.type === 'short_story' ? 'short_story' : 'novel');
  const outline = writer.outline(world, random.fork('outline'));
  const slots = worldSlots(world);
  const sections = outline.sections.map((section) =>
    writer.writeSection(
      new SectionContext(world, outline, section, random.fork(section.key), slots, random.fork('book')),
    ),
  );
  return { world, outline, sections };
}

const paragraphs = (sections: BookBlock[][]): string[] =>
  sections.flat().flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
const words = (sections: BookBlock[][]): number =>
  paragraphs(sections).reduce((sum, text) => sum + text.split(/\s+/).length, 0);

describe('NovelWriter', () => {
  it('tells the whole arc in order, one titled chapter per beat, no title twice', () => {
    const { outline } = write({ model: '3.0' });
    expect(outline.sections.map((section) => section.purpose)).toEqual([...STORY_BEATS]);
    const titles = outline.sections.map((section) => section.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('writes chapters of prose with quoted, attributed dialogue and scene breaks', () => {
    const { sections, world } = write();
    const text = paragraphs(sections).join('\n');
    expect(text).toMatch(new RegExp(`“[^”]+,” ${world.hero.first} (said|replied|answered|murmured|began)`));
    expect(sections.flat().some((block) => block.kind === 'scene_break')).toBe(true);
    for (const section of sections) expect(section.at(-1)?.kind).toBe('paragraph');
  });

  it('puts the prompt’s hero, role and world into the story', () => {
    const { sections, world, outline } = write({ style: 'western' });
    const text = paragraphs(sections).join(' ');
    expect(world.hero.first).toBe('Mara');
    expect(world.hero.role).toBe('a lighthouse keeper');
    expect(text).toContain('Mara');
    expect(text).toMatch(/saloon|sheriff|frontier|six-shooter|posse|stagecoach/);
    expect(outline.frontMatter.cast?.map((member) => member.name)).toContain('Mara');
  });

  it('makes 3.0 novels longer than 2.0, and short stories much shorter than novels', () => {
    const novel = words(write({ model: '2.0' }).sections);
    // About 1.75x: 3.0 has half again as many chapters, each with a second scene (not a second showdown).
    expect(words(write({ model: '3.0' }).sections)).toBeGreaterThan(novel * 1.7);
    expect(words(write({ type: 'short_story' }).sections) * 2.2).toBeLessThan(novel);
  });

  it('lets a title in the prompt set the pronoun, whatever the given name', () => {
    const world = (prompt: string) => buildWorld(request({ prompt }), new Random(prompt));
    expect(world('King Mara defends the walls').hero).toMatchObject({ full: 'King Mara', pronoun: 'he' });
    expect(world('Queen Tom defends the walls').hero).toMatchObject({ full: 'Queen Tom', pronoun: 'she' });
    expect(world('Captain Mara defends the walls').hero).toMatchObject({ first: 'Captain Mara', pronoun: 'she' });
  });

  it('never makes a car seat or a stair the hero’s home, and names the threat by its head after meeting it', () => {
    for (let seed = 0; seed < 40; seed += 1) {
      const world = buildWorld(
        request({
          style: 'comedy',
          prompt: '',
          requestId: `00000000-0000-4000-8000-${String(seed).padStart(12, '0')}`,
        }),
        new Random(`home-${seed}`),
      );
      expect(world.home).not.toMatch(/\b(seat|car|stair|stairs)$/);
      const slots = worldSlots(world);
      if (/^an? \S+ (who|that|which|with|of)\b/.test(world.threat)) {
        expect(slots['threat.short']).toMatch(/^the \S+$/);
      }
    }
  });

  it('stages the showdown once, even in a long 3.0 novel', () => {
    for (const style of ['gothic', 'romance', 'horror', 'western'] as const) {
      const { outline, sections } = write({ model: '3.0', style });
      const climax = outline.sections.findIndex((section) => section.purpose === 'climax');
      const text = paragraphs([sections[climax]!]).join(' ');
      const endings = ['let go of wanting it', 'ended it the only way it could be ended'];
      expect({ style, endings: endings.filter((ending) => text.includes(ending)).length }).toEqual({
        style,
        endings: 1,
      });
    }
  });

  it('rarely repeats a paragraph anywhere in a long book', () => {
    const all = paragraphs(write({ model: '3.0' }).sections).filter((text) => text.split(/\s+/).length > 8);
    expect(new Set(all).size / all.length).toBeGreaterThan(0.97);
  });

  it('writes the same book for the same request and a different one for another', () => {
    expect(write().sections).toEqual(write().sections);
    expect(paragraphs(write({ prompt: 'A baker named Tobias' }).sections)).not.toEqual(paragraphs(write().sections));
  });

  it('lets a tone word change the narration', () => {
    const plain = paragraphs(write().sections).join(' ');
    const wry = paragraphs(write({ customTone: 'wry' }).sections).join(' ');
    expect(wry).not.toBe(plain);
    expect(wry).toMatch(/bad timing|quiet week|immediately did|not having thought things through/);
    expect(plain).not.toMatch(/bad timing|quiet week|immediately did|not having thought things through/);
  });

  it.each(CONCRETE_STYLES)('leaves no template syntax or missing words in a %s novel', (style) => {
    for (const prompt of ['', 'A lighthouse keeper named Mara finds a map']) {
      const { sections, outline } = write({ style, prompt, model: '3.0' });
      const text = [outline.title, ...outline.sections.map((s) => s.title), ...paragraphs(sections)].join('\n');
      expect(text).not.toMatch(/[[\]{}]|undefined|\s[,.]|\b(\w+) \1\b(?<!\b(?:had|that) \1)/);
    }
  });
});
