import fc from 'fast-check';
import { bookLabels } from '../../book/book-labels';

const ENGLISH = bookLabels('en');
import type { BookChapter, BookImage } from '../../book/book-document';
import {
  centerText,
  chapterLabel,
  cleanInline,
  displayWidth,
  formatNumber,
  imageDataUri,
  wrapText,
  yieldToEventLoop,
} from './text-helpers';

const words = (alphabet: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength }).map((characters) => characters.join(''));
const LATIN = Array.from('abcdefghijklmnopqrstuvwxyz,.!?"-');
const CYRILLIC = Array.from('абвгдеёжзийклмнопрстуфхцчшщъыьэюяАЛЁНА');
const CJK = Array.from('さくら春夏秋冬東京大阪日本語。、「」！？カタカナ한국어');
const EMOJI = ['📚', '🌊', '👍🏽', '👨‍👩‍👧', '❤️'];
const anyWord = fc.oneof(words(LATIN, 15), words(CYRILLIC, 15), words(CJK, 40), words(EMOJI, 5), words(LATIN, 120));
const prose = fc.array(anyWord, { minLength: 1, maxLength: 60 }).map((list) => list.join(' '));

describe('displayWidth', () => {
  it.each([
    ['plain ASCII', 'Ada and the Tide', 16],
    ['Cyrillic, one column per letter', 'Алёна', 5],
    ['Japanese kana and kanji, two columns each', 'さくら東京', 10],
    ['Hangul syllables', '한국어', 6],
    ['fullwidth Latin', 'ＡＢＣ', 6],
    ['an emoji', '📚', 2],
    ['an emoji with a skin-tone modifier, one cluster', '👍🏽', 2],
    ['a ZWJ family sequence, one cluster', '👨‍👩‍👧', 2],
    ['a decomposed accent, the mark takes no column', 'e\u0301', 1],
    ['a zero-width space', 'a\u200Bb', 2],
    ['typographic quotes, dashes and an ellipsis, one column each', '“Don’t—go…”', 11],
    ['Latin letters with their accents precomposed', 'Łódź café', 9],
    ['a soft hyphen, which takes no column', 'co\u00ADop', 4],
  ])('counts %s', (_name, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('counts every Latin and punctuation character alone as it counts it in a cluster (the fast path agrees)', () => {
    // A character followed by a combining accent always takes the grapheme path; alone or doubled between
    // letters it may take the fast one. Latin, Greek, Cyrillic, Armenian and Hebrew, combining marks included,
    // and General Punctuation: the fast path's characters and their neighbours (further on, scripts with
    // spacing and prepended marks join their neighbours, so the doubled form would count differently).
    const disagreements: string[] = [];
    for (const [from, to] of [
      [0x20, 0x5ff],
      [0x2000, 0x206f],
    ] as const) {
      for (let code = from; code <= to; code += 1) {
        if (code >= 0x7f && code <= 0x9f) continue;
        const character = String.fromCharCode(code);
        const alone = displayWidth(character);
        if (
          displayWidth(`${character}\u0301`) !== alone ||
          displayWidth(`x${character}${character}x`) !== 2 + 2 * alone
        ) {
          disagreements.push(code.toString(16));
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('wrapText', () => {
  it('breaks greedily at spaces and keeps every line within the width', () => {
    const lines = wrapText('The quick brown fox jumps over the lazy dog', { width: 10 });
    expect(lines).toEqual(['The quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
  });

  it('never splits a word that fits on a line', () => {
    fc.assert(
      fc.property(
        fc.array(words(LATIN, 20), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 20, max: 100 }),
        (list, width) => {
          const lines = wrapText(list.join(' '), { width });
          expect(lines.flatMap((line) => line.split(' '))).toEqual(list);
        },
      ),
    );
  });

  it('fills each line: the first word of the next line would not have fitted', () => {
    fc.assert(
      fc.property(
        fc.array(words(LATIN, 12), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 20, max: 100 }),
        (list, width) => {
          const lines = wrapText(list.join(' '), { width });
          for (let index = 0; index + 1 < lines.length; index += 1) {
            const nextWord = lines[index + 1]!.split(' ')[0]!;
            expect(displayWidth(lines[index]!) + 1 + displayWidth(nextWord)).toBeGreaterThan(width);
          }
        },
      ),
    );
  });

  it('keeps every line within the width in any script and preserves all text', () => {
    fc.assert(
      fc.property(prose, fc.integer({ min: 12, max: 100 }), (text, width) => {
        const lines = wrapText(text, { width, firstPrefix: '  - ', restPrefix: '    ' });
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        expect(lines[0]?.startsWith('  - ')).toBe(true);
        for (const line of lines.slice(1)) expect(line.startsWith('    ')).toBe(true);
        const content = lines.map((line) => line.slice(4)).join('');
        expect(content.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      }),
    );
  });

  it('splits a word only when it alone is wider than the line', () => {
    const url = 'https://example.com/' + 'x'.repeat(130);
    const lines = wrapText(`see ${url} now`, { width: 72 });
    expect(lines).toEqual(['see', url.slice(0, 72), url.slice(72, 144), `${url.slice(144)} now`]);
  });

  it('breaks Japanese text between characters, counting two columns each', () => {
    const lines = wrapText('さくらさくらさくら', { width: 8 });
    expect(lines).toEqual(['さくらさ', 'くらさく', 'ら']);
  });

  it('does not start a line with closing punctuation (kinsoku)', () => {
    fc.assert(
      fc.property(words(CJK, 200), fc.integer({ min: 8, max: 40 }), (text, width) => {
        // A run of closing punctuation wider than a line cannot keep both rules; real text has at most two.
        fc.pre(!/[、。！？」]{3}/.test(text));
        const lines = wrapText(text, { width });
        for (const line of lines.slice(1)) expect(line[0]).not.toMatch(/[、。！？」]/);
        for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('puts the first prefix on the first line and the hanging indent on the rest', () => {
    const lines = wrapText('one two three four five six', { width: 12, firstPrefix: '1. ', restPrefix: '   ' });
    expect(lines).toEqual(['1. one two', '   three', '   four five', '   six']);
  });

  it('returns no lines for blank text', () => {
    expect(wrapText(' \n\t ', { width: 72 })).toEqual([]);
  });
});

describe('cleanInline', () => {
  it('gives what the plain replace-and-trim gives, for any text (its shortcuts skip work only)', () => {
    const reference = (text: string) =>
      text
        .replace(/(?![\t\n\r])\p{Cc}|\p{Noncharacter_Code_Point}|\p{Cs}/gu, '')
        // No-break spaces are a typesetter's, set on purpose: they stay.
        .replace(/[^\S\u00a0\u202f]+/g, ' ')
        .trim();
    const pieces = fc.constantFrom(
      '\u202f',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\u2028',
      '\u0007',
      '\u0085',
      '\ufffe',
      '\ufdd0',
      '\u{1fffe}',
      '\ud800',
      'a',
      'é',
      '字',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(cleanInline(text)).toBe(reference(text));
      }),
    );
  });

  it('keeps the no-break spaces of French typography (a guillemet never parts from its words)', () => {
    expect(cleanInline('«\u202fViens\u202f!\u202f» Il est 9\u00a0h.')).toBe(
      '«\u202fViens\u202f!\u202f» Il est 9\u00a0h.',
    );
  });

  it('collapses line breaks and runs of spaces into single spaces', () => {
    expect(cleanInline('  one\r\ntwo\t\tthree\u2028four  ')).toBe('one two three four');
  });

  it('removes control characters, noncharacters and lone surrogates but keeps every script', () => {
    expect(cleanInline('\u001b[31mAda\u0000\u007f\u0085\uFFFF\uD800 Алёна さくら 📚')).toBe('[31mAda Алёна さくら 📚');
  });
});

describe('chapterLabel', () => {
  const chapter = (kind: BookChapter['kind'], number = 3): BookChapter => ({
    id: 'x',
    kind,
    number,
    title: 'The  Tide',
    blocks: [],
  });

  it.each([
    ['chapter', 'Chapter 3: The Tide'],
    ['page', 'Page 3: The Tide'],
    ['part', 'Part 3: The Tide'],
    ['lesson', 'Lesson 3: The Tide'],
    ['principle', 'Principle 3: The Tide'],
    ['glossary', 'The Tide'],
    ['sources', 'The Tide'],
    ['afterword', 'The Tide'],
  ] as const)('labels the %s kind', (kind, label) => {
    expect(chapterLabel(chapter(kind), ENGLISH)).toBe(label);
  });

  it.each([
    ['fr', 'chapter', 'Chapitre 3 : The Tide'],
    ['de-AT', 'lesson', 'Lektion 3: The Tide'],
    ['es', 'part', 'Parte 3: The Tide'],
    ['ja', 'chapter', '第3章\u3000The Tide'],
    ['ja', 'page', '3ページ\u3000The Tide'],
    ['sv', 'chapter', 'Chapter 3: The Tide'],
  ] as const)('labels a %s book its own way: %s', (language, kind, label) => {
    expect(chapterLabel(chapter(kind), bookLabels(language))).toBe(label);
  });

  it('uses an already-escaped title when given one', () => {
    expect(chapterLabel(chapter('chapter'), ENGLISH, '&lt;T&gt;')).toBe('Chapter 3: &lt;T&gt;');
  });

  it('never prints a non-integer position', () => {
    expect(formatNumber(Number.NaN)).toBe('?');
    expect(formatNumber('<b>' as unknown as number)).toBe('?');
    expect(chapterLabel(chapter('page', 1.5), ENGLISH)).toBe('Page ?: The Tide');
  });
});

describe('imageDataUri', () => {
  const image = (overrides: Partial<BookImage>): BookImage => ({
    id: 'i',
    mediaType: 'image/svg+xml',
    data: Buffer.from('<svg/>').toString('base64'),
    alt: 'a',
    width: 1,
    height: 1,
    ...overrides,
  });

  it('embeds base64 data with its media type', () => {
    expect(imageDataUri(image({}))).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`);
  });

  it('drops line breaks inside MIME-wrapped base64', () => {
    expect(imageDataUri(image({ data: 'PHN2\nZy8+' }))).toBe('data:image/svg+xml;base64,PHN2Zy8+');
  });

  it.each([
    ['data that is not base64', { data: 'abc") onerror="x' }],
    ['empty data', { data: '' }],
    ['an unknown media type', { mediaType: 'text/html' as BookImage['mediaType'] }],
  ])('refuses %s', (_name, overrides) => {
    expect(imageDataUri(image(overrides))).toBeUndefined();
  });

  it('refuses a missing image', () => {
    expect(imageDataUri(undefined)).toBeUndefined();
  });
});

describe('centerText', () => {
  it('centres by display columns', () => {
    expect(centerText('さくら', 10)).toBe('  さくら');
    expect(centerText('too long', 4)).toBe('too long');
  });
});

describe('yieldToEventLoop', () => {
  it('lets already queued immediate work run before it resolves', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await yieldToEventLoop();
    order.push('renderer');
    expect(order).toEqual(['other work', 'renderer']);
  });
});
