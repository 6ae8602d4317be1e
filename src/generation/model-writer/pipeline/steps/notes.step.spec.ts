import { NOTES_MARKER, splitNotes } from './notes.step';

const PROSE = 'Mara counted the boats.\n\n"Nine," she said. The tide turned against the stones.';
const NOTES = { summary: 'Mara counts boats.', closing_state: 'On the pier at dusk.', facts: ['Nine boats.'] };
const READ = { summary: 'Mara counts boats.', closingState: 'On the pier at dusk.', facts: ['Nine boats.'] };
const JSON_NOTES = JSON.stringify(NOTES);
const FENCED = `\`\`\`json\n${JSON.stringify(NOTES, null, 2)}\n\`\`\``;

describe('splitNotes', () => {
  it('splits at the exact marker, with the notes bare or fenced', () => {
    expect(splitNotes(`${PROSE}\n\n${NOTES_MARKER}\n${JSON_NOTES}`)).toEqual({
      prose: PROSE,
      notes: READ,
      trailer: true,
    });
    expect(splitNotes(`${PROSE}\n\n${NOTES_MARKER}\n${FENCED}`)).toEqual({ prose: PROSE, notes: READ, trailer: true });
  });

  it.each([
    `**${NOTES_MARKER}**`,
    '=== Notes ===',
    '===NOTES===',
    'NOTES:',
    '### Notes',
    '**Notes:**',
    '--- notes ---',
  ])('splits at a marker written as %s, leaving none of it in the prose', (marker) => {
    for (const json of [JSON_NOTES, FENCED]) {
      expect(splitNotes(`${PROSE}\n\n${marker}\n${json}`)).toEqual({ prose: PROSE, notes: READ, trailer: true });
    }
  });

  it('takes notes JSON at the very end without any marker', () => {
    expect(splitNotes(`${PROSE}\n\n${FENCED}`)).toEqual({ prose: PROSE, notes: READ, trailer: true });
    expect(splitNotes(`${PROSE}\n\n${JSON_NOTES}`)).toEqual({ prose: PROSE, notes: READ, trailer: true });
  });

  it('drops a trailer whose notes were cut off, and says the prose before it was finished', () => {
    const cut = JSON_NOTES.slice(0, 30);
    expect(splitNotes(`${PROSE}\n\n${NOTES_MARKER}\n${cut}`)).toEqual({ prose: PROSE, trailer: true });
    expect(splitNotes(`${PROSE}\n\n=== Notes ===\n${cut}`)).toEqual({ prose: PROSE, trailer: true });
  });

  it('leaves prose alone that only mentions notes or ends in braces', () => {
    const story = `${PROSE}\n\nNotes:\nShe had kept notes on every tide since March.`;
    expect(splitNotes(story)).toEqual({ prose: story, trailer: false });
    const braces = `${PROSE}\n\n{The ledger's last line was blank.}`;
    expect(splitNotes(braces)).toEqual({ prose: braces, trailer: false });
    // JSON that is not the notes stays: the answer checks decide what to do with it.
    const other = `${PROSE}\n\n{"title": "The Pier"}`;
    expect(splitNotes(other)).toEqual({ prose: other, trailer: false });
  });
});
