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

  it('reads single-newline paragraphs when the text has no blank lines', () => {
    expect(proseToBlocks('One.\nTwo.')).toEqual([
      { kind: 'paragraph', text: 'One.' },
      { kind: 'paragraph', text: 'Two.' },
    ]);
  });
});
