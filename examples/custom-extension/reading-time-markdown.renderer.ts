import { Injectable } from '@nestjs/common';
import type { BookDocument } from '../../src/book/book-document';
import { CONTENT_TYPES } from '../../src/catalog/catalog';
import type { BookRenderer } from '../../src/rendering/book-renderer';
import { MarkdownRenderer } from '../../src/rendering/renderers/md.renderer';

/** A reader's pace in words per minute: the figure reading-time estimates commonly use. */
export const WORDS_PER_MINUTE = 230;

export function readingTimeLine(wordCount: number): string {
  const minutes = Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
  return `Reading time: about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The `md` format of the reading room: the builtin Markdown, with the reading
 * time under the title. It replaces the builtin renderer of `md` (a renderer
 * serves a format of the catalog; clients choose it with `output_format`), so
 * it answers with the same content type and file extension.
 */
@Injectable()
export class ReadingTimeMarkdownRenderer implements BookRenderer {
  readonly format = 'md';
  readonly contentType = CONTENT_TYPES.md;
  readonly fileExtension = 'md';
  private readonly markdown = new MarkdownRenderer();

  async render(document: BookDocument): Promise<Buffer> {
    const markdown = (await this.markdown.render(document)).toString('utf8');
    // The builtin output opens with the title heading on its own line; the reading time goes right under it.
    const titleEnd = markdown.indexOf('\n');
    const line = readingTimeLine(document.metadata.wordCount);
    const withReadingTime =
      titleEnd < 0
        ? `${markdown}\n\n${line}\n`
        : `${markdown.slice(0, titleEnd)}\n\n${line}${markdown.slice(titleEnd)}`;
    return Buffer.from(withReadingTime, 'utf8');
  }
}
