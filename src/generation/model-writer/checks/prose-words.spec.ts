import { writesWord } from './prose-words';

describe('writesWord', () => {
  it('finds the word whole and as written, possessive included', () => {
    expect(writesWord("Then Maria's lamp went out.", 'Maria')).toBe(true);
    expect(writesWord('Mariana waved; Maria did not.', 'Maria')).toBe(true);
    expect(writesWord('Mariana waved.', 'Maria')).toBe(false);
    expect(writesWord('maria', 'Maria')).toBe(false);
  });
});
