import { languageTagOf } from './language';

describe('languageTagOf', () => {
  it('keeps a tag, and reads a language named in English or in itself as its tag', () => {
    expect(languageTagOf('fr')).toBe('fr');
    expect(languageTagOf(' pt-BR ')).toBe('pt-BR');
    expect(languageTagOf('French')).toBe('fr');
    expect(languageTagOf('français')).toBe('fr');
    expect(languageTagOf('Español')).toBe('es');
    expect(languageTagOf('日本語')).toBe('ja');
    expect(languageTagOf('German')).toBe('de');
  });

  it('gives nothing for what is neither', () => {
    expect(languageTagOf('the language of the premise')).toBeUndefined();
    expect(languageTagOf('')).toBeUndefined();
  });
});
