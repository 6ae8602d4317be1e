import { primaryLanguage } from './language-tag';

describe('primaryLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr-CA', 'fr'],
    ['DE', 'de'],
    ['zh-Hant-TW', 'zh'],
  ])('reads %s as %s', (tag, language) => {
    expect(primaryLanguage(tag)).toBe(language);
  });
});
