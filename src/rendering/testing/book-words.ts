/**
 * A book's own words against the words a reader's software reads back from
 * a rendered copy, for specs that check a text layer word by word: search,
 * copy, screen readers and reflowing readers all read those words, and a
 * word cut in two ("ga in" for "again") is lost to every one of them though
 * the page looks right.
 */
import type { BookDocument } from '../../book/book-document';
import { readerTexts } from '../../book/word-count';

/** A character of a script written without spaces (and its punctuation): a line may break after any of them. */
const UNSPACED = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}';
/** A word: a run of letters, marks and digits, or one character of an unspaced script. */
const WORD = new RegExp(`[${UNSPACED}]|[\\p{L}\\p{M}\\p{N}]+`, 'gu');
/** Two characters of unspaced scripts with a gap between them on one line. */
const GAP = new RegExp(`([${UNSPACED}])[^\\S\\n]+(?=([${UNSPACED}]))`, 'gu');
/** Two characters of unspaced scripts side by side. */
const TOGETHER = new RegExp(`([${UNSPACED}])(?=([${UNSPACED}]))`, 'gu');
/** A word hyphenated at a line's end: its two parts, the hyphen and the line break between them. */
const HYPHENATED = /([\p{L}\p{M}]+)[-\u2010\u00ad][^\S\n]*\n\s*([\p{L}\p{M}]+)/gu;

/** The words of a text, lower-cased (see WORD). */
function words(text: string): string[] {
  return Array.from(text.normalize('NFC').matchAll(WORD), (match) => match[0].toLowerCase());
}

/** Every text a reader reads in the book: its title and author, front matter, chapter titles and blocks. */
function bookTexts(document: BookDocument): string[] {
  const { metadata, frontMatter } = document;
  return [
    metadata.title,
    metadata.subtitle ?? '',
    metadata.author,
    frontMatter.dedication ?? '',
    ...(frontMatter.foreword ?? []),
    ...(frontMatter.objectives ?? []),
    ...(frontMatter.cast ?? []).flatMap((member) => [member.name, member.description]),
    ...document.chapters.flatMap((chapter) => [chapter.title, ...chapter.blocks.flatMap(readerTexts)]),
  ].map((text) => text.normalize('NFC'));
}

/**
 * The words of text extracted from a rendered book, a word hyphenated at a
 * line's end joined again where the book has the joined word (a compound
 * broken at its own hyphen stays two words, as the book's are).
 */
function readWords(extracted: string, known: ReadonlySet<string>): string[] {
  const joined = extracted
    .normalize('NFC')
    .replace(HYPHENATED, (_whole, before: string, after: string) =>
      known.has(`${before}${after}`.toLowerCase()) ? `${before}${after}` : `${before} ${after}`,
    );
  return words(joined);
}

/** Each of `book` that `read` lacks, as often as it lacks it ("again ×3"). */
function lacking(book: readonly string[], read: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const word of read) left.set(word, (left.get(word) ?? 0) + 1);
  const missing = new Map<string, number>();
  for (const word of book) {
    const count = left.get(word) ?? 0;
    if (count > 0) left.set(word, count - 1);
    else missing.set(word, (missing.get(word) ?? 0) + 1);
  }
  return Array.from(missing, ([word, count]) => (count > 1 ? `${word} ×${count}` : word));
}

/** Pairs of characters of unspaced scripts that `pattern` finds in `texts`, each as the two characters. */
function pairs(texts: readonly string[], pattern: RegExp): Set<string> {
  return new Set(texts.flatMap((text) => Array.from(text.matchAll(pattern), (match) => `${match[1]}${match[2]}`)));
}

/**
 * What of the book a reading of it lacks: each of the book's words that the
 * extracted text does not hold whole (a page prints more than the book's
 * words, running heads and page numbers, so only the book's side is
 * counted), and each gap the reading puts inside a line between two
 * characters of an unspaced script that the book sets side by side ("灯 台").
 * Empty when the text layer reads back as the book.
 */
export function unreadWords(document: BookDocument, extracted: string): string[] {
  const texts = bookTexts(document);
  const book = texts.flatMap(words);
  const missing = lacking(book, readWords(extracted, new Set(book)));
  const together = pairs(texts, TOGETHER);
  const apart = pairs(texts, GAP);
  const gaps = [...pairs([extracted.normalize('NFC')], GAP)]
    .filter((pair) => together.has(pair) && !apart.has(pair))
    .map((pair) => Array.from(pair).join(' '));
  return [...missing, ...gaps];
}
