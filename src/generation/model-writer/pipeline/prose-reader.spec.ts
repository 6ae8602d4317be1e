import { blocksToProse, proseToBlocks } from './prose-reader';

describe('reading prose into blocks', () => {
  it('keeps dialogue inside paragraphs, turns asterisk lines into scene breaks and drops Markdown marks', () => {
    const blocks = proseToBlocks(
      '## The Pier\n\n"We leave at dawn," Mara said.\n"Not before," said Tom.\n\n* * *\n\nThe **tide** turned.\n\n***\n',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'The Pier' },
      // Each speaker keeps the line the model gave them.
      { kind: 'paragraph', text: '"We leave at dawn," Mara said.\n"Not before," said Tom.' },
      { kind: 'scene_break' },
      { kind: 'paragraph', text: 'The tide turned.' },
    ]);
    expect(blocksToProse(blocks)).toBe(
      'The Pier\n\n"We leave at dawn," Mara said.\n"Not before," said Tom.\n\n* * *\n\nThe tide turned.',
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

  it('reads bullet and numbered lines as lists in non-fiction, with or without blank lines between items', () => {
    const text =
      'Three habits help.\n\n- Sleep at ten.\n- Walk *every* morning.\n\n* Read before bed.\n\n' +
      '1. Write the goal.\n2) Break it down.\n\n3. Start today.\n\nThat is all.';
    expect(proseToBlocks(text, { headings: true })).toEqual([
      { kind: 'paragraph', text: 'Three habits help.' },
      { kind: 'list', ordered: false, items: ['Sleep at ten.', 'Walk every morning.', 'Read before bed.'] },
      { kind: 'list', ordered: true, items: ['Write the goal.', 'Break it down.', 'Start today.'] },
      { kind: 'paragraph', text: 'That is all.' },
    ]);
    // Quoted back to a model (a seam, a revision), a list reads as it was written.
    expect(blocksToProse(proseToBlocks(text, { headings: true }))).toBe(
      'Three habits help.\n\n- Sleep at ten.\n- Walk every morning.\n- Read before bed.\n\n' +
        '1. Write the goal.\n2. Break it down.\n3. Start today.\n\nThat is all.',
    );
  });

  it('leaves dash dialogue in fiction alone: a line starting "- " there is speech, not a list', () => {
    const text = '- Tu viens ? demanda Mara.\n- Non, dit Tom.';
    expect(proseToBlocks(text)).toEqual([
      { kind: 'paragraph', text: '- Tu viens ? demanda Mara.' },
      { kind: 'paragraph', text: '- Non, dit Tom.' },
    ]);
  });

  it('reads a line that is all bold as a heading in non-fiction, but not a bold label or sentence', () => {
    const text = '**Why ice floats**\n\n**Note:** water is odd.\n\n**It expands as it freezes.**';
    expect(proseToBlocks(text, { headings: true })).toEqual([
      { kind: 'heading', level: 3, text: 'Why ice floats' },
      { kind: 'paragraph', text: 'Note: water is odd.' },
      { kind: 'paragraph', text: 'It expands as it freezes.' },
    ]);
  });

  it('drops every kind of Markdown emphasis, and keeps lone asterisks and underscores', () => {
    const [block] = proseToBlocks(
      'She was *sure*, _quite_ sure, **very** sure: __dead certain__. 5 * 3 = 15; user_id and __init__ stay.',
    );
    expect(block).toEqual({
      kind: 'paragraph',
      text: 'She was sure, quite sure, very sure: dead certain. 5 * 3 = 15; user_id and __init__ stay.',
    });
  });
});

describe('line breaks inside a paragraph', () => {
  it('keeps the lines of a song, a letter and dated entries, which every format prints as lines', () => {
    const text = [
      'And Grandmother sang softly:',
      '',
      '“The firefly gives you light,',
      'the cricket sings you to sleep,',
      'the owl keeps watch tonight.”',
      '',
      'Dear Ingrid,',
      'if you are reading this, the Havørn did not sink where they say it did.',
      'Your friend, Jon',
      '',
      '12 March 1959: wind NW 6, nets out at dawn.',
      '19 March 1959: anchored off Fedje. Nobody must know.',
    ].join('\n');
    expect(proseToBlocks(text)).toEqual([
      { kind: 'paragraph', text: 'And Grandmother sang softly:' },
      {
        kind: 'paragraph',
        text: '“The firefly gives you light,\nthe cricket sings you to sleep,\nthe owl keeps watch tonight.”',
      },
      {
        kind: 'paragraph',
        text: 'Dear Ingrid,\nif you are reading this, the Havørn did not sink where they say it did.\nYour friend, Jon',
      },
      {
        kind: 'paragraph',
        text: '12 March 1959: wind NW 6, nets out at dawn.\n19 March 1959: anchored off Fedje. Nobody must know.',
      },
    ]);
  });

  it('joins prose a model hard-wrapped at a column into one line', () => {
    const wrapped = [
      'The harbour was quiet that morning, quieter than Ingrid had ever known',
      'it, and the gulls sat on the bollards as if they too were waiting for',
      'news that would not come.',
    ].join('\n');
    expect(proseToBlocks(`${wrapped}\n\nShe went in.`)).toEqual([
      {
        kind: 'paragraph',
        text:
          'The harbour was quiet that morning, quieter than Ingrid had ever known it, and the gulls sat on the ' +
          'bollards as if they too were waiting for news that would not come.',
      },
      { kind: 'paragraph', text: 'She went in.' },
    ]);
  });
});
