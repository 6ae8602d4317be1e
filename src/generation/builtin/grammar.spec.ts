import { Chooser, expand, shortForm, TemplateError, tidy } from './grammar';
import { Random } from './prng';

const run = (template: string, slots: Record<string, string | string[]> = {}, seed = 'seed'): string => {
  const random = new Random(seed);
  return expand(template, slots, random, new Chooser(random, 0, 1));
};

describe('grammar', () => {
  it('fills slots and applies modifiers left to right', () => {
    const slots = { prize: 'a tin star', place: 'the old mine', name: 'clara' };
    expect(run('[^name] took [prize:the] to [place].', slots)).toBe('Clara took the tin star to the old mine.');
    expect(run('The road to [place:bare:title].', slots)).toBe('The road to Old Mine.');
    expect(run('[prize:bare:a] was found.', slots)).toBe('A tin star was found.');
  });

  it('turns lexicon clauses into the narrative past', () => {
    expect(run('If she failed, [stakes:past].', { stakes: 'the town will hang an innocent man' })).toBe(
      'If she failed, the town would hang an innocent man.',
    );
  });

  it('picks one alternative, nested ones included, and every alternative can come up', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed += 1) seen.add(run('{a|b {c|d}|e}', {}, `s${seed}`));
    expect(seen).toEqual(new Set(['A', 'B c', 'B d', 'E']));
  });

  it('expands templates found inside list entries', () => {
    expect(run('[line]', { line: ['[^who] waited.'], who: 'mara' })).toBe('Mara waited.');
  });

  it('fails loudly on unknown slots, unknown modifiers and unbalanced braces', () => {
    expect(() => run('[hreo] went home.')).toThrow(TemplateError);
    expect(() => run('[name:loud]', { name: 'x' })).toThrow(TemplateError);
    expect(() => run('{a|b')).toThrow(TemplateError);
    expect(() => run('a}b')).toThrow(TemplateError);
    expect(() => run('[name', { name: 'x' })).toThrow(TemplateError);
  });

  it('tidies spacing and sentence capitals, but not after a closing quote', () => {
    expect(tidy('  “hold on!” said rosa.  then  it  rained .')).toBe('“Hold on!” said rosa. Then it rained.');
  });

  it('names a thing in full once per section, then by its short form', () => {
    const random = new Random('s');
    const chooser = new Chooser(random, 0, 1);
    const slots = { prize: 'the key that opens any stone', 'prize.short': 'the key' };
    expect(expand('[^prize] glowed.', slots, random, chooser)).toBe('The key that opens any stone glowed.');
    expect(expand('She hid [prize].', slots, random, chooser)).toBe('She hid the key.');
  });

  it.each([
    ['the dwarven key that opens any stone', 'the dwarven key'],
    ['a map of the old silver mine', 'a map'],
    ['the dwarven halls under Kharrim Peak', 'the dwarven halls'],
    ['the Cutter ranch', 'the Cutter ranch'],
    ['the bridge guarded by a troll', 'the bridge'],
    ['the inside of a seashell', 'the inside of a seashell'],
    ['Mount Olympus in the clouds', 'Mount Olympus in the clouds'],
  ])('shortens %j to %j', (phrase, short) => {
    expect(shortForm(phrase)).toBe(short);
  });

  it('is deterministic for a seed', () => {
    const template = '{one|two|three} [x] {four|five}';
    const slots = { x: ['p', 'q', 'r'] };
    expect(run(template, slots, 'a')).toBe(run(template, slots, 'a'));
  });
});

describe('Chooser', () => {
  const items = Array.from({ length: 12 }, (_, index) => `item ${index}`);

  it('does not repeat an entry inside a section until the list is used up', () => {
    const chooser = new Chooser(new Random('book'), 3, 10);
    const drawn = Array.from({ length: items.length }, () => chooser.pick(items));
    expect(new Set(drawn).size).toBe(items.length);
  });

  it('starts different sections at different entries, the same way every time', () => {
    const first = (section: number) => new Chooser(new Random('book'), section, 4).pick(items);
    expect(new Set([0, 1, 2, 3].map(first)).size).toBe(4);
    expect(first(2)).toBe(first(2));
  });

  it.each([
    ['the engagement ring on a velvet cushion', 'the engagement ring'],
    ['the conservatory full of ferns', 'the conservatory'],
    ['the rooftop garden strung with lights', 'the rooftop garden'],
    ['the letter written in blood', 'the letter'],
  ])('shortens %j to its head, not into a fragment', (phrase, head) => {
    expect(shortForm(phrase)).toBe(head);
  });
});
