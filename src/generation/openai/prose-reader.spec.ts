import { blocksToProse, proseToBlocks } from './prose-reader';

describe('reading prose into blocks', () => {
  it('keeps dialogue inside paragraphs, turns asterisk lines into scene breaks and drops Markdown marks', () => {
    const blocks = proseToBlocks(
      '## The Pier\n\n"We leave at dawn," Mara said.\n"Not before," said Tom.\n\n* * *\n\nThe **tide** turned.\n\n***\n',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'The Pier' },
      { kind: 'paragraph', text: '"We leave at dawn," Mara said. "Not before," said Tom.' },
      { kind: 'scene_break' },
      { kind: 'paragraph', text: 'The tide turned.' },
    ]);
    expect(blocksToProse(blocks)).toBe(
      'The Pier\n\n"We leave at dawn," Mara said. "Not before," said Tom.\n\n* * *\n\nThe tide turned.',
    );
  });

  it('reads "## " lines as headings in non-fiction, and only there', () => {
    const text = '## Why ice floats\n\nWater expands as it freezes.\n\n### A worked example\n\nTake one litre.';
    expect(proseToBlocks(text, { headings: true })).toEqual([
      { kind: 'heading', level: 2, text: 'Why ice floats' },
      { kind: 'paragraph', text: 'Water expands as it freezes.' },
      { kind: 'heading', level: 3, text: 'A worked example' },
      { kind: 'paragraph', text: 'Take one litre.' },
    ]);
    expect(proseToBlocks(text)[0]).toEqual({ kind: 'paragraph', text: 'Why ice floats' });
  });

  it('reads single-newline paragraphs when the text has no blank lines', () => {
    expect(proseToBlocks('One.\nTwo.')).toEqual([
      { kind: 'paragraph', text: 'One.' },
      { kind: 'paragraph', text: 'Two.' },
    ]);
  });
});
