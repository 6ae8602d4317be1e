import type { BookGenerationRequest } from '../book-provider';
import { type BookPlan, readPlan } from './book-plan';
import { buildSectionChapter, countWords, readPlainText, readSectionBlocks, sectionPrompt } from './book-section';

describe('readSectionBlocks', () => {
  it('reads the JSON blocks asked for, normalising kinds, quotes and Markdown', () => {
    const answer = JSON.stringify({
      blocks: [
        { kind: 'paragraph', text: 'The **tide** turned.\n\nThen the _wind_ rose.' },
        { type: 'Dialog', speaker: 'Ada', text: '“Hold the line.”' },
        { kind: 'scene break' },
        { kind: 'heading', text: 'Method', level: 3 },
        { kind: 'list', ordered: true, items: ['one', '', 'two'] },
        { kind: 'exercise', question: 'Why?', answer: 'Because.' },
        { kind: 'exercise', question: 'No answer?' },
        { kind: 'glossary', term: 'Tide', definition: 'The sea rising and falling.' },
        {
          kind: 'panel',
          description: 'A pier',
          caption: 'Night.',
          dialogue: ['ADA: "Look!"', { speaker: 'Brann', text: 'What?' }],
        },
        { kind: 'mystery', text: 'Kept as prose.' },
        42,
      ],
    });
    expect(readSectionBlocks(answer)).toEqual([
      { kind: 'paragraph', text: 'The tide turned.' },
      { kind: 'paragraph', text: 'Then the wind rose.' },
      { kind: 'dialogue', speaker: 'Ada', text: 'Hold the line.' },
      { kind: 'scene_break' },
      { kind: 'heading', text: 'Method', level: 3 },
      { kind: 'list', ordered: true, items: ['one', 'two'] },
      { kind: 'exercise', question: 'Why?', answer: 'Because.' },
      { kind: 'glossary_entry', term: 'Tide', definition: 'The sea rising and falling.' },
      {
        kind: 'panel',
        number: 0,
        description: 'A pier',
        caption: 'Night.',
        dialogue: [
          { speaker: 'ADA', text: 'Look!' },
          { speaker: 'Brann', text: 'What?' },
        ],
      },
      { kind: 'paragraph', text: 'Kept as prose.' },
    ]);
  });

  it('reads a fenced answer after a reasoning section', () => {
    const answer = '<think>plan the scene</think>\n```json\n{"blocks":[{"kind":"paragraph","text":"Fog."}]}\n```';
    expect(readSectionBlocks(answer)).toEqual([{ kind: 'paragraph', text: 'Fog.' }]);
  });

  it('keeps the finished blocks of an answer cut off by the output limit', () => {
    const answer =
      '{"blocks": [{"kind": "paragraph", "text": "One {brace} \\"quoted\\"."}, {"kind": "paragraph", "text": "Two."}, {"kind": "paragr';
    expect(readSectionBlocks(answer)).toEqual([
      { kind: 'paragraph', text: 'One {brace} "quoted".' },
      { kind: 'paragraph', text: 'Two.' },
    ]);
  });

  it('never reads broken JSON as prose', () => {
    expect(readSectionBlocks('{"chapter": "oops')).toEqual([]);
  });

  it('reads a plain-prose answer when the server ignored the JSON instruction', () => {
    expect(readSectionBlocks('The harbour was quiet.\nAda: "Too quiet."')).toEqual([
      { kind: 'paragraph', text: 'The harbour was quiet.' },
      { kind: 'dialogue', speaker: 'Ada', text: 'Too quiet.' },
    ]);
  });
});

describe('readPlainText', () => {
  it('recognises headings, lists, scene breaks and dialogue lines, and keeps the rest as paragraphs', () => {
    const text = [
      '## The Harbour',
      '',
      'Fog lay on the water.',
      'Note: this line is prose, not speech.',
      '* * *',
      '- rope',
      '- lantern',
      '1. first',
      'Captain Brann: "We sail at dawn."',
      '> A quoted line.',
    ].join('\n');
    expect(readPlainText(text)).toEqual([
      { kind: 'heading', text: 'The Harbour', level: 2 },
      { kind: 'paragraph', text: 'Fog lay on the water.' },
      { kind: 'paragraph', text: 'Note: this line is prose, not speech.' },
      { kind: 'scene_break' },
      { kind: 'list', ordered: false, items: ['rope', 'lantern'] },
      { kind: 'list', ordered: true, items: ['first'] },
      { kind: 'dialogue', speaker: 'Captain Brann', text: 'We sail at dawn.' },
      { kind: 'paragraph', text: 'A quoted line.' },
    ]);
  });
});

describe('countWords', () => {
  it('counts words separated by spaces, ignoring punctuation-only tokens', () => {
    expect(countWords('  The keeper — tired — climbed on. ')).toBe(5);
  });

  it('counts Chinese and Japanese text, which has no spaces, by characters', () => {
    expect(countWords('灯台守は階段を上った')).toBe(5);
    expect(countWords('Ada 灯台')).toBe(2);
  });
});

function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return {
    requestId: 'job-1',
    prompt: '',
    style: 'mystery',
    type: 'novel',
    images: false,
    author: 'A. Writer',
    customTone: '',
    model: '2.0',
    outputFormat: 'txt',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function planFor(request: BookGenerationRequest, extra: Record<string, unknown> = {}): BookPlan {
  const count = request.type === 'comic' ? 10 : 8;
  const raw = {
    title: 'The Harbour',
    synopsis: 'A mystery at sea.',
    cast: [{ name: 'Ada', description: 'keeper' }],
    objectives: ['Read charts'],
    sections: Array.from({ length: count }, (_, index) => ({
      title: `Part ${index + 1}`,
      summary: `Summary ${index + 1}.`,
      words: 1000,
      panels: ['a', 'b'],
      objectives: ['Find north'],
      principle: 'Start small.',
    })),
    ...extra,
  };
  return readPlan(raw, request, { normalise: true }).plan!;
}

describe('sectionPrompt', () => {
  it('gives the plan, the summaries so far, the section, a signpost to the next one and the budget', () => {
    const request = bookRequest();
    const plan = planFor(request);
    const prompt = sectionPrompt(request, plan, plan.sections[2]!);
    expect(prompt).toContain('Book: "The Harbour" by A. Writer.');
    expect(prompt).toContain('- Ada: keeper');
    expect(prompt).toContain('1. Part 1: Summary 1.\n2. Part 2: Summary 2.');
    expect(prompt).toContain('Now write chapter 3 of 8: "Part 3".');
    expect(prompt).toContain('Next comes chapter 4, "Part 4": Summary 4.');
    expect(prompt).not.toContain('Summary 5.');
    expect(prompt).toContain('Length: about 1250 words.');
    expect(prompt).toContain('{"kind": "dialogue"');
    expect(prompt).not.toContain('{"kind": "panel"');
  });

  it('closes the book in the last section', () => {
    const request = bookRequest();
    const plan = planFor(request);
    expect(sectionPrompt(request, plan, plan.sections[7]!)).toContain(
      'This is the last chapter: bring the book to a satisfying close.',
    );
  });
});

describe('buildSectionChapter', () => {
  it('drops a heading that only repeats the title, and refuses an answer with no words', () => {
    const request = bookRequest();
    const plan = planFor(request);
    const section = plan.sections[0]!;
    const chapter = buildSectionChapter(plan, section, [
      { kind: 'heading', text: 'Chapter 1: Part 1', level: 2 },
      { kind: 'paragraph', text: 'Fog.' },
    ]);
    expect(chapter).toEqual({
      id: 'ch-001',
      kind: 'chapter',
      number: 1,
      title: 'Part 1',
      blocks: [{ kind: 'paragraph', text: 'Fog.' }],
    });
    expect(buildSectionChapter(plan, section, [{ kind: 'scene_break' }])).toBeUndefined();
  });

  it('keeps only numbered panels on a comic page', () => {
    const request = bookRequest({ type: 'comic' });
    const plan = planFor(request);
    const chapter = buildSectionChapter(plan, plan.sections[0]!, [
      { kind: 'paragraph', text: 'stray prose' },
      { kind: 'panel', number: 0, description: 'a', dialogue: [] },
      { kind: 'panel', number: 0, description: 'b', dialogue: [] },
    ]);
    expect(chapter?.kind).toBe('page');
    expect(chapter?.blocks).toEqual([
      { kind: 'panel', number: 1, description: 'a', dialogue: [] },
      { kind: 'panel', number: 2, description: 'b', dialogue: [] },
    ]);
    expect(buildSectionChapter(plan, plan.sections[0]!, [{ kind: 'paragraph', text: 'no panels' }])).toBeUndefined();
  });

  it('opens a lesson with its objectives and a self-help chapter with its principle', () => {
    const textbook = bookRequest({ type: 'textbook' });
    const lessonPlan = planFor(textbook);
    expect(
      buildSectionChapter(lessonPlan, lessonPlan.sections[0]!, [{ kind: 'paragraph', text: 'Text.' }])?.blocks[0],
    ).toEqual({
      kind: 'list',
      ordered: false,
      items: ['Find north'],
    });
    const selfHelp = bookRequest({ type: 'self_help' });
    const principlePlan = planFor(selfHelp);
    const chapter = buildSectionChapter(principlePlan, principlePlan.sections[0]!, [
      { kind: 'paragraph', text: 'Text.' },
    ]);
    expect(chapter).toMatchObject({
      kind: 'principle',
      blocks: [{ kind: 'key_point', text: 'Start small.' }, { kind: 'paragraph' }],
    });
  });
});
