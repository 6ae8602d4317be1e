import type { BookChapter } from '../../../book/book-document';
import { lighthousePlan } from '../testing/book-plan-fixture';
import { checkWholeText, paragraphIndexes } from './text-checks';

const chapter = (number: number, paragraphs: string[]): { chapter: BookChapter } => ({
  chapter: {
    id: `ch-${number}`,
    number,
    title: `Chapter ${number}`,
    kind: 'chapter',
    blocks: [
      { kind: 'heading', text: 'A heading before the text' },
      ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
    ],
  } as BookChapter,
});

const plan = { ...lighthousePlan, sections: [1, 2, 3].map((number) => lighthousePlan.sections[number - 1]!) };

describe('checkWholeText', () => {
  it('places each problem in the paragraphs a reviser is shown, counted from the first paragraph', () => {
    const { problems, findings } = checkWholeText(
      plan,
      [
        chapter(1, ['The morning was grey over Merrow Point.', 'Mara Quill climbed the tower.']),
        chapter(2, [
          'The morning brought a letter.',
          'She read it twice, and Marra watched from the window.',
          'She put it away.',
        ]),
        chapter(3, [
          'The morning of the meeting, the hall was full.',
          'Hale stood.',
          'As he sat down, Mara knew that nothing would ever be the same.',
        ]),
      ],
      'chapter',
    );
    expect(problems.map(({ section, paragraphs }) => [section, paragraphs])).toEqual([
      [2, [2]], // "Marra" in the second paragraph (the heading is not one)
      [2, [1]], // opens like chapters 1 and 3
      [3, [1]],
      [3, [3]], // ends on a summing-up
    ]);
    expect(findings).toEqual([
      'names that read as misspelt: "Marra" for Mara Quill',
      '1 chapter ending on a summing-up',
      'chapters that open alike: "The morning" 3 times',
    ]);
  });

  it('sends a story section whose narration leans on stock phrases to revision, from the paragraphs they are in', () => {
    const { problems, findings } = checkWholeText(
      plan,
      [
        chapter(1, ['Mara Quill climbed the tower.', 'She felt a pang of guilt.']),
        chapter(2, [
          'Hale opened the ledger.',
          'A shiver ran down her spine. The air was thick with smoke.',
          'Mara wrote the hour in the log.',
          'A wave of dread washed over her.',
        ]),
      ],
      'chapter',
    );
    expect(problems).toEqual([
      { section: 2, problem: expect.stringContaining('(paragraphs 2 and 4)') as string, paragraphs: [2, 4] },
    ]);
    expect(findings).toEqual(['4 stock phrases in the narration, 3 of them in chapter 2']);
  });

  it("reads a subject book's text for its own stock phrases, and for nothing a story is read for", () => {
    const subject = {
      ...plan,
      type: 'self_help' as const,
      bible: { kind: 'subject' as const, thesis: 't', audience: 'a', voice: 'v', concepts: [], readerOutcomes: [] },
    };
    const { problems, findings } = checkWholeText(
      subject,
      [
        chapter(1, ["In today's fast-paced world, rest is rare.", 'Sleep plays a crucial role.', "Let's dive in."]),
        chapter(2, ['The morning tide.', 'It ended. Nothing would ever be the same.']),
      ],
      'chapter',
    );
    expect(problems.map(({ section, paragraphs }) => [section, paragraphs])).toEqual([[1, [1, 2, 3]]]);
    expect(problems[0]!.problem).toContain('the claim, the step or the example itself');
    expect(findings).toEqual(['3 stock phrases in the text, 3 of them in chapter 1']);
  });

  it('reads nothing else in a subject book, which repeats its terms on purpose', () => {
    const subject = {
      ...plan,
      type: 'non_fiction' as const,
      bible: { kind: 'subject' as const, thesis: 't', audience: 'a', voice: 'v', concepts: [], readerOutcomes: [] },
    };
    const sections = [1, 2, 3].map((number) =>
      chapter(number, ['The morning tide.', 'It ended. Nothing would ever be the same.']),
    );
    expect(checkWholeText(subject, sections, 'chapter')).toEqual({ problems: [], findings: [] });
  });

  it('numbers paragraphs as a revision does: paragraph blocks only', () => {
    expect(paragraphIndexes(chapter(1, ['a', 'b']).chapter.blocks)).toEqual([1, 2]);
  });
});
