import {
  checkProse,
  dropUnfinishedSentence,
  endsCleanly,
  findRepetition,
  looksLikeRefusal,
  stripFraming,
  isScript,
} from './answer-checks';

const ENGLISH = Array.from(
  { length: 12 },
  (_, index) => `Mara walked down to the harbour for the ${index + 1}th time and the sea was grey with rain.`,
).join(' ');

describe('checks on a prose answer', () => {
  it('recognises refusals at the opening, in several languages, but not a character saying sorry', () => {
    expect(looksLikeRefusal("I'm sorry, but I can't help with that.")).toBe(true);
    expect(looksLikeRefusal('As an AI, I cannot write this chapter.')).toBe(true);
    expect(looksLikeRefusal('Je suis désolé, mais je ne peux pas écrire cela.')).toBe(true);
    expect(looksLikeRefusal('Lo siento, no puedo ayudar con eso.')).toBe(true);
    expect(looksLikeRefusal(`"I'm sorry," Mara said, and she meant it. ${ENGLISH}`)).toBe(false);
    // A first-person novel may open on a can't.
    expect(looksLikeRefusal(`I can't sleep. ${ENGLISH}`)).toBe(false);
    expect(looksLikeRefusal(`I won't pretend I liked him. ${ENGLISH}`)).toBe(false);
  });

  it('cuts the framing models put around prose and keeps the prose', () => {
    const framed = `Here is chapter 3:\n\n# Chapter 3: The Pier\n\n${ENGLISH}\n\nI hope this captures the mood!`;
    expect(stripFraming(framed, 'The Pier')).toBe(ENGLISH);
  });

  it('never takes the story for framing: an opening "Of course", a last line a character hopes', () => {
    const opening = 'Of course, the letter never came, and Mara stopped walking down to the post office.';
    const closing = '“I hope she comes back,” Tom said, and turned the lamp down for the night.';
    const story = `${opening}\n\n${ENGLISH}\n\n${closing}`;
    expect(stripFraming(story, 'The Pier')).toBe(story);
  });

  it('lets characters say what a model would, inside quotation marks, and a book be about an AI', () => {
    const dialogue = `${ENGLISH}\n\n"Let me know if you hear anything," Mara said. "Would you like me to call her?"`;
    expect(checkProse(dialogue, { language: 'en' }).problems).toEqual([]);
    const robot = `As an AI, Unit 7 had never seen the sea. ${ENGLISH}`;
    expect(checkProse(robot, { language: 'en' }).problems).toEqual([]);
  });

  it('rejects meta-text it cannot cut, JSON where prose was asked, loops and the wrong language', () => {
    expect(checkProse(`${ENGLISH} As an AI language model I wrote this.`, { language: 'en' }).problems[0]).toMatch(
      /talks about itself/,
    );
    expect(checkProse('{"blocks": []}', { language: 'en' }).problems[0]).toMatch(/JSON/);
    const paragraph = 'The lamp turned over the water and the keeper counted the seconds between the flashes of light.';
    expect(findRepetition(`${paragraph}\n\n${paragraph}`, '')).toMatch(/repeated/);
    expect(checkProse(ENGLISH, { language: 'fr' }).problems[0]).toMatch(/reads as en/);
    expect(checkProse(ENGLISH, { language: 'ja' }).problems[0]).toMatch(/latin script/);
    expect(checkProse(ENGLISH, { language: 'en' }).problems).toEqual([]);
  });

  it('tells a whole ending from a cut one, and drops only the unfinished sentence', () => {
    expect(endsCleanly('She closed the door.')).toBe(true);
    expect(endsCleanly('"Go," she said. "Now."')).toBe(true);
    expect(endsCleanly('"But—"')).toBe(true);
    expect(endsCleanly('She closed the do')).toBe(false);
    expect(endsCleanly('He said, "')).toBe(false);
    expect(dropUnfinishedSentence('She ran. "Stop!" he called. She didn’t know wh')).toBe(
      'She ran. "Stop!" he called.',
    );
    expect(dropUnfinishedSentence('She ran. He whispered, "Run')).toBe('She ran.');
  });
});

describe('speech set as a script', () => {
  const story = (speech: string[]) =>
    [
      'The lamp swung over the table while the tide came in under the pier.',
      ...speech,
      'Nobody moved until the bell on the harbour wall rang twice.',
    ].join('\n\n');

  it('finds "Name: line" speech, in any of the ways models set it', () => {
    expect(isScript(story(['Mara: Where is the map?', 'HALE: I burned it.', 'Mara: You lie.']))).toBe(true);
    expect(
      isScript(story(['**Mara:** Where is it?', '**Mayor Hale** (quietly): Gone.', 'Mara (to herself): Not gone.'])),
    ).toBe(true);
  });

  it('leaves quoted speech and a lone label alone', () => {
    expect(isScript(story(['"Where is the map?" Mara asked.', '"I burned it," Hale said.']))).toBe(false);
    expect(isScript(story(['Dear Sir: the map is yours.', 'Note: the tide turns at six.']))).toBe(false);
  });

  it('asks a story for its speech in quotation marks, and lets non-fiction keep its labels', () => {
    const script = story(['Mara: Where is the map?', 'Hale: I burned it.', 'Mara: You lie.', 'Hale: Prove it.']);
    expect(checkProse(script, { language: 'en', story: true }).problems).toContain(
      'its speech is set as a script ("Name: line"), not in quotation marks inside the paragraphs',
    );
    expect(checkProse(script, { language: 'en' }).problems).toEqual([]);
  });
});
