import { bookShape, type ConcreteBookType } from '../../../../book/book-shapes';
import type { PlannedSection } from './book-plan';
import { outlineSchema, outlineStep, scaleBudgets, withDistinctTitles, withinWordLimits } from './outline.step';

const section = (number: number, title: string) => ({ number, title }) as PlannedSection;
const titles = (sections: PlannedSection[]) => sections.map((entry) => entry.title);

describe('withDistinctTitles', () => {
  it("gives the sections the outline named alike the spine's titles, and leaves the others", () => {
    const spine = ['The Keeper', 'Low Tide', 'The Letter', 'Before the River'].map((title) => ({ title, purpose: '' }));
    const outline = [
      section(1, 'The Keeper'),
      section(2, 'Before the River'),
      section(3, 'A Letter Comes'),
      section(4, 'Before the River'),
    ];
    expect(titles(withDistinctTitles(outline, spine))).toEqual([
      'The Keeper',
      'Low Tide',
      'A Letter Comes',
      'Before the River',
    ]);
  });

  it('keeps a title the spine itself repeats (alternating narrators)', () => {
    const spine = ['Anna', 'Ben', 'Anna', 'Ben'].map((title) => ({ title, purpose: '' }));
    const outline = [section(1, 'Anna'), section(2, 'Ben'), section(3, 'anna'), section(4, 'Ben')];
    expect(titles(withDistinctTitles(outline, spine))).toEqual(['Anna', 'Ben', 'anna', 'Ben']);
  });
});

describe('withinWordLimits', () => {
  const selfHelp = bookShape('self_help', '3.0');

  it("keeps every section's budget well under the client's limit on a section, the count of sections unchanged", () => {
    const limited = withinWordLimits(selfHelp, { section: 2_000 });
    expect(limited.sections).toBe(selfHelp.sections);
    expect(limited.sectionWords.max).toBe(1_700);
    expect(limited.wordsPerSection).toBeLessThan(limited.sectionWords.max);
    expect(limited.sectionWords.min).toBeLessThanOrEqual(limited.wordsPerSection);
    expect(limited.totalWords).toBe(limited.wordsPerSection * limited.sections);
  });

  it("shrinks the book under the client's limit on the whole", () => {
    const story = bookShape('short_story', '2.0');
    const limited = withinWordLimits(story, { book: 3_000 });
    expect(limited.totalWords).toBeLessThanOrEqual(2_550);
    expect(limited.sections).toBe(story.sections);
    expect(limited.sectionWords.min).toBeLessThanOrEqual(limited.wordsPerSection);
  });

  it('leaves the shape alone when no limit binds it', () => {
    expect(withinWordLimits(selfHelp, {})).toBe(selfHelp);
    expect(withinWordLimits(selfHelp, undefined)).toBe(selfHelp);
    expect(withinWordLimits(selfHelp, { section: 10_000, book: 1_000_000 })).toBe(selfHelp);
  });

  it('lowers only the longest budgets when the limit is above the average', () => {
    const limited = withinWordLimits(selfHelp, { section: 3_000 });
    expect(limited.wordsPerSection).toBe(selfHelp.wordsPerSection);
    expect(limited.sectionWords.max).toBe(2_550);
  });
});

describe('scaleBudgets', () => {
  const planned = (words: number[]) =>
    words.map((budget, index) => ({ number: index + 1, words: budget }) as PlannedSection);

  it("reaches the book's length without a section passing its bound", () => {
    // A planner that gave one section nearly everything: clamped, then the rest spread where there is room.
    const scaled = scaleBudgets(planned([100, 100, 9_000]), 4_500, { min: 900, max: 1_700 });
    expect(Math.max(...scaled.map((entry) => entry.words))).toBeLessThanOrEqual(1_700);
    expect(scaled.map((entry) => entry.words)).toEqual([1_400, 1_400, 1_700]);
  });

  it("keeps a comic's page planned without words wordless, spreading the book's words over the others", () => {
    const comic = bookShape('comic', '2.0').sectionWords;
    expect(comic.min).toBe(0);
    const scaled = scaleBudgets(planned([60, 100, 0, 40]), 300, comic);
    expect(scaled.map((entry) => entry.words)).toEqual([100, 135, 0, 70]);
    // Not when every page was planned so: the book still has its words.
    expect(scaleBudgets(planned([0, 0]), 180, comic).map((entry) => entry.words)).toEqual([90, 90]);
  });
});

describe('outlineSchema', () => {
  it('lets a comic or a manga plan a page without words, and no other type a section without them', () => {
    const words = (type: ConcreteBookType) =>
      (
        outlineSchema(type, bookShape(type, '2.0'), 2) as {
          properties: { sections: { items: { properties: { words: { minimum: number; description?: string } } } } };
        }
      ).properties.sections.items.properties.words;
    expect(words('comic')).toMatchObject({ minimum: 0, description: expect.stringContaining('0 for a page') });
    expect(words('manga').minimum).toBe(0);
    for (const type of ['novel', 'short_story', 'childrens', 'textbook'] as const) {
      expect(words(type).minimum).toBeGreaterThan(0);
    }
  });

  const fields = (type: ConcreteBookType) => {
    const schema = outlineSchema(type, bookShape(type, '2.0'), 2) as {
      properties: { sections: { items: { properties: Record<string, unknown> } } };
    };
    return Object.keys(schema.properties.sections.items.properties);
  };

  it('asks each type only for what its writers use', () => {
    expect(fields('novel')).toEqual(expect.arrayContaining(['point_of_view', 'present', 'scenes']));
    expect(fields('novel')).not.toEqual(expect.arrayContaining(['objectives']));
    expect(fields('novel')).not.toEqual(expect.arrayContaining(['concepts']));
    expect(fields('textbook')).toEqual(expect.arrayContaining(['objectives', 'concepts', 'steps']));
    expect(fields('non_fiction')).toEqual(expect.arrayContaining(['concepts']));
    for (const field of ['point_of_view', 'present', 'objectives']) {
      expect(fields('non_fiction')).not.toContain(field);
    }
  });

  it("asks a story's sections what the reader learns in each, and non-fiction's not", () => {
    for (const type of ['novel', 'short_story', 'comic', 'manga', 'childrens'] as const) {
      expect(fields(type)).toContain('reveals');
    }
    for (const type of ['textbook', 'non_fiction', 'self_help'] as const) expect(fields(type)).not.toContain('reveals');
    const read = outlineStep('novel', bookShape('novel', '2.0'), 1, 1).read({
      sections: [
        {
          number: 1,
          title: 'The Bottle',
          summary: 'Mara finds a bottle.',
          words: 2000,
          point_of_view: 'Mara',
          present: ['Mara'],
          setting: 'The point',
          scenes: ['Mara walks the shore.', 'She opens the bottle.'],
          focus: 'Will she open it?',
          opening_state: 'o',
          closing_state: 'c',
          carries: [],
          reveals: ['  The map is a forgery ', ''],
        },
      ],
    });
    expect(read).toEqual({ value: [expect.objectContaining({ reveals: ['The map is a forgery'] })] });
  });

  it("keeps a section's setups only when a later section of the book pays them off", () => {
    expect(fields('novel')).toContain('plants');
    expect(fields('non_fiction')).not.toContain('plants');
    const read = outlineStep('novel', bookShape('novel', '2.0'), 3, 1).read({
      sections: [
        {
          number: 3,
          title: 'The Lamp',
          summary: 'Mara mends the lamp.',
          words: 2000,
          point_of_view: 'Mara',
          present: ['Mara'],
          setting: 'The tower',
          scenes: ['Mara climbs.', 'She mends the lamp.'],
          focus: 'Will it light?',
          opening_state: 'o',
          closing_state: 'c',
          carries: [],
          reveals: [],
          plants: [
            { what: ' A cracked lens ', pays_off_in: 9 },
            { what: 'The spare key', pays_off_in: 3 },
            { what: 'A flare gun', pays_off_in: 2 },
            { what: 'A rope', pays_off_in: 99 },
            { what: ' ', pays_off_in: 10 },
          ],
        },
      ],
    });
    expect(read).toEqual({ value: [expect.objectContaining({ plants: [{ what: 'A cracked lens', paysOffIn: 9 }] })] });
  });

  it('reads a section without the fields its type does not ask for, each concept once', () => {
    const read = outlineStep('non_fiction', bookShape('non_fiction', '2.0'), 3, 1).read({
      sections: [
        {
          number: 1,
          title: 'Tides',
          summary: 'What moves the sea.',
          words: 2000,
          setting: null,
          points: ['The moon pulls.'],
          focus: 'Tides follow the moon.',
          // A planner listing a term twice, once in other case, lists it once.
          concepts: ['spring tide', ' Spring tide', 'neap tide', ''],
          opening_state: 'o',
          closing_state: 'c',
          carries: [],
        },
      ],
    });
    expect(read).toEqual({
      value: [
        expect.objectContaining({ number: 3, present: [], objectives: [], concepts: ['spring tide', 'neap tide'] }),
      ],
    });
  });
});
