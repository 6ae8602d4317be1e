/**
 * Turns the plain text a model writes into book blocks. Prose stays prose:
 * dialogue lives inside paragraphs with its quotation marks and speech tags,
 * the way books print it, so nothing here guesses speakers. A line of
 * asterisks (or dashes, or a lone #) is a scene break; in non-fiction a line
 * starting `## ` or `### ` is a heading; other Markdown heading marks and
 * emphasis asterisks a model may add are dropped.
 */
import type { BookBlock } from '../../book/book-document';

const SCENE_BREAK = /^\s*([*#~•·]\s*){1,5}$|^\s*(-\s*){3,}$|^\s*(_\s*){3,}$/;

export function proseToBlocks(text: string, options: { headings?: boolean } = {}): BookBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // Most models separate paragraphs with a blank line; some use single newlines throughout.
  const blankSeparated = /\n\s*\n/.test(text);
  const blocks: BookBlock[] = [];
  let current: string[] = [];
  const flush = () => {
    const paragraph = current.join(' ').replace(/\s+/g, ' ').trim();
    current = [];
    if (paragraph) blocks.push({ kind: 'paragraph', text: cleanInline(paragraph) });
  };
  for (const line of lines) {
    if (SCENE_BREAK.test(line)) {
      flush();
      if (blocks.length > 0 && blocks[blocks.length - 1]?.kind !== 'scene_break') blocks.push({ kind: 'scene_break' });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = options.headings ? /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading?.[1] && heading[2]) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length === 2 ? 2 : 3, text: cleanInline(heading[2]) });
      continue;
    }
    current.push(line.replace(/^#{1,6}\s+/, ''));
    if (!blankSeparated) flush();
  }
  flush();
  while (blocks[blocks.length - 1]?.kind === 'scene_break') blocks.pop();
  return blocks;
}

/** Markdown emphasis is not part of a printed book's text: `**word**` and `__word__` become `word`. */
function cleanInline(paragraph: string): string {
  return paragraph.replace(/\*\*(.+?)\*\*/g, '$1').replace(/__(.+?)__/g, '$1');
}

/** The text of prose blocks back, paragraphs separated by blank lines, for prompts that quote a chapter. */
export function blocksToProse(blocks: readonly BookBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'paragraph') return block.text;
      if (block.kind === 'heading') return `${'#'.repeat(block.level)} ${block.text}`;
      return block.kind === 'scene_break' ? '* * *' : '';
    })
    .filter(Boolean)
    .join('\n\n');
}
