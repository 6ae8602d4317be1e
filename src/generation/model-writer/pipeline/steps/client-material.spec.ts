import { bookShape } from '../../../../book/book-shapes';
import { generationRequest } from '../../../testing/generation-request';
import { bibleStep, type BibleInput } from './bible.step';
import { namesInPremise, usesName } from './client-material';

describe('namesInPremise', () => {
  it('finds the names a premise gives, in English, French, Spanish and German', () => {
    expect(namesInPremise('A lighthouse keeper named Mara finds a map. The mayor is the culprit.')).toEqual(['Mara']);
    expect(namesInPremise('A detective called Dr. Ivo Hale and a dog named Rex.')).toEqual(['Dr. Ivo Hale', 'Rex']);
    expect(namesInPremise('Une gardienne de phare appelée Maëlle et un chat nommé Pompon.')).toEqual([
      'Maëlle',
      'Pompon',
    ]);
    expect(namesInPremise('Una niña llamada Lucía; ein Junge namens Jonas.')).toEqual(['Lucía', 'Jonas']);
  });

  it('finds none in words that only look like an introduction', () => {
    expect(
      namesInPremise('A so-called Expert arrives. She is named after her aunt. Called Home is the title.'),
    ).toEqual([]);
    expect(namesInPremise('')).toEqual([]);
  });
});

describe('usesName', () => {
  it('accepts any word of the name that is not a title or an initial, as a whole word, in any case', () => {
    expect(usesName('Inspector Hale arrives.', 'Dr. Ivo Hale')).toBe(true);
    expect(usesName('MARA closed the door.', 'Mara')).toBe(true);
    expect(usesName('Maëlle monte au phare.', 'Maëlle')).toBe(true);
  });

  it('refuses another name, and a longer word that only starts like it', () => {
    expect(usesName('Elena finds a map.', 'Mara')).toBe(false);
    expect(usesName('Marat finds a map.', 'Mara')).toBe(false);
    expect(usesName('Dr. Quill arrives.', 'Dr. Ivo Hale')).toBe(false);
  });
});

describe('the bible keeps the names the premise gives', () => {
  const character = (name: string) => ({ name, role: 'lead', description: 'd', wants: 'w', voice: 'v', arc: 'a' });
  const answer = (names: string[]) => ({
    title: 'The Lantern',
    subtitle: null,
    language: 'en',
    synopsis: 'A keeper finds a map.',
    instructions: ['The mayor is the culprit.'],
    point_of_view: 'close third',
    tense: 'past',
    voice: 'dry',
    characters: names.map(character),
    places: [{ name: 'Merrow Point', description: 'a cape' }],
    world_rules: [],
    timeline: [],
    ending: 'The mayor is caught.',
    spine: [{ title: 'One', purpose: 'Begin.' }],
  });
  const input = (type: BibleInput['type']): BibleInput => ({
    request: generationRequest({ prompt: 'A lighthouse keeper named Mara finds a map. The mayor is the culprit.' }),
    type,
    style: 'mystery',
    shape: bookShape(type, '2.0'),
    sections: 1,
    followsClientOutline: false,
  });

  it('sends back a story bible that renamed the hero, naming the name to keep', () => {
    expect(bibleStep(input('novel')).read(answer(['Elena', 'Tomas']))).toEqual({
      problems: ["the client's material names Mara: the bible must keep that name"],
    });
  });

  it('takes the language named instead of tagged, as its tag', () => {
    expect(bibleStep(input('novel')).read({ ...answer(['Mara']), language: 'French' })).toEqual({
      value: expect.objectContaining({ language: 'fr' }),
    });
  });

  it('takes a cast written in another script, whose names are transliterations', () => {
    expect(bibleStep(input('novel')).read({ ...answer(['マーラ', 'トマス']), language: 'ja' })).toHaveProperty('value');
  });

  it('takes one that keeps the name, in any of its fields', () => {
    expect(bibleStep(input('novel')).read(answer(['Mara Quinn', 'Tomas']))).toHaveProperty('value');
    const inSynopsis = { ...answer(['Elena']), synopsis: 'Elena, whom the village calls Mara, finds a map.' };
    expect(bibleStep(input('novel')).read(inSynopsis)).toHaveProperty('value');
  });
});
