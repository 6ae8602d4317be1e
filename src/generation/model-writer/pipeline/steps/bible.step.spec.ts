import { bookShape } from '../../../../book/book-shapes';
import { generationRequest } from '../../../testing/generation-request';
import { bibleSchema, bibleStep, type BibleInput } from './bible.step';

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

  it('sends back a limit too small to be one, as a server that ignores the bounds may give', () => {
    expect(bibleStep(input).read(answer({ every_section: [], section_words_max: 2, book_words_max: 0 }))).toEqual({
      problems: ['/section_words_max must be null or at least 50', '/book_words_max must be null or at least 200'],
    });
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
