/**
 * Turns the plain text a model writes into book blocks. Prose stays prose:
 * dialogue lives inside paragraphs with its quotation marks and speech tags,
 * the way books print it, so nothing here guesses speakers. A line of
 * asterisks (or dashes, or a lone #) is a scene break. In non-fiction
 * (`headings`) a line starting `## ` or `### ` is a heading, and so is a line
 * that is all bold (`**Why ice floats**`); lines starting `- `, `* `, `• ` or
 * `1. ` are list items, however models space them. Other Markdown heading
 * marks and emphasis (`**word**`, `*word*`, `_word_`) a model may add are
 * dropped: a printed book has none of them.
 */
import type { BookBlock, HeadingBlock, ListBlock } from '../../../book/book-document';

const SCENE_BREAK = /^\s*([*#~•·]\s*){1,5}$|^\s*(-\s*){3,}$|^\s*(_\s*){3,}$/;
/** A list item: a bullet or a number, a space, the text. Only read in non-fiction (fiction's dash dialogue looks alike). */
const LIST_ITEM = /^\s*(?:[-*•+]|(\d{1,3})[.)])\s+(\S.*)$/;
/** A line that is one bold phrase without a full stop: a heading a model set in bold. */
const BOLD_LINE = /^\s*\*\*([^*]{1,100}?[^*.:;,\s])\*\*\s*$/;

export function proseToBlocks(text: string, options: { headings?: boolean } = {}): BookBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // Most models separate paragraphs with a blank line; some use single newlines throughout.
  const blankSeparated = /\n\s*\n/.test(text);
  const blocks: BookBlock[] = [];
  let current: string[] = [];
  // The list being read: items may come with blank lines between them.
  let list: ListBlock | undefined;
  const flush = () => {
    const paragraph = paragraphText(current);
    current = [];
    if (paragraph) blocks.push({ kind: 'paragraph', text: withoutEmphasis(paragraph) });
  };
  for (const line of lines) {
    if (SCENE_BREAK.test(line)) {
      flush();
      list = undefined;
      if (blocks.length > 0 && blocks[blocks.length - 1]?.kind !== 'scene_break') blocks.push({ kind: 'scene_break' });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (options.headings) {
      const heading = headingOf(line);
      if (heading) {
        flush();
        list = undefined;
        blocks.push(heading);
        continue;
      }
      const item = LIST_ITEM.exec(line);
      if (item?.[2]) {
        flush();
        const ordered = item[1] !== undefined;
        if (list?.ordered !== ordered) {
          list = { kind: 'list', ordered, items: [] };
          blocks.push(list);
        }
        list.items.push(withoutEmphasis(item[2].trim()));
        continue;
      }
    }
    list = undefined;
    current.push(line.replace(/^#{1,6}\s+/, ''));
    if (!blankSeparated) flush();
  }
  flush();
  while (blocks[blocks.length - 1]?.kind === 'scene_break') blocks.pop();
  return blocks;
}

/**
 * One paragraph's text from the lines a model wrote it on. Lines it broke on
 * purpose (a song, a poem, a letter's greeting and signature, an address,
 * dated log entries) keep their breaks as `\n`, which every format prints as
 * a line break; prose hard-wrapped at a fixed width (every line but the last
 * long and about as long as the others) is one line.
 */
export function paragraphText(lines: readonly string[]): string {
  const kept = lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return kept.join(hardWrapped(kept) ? ' ' : '\n');
}

/** Prose a model wrapped at a column: 2+ lines, all but the last at least 50 characters, within 30 of each other. */
function hardWrapped(lines: readonly string[]): boolean {
  const body = lines.slice(0, -1).map((line) => Array.from(line).length);
  if (body.length === 0) return false;
  return Math.min(...body) >= HARD_WRAP_MIN && Math.max(...body) - Math.min(...body) <= HARD_WRAP_SPREAD;
}

const HARD_WRAP_MIN = 50;
const HARD_WRAP_SPREAD = 30;

/** A non-fiction heading: a `## ` or `### ` line, or a line all in bold. */
function headingOf(line: string): HeadingBlock | undefined {
  const marked = /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
  if (marked?.[1] && marked[2]) {
    return { kind: 'heading', level: marked[1].length === 2 ? 2 : 3, text: withoutEmphasis(marked[2]) };
  }
  const bold = BOLD_LINE.exec(line)?.[1];
  return bold ? { kind: 'heading', level: 3, text: withoutEmphasis(bold) } : undefined;
}

/**
 * Markdown emphasis is not part of a printed book's text: `**word**`,
 * `__some words__`, `*word*` and `_word_` become plain. A lone asterisk or
 * underscore (5 * 3, snake_case, __init__) is not emphasis and stays.
 */
export function withoutEmphasis(paragraph: string): string {
  return (
    paragraph
      .replace(/\*\*(.+?)\*\*/g, '$1')
      // Several words only: a lone `__init__` is more likely code than bold.
      .replace(/__(\S[^_\n]*\s[^_\n]*\S)__/g, '$1')
      .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1$2')
      .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1$2')
  );
}

/** The text of prose blocks back, paragraphs separated by blank lines, for prompts that quote a chapter. */
export function blocksToProse(blocks: readonly BookBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'paragraph') return block.text;
      if (block.kind === 'heading') return `${'#'.repeat(block.level)} ${block.text}`;
      if (block.kind === 'list')
        return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${item}`).join('\n');
      return block.kind === 'scene_break' ? '* * *' : '';
    })
    .filter(Boolean)
    .join('\n\n');
}
