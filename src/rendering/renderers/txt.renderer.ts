/**
 * Plain UTF-8 text, laid out for a 72-column terminal or e-mail body: a
 * centred title block, front matter, a contents list, then each chapter
 * between `=` rules. Paragraphs are word-wrapped by display columns (CJK and
 * emoji count as two). Comic pages read like a script (PANEL 1, CAPTION:,
 * SPEAKER: line); exercise answers are collected at the end of their chapter
 * so a reader can try the questions first.
 */
import { CONTENT_TYPES } from '../../catalog/catalog';
import type { BookBlock, BookChapter, BookDocument, BookImage, PanelBlock } from '../../book/book-document';
import type { BookRenderer } from '../book-renderer';
import { bookLabels, type BookLabels } from '../../book/book-labels';
import {
  centerText,
  chapterLabel,
  cleanInline,
  displayWidth,
  formatNumber,
  imagesById,
  objectivesLabel,
  paragraphLines,
  wrapText,
  yieldToEventLoop,
} from './text-helpers';

export const TXT_LINE_WIDTH = 72;

const WIDTH = TXT_LINE_WIDTH;
const CHAPTER_RULE = '='.repeat(WIDTH);
const INDENT = '  ';

export class TxtRenderer implements BookRenderer {
  readonly format = 'txt';
  readonly contentType = CONTENT_TYPES.txt;
  readonly fileExtension = 'txt';

  async render(document: BookDocument): Promise<Buffer> {
    const images = imagesById(document);
    const labels = bookLabels(document.metadata.language);
    // Every section is a list of lines; a blank line separates sections.
    const sections: string[][] = [
      titleBlock(document, images, labels),
      ...frontMatter(document, labels),
      contents(document, labels),
    ];
    for (const chapter of document.chapters) {
      await yieldToEventLoop();
      sections.push(renderChapter(chapter, images, labels));
    }
    const lines: string[] = [];
    for (const section of sections) {
      if (section.length === 0) continue;
      if (lines.length > 0) lines.push('');
      for (const line of section) lines.push(line);
    }
    return Buffer.from(lines.join('\n') + '\n', 'utf8');
  }
}

function paragraph(text: string, firstPrefix = '', restPrefix = firstPrefix): string[] {
  return wrapText(text, { width: WIDTH, firstPrefix, restPrefix });
}

function underlined(text: string, rule: string): string[] {
  const lines = paragraph(text);
  if (lines.length === 0) return [];
  const width = Math.min(WIDTH, Math.max(...lines.map(displayWidth)));
  return [...lines, rule.repeat(width)];
}

function illustration(labels: BookLabels, image: BookImage | undefined, caption?: string): string[] {
  const parts = [cleanInline(image?.alt), cleanInline(caption)].filter(Boolean);
  const unique = parts.length === 2 && parts[0] === parts[1] ? [parts[0]] : parts;
  if (unique.length === 0) return [];
  return paragraph(`[${labels.illustration}: ${unique.join(' - ')}]`);
}

function titleBlock(document: BookDocument, images: Map<string, BookImage>, labels: BookLabels): string[] {
  const { metadata } = document;
  const centred = (text: string): string[] => paragraph(text).map((line) => centerText(line, WIDTH));
  const lines = [...centred(cleanInline(metadata.title) || labels.untitled)];
  const subtitle = cleanInline(metadata.subtitle);
  if (subtitle) lines.push(...centred(subtitle));
  const author = cleanInline(metadata.author);
  if (author) lines.push('', ...centred(labels.by(author)));
  if (document.coverImageId) {
    const cover = images.get(document.coverImageId);
    const alt = cleanInline(cover?.alt);
    if (alt) lines.push('', ...centred(`[${labels.illustration}: ${alt}]`));
  }
  return lines;
}

function frontMatter(document: BookDocument, labels: BookLabels): string[][] {
  const { frontMatter: front, metadata } = document;
  const sections: string[][] = [];
  const dedication = paragraph(front.dedication ?? '');
  if (dedication.length > 0) {
    sections.push([...underlined(labels.dedication, '-'), '', ...dedication.map((line) => centerText(line, WIDTH))]);
  }
  const foreword = (front.foreword ?? []).map((text) => paragraph(text)).filter((lines) => lines.length > 0);
  if (foreword.length > 0) {
    sections.push([...underlined(labels.foreword, '-'), ...foreword.flatMap((lines) => ['', ...lines])]);
  }
  const objectives = (front.objectives ?? []).flatMap((text) => paragraph(text, `${INDENT}- `, `${INDENT}  `));
  if (objectives.length > 0) {
    sections.push([...underlined(objectivesLabel(metadata.type, labels), '-'), '', ...objectives]);
  }
  const cast = (front.cast ?? []).flatMap((member) => {
    const name = cleanInline(member.name);
    const description = cleanInline(member.description);
    if (!name && !description) return [];
    return paragraph(description ? `${name}: ${description}` : name, `${INDENT}- `, `${INDENT}    `);
  });
  if (cast.length > 0) sections.push([...underlined(labels.cast, '-'), '', ...cast]);
  return sections;
}

function contents(document: BookDocument, labels: BookLabels): string[] {
  if (document.chapters.length === 0) return [];
  return [
    ...underlined(labels.contents, '-'),
    '',
    ...document.chapters.flatMap((chapter) => paragraph(chapterLabel(chapter, labels), INDENT, `${INDENT}    `)),
  ];
}

function renderChapter(chapter: BookChapter, images: Map<string, BookImage>, labels: BookLabels): string[] {
  const lines: string[] = ['', CHAPTER_RULE, ...paragraph(chapterLabel(chapter, labels)), CHAPTER_RULE];
  if (chapter.imageId) pushSection(lines, illustration(labels, images.get(chapter.imageId)));
  const answers: string[] = [];
  let exercises = 0;
  for (const block of chapter.blocks) {
    if (block.kind === 'exercise') {
      exercises += 1;
      const number = exercises;
      answers.push(
        ...paragraph(block.answer || '-', `${INDENT}${number}. `, `${INDENT}${' '.repeat(`${number}. `.length)}`),
      );
      pushSection(lines, paragraph(block.question, `${labels.exercise(String(number))}: `, INDENT));
      continue;
    }
    pushSection(lines, renderBlock(block, images, labels));
  }
  if (answers.length > 0) pushSection(lines, [...underlined(labels.answers, '-'), '', ...answers]);
  return lines;
}

function pushSection(lines: string[], section: string[]): void {
  if (section.length === 0) return;
  lines.push('');
  for (const line of section) lines.push(line);
}

function renderBlock(
  block: Exclude<BookBlock, { kind: 'exercise' }>,
  images: Map<string, BookImage>,
  labels: BookLabels,
): string[] {
  switch (block.kind) {
    case 'heading':
      return underlined(cleanInline(block.text), block.level === 2 ? '-' : '~');
    case 'paragraph':
      return paragraphLines(block.text).flatMap((line) => paragraph(line));
    case 'dialogue': {
      const speaker = cleanInline(block.speaker);
      const text = `"${cleanInline(block.text)}"`;
      return paragraph(speaker ? `${speaker}: ${text}` : text, '', INDENT);
    }
    case 'panel':
      return renderPanel(block, labels);
    case 'key_point':
      return paragraph(`${labels.keyPoint.toUpperCase()}: ${cleanInline(block.text)}`, `${INDENT}| `);
    case 'list':
      return block.items.flatMap((item, index) => {
        const marker = block.ordered ? `${index + 1}. ` : '- ';
        return paragraph(item, INDENT + marker, INDENT + ' '.repeat(marker.length));
      });
    case 'glossary_entry': {
      const term = cleanInline(block.term);
      return [...(term ? [term] : []), ...paragraph(block.definition, INDENT.repeat(2))];
    }
    case 'image':
      return illustration(labels, images.get(block.imageId), block.caption);
    case 'scene_break':
      return [centerText('*   *   *', WIDTH)];
  }
}

function renderPanel(panel: PanelBlock, labels: BookLabels): string[] {
  // A script's labels are in capitals: PANEL 1, CAPTION, the speakers.
  const lines = [labels.panel(formatNumber(panel.number)).toUpperCase(), ...paragraph(panel.description, INDENT)];
  const caption = cleanInline(panel.caption);
  if (caption) lines.push(...paragraph(`${labels.caption.toUpperCase()}: ${caption}`, INDENT, INDENT.repeat(2)));
  for (const line of panel.dialogue) {
    const speaker = cleanInline(line.speaker).toUpperCase() || labels.voice.toUpperCase();
    lines.push(...paragraph(`${speaker}: ${cleanInline(line.text)}`, INDENT, INDENT.repeat(2)));
  }
  return lines;
}
