import { cleanTitle } from './titles';

describe('cleanTitle', () => {
  it('takes off the label and number a model puts before a chapter title', () => {
    expect(cleanTitle('Chapter 3: The Pier')).toBe('The Pier');
    expect(cleanTitle('**Part Two — Low Tide**')).toBe('Low Tide');
    expect(cleanTitle('Chapitre IV. La Carte')).toBe('La Carte');
    expect(cleanTitle('Capítulo 2 - El mapa')).toBe('El mapa');
    expect(cleanTitle('第3章 灯台の光')).toBe('灯台の光');
  });

  it('takes off quotation marks and emphasis around the whole title', () => {
    expect(cleanTitle('"The Lantern Keepers"')).toBe('The Lantern Keepers');
    expect(cleanTitle('« La Carte »')).toBe('La Carte');
    expect(cleanTitle('Chapter 1: "The Storm"')).toBe('The Storm');
    expect(cleanTitle('*Salt*')).toBe('Salt');
  });

  it('leaves titles that only start like a label, quote inside, or are nothing but one', () => {
    expect(cleanTitle('Part of the Problem')).toBe('Part of the Problem');
    expect(cleanTitle('Section 8 Housing')).toBe('Section 8 Housing');
    expect(cleanTitle('"Mara" and "Tomas"')).toBe('"Mara" and "Tomas"');
    expect(cleanTitle('Chapter One')).toBe('Chapter One');
    expect(cleanTitle('  The   Pier ')).toBe('The Pier');
  });
});
