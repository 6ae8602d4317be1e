/**
 * Download file names derived from a book title. The title comes from the
 * user's prompt or from model output, so it is treated as hostile: it must
 * not reach a header with a quote, a line break, a path separator or a
 * right-to-left override that disguises the extension.
 */

const MAX_SLUG_LENGTH = 80;
/** Code points of the original title kept in `filename*`; long enough for any real title, short enough for a header. */
const MAX_TITLE_LENGTH = 150;
const FALLBACK_NAME = 'book';

// Latin letters that have no decomposition, so NFKD alone would drop them.
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
};

function safeExtension(extension: string): string {
  return extension.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function withExtension(name: string, extension: string): string {
  const ext = safeExtension(extension);
  return ext ? `${name}.${ext}` : name;
}

/** `Ada & the Tide` -> `ada-the-tide`; empty when nothing ASCII is left (e.g. a CJK title). */
function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[ßæœøđðħıłþ]/g, (letter) => LATIN_LETTERS[letter] ?? '')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/** An ASCII-only file name (`[a-z0-9-]` and the extension) for the plain `filename` parameter. */
export function bookFileName(title: string, extension: string): string {
  return withExtension(slugify(title) || FALLBACK_NAME, extension);
}

/**
 * The title as a file name in its own script: controls (including bidi
 * overrides and line breaks), quotes, slashes and backslashes removed, no
 * leading dots that would hide the file or walk up a directory.
 */
function displayFileName(title: string): string {
  const cleaned = title
    // Lone surrogates cannot be percent-encoded (encodeURIComponent throws).
    .replace(/\p{Cs}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    // Bidi marks and overrides (`evil\u202Etxt.exe`) and the BOM; ZWJ stays, emoji sequences need it.
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF"]/g, '')
    .replace(/[/\\]+/g, '-')
    .replace(/^[\s.-]+/, '')
    .trim();
  const truncated = Array.from(cleaned).slice(0, MAX_TITLE_LENGTH).join('').trim();
  return truncated || FALLBACK_NAME;
}

/** RFC 5987 `value-chars`: percent-encode everything but `attr-char`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="<ascii-slug>.<ext>"; filename*=UTF-8''<title>.<ext>`:
 * old clients use the ASCII name, RFC 6266 clients the original title.
 * The result is printable ASCII only, so it is always a valid header value.
 */
export function contentDisposition(title: string, extension: string): string {
  const ascii = bookFileName(title, extension);
  const original = withExtension(displayFileName(title), extension);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(original)}`;
}
