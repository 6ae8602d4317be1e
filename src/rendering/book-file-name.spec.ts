import fc from 'fast-check';
import { bookFileName, contentDisposition } from './book-file-name';

/** Splits the header into its two file names, decoding the RFC 5987 one. */
function parseDisposition(header: string): { filename: string; encoded: string; decoded: string } {
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(header);
  if (!match) throw new Error(`Unexpected Content-Disposition: ${header}`);
  return { filename: match[1]!, encoded: match[2]!, decoded: decodeURIComponent(match[2]!) };
}

describe('bookFileName', () => {
  it.each([
    ['Ada and the Tide', 'txt', 'ada-and-the-tide.txt'],
    ['  The   Long -- Tide!  ', 'md', 'the-long-tide.md'],
    ['Crème Brûlée à la Française', 'pdf', 'creme-brulee-a-la-francaise.pdf'],
    ['Straße, Æsir & Łódź', 'epub', 'strasse-aesir-lodz.epub'],
    ['ﬁnal Ｔｉｄｅ ①', 'html', 'final-tide-1.html'],
    ['../../etc/passwd', 'txt', 'etc-passwd.txt'],
    ['..\\..\\windows\\system32', 'txt', 'windows-system32.txt'],
    ['Say "Hi"\r\nSet-Cookie: a=b', 'json', 'say-hi-set-cookie-a-b.json'],
    ['📚 Books 📚', 'epub', 'books.epub'],
  ])('turns %j into %s + %s', (title, extension, expected) => {
    expect(bookFileName(title, extension)).toBe(expected);
  });

  it.each([
    ['a Japanese title', 'さくらと海'],
    ['a Cyrillic title', 'Алёна'],
    ['emoji only', '📚🌊'],
    ['punctuation only', '...///'],
    ['an empty title', ''],
  ])('falls back to "book" for %s', (_name, title) => {
    expect(bookFileName(title, 'pdf')).toBe('book.pdf');
  });

  it('keeps the slug within 80 characters without a trailing hyphen', () => {
    expect(bookFileName('a'.repeat(200), 'txt')).toBe(`${'a'.repeat(80)}.txt`);
    const name = bookFileName('word '.repeat(20), 'txt');
    expect(name).toBe(`${'word-'.repeat(16).slice(0, 79)}.txt`);
  });

  it('is always a safe ASCII name whatever the title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (title) => {
        const name = bookFileName(title, 'epub');
        expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.epub$/);
        expect(name.length).toBeLessThanOrEqual(80 + '.epub'.length);
      }),
    );
  });

  it('cleans the extension too', () => {
    expect(bookFileName('Tide', '../PDF')).toBe('tide.pdf');
  });
});

describe('contentDisposition', () => {
  it('gives the ASCII slug and the UTF-8 title', () => {
    expect(contentDisposition('Ada and the Tide', 'txt')).toBe(
      `attachment; filename="ada-and-the-tide.txt"; filename*=UTF-8''Ada%20and%20the%20Tide.txt`,
    );
  });

  it('keeps a CJK title in filename* and falls back to book for filename', () => {
    const header = contentDisposition('さくらと海', 'pdf');
    expect(header).toBe(
      `attachment; filename="book.pdf"; filename*=UTF-8''%E3%81%95%E3%81%8F%E3%82%89%E3%81%A8%E6%B5%B7.pdf`,
    );
    expect(parseDisposition(header).decoded).toBe('さくらと海.pdf');
  });

  it('keeps Cyrillic and emoji, including ZWJ sequences', () => {
    expect(parseDisposition(contentDisposition('Алёна 📚', 'epub')).decoded).toBe('Алёна 📚.epub');
    expect(parseDisposition(contentDisposition('👨‍👩‍👧 family', 'md')).decoded).toBe('👨‍👩‍👧 family.md');
  });

  it('cannot be used for path traversal', () => {
    const unix = parseDisposition(contentDisposition('../../etc/passwd', 'txt'));
    expect(unix.filename).toBe('etc-passwd.txt');
    expect(unix.decoded).toBe('etc-passwd.txt');
    const windows = parseDisposition(contentDisposition('..\\..\\boot.ini', 'txt'));
    expect(windows.decoded).toBe('boot.ini.txt');
  });

  it('cannot inject header lines or break out of the quoted name', () => {
    const header = contentDisposition('Tide"; filename="evil.exe\r\nSet-Cookie: session=1', 'html');
    expect(header).not.toMatch(/[\r\n]/);
    const parsed = parseDisposition(header);
    expect(parsed.filename).toBe('tide-filename-evil-exe-set-cookie-session-1.html');
    expect(parsed.decoded).toBe('Tide; filename=evil.exe Set-Cookie: session=1.html');
  });

  it('drops right-to-left overrides that would disguise the extension', () => {
    expect(parseDisposition(contentDisposition('invoice\u202Eexe.txt', 'pdf')).decoded).toBe('invoiceexe.txt.pdf');
  });

  it('percent-encodes the characters RFC 5987 does not allow bare', () => {
    const { encoded, decoded } = parseDisposition(contentDisposition("Don't (ever) * stop", 'txt'));
    expect(encoded).toBe('Don%27t%20%28ever%29%20%2A%20stop.txt');
    expect(decoded).toBe("Don't (ever) * stop.txt");
  });

  it('survives lone surrogates, which plain encodeURIComponent rejects', () => {
    expect(parseDisposition(contentDisposition('Tide \uD800 end', 'txt')).decoded).toBe('Tide end.txt');
  });

  it('falls back to book when nothing of the title is left', () => {
    expect(contentDisposition('\r\n"/\\', 'txt')).toBe(`attachment; filename="book.txt"; filename*=UTF-8''book.txt`);
  });

  it('is a valid header value for any title, with a clean name in both parameters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const header = contentDisposition(title, 'md');
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        const { filename, encoded, decoded } = parseDisposition(header);
        expect(filename).toMatch(/^[a-z0-9-]+\.md$/);
        expect(encoded).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
        expect(decoded).not.toMatch(/[\p{Cc}"/\\\u202a-\u202e\u2066-\u2069]/u);
        expect(decoded.startsWith('.')).toBe(false);
        expect(decoded.endsWith('.md')).toBe(true);
        expect(Array.from(decoded).length).toBeLessThanOrEqual(150 + '.md'.length);
      }),
    );
  });
});
