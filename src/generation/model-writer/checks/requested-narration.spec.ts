import { requestedNarration } from './requested-narration';

describe('requestedNarration', () => {
  it.each([
    ['Told by Ines herself, in the first person: a cellist in Lisbon.', { person: 'first' }],
    ['A first-person account of the siege.', { person: 'first' }],
    ['Écrit à la première personne, au présent.', { person: 'first', tense: 'present' }],
    ['Ein Ich-Erzähler im Präsens erzählt.', { person: 'first', tense: 'present' }],
    ['Una historia en presente sobre Lucía.', { tense: 'present' }],
    ['Contada en primera persona por Lucía, en pasado.', { person: 'first', tense: 'past' }],
    ['Close third on Mara, past tense.', { person: 'third', tense: 'past' }],
    ['Erzählt im Präteritum, in der dritten Person.', { person: 'third', tense: 'past' }],
    ['Rédigé au passé simple.', { tense: 'past' }],
  ])('reads %j as asking for %j', (material, asked) => {
    expect(requestedNarration(material)).toEqual(asked);
  });

  it.each([
    ['A cellist in Lisbon takes on a pupil.', 'nothing about the narration'],
    ['Not in the first person, please; a mystery.', 'a request the other way'],
    ['No present tense. A mystery on a train.', 'a request the other way'],
    ['Pas à la première personne.', 'a French request the other way'],
    ['Nicht im Präsens.', 'a German request the other way'],
    ['Start in the first person, then switch to the third person.', 'both persons'],
    ['A story set in the present about a man haunted by the past.', 'times, not tenses'],
  ])('reads nothing from %j (%s)', (material) => {
    expect(requestedNarration(material)).toEqual({});
  });
});
