import { readPrompt } from './prompt-reading';

describe('readPrompt', () => {
  it.each([
    [
      'A lighthouse keeper named Mara finds a map',
      { names: ['Mara'], role: 'a lighthouse keeper', subject: 'Mara', object: 'a map' },
    ],
    [
      'A courier named Rin steals a memory chip from a megacorp',
      { names: ['Rin'], role: 'a courier', object: 'a memory chip' },
    ],
    [
      'Clara Hale, a deputy, hunts the men who burned her town',
      { names: ['Clara Hale'], role: 'a deputy', pronoun: 'she' },
    ],
    ['When Tobias meets Ines at the market', { names: ['Tobias', 'Ines'], subject: 'Tobias' }],
    ['An orphan called Pip and his dog', { names: ['Pip'], role: 'an orphan', pronoun: 'he' }],
  ])('reads the people of %j', (prompt, expected) => {
    expect(readPrompt(prompt)).toMatchObject(expected);
  });

  it.each([
    ['Introduction to astronomy for beginners', 'astronomy'],
    ['Write a book about the history of the printing press', 'history of the printing press'],
    ['How to stop procrastinating', 'stop procrastinating'],
    ['A guide to sourdough baking', 'sourdough baking'],
  ])('finds the topic of %j', (prompt, topic) => {
    const reading = readPrompt(prompt);
    expect(reading.topic).toBe(topic);
    expect(reading.names).toEqual([]);
  });

  it('keeps the leading phrase of prompts in other scripts', () => {
    expect(readPrompt('Алёна и море')).toMatchObject({ names: ['Алёна'], subject: 'Алёна' });
    expect(readPrompt('さくらと海の秘密')).toMatchObject({
      names: ['さくら'],
      subject: 'さくら',
      topic: 'さくらと海の秘密',
    });
    expect(readPrompt('민지는 바다를 좋아한다')).toMatchObject({ names: ['민지'] });
    expect(readPrompt('海の秘密')).toMatchObject({ names: [], subject: '海の秘密' });
  });

  it.each([
    ['Something knocks inside the walls of an old farmhouse', []],
    ['Two rival bakers in Lisbon fall in love', []],
    ['A detective in rainy neon Tokyo hunts a rogue android', []],
    ['A baker in love with Mara', ['Mara']],
    ['The tale of Mara and the sea', ['Mara']],
    ['Captain Vela must stop a storm machine', ['Captain Vela']],
    ['Dr. Helena Marsh inherits a manor with a locked east wing', ['Dr. Helena Marsh']],
  ])('tells people from places and pronouns in %j', (prompt, names) => {
    expect(readPrompt(prompt).names).toEqual(names);
  });

  it('does not take a place or a contest for the thing the story turns on', () => {
    expect(readPrompt('Dr. Helena Marsh inherits a manor').object).toBeUndefined();
    expect(readPrompt('Kenji wins the national kendo tournament').object).toBeUndefined();
    expect(readPrompt('Mara inherits a silver locket').object).toBe('a silver locket');
  });

  it('finds nothing in an empty prompt', () => {
    expect(readPrompt('   ')).toEqual({ names: [] });
  });
});
