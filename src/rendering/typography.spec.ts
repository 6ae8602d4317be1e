import { typeset } from './typography';

/** Typesets `text` and checks that a second pass changes nothing. */
function set(text: string, language: string): string {
  const once = typeset(text, language);
  expect(typeset(once, language)).toBe(once);
  return once;
}

describe('typeset', () => {
  describe('French', () => {
    it.each([
      ['«Suivons la chanson.»', '«\u202FSuivons la chanson.\u202F»'],
      ['« Bonjour »', '«\u202FBonjour\u202F»'],
      ['«\u00A0Bonjour\u00A0»', '«\u202FBonjour\u202F»'],
      ['« Tu viens ? »', '«\u202FTu viens\u202F?\u202F»'],
      ['« Quoi? »', '«\u202FQuoi\u202F?\u202F»'],
      ['Attention ; il pleut!', 'Attention\u202F; il pleut\u202F!'],
      ['Voici la liste: du pain.', 'Voici la liste\u00A0: du pain.'],
      ['Il est 14:30 : on part.', 'Il est 14:30\u00A0: on part.'],
      ['Un ratio de 3:2 suffit.', 'Un ratio de 3:2 suffit.'],
      ['Quoi?!', 'Quoi\u202F?!'],
      ['Quoi ?!', 'Quoi\u202F?!'],
      ['Déjà\u202F? Oui\u00A0: maintenant.', 'Déjà\u202F? Oui\u00A0: maintenant.'],
    ])('sets %j as %j', (text, expected) => {
      expect(set(text, 'fr')).toBe(expected);
    });

    it('leaves a URL alone but spaces the sentence around it', () => {
      expect(set('Lisez https://exemple.fr/faq?page=2 : tout y est!', 'fr')).toBe(
        'Lisez https://exemple.fr/faq?page=2\u00A0: tout y est\u202F!',
      );
      expect(set('Voir https://exemple.fr', 'fr')).toBe('Voir https://exemple.fr');
    });

    it('adds no space at the start of the text or of a line', () => {
      expect(set('? Ce signe ouvre la ligne.\n! Et celui-ci aussi.', 'fr')).toBe(
        '? Ce signe ouvre la ligne.\n! Et celui-ci aussi.',
      );
    });

    it('joins a closing guillemet the model wrapped onto its own line', () => {
      expect(set('«Chantons encore. Suivons la chanson.\n»', 'fr')).toBe(
        '«\u202FChantons encore. Suivons la chanson.\u202F»',
      );
      expect(set('«Suivons la chanson.\n » dit-elle.', 'fr')).toBe('«\u202FSuivons la chanson.\u202F» dit-elle.');
    });

    it('applies to regional French and keeps Swiss French tight before ; ! ?', () => {
      expect(set('« Tu viens ? »', 'fr-CA')).toBe('«\u202FTu viens\u202F?\u202F»');
      expect(set('« Tu viens? Voici: le train. »', 'fr-CH')).toBe('«\u202FTu viens? Voici\u00A0: le train.\u202F»');
    });
  });

  describe('German', () => {
    it.each([
      ['Er sagte: "Komm her!"', 'Er sagte: „Komm her!“'],
      ['Er sagte: “Komm her!”', 'Er sagte: „Komm her!“'],
      ['"Ja", sagte sie, "gern."', '„Ja“, sagte sie, „gern.“'],
      ["Sie fragte: 'Wer ist da?'", 'Sie fragte: ‚Wer ist da?‘'],
      ['Er nannte es ‘Heimat’ und schwieg.', 'Er nannte es ‚Heimat‘ und schwieg.'],
      ['Sie rief: "Er sagte \'Nein\'!"', 'Sie rief: „Er sagte ‚Nein‘!“'],
      ["Sie sagte: 'Das geht's nicht.'", "Sie sagte: ‚Das geht's nicht.‘"],
    ])('sets %j as %j', (text, expected) => {
      expect(set(text, 'de')).toBe(expected);
    });

    it.each([
      ["Wie geht's? So geht's.", 'de'],
      ['Hans’ Buch lag auf dem Tisch.', 'de'],
      ["Max' Auto und ’s Wetter, so 'n Quatsch.", 'de-AT'],
      ['„Komm her!“, rief sie. ‚Gern‘, sagte er.', 'de'],
      ['»Komm her!«, rief sie.', 'de-DE'],
      ['Er sagte: "Komm her!"', 'de-CH'],
      ['Er sagte: «Komm her!»', 'de-CH'],
    ])('leaves %j unchanged in %s', (text, language) => {
      expect(set(text, language)).toBe(text);
    });
  });

  describe('Spanish', () => {
    it.each([
      ['¿ Dónde estás ?', '¿Dónde estás?'],
      ['¡ Qué alegría ! ¿ Vienes ?', '¡Qué alegría! ¿Vienes?'],
      ['¡¿Qué dices ?!', '¡¿Qué dices?!'],
      ['¿Dónde está?', '¿Dónde está?'],
    ])('sets %j as %j', (text, expected) => {
      expect(set(text, 'es')).toBe(expected);
    });

    it('adds no missing inverted mark and leaves unopened marks alone', () => {
      expect(set('Dónde estás ?', 'es-MX')).toBe('Dónde estás ?');
    });
  });

  describe('Japanese', () => {
    it.each([
      ['彼は"こんにちは"と言った。', '彼は「こんにちは」と言った。'],
      ['彼は“また明日”と言った。', '彼は「また明日」と言った。'],
      ['今日は 晴れ です。', '今日は晴れです。'],
      ['本当?すごい!', '本当？すごい！'],
      ['えっ?!', 'えっ？！'],
      ['母は"父が“すぐ帰る”と言った"と書いた。', '母は「父が「すぐ帰る」と言った」と書いた。'],
      ['トム は "ありがとう" と言った。', 'トムは「ありがとう」と言った。'],
    ])('sets %j as %j', (text, expected) => {
      expect(set(text, 'ja')).toBe(expected);
    });

    it('keeps Latin text as it is', () => {
      expect(set('Tom Smith は来ました。', 'ja')).toBe('Tom Smith は来ました。');
      expect(set('彼は"Good morning"と言った。', 'ja')).toBe('彼は"Good morning"と言った。');
      expect(set('Hello world!', 'ja')).toBe('Hello world!');
    });
  });

  describe('other languages', () => {
    it('returns the same string when no trigger character is present', () => {
      const text = new Array(3).fill('A plain line of prose').join('. ');
      expect(typeset(text, 'fr')).toBe(text);
      expect(typeset(text, 'de')).toBe(text);
      expect(typeset(text, 'es')).toBe(text);
      expect(Object.is(typeset(text, 'fr'), text)).toBe(true);
    });

    it('leaves English and untagged languages unchanged', () => {
      const text = 'He said: "Come here!" « Quoi ? » ¿ Dónde ?';
      expect(typeset(text, 'en')).toBe(text);
      expect(typeset(text, 'en-GB')).toBe(text);
      expect(typeset(text, '')).toBe(text);
    });
  });
});
