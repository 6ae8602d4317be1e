import { blockWords, countWords } from './word-count';

describe('the word count', () => {
  it('counts spaced words that hold a letter or a digit, not punctuation alone', () => {
    expect(countWords('"We leave at dawn," Mara said. — Not before 6 a.m. * * *')).toBe(10);
    expect(countWords('')).toBe(0);
  });

  it('counts Chinese and Japanese as one word per two characters, alongside spaced text', () => {
    expect(countWords('東京の夜')).toBe(2);
    expect(countWords('Mara 東京の夜 said')).toBe(4);
  });

  it('counts what a reader reads: captions and balloons, not the artist’s panel directions', () => {
    expect(
      blockWords({
        kind: 'panel',
        number: 1,
        description: 'Wide shot of the harbour at dusk with gulls',
        caption: 'Later that night.',
        dialogue: [{ speaker: 'Mara', text: 'Who is there?' }],
      }),
    ).toBe(6);
  });
});
