import { stockNameConcern, stockNamesIn } from './stock-names';

describe('stockNamesIn', () => {
  it('finds the names models give characters in book after book, in any part of a full name and any case', () => {
    expect(stockNamesIn('Elara Voss', 'A lighthouse keeper finds a map.')).toEqual(['Elara', 'Voss']);
    expect(stockNamesIn('Captain KAELEN Thorne-Ash', '')).toEqual(['KAELEN', 'Thorne']);
    expect(stockNamesIn('Mara Quinn', '')).toEqual([]);
  });

  it('leaves a name the client asked for', () => {
    expect(stockNamesIn('Lyra Belacqua', 'A girl named Lyra crosses the ice.')).toEqual([]);
  });

  it('does not take a longer name for the stock one inside it', () => {
    expect(stockNamesIn('Lyrantha Vossberg', '')).toEqual([]);
  });
});

describe('stockNameConcern', () => {
  it('names the field and the names, and asks for one of the story’s own', () => {
    expect(stockNameConcern(2, ['Elara', 'Voss'])).toBe(
      '/characters/2/name: "Elara" and "Voss" are names language models give characters in book after book; ' +
        "choose one of the story's own time, place and people",
    );
  });
});
