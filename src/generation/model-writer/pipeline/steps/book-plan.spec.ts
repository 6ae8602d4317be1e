import { lighthousePlan } from '../../testing/book-plan-fixture';
import { knowledgeText, narratorLines, sectionNarration, sectionText, type BookPlan } from './book-plan';

const sectionOf = (plan: BookPlan, number: number) => plan.sections[number - 1]!;

describe('knowledgeText', () => {
  it('tells a writer what the reader already knows and what later sections hold back', () => {
    expect(knowledgeText(lighthousePlan, sectionOf(lighthousePlan, 2), 'chapter')).toEqual([
      'Already met in earlier chapters (no second introduction: a name, a gesture or a voice is enough): Mara Quill',
      'What the reader already knows from earlier chapters (build on it; never present it as news):',
      '- The map was drawn by a drowned sailor (chapter 1)',
      'Held back for later chapters (do not state or confirm it, and let no character guess it right; ' +
        'a clue your beats plant may point to it without saying it):',
      '- Mayor Hale sank the Saint Brendan (chapter 3)',
      '',
    ]);
  });

  it('leaves out its own reveals, which its entry carries, and says nothing when nothing is revealed', () => {
    const first = knowledgeText(lighthousePlan, sectionOf(lighthousePlan, 1), 'chapter').join('\n');
    expect(first).not.toContain('drowned sailor');
    expect(first).toContain('Mayor Hale sank the Saint Brendan (chapter 3)');
    expect(sectionText(sectionOf(lighthousePlan, 1), 'chapter')).toContain(
      'The reader learns here: The map was drawn by a drowned sailor',
    );
    const last = knowledgeText(lighthousePlan, sectionOf(lighthousePlan, 3), 'chapter').join('\n');
    expect(last).not.toContain('Held back');
    const silent = {
      ...lighthousePlan,
      sections: lighthousePlan.sections.map(({ reveals: _r, ...rest }) => ({ ...rest, present: [] })),
    };
    expect(knowledgeText(silent, sectionOf(silent, 2), 'chapter')).toEqual([]);
  });

  it("says who the reader has met and who first appears, reading a listed name as the bible's character", () => {
    const plan: BookPlan = {
      ...lighthousePlan,
      sections: lighthousePlan.sections.map((section, index) => ({
        ...section,
        reveals: [],
        present: [['Mara'], ['Mara Quill', 'Mayor Hale', 'Jonah the ferryman'], ['Edwin Hale', 'Jonah the ferryman']][
          index
        ]!,
      })),
    };
    expect(knowledgeText(plan, sectionOf(plan, 1), 'chapter')).toEqual([]);
    expect(knowledgeText(plan, sectionOf(plan, 2), 'chapter')).toEqual([
      'Already met in earlier chapters (no second introduction: a name, a gesture or a voice is enough): Mara Quill',
      'First seen in the book here (introduce them): Mayor Edwin Hale, Jonah the ferryman',
      '',
    ]);
    expect(knowledgeText(plan, sectionOf(plan, 3), 'chapter')[0]).toBe(
      'Already met in earlier chapters (no second introduction: a name, a gesture or a voice is enough): ' +
        'Mayor Edwin Hale, Jonah the ferryman',
    );
  });

  it("tells the writer of a section's rest which newcomers its text so far has already introduced", () => {
    const plan: BookPlan = {
      ...lighthousePlan,
      sections: lighthousePlan.sections.map((section, index) => ({
        ...section,
        reveals: [],
        present: [['Mara'], ['Mara Quill', 'Mayor Hale', 'Jonah the ferryman'], []][index]!,
      })),
    };
    const written = 'Mara climbed the tower. At the top the mayor waited, and Hale did not smile.';
    expect(knowledgeText(plan, sectionOf(plan, 2), 'chapter', written)).toEqual([
      'Already met in earlier chapters (no second introduction: a name, a gesture or a voice is enough): Mara Quill',
      "Introduced in this chapter's text so far (no second introduction): Mayor Edwin Hale",
      'First seen in the book here, not yet in the text so far (introduce them when they appear): Jonah the ferryman',
      '',
    ]);
    // Titles and short words name nobody: "the mayor" alone does not introduce Mayor Edwin Hale.
    expect(knowledgeText(plan, sectionOf(plan, 2), 'chapter', 'The mayor waited.')).toContain(
      'First seen in the book here, not yet in the text so far (introduce them when they appear): ' +
        'Mayor Edwin Hale, Jonah the ferryman',
    );
    expect(sectionText(sectionOf(plan, 2), 'chapter', true)).toContain(
      `Opens with (already written): ${sectionOf(plan, 2).openingState}`,
    );
  });

  it("tells a subject book's writer which terms the reader has learned and which it introduces", () => {
    const plan: BookPlan = {
      ...lighthousePlan,
      type: 'non_fiction',
      bible: {
        kind: 'subject',
        thesis: 'Saving early beats saving more.',
        audience: 'New earners',
        voice: 'Plain',
        concepts: [
          { term: 'Compound interest', definition: 'Interest earned on interest.' },
          { term: 'Index fund', definition: 'A fund that holds a whole market.' },
        ],
        readerOutcomes: [],
      },
      sections: lighthousePlan.sections.map((section, index) => ({
        ...section,
        reveals: [],
        present: [],
        concepts: [
          ['Compound interest'],
          ['compound interest over decades', 'Index fund', 'Expense ratio'],
          ['Index fund', 'Expense ratio', 'Rebalancing'],
        ][index]!,
      })),
    };
    expect(knowledgeText(plan, sectionOf(plan, 1), 'chapter')).toEqual([]);
    expect(knowledgeText(plan, sectionOf(plan, 2), 'chapter')).toEqual([
      'Terms the reader learned in earlier chapters (use them; never define them again, a reminder of a few words ' +
        'at most): Compound interest',
      'Terms first met in the book here (define them): Index fund, Expense ratio',
      '',
    ]);
    expect(knowledgeText(plan, sectionOf(plan, 3), 'chapter')).toEqual([
      'Terms the reader learned in earlier chapters (use them; never define them again, a reminder of a few words ' +
        'at most): Index fund, Expense ratio',
      'Terms first met in the book here (define them): Rebalancing',
      '',
    ]);
  });

  it('asks the planting section to plant and tells the paying-off section what was set up for it', () => {
    const plan: BookPlan = {
      ...lighthousePlan,
      sections: lighthousePlan.sections.map((section, index) => ({
        ...section,
        reveals: [],
        plants: index === 0 ? [{ what: 'A cracked lens in the lamp', paysOffIn: 3 }] : [],
      })),
    };
    expect(sectionText(sectionOf(plan, 1), 'chapter')).toContain(
      'Plant here, in passing and unexplained (a later chapter pays it off): A cracked lens in the lamp (chapter 3)',
    );
    expect(knowledgeText(plan, sectionOf(plan, 3), 'chapter')).toEqual(
      expect.arrayContaining([
        'Set up earlier for this chapter to pay off (use it; the reader has already seen it):',
        '- A cracked lens in the lamp (planted in chapter 1)',
      ]),
    );
    expect(knowledgeText(plan, sectionOf(plan, 2), 'chapter').join('\n')).not.toContain('cracked lens');
  });

  it('lists the nearest ten on each side of a long book', () => {
    const sections = Array.from({ length: 30 }, (_, index) => ({
      ...sectionOf(lighthousePlan, 2),
      number: index + 1,
      reveals: [`secret ${index + 1}`],
    }));
    const lines = knowledgeText({ ...lighthousePlan, sections }, sections[14]!, 'chapter');
    const known = lines.filter(
      (line) => line.startsWith('- ') && lines.indexOf(line) < lines.findIndex((l) => l.startsWith('Held')),
    );
    expect(known).toHaveLength(10);
    expect(known[0]).toBe('- secret 5 (chapter 5)');
    expect(known[9]).toBe('- secret 14 (chapter 14)');
    expect(lines.filter((line) => line.startsWith('- ')).at(-1)).toBe('- secret 25 (chapter 25)');
  });
});

describe('sectionNarration and narratorLines', () => {
  const bible = lighthousePlan.bible;
  const firstPerson = { ...bible, pointOfView: 'first person, Mara' } as typeof bible;
  const firstPlan = { bible: firstPerson, language: 'en' };

  it("reads the bible's person, and in the first person its narrator, by the cast's names", () => {
    expect(sectionNarration(bible, { pointOfView: 'Mara Quill' })).toEqual({ person: 'third' });
    expect(sectionNarration(firstPerson, { pointOfView: 'Mara Quill' })).toEqual({
      person: 'first',
      narrator: 'Mara Quill',
    });
    expect(sectionNarration(firstPerson, {})).toEqual({ person: 'first', narrator: 'Mara Quill' });
  });

  it("lets a section's own point of view give it another narrator, or another person", () => {
    expect(sectionNarration(firstPerson, { pointOfView: 'Mayor Hale' })).toEqual({
      person: 'first',
      narrator: 'Mayor Edwin Hale',
    });
    expect(sectionNarration(firstPerson, { pointOfView: 'close third person on Hale' })).toEqual({
      person: 'third',
    });
    expect(sectionNarration({ ...bible, kind: 'subject' } as never, {})).toEqual({});
  });

  it('tells the writers of a first-person book to write the narrator as "I", and no one else anything', () => {
    expect(narratorLines(firstPlan, {})).toEqual([
      'Mara Quill tells this as "I": where the plan or the notes speak of Mara Quill by name, write "I", "me" or "my".',
    ]);
    expect(narratorLines(lighthousePlan, {})).toEqual([]);
  });

  it("names the first person in the words of the book's language", () => {
    expect(narratorLines({ ...firstPlan, language: 'fr-CA' }, {})).toEqual([
      'Mara Quill tells this as "I": where the plan or the notes speak of Mara Quill by name, write "je", "me", "moi" or "mon".',
    ]);
    expect(narratorLines({ ...firstPlan, language: 'es' }, {})[0]).toContain(
      'write the first person ("yo", "me", "mí", "mi", and the verb\'s own: "caminé", not "caminó").',
    );
    expect(narratorLines({ ...firstPlan, language: 'fi' }, {})[0]).toMatch(/by name, write the first person\.$/);
  });
});
