import type { BookBlock } from '../../book/book-document';
import { readerTexts } from '../../book/word-count';

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from']);

/** Upper-cases the first letter; scripts without case pass through unchanged. */
export function capitalize(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toUpperCase() + text.slice(head.length);
}

export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && MINOR_WORDS.has(word) ? word : capitalize(word)))
    .join(' ');
}

/** "a" or "an" before a noun phrase, by its first letter (good enough for English prose). */
export function withArticle(phrase: string): string {
  if (/^(hour|honest|heir)/i.test(phrase)) return `an ${phrase}`;
  if (/^(uni|use|one|eu|ur)/i.test(phrase)) return `a ${phrase}`;
  return /^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** Drops a leading article: "the saloon" -> "saloon". */
export function bare(phrase: string): string {
  return phrase.replace(/^(the|a|an)\s+/i, '');
}

export function countText(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Every string the builtin writer puts in a block: what a reader reads, plus the artist's panel directions. */
export function blockTexts(block: BookBlock): string[] {
  return block.kind === 'panel' ? [block.description, ...readerTexts(block)] : readerTexts(block);
}

/** Sentences of a text, split the same way whether the text was just written or read back from a checkpoint. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
