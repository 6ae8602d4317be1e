import { bookShape } from '../../../../book/book-shapes';
import { generationRequest } from '../../../testing/generation-request';
import { bibleMessages, bibleSchema, bibleStep, languageLine, type BibleInput } from './bible.step';

const input: BibleInput = {
  request: generationRequest({
    type: 'self_help',
    prompt: 'A guide for new managers. Keep each chapter under 2,000 words and end each with a checklist.',
  }),
  type: 'self_help',
  style: 'drama',
  shape: bookShape('self_help', '2.0'),
  sections: 2,
  followsClientOutline: false,
};

const answer = (fields: Record<string, unknown>) => ({
  title: 'Lead Small',
  subtitle: null,
  language: 'en',
  synopsis: 'How to manage a small team.',
  instructions: ['Teach one-on-ones.'],
  thesis: 'Managing is a craft.',
  audience: 'New managers',
  voice: 'plain',
  concepts: [{ term: 'One-on-one', definition: 'A weekly private meeting.' }],
  reader_outcomes: ['Run a one-on-one.'],
  spine: [
    { title: 'One', purpose: 'Begin.' },
    { title: 'Two', purpose: 'End.' },
  ],
  ...fields,
});

describe('the bible step: what the client asks of every section, and its limits on length', () => {
  it('asks for both in its schema, the limits as whole numbers or null', () => {
    const { properties } = bibleSchema(input) as { properties: Record<string, { type: unknown }> };
    expect(properties.every_section?.type).toBe('array');
    expect(properties.section_words_max?.type).toEqual(['integer', 'null']);
    expect(properties.book_words_max?.type).toEqual(['integer', 'null']);
  });

  it('keeps the rules for every section and the limits the planner read', () => {
    const read = bibleStep(input).read(
      answer({
        every_section: [' End each chapter with a checklist. ', ''],
        section_words_max: 2_000,
        book_words_max: null,
      }),
    );
    expect(read).toEqual({
      value: expect.objectContaining({
        everySection: ['End each chapter with a checklist.'],
        wordLimits: { section: 2_000 },
      }),
    });
  });

  it('reads an answer that leaves the new fields out (no schema was followed) as asking nothing', () => {
    expect(bibleStep(input).read(answer({}))).toEqual({
      value: expect.objectContaining({ everySection: [], wordLimits: {} }),
    });
  });

  it('drops a limit the client never stated, as a model that fills every field of a schema gives one', () => {
    // The prompt limits chapters to 2,000 words and names no length for the book: 16,000 is the planner's own.
    const read = bibleStep(input).read(answer({ every_section: [], section_words_max: 2_000, book_words_max: 16_000 }));
    expect(read).toEqual({ value: expect.objectContaining({ wordLimits: { section: 2_000 } }) });
    // Nor a number too small to be a limit at all, as a server that ignores the schema's bounds may give.
    expect(bibleStep(input).read(answer({ every_section: [], section_words_max: 2, book_words_max: 0 }))).toEqual({
      value: expect.objectContaining({ wordLimits: {} }),
    });
  });

  it('keeps a limit the client wrote its own way: 3k, 3.000, or a round figure the planner rounded', () => {
    const asked = (prompt: string, limit: number) =>
      bibleStep({ ...input, request: generationRequest({ type: 'self_help', prompt }) }).read(
        answer({ every_section: [], section_words_max: null, book_words_max: limit }),
      );
    for (const [prompt, limit] of [
      ['A guide of at most 3k words.', 3_000],
      ['Ein Ratgeber, höchstens 3.000 Wörter.', 3_000],
      ['A short guide, under 12 000 words in all.', 12_000],
      ['About 20 pages of 250 words at most: 5,000 words.', 5_000],
    ] as const) {
      expect(asked(prompt, limit)).toEqual({ value: expect.objectContaining({ wordLimits: { book: limit } }) });
    }
  });
});

describe('the bible step: the cast', () => {
  const story: BibleInput = {
    ...input,
    request: generationRequest({ prompt: 'A lighthouse keeper named Mara finds a map that leads under the sea.' }),
    type: 'novel',
    style: 'mystery',
  };
  const cast = (...names: string[]) =>
    answer({
      point_of_view: 'close third person on Mara',
      tense: 'past',
      characters: names.map((name) => ({ name, role: 'keeper', description: 'd', wants: 'w', voice: 'v', arc: 'a' })),
      places: [{ name: 'Merrow Point', description: 'A lighthouse.' }],
      world_rules: [],
      timeline: [],
      ending: 'The map is found.',
    });

  it('asks again for a name models give characters in book after book, keeping the cast meanwhile', () => {
    const read = bibleStep(story).read(cast('Mara', 'Elara Voss'));
    expect(read).toEqual({
      value: expect.objectContaining({ title: 'Lead Small' }),
      concerns: [expect.stringMatching(/^\/characters\/1\/name: "Elara" and "Voss" are names language models give/)],
    });
  });

  it('keeps such a name when the client asked for it', () => {
    const asked = {
      ...story,
      request: generationRequest({ prompt: 'A keeper named Mara and her friend Elara Voss.' }),
    };
    expect(bibleStep(asked).read(cast('Mara', 'Elara Voss'))).not.toHaveProperty('concerns');
  });
});

describe('the bible step: what it asks in words a real model reads well', () => {
  it('names the type as readers do ("a picture book", never "a childrens") and the author as a byline', () => {
    const messages = bibleMessages({
      ...input,
      request: generationRequest({ type: 'childrens', author: 'Scriptorium' }),
      type: 'childrens',
      shape: bookShape('childrens', '2.0'),
      sections: 12,
    });
    const text = messages.map((message) => message.content).join('\n');
    expect(text).toContain('Plan a picture book of 12 spreads');
    expect(text).not.toMatch(/childrens/);
    expect(text).toContain('Its <author> is the name the title page prints as the book');
  });
});

describe('the language line', () => {
  it('tells a Japanese or Chinese writer what a word of its length is, in characters', () => {
    expect(languageLine('ja')).toMatch(
      /Lengths here are in words of 2 characters: 1,000 words is about 2,000 characters\.$/,
    );
    expect(languageLine('zh-Hans')).toContain('words of 2 characters');
    expect(languageLine('fr')).not.toContain('characters');
  });
});

describe('the bible step: the byline is the title page’s, not an instruction', () => {
  const withAuthor: BibleInput = { ...input, request: { ...input.request, author: 'Scriptorium' } };

  it('drops an instruction that only credits the author (a real planner made one; the check then sent chapter 1 to a revision that changed nothing)', () => {
    const read = bibleStep(withAuthor).read(
      answer({ instructions: ['Teach one-on-ones.', 'Credit the author as Scriptorium.', 'Signé Scriptorium.'] }),
    );
    expect(read).toEqual({ value: expect.objectContaining({ instructions: ['Teach one-on-ones.'] }) });
  });

  it('keeps an instruction that names the author for something else, or credits no one by that name', () => {
    const kept = [
      'Open chapter 2 with the team meeting Scriptorium, the new vendor, runs every Monday at nine, and let it go badly.',
      'Credit the interviewees by their first names.',
    ];
    const read = bibleStep(withAuthor).read(answer({ instructions: kept }));
    expect(read).toEqual({ value: expect.objectContaining({ instructions: kept }) });
  });
});
