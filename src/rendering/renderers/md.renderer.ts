/**
 * CommonMark output.
 *
 * Decision: images are embedded inline as `data:` URIs
 * (`![alt](data:image/svg+xml;base64,...)`) so the download stays one
 * self-contained file, like every other format, whose pictures show offline
 * in local viewers and converters such as pandoc. The cost: larger
 * files, long base64 lines in the source, and hosted renderers that strip
 * `data:` URIs (GitHub does) showing only the alt text. Separate image files
 * would need an archive, i.e. another download format.
 *
 * Every user string goes through `escapeMarkdown`, so text such as
 * `<script>`, `*bold*` or `[link](x)` stays literal and can never become
 * markup. The file contains no raw HTML at all: exercise answers are listed
 * at the end of each chapter instead of inside `<details>`.
 */
import { CONTENT_TYPES } from '../../catalog/catalog';
import type { BookBlock, BookChapter, BookDocument, BookImage, PanelBlock } from '../../book/book-document';
import type { BookRenderer } from '../book-renderer';
import { bookLabels, type BookLabels } from '../../book/book-labels';
import {
  chapterLabel,
  cleanInline,
  formatNumber,
  imageDataUri,
  imagesById,
  objectivesLabel,
  paragraphLines,
  yieldToEventLoop,
} from './text-helpers';

// Backslash escapes work for every ASCII punctuation character; these are the
// ones that can start markup anywhere in a line (emphasis, code, links and
// images, raw HTML, entities, tables, strikethrough, closing `#`s). `!`, `(`
// and `)` only matter next to a `[`, which is always escaped.
const INLINE_SPECIALS = /[\\`*_[\]<>#|~&]/g;

/**
 * A user string as literal CommonMark inline text. Whitespace is collapsed to
 * one line first, so the only line start it can reach is its own beginning,
 * where list markers, setext underlines and ordered-list numbers are escaped.
 */
export function escapeMarkdown(text: string | undefined): string {
  return cleanInline(text)
    .replace(INLINE_SPECIALS, '\\$&')
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * Markdown list markers. Two lists of the same marker separated only by a
 * blank line merge into one list, so consecutive distinct lists alternate.
 */
class ListMarkers {
  private lastBullet: '-' | '*' = '*';
  private lastDelimiter: '.' | ')' = ')';

  nextBullet(): '-' | '*' {
    this.lastBullet = this.lastBullet === '-' ? '*' : '-';
    return this.lastBullet;
  }

  nextDelimiter(): '.' | ')' {
    this.lastDelimiter = this.lastDelimiter === '.' ? ')' : '.';
    return this.lastDelimiter;
  }
}

export class MarkdownRenderer implements BookRenderer {
  readonly format = 'md';
  readonly contentType = CONTENT_TYPES.md;
  readonly fileExtension = 'md';

  async render(document: BookDocument): Promise<Buffer> {
    const images = imagesById(document);
    const markers = new ListMarkers();
    const labels = bookLabels(document.metadata.language);
    // Blocks of Markdown, joined once with blank lines between them.
    const blocks: string[] = [...titleBlock(document, images, labels), ...frontMatter(document, markers, labels)];
    for (const chapter of document.chapters) {
      await yieldToEventLoop();
      for (const block of renderChapter(chapter, images, markers, labels)) blocks.push(block);
    }
    return Buffer.from(blocks.join('\n\n') + '\n', 'utf8');
  }
}

function image(image: BookImage | undefined, alt?: string): string | undefined {
  const uri = imageDataUri(image);
  if (!uri || !image) return undefined;
  return `![${escapeMarkdown(alt ?? image.alt)}](${uri})`;
}

function emphasis(text: string): string | undefined {
  return text ? `*${text}*` : undefined;
}

function defined(values: Array<string | undefined>): string[] {
  return values.filter((value): value is string => value !== undefined && value !== '');
}

function titleBlock(document: BookDocument, images: Map<string, BookImage>, labels: BookLabels): string[] {
  const { metadata } = document;
  const author = escapeMarkdown(metadata.author);
  return defined([
    `# ${escapeMarkdown(metadata.title) || labels.untitled}`,
    emphasis(escapeMarkdown(metadata.subtitle)),
    author ? labels.by(`**${author}**`) : undefined,
    document.coverImageId ? image(images.get(document.coverImageId)) : undefined,
    '---',
  ]);
}

function frontMatter(document: BookDocument, markers: ListMarkers, labels: BookLabels): string[] {
  const { frontMatter: front, metadata } = document;
  const blocks: string[] = [];
  const dedication = escapeMarkdown(front.dedication);
  if (dedication) blocks.push(`## ${labels.dedication}`, `*${dedication}*`);
  const foreword = defined((front.foreword ?? []).map((text) => escapeMarkdown(text)));
  if (foreword.length > 0) blocks.push(`## ${labels.foreword}`, ...foreword);
  const objectives = defined((front.objectives ?? []).map((text) => escapeMarkdown(text)));
  if (objectives.length > 0) {
    const bullet = markers.nextBullet();
    blocks.push(
      `## ${objectivesLabel(metadata.type, labels)}`,
      objectives.map((text) => `${bullet} ${text}`).join('\n'),
    );
  }
  const cast = defined(
    (front.cast ?? []).map((member) => {
      const name = escapeMarkdown(member.name);
      const description = escapeMarkdown(member.description);
      if (!name) return description;
      return description ? `**${name}**: ${description}` : `**${name}**`;
    }),
  );
  if (cast.length > 0) {
    const bullet = markers.nextBullet();
    blocks.push(`## ${labels.cast}`, cast.map((text) => `${bullet} ${text}`).join('\n'));
  }
  return blocks;
}

function renderChapter(
  chapter: BookChapter,
  images: Map<string, BookImage>,
  markers: ListMarkers,
  labels: BookLabels,
): string[] {
  const blocks = [`## ${chapterLabel(chapter, labels, escapeMarkdown(chapter.title))}`];
  const chapterImage = chapter.imageId ? image(images.get(chapter.imageId)) : undefined;
  if (chapterImage) blocks.push(chapterImage);
  const answers: string[] = [];
  const glossary: string[] = [];
  const flushGlossary = (): void => {
    if (glossary.length === 0) return;
    const bullet = markers.nextBullet();
    blocks.push(glossary.map((entry) => `${bullet} ${entry}`).join('\n'));
    glossary.length = 0;
  };
  for (const block of chapter.blocks) {
    // Consecutive glossary entries form one definition-like list.
    if (block.kind === 'glossary_entry') {
      const term = escapeMarkdown(block.term);
      const definition = escapeMarkdown(block.definition);
      glossary.push(term ? `**${term}**: ${definition}` : definition);
      continue;
    }
    flushGlossary();
    if (block.kind === 'exercise') {
      answers.push(escapeMarkdown(block.answer) || '-');
      blocks.push(`**${labels.exercise(String(answers.length))}.** ${escapeMarkdown(block.question)}`);
      continue;
    }
    for (const rendered of renderBlock(block, images, markers, labels)) blocks.push(rendered);
  }
  flushGlossary();
  if (answers.length > 0) {
    const delimiter = markers.nextDelimiter();
    blocks.push(
      `### ${labels.answers}`,
      answers.map((answer, index) => `${index + 1}${delimiter} ${answer}`).join('\n'),
    );
  }
  return blocks;
}

function renderBlock(
  block: Exclude<BookBlock, { kind: 'exercise' | 'glossary_entry' }>,
  images: Map<string, BookImage>,
  markers: ListMarkers,
  labels: BookLabels,
): string[] {
  switch (block.kind) {
    case 'heading':
      return [`${block.level === 2 ? '###' : '####'} ${escapeMarkdown(block.text)}`];
    case 'paragraph':
      // A line of verse or of a letter ends in a hard line break (a backslash before the newline).
      return defined([
        paragraphLines(block.text)
          .map((line) => escapeMarkdown(line))
          .join('\\\n'),
      ]);
    case 'dialogue': {
      const speaker = escapeMarkdown(block.speaker);
      const text = `"${escapeMarkdown(block.text)}"`;
      return [speaker ? `**${speaker}:** ${text}` : text];
    }
    case 'panel':
      return renderPanel(block, images, markers);
    case 'key_point':
      return [`> **${labels.keyPoint}:** ${escapeMarkdown(block.text)}`];
    case 'list': {
      const items = block.items.map((item) => escapeMarkdown(item));
      if (items.length === 0) return [];
      if (block.ordered) {
        const delimiter = markers.nextDelimiter();
        return [items.map((item, index) => `${index + 1}${delimiter} ${item}`.trimEnd()).join('\n')];
      }
      const bullet = markers.nextBullet();
      return [items.map((item) => `${bullet} ${item}`.trimEnd()).join('\n')];
    }
    case 'image':
      return defined([image(images.get(block.imageId)), emphasis(escapeMarkdown(block.caption))]);
    case 'scene_break':
      return ['* * *'];
  }
}

function renderPanel(panel: PanelBlock, images: Map<string, BookImage>, markers: ListMarkers): string[] {
  const description = escapeMarkdown(panel.description);
  const caption = escapeMarkdown(panel.caption);
  const lines = panel.dialogue.map((line) => {
    const speaker = escapeMarkdown(line.speaker);
    const text = escapeMarkdown(line.text);
    return speaker ? `**${speaker}:** ${text}` : text;
  });
  const bullet = lines.length > 0 ? markers.nextBullet() : '-';
  return defined([
    `#### Panel ${formatNumber(panel.number)}`,
    panel.imageId ? image(images.get(panel.imageId), panel.description) : undefined,
    emphasis(description),
    caption ? `> **Caption:** ${caption}` : undefined,
    lines.length > 0 ? lines.map((line) => `${bullet} ${line}`).join('\n') : undefined,
  ]);
}
