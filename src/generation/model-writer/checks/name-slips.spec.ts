import { findNameSlips, oneEditApart, slipProblem } from './name-slips';

const CAST = ['Mara Quinn', 'Tomas Hale', 'Dr. Iris Ashby'];
const BIBLE = 'Mara Quinn keeps the light at Merrow Point. Tomas Hale fishes. Dr. Iris Ashby (Mara calls her Doc).';

const slipsIn = (...texts: string[]) =>
  findNameSlips(
    CAST,
    BIBLE,
    texts.map((text, index) => ({ number: index + 1, text })),
    'en',
  );

describe('oneEditApart', () => {
  it('takes one letter added, dropped, changed, or two neighbours swapped', () => {
    expect(oneEditApart('Maria', 'Mara')).toBe(true);
    expect(oneEditApart('Mar', 'Mara')).toBe(true);
    expect(oneEditApart('Mira', 'Mara')).toBe(true);
    expect(oneEditApart('Mraa', 'Mara')).toBe(true);
  });

  it('refuses two edits, and the same word', () => {
    expect(oneEditApart('Marian', 'Mara')).toBe(false);
    expect(oneEditApart('Amra', 'Mara')).toBe(false);
    expect(oneEditApart('Mara', 'Mara')).toBe(false);
  });
});

describe('findNameSlips', () => {
  it('takes a name with the genitive -s written without an apostrophe for the name, not a slip', () => {
    const slips = findNameSlips(
      ['Johan Eide', 'Ingrid Solberg'],
      'Johan Eide tends the beacon. Ingrid Solberg keeps the books.',
      [{ number: 9, text: 'He had worked in a shop on Karl Johans gate before the war. Ingrid watched Johan work.' }],
      'en',
    );
    expect(slips).toEqual([]);
  });

  it('finds a cast name misspelt, counts every use by section, and names the one meant', () => {
    const slips = slipsIn(
      'The lamp went out, and Mara climbed the stair.',
      'Tomas waited while Maria lit the lamp. Maria said nothing. He watched Thomas row out.',
      'At dawn, Maria was gone.',
    );
    expect(slips).toEqual([
      {
        written: 'Maria',
        meant: 'Mara Quinn',
        uses: 3,
        sections: new Map([
          [2, 2],
          [3, 1],
        ]),
      },
      { written: 'Thomas', meant: 'Tomas Hale', uses: 1, sections: new Map([[2, 1]]) },
    ]);
  });

  it('leaves alone the bible’s own names, words the book also writes in lower case, and other first letters', () => {
    expect(
      slipsIn(
        'Mara met Tomas at Merrow Point, and Doc came too.',
        'The Mark on the door was fresh; a mark like it was on the boat.',
        'Then Tara waved to Mara from the pier, and Dr. Iris Ashby smiled.',
      ),
    ).toEqual([]);
  });

  it('takes no month, weekday or title for a slip', () => {
    expect(
      findNameSlips(
        ['Marc Olin', 'Lacy'],
        'Marc Olin. Lacy.',
        [{ number: 1, text: 'In March, Lady Ames came.' }],
        'en',
      ),
    ).toEqual([]);
  });

  it('needs a word shown as a name inside a sentence before counting it where a sentence opens', () => {
    expect(slipsIn('Maria. Maria!')).toEqual([]);
    expect(slipsIn('Maria ran.', 'She called Maria.')[0]?.uses).toBe(2);
  });

  it('ignores short names and languages that capitalise their nouns', () => {
    expect(findNameSlips(['Ada'], 'Ada', [{ number: 1, text: 'Then Ida came.' }], 'en')).toEqual([]);
    expect(findNameSlips(['Hans Vogel'], 'Hans', [{ number: 1, text: 'Er hob die Hand.' }], 'de')).toEqual([]);
  });

  it('names the paragraphs that write the slip, when it is given them', () => {
    const [slip] = slipsIn('She saw Maria there.');
    expect(slipProblem(slip!, 3, 'part', [2, 5, 9])).toMatch(
      /^"Maria" is written 3 times in this part \(paragraphs 2, 5 and 9\), and/,
    );
    expect(slipProblem(slip!, 1, 'part', [4])).toMatch(/^"Maria" is written once in this part \(paragraph 4\), and/);
  });

  it('tells the reviser what to write, and that a different person needs a different name', () => {
    const [slip] = slipsIn('She saw Maria there.');
    expect(slipProblem(slip!, 1, 'chapter')).toBe(
      '"Maria" is written once in this chapter, and the bible names no Maria: it reads as a misspelling of ' +
        'Mara Quinn. Where Mara Quinn is meant, write the name as the bible does; for someone else, choose a ' +
        'name no reader could take for Mara Quinn.',
    );
  });
});
