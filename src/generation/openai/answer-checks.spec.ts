import { checkProse, endsCleanly, findRepetition, looksLikeRefusal, stripFraming } from './answer-checks';

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
  });

  it('cuts the framing models put around prose and keeps the prose', () => {
    const framed = `Here is chapter 3:\n\n# Chapter 3: The Pier\n\n${ENGLISH}\n\nI hope this captures the mood!`;
    expect(stripFraming(framed, 'The Pier')).toBe(ENGLISH);
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

  it('tells a whole ending from a cut one', () => {
    expect(endsCleanly('She closed the door.')).toBe(true);
    expect(endsCleanly('"Go," she said.”')).toBe(true);
    expect(endsCleanly('She closed the do')).toBe(false);
  });
});
