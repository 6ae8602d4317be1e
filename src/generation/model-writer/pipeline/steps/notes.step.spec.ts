import { proseMaxTokens } from './prose-section.step';
import { NOTES_MARKER, notesMessages, splitNotes } from './notes.step';

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

describe('notesMessages', () => {
  it('names the language the notes are written in, not its tag', () => {
    expect(notesMessages('part 3', 'it', 'Nives lesse il promemoria.')[1]!.content).toMatch(
      /^Note part 3 below, writing the notes in Italian\.\n<section>/,
    );
  });
});

describe('the room for a section and its notes', () => {
  it('holds a real model’s longest notes after a part that runs 15% over its words', () => {
    // A real Italian part: asked 1,220 words, it wrote 1,400 (8,600 characters) and 3,571 characters of notes,
    // counted as the relay that recorded it counts, four characters a token.
    expect(proseMaxTokens(1_220, 'it')).toBeGreaterThanOrEqual(Math.ceil((8_600 + 3_804) / 4));
  });
});
