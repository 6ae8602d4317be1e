import type { BookGenerationRequest } from '../book-provider';
import { type BookPlan, planFromCheckpoint, planPrompt, planToCheckpoint, readPlan, scaleBudgets } from './book-plan';

function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return {
    requestId: 'job-1',
    prompt: 'A tale of two harbours.',
    style: 'adventure',
    type: 'novel',
    images: false,
    author: 'A. Writer',
    customTone: 'wry',
    model: '2.0',
    outputFormat: 'txt',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function sections(count: number, extra: Record<string, unknown> = {}): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => ({
    title: `Part ${index + 1}`,
    summary: `What happens in part ${index + 1}.`,
    words: 1000,
    ...extra,
  }));
}

const novelPlan = {
  title: 'Two Harbours',
  synopsis: 'Two towns, one storm.',
  cast: [{ name: 'Ada', description: 'a pilot' }],
  sections: sections(10),
};

describe('readPlan', () => {
  it('reads a valid novel plan and scales its budgets to the length of the model id', () => {
    const reading = readPlan({ ...novelPlan, sections: sections(10, { words: '400' }) }, bookRequest(), {
      normalise: true,
    });
    expect(reading.errors).toBeUndefined();
    const plan = reading.plan!;
    expect(plan).toMatchObject({ title: 'Two Harbours', type: 'novel', style: 'adventure', language: 'en' });
    expect(plan.sections.map((section) => section.words)).toEqual(Array<number>(10).fill(1000));
    expect(plan.sections.map((section) => section.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('names each missing or malformed field, by path, without quoting the model', () => {
    const reading = readPlan(
      { title: '  ', cast: 'Ada', sections: [...sections(7), { title: 'x', summary: 'y', words: -3 }, 'oops'] },
      bookRequest(),
      { normalise: true },
    );
    expect(reading.errors).toEqual([
      'title must be a non-empty string',
      'synopsis must be a non-empty string',
      'cast must be an array',
      'cast must list at least one character for a novel',
      'sections[7].words must be a positive whole number',
      'sections[8] must be an object',
    ]);
  });

  it('asks for the number of sections the type and model id call for', () => {
    const reading = readPlan({ ...novelPlan, sections: sections(10) }, bookRequest({ model: '3.0' }), {
      normalise: true,
    });
    expect(reading.errors).toEqual(['sections must list 14 to 20 chapters (got 10)']);
  });

  it('requires panels for comics, objectives for textbooks, principles for self-help and sources for non-fiction', () => {
    const comic = readPlan({ ...novelPlan, sections: sections(12) }, bookRequest({ type: 'comic' }), {
      normalise: true,
    });
    expect(comic.errors).toContain("sections[0].panels must list the page's panels");

    const textbook = readPlan({ ...novelPlan, cast: [], sections: sections(8) }, bookRequest({ type: 'textbook' }), {
      normalise: true,
    });
    expect(textbook.errors).toEqual(
      expect.arrayContaining([
        'objectives must list what the textbook teaches',
        "sections[0].objectives must list the lesson's objectives",
      ]),
    );

    const selfHelp = readPlan({ ...novelPlan, sections: sections(8) }, bookRequest({ type: 'self_help' }), {
      normalise: true,
    });
    expect(selfHelp.errors).toContain('sections[0].principle must state the principle');

    const nonFiction = readPlan({ ...novelPlan, sections: sections(8) }, bookRequest({ type: 'non_fiction' }), {
      normalise: true,
    });
    expect(nonFiction.errors).toEqual(['sources must list at least one work for non_fiction']);

    const page = readPlan(
      { ...novelPlan, sections: sections(12, { panels: ['a', 'b'] }) },
      bookRequest({ type: 'manga' }),
      { normalise: true },
    );
    expect(page.plan?.sections[0]?.panels).toEqual(['a', 'b']);
    // Pages are short: budgets are scaled to the type's length, within a page's bounds.
    expect(page.plan?.sections[0]?.words).toBe(210);
  });

  it("uses the request's type and style, and the model's choice only for automatic", () => {
    const fixed = readPlan({ ...novelPlan, type: 'comic', style: 'noir' }, bookRequest(), { normalise: true });
    expect(fixed.plan).toMatchObject({ type: 'novel', style: 'adventure' });

    const automatic = bookRequest({ type: 'automatic', style: 'automatic' });
    const chosen = readPlan({ ...novelPlan, type: 'Short story', style: 'Sci-Fi', sections: sections(4) }, automatic, {
      normalise: true,
    });
    expect(chosen.plan).toMatchObject({ type: 'short_story', style: 'sci_fi' });

    const nonsense = readPlan({ ...novelPlan, type: 'opera', style: 42 }, automatic, { normalise: true });
    expect(nonsense.plan).toMatchObject({ type: 'novel', style: 'drama' });
  });

  it('keeps a valid language tag and falls back to en otherwise', () => {
    expect(readPlan({ ...novelPlan, language: 'pt-BR' }, bookRequest(), { normalise: true }).plan?.language).toBe(
      'pt-BR',
    );
    expect(readPlan({ ...novelPlan, language: 'Portuguese!' }, bookRequest(), { normalise: true }).plan?.language).toBe(
      'en',
    );
  });
});

describe('scaleBudgets', () => {
  const planned = (words: number[]) =>
    words.map((count, index) => ({
      number: index + 1,
      title: 't',
      summary: 's',
      words: count,
      panels: [],
      objectives: [],
    }));

  it('keeps proportions while reaching the total', () => {
    const scaled = scaleBudgets(planned([100, 200, 100]), 2000, { min: 10, max: 5000 });
    expect(scaled.map((section) => section.words)).toEqual([500, 1000, 500]);
  });

  it('keeps every budget within what one call can write', () => {
    const scaled = scaleBudgets(planned([1, 1000]), 4000, { min: 300, max: 2000 });
    expect(scaled.map((section) => section.words)).toEqual([300, 2000]);
  });
});

describe('plan checkpoints', () => {
  it('round-trips a plan through a chapter without rescaling it', () => {
    const plan = readPlan(novelPlan, bookRequest(), { normalise: true }).plan!;
    const edited: BookPlan = {
      ...plan,
      sections: plan.sections.map((section, index) => ({ ...section, words: 500 + index })),
    };
    const chapter = structuredClone(planToCheckpoint(edited));
    expect(chapter).toMatchObject({ id: 'plan', number: 0, blocks: [{ kind: 'paragraph' }] });
    expect(planFromCheckpoint(chapter, bookRequest())).toEqual(edited);
  });

  it('ignores a stored plan that does not read', () => {
    expect(planFromCheckpoint(undefined, bookRequest())).toBeUndefined();
    const broken = {
      id: 'plan',
      kind: 'chapter' as const,
      number: 0,
      title: 'p',
      blocks: [{ kind: 'paragraph' as const, text: '{"version":1}' }],
    };
    expect(planFromCheckpoint(broken, bookRequest())).toBeUndefined();
  });
});

describe('planPrompt', () => {
  it('states the premise, the type with its length, the style and the tone', () => {
    const prompt = planPrompt(bookRequest({ model: '3.0' }));
    expect(prompt).toContain('Premise: A tale of two harbours.');
    expect(prompt).toContain('Book type: novel (a novel told in chapters).');
    expect(prompt).toContain('Length: 14 to 20 chapters, about 20000 words in total.');
    expect(prompt).toContain('Style: adventure.');
    expect(prompt).toContain('Tone: wry');
    expect(prompt).toContain('"cast"');
    expect(prompt).not.toContain('"sources"');
  });

  it('offers every type with its length when the type is automatic', () => {
    const prompt = planPrompt(bookRequest({ type: 'automatic', style: 'automatic', prompt: '' }));
    expect(prompt).toContain('Premise: none given');
    expect(prompt).toContain('- manga: a manga told in pages of panels');
    expect(prompt).toContain('Style: choose one of action, horror');
    expect(prompt).toContain('"sources"');
    expect(prompt).toContain('"panels"');
  });
});
