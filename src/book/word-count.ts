/**
 * The one word-count rule. Pricing (words delivered against words planned),
 * the book's metadata, the planners' budgets, validation of model answers and
 * the benchmarks all count with these functions, so "a 50,000-word novel"
 * means the same thing everywhere.
 */
import type { BookBlock, BookChapter } from './book-document';

/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Words of a text as a reader would count them. Spaced scripts count
 * whitespace-separated tokens that hold a letter or digit (a lone dash or
 * "***" is not a word). Chinese, Japanese and Thai count one word per two
 * characters, close to what a reader of those languages calls a word, so
 * budgets and prices behave for a manga written in Japanese. (Intl.Segmenter
 * would be more exact but is superlinear on long texts.)
 */
export function countWords(text: string): number {
  let unspaced = 0;
  const spacedText = text.replace(UNSPACED, () => {
    unspaced += 1;
    return ' ';
  });
  let spaced = 0;
  for (const token of spacedText.split(/\s+/)) {
    if (token !== '' && HAS_LETTER_OR_DIGIT.test(token)) spaced += 1;
  }
  return spaced + Math.round(unspaced / UNSPACED_CHARACTERS_PER_WORD);
}

/** Characters of a script written without spaces (Chinese, Japanese, Thai) that count as one word. */
export const UNSPACED_CHARACTERS_PER_WORD = 2;

/** Languages whose books are written without spaces between words, so a length in words means little to a writer. */
export const UNSPACED_LANGUAGES: ReadonlySet<string> = new Set(['ja', 'zh', 'th']);

/**
 * The text a reader reads in a block. Speaker labels, the artist's panel
 * directions and image ids are not read, so they are not words of the book.
 */
export function readerTexts(block: BookBlock): string[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'dialogue':
    case 'key_point':
      return [block.text];
    case 'panel':
      return [block.caption ?? '', ...block.dialogue.map((line) => line.text)];
    case 'exercise':
      return [block.question, block.answer];
    case 'list':
      return block.items;
    case 'glossary_entry':
      return [block.term, block.definition];
    case 'image':
      return [block.caption ?? ''];
    case 'scene_break':
      return [];
  }
}

export function blockWords(block: BookBlock): number {
  return readerTexts(block).reduce((sum, text) => sum + countWords(text), 0);
}

export function chapterWords(chapter: Pick<BookChapter, 'blocks'>): number {
  return chapter.blocks.reduce((sum, block) => sum + blockWords(block), 0);
}

export function documentWords(chapters: ReadonlyArray<Pick<BookChapter, 'blocks'>>): number {
  return chapters.reduce((sum, chapter) => sum + chapterWords(chapter), 0);
}
