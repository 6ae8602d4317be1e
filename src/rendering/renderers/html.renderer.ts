/**
 * One self-contained HTML5 file: embedded CSS, images as `data:` URIs, no
 * scripts and no external resources, so it opens offline and can be mailed
 * or archived as is. Every user string, in text and in attributes, goes
 * through `escapeHtml`; the only markup is ours.
 */
import { CONTENT_TYPES } from '../../catalog/catalog';
import type {
  BookBlock,
  BookChapter,
  BookDocument,
  BookImage,
  GlossaryEntryBlock,
  PanelBlock,
} from '../../book/book-document';
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

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** User text made safe for both element content and quoted attribute values. */
export function escapeHtml(text: string | undefined): string {
  return cleanInline(text).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const STYLE = `
:root { color-scheme: light; --ink: #1f1d1a; --muted: #6b645b; --rule: #d9d2c5; --paper: #fffdf8; --accent: #8a3b12; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0 auto; max-width: 38em; padding: 2em 1.25em 4em;
  font-family: "Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, Cambria, "Noto Serif",
    "Noto Serif CJK JP", "Noto Serif JP", "Hiragino Mincho ProN", "Yu Mincho", "Source Han Serif", "Songti SC",
    "Noto Serif KR", "Times New Roman", serif;
  font-size: 1.125rem; line-height: 1.6; color: var(--ink); background: var(--paper);
  hyphens: auto; overflow-wrap: break-word; font-kerning: normal;
}
h1, h2, h3, h4, nav, figcaption, .byline, .answer summary, .panel-number {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    "Noto Sans CJK JP", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic", "Microsoft YaHei",
    "Malgun Gothic", sans-serif;
}
h1, h2, h3, h4 { line-height: 1.25; hyphens: manual; break-after: avoid; }
h1 { font-size: 2.4em; margin: 1.5em 0 0.25em; text-align: center; }
h2 { font-size: 1.6em; margin: 2.5em 0 1em; }
h3 { font-size: 1.25em; margin: 2em 0 0.5em; }
h4 { font-size: 1.05em; margin: 1.5em 0 0.5em; }
p { margin: 0 0 1em; }
img { max-width: 100%; height: auto; display: block; margin: 0 auto; }
a { color: var(--accent); }
hr.scene-break { border: 0; text-align: center; margin: 2em 0; }
hr.scene-break::after { content: "\\2042"; color: var(--muted); }
.title-page { text-align: center; margin-bottom: 3em; }
.subtitle { font-size: 1.3em; font-style: italic; margin: 0 0 1.5em; }
.byline { font-size: 1.1em; letter-spacing: 0.05em; }
.cover { margin: 2em 0; }
.reading-note { font-size: 0.9em; color: var(--muted); }
.dedication p { text-align: center; font-style: italic; margin: 3em 0; }
.toc ol { list-style: none; padding: 0; }
.toc li { margin: 0.3em 0; }
.toc a { text-decoration: none; }
figure { margin: 1.5em 0; }
figcaption { font-size: 0.9em; color: var(--muted); text-align: center; margin-top: 0.5em; }
.dialogue .speaker { font-variant: small-caps; font-weight: 600; }
.key-point { border-left: 4px solid var(--accent); background: #f6efe4; padding: 0.75em 1em; margin: 1.5em 0; }
.key-point p { margin: 0; }
.exercise { border: 1px solid var(--rule); border-radius: 6px; padding: 0.75em 1em; margin: 1.5em 0; }
.exercise .question { margin: 0 0 0.5em; }
.answer summary { cursor: pointer; color: var(--accent); font-size: 0.9em; }
.answer p { margin: 0.5em 0 0; }
dl.glossary dt { font-weight: 700; margin-top: 0.75em; }
dl.glossary dd { margin: 0 0 0 1.5em; }
.panels { display: grid; grid-template-columns: repeat(auto-fit, minmax(14em, 1fr)); gap: 1em; margin: 1.5em 0; }
.reading-rtl .panels { direction: rtl; }
.panel { margin: 0; border: 2px solid var(--ink); padding: 0.5em; direction: ltr; background: #fff; }
.panel .art { font-style: italic; color: var(--muted); margin: 0 0 0.5em; }
.panel figcaption { text-align: left; color: var(--ink); }
.panel figcaption p { margin: 0.25em 0; }
.panel .caption { font-style: italic; background: #f6efe4; padding: 0.2em 0.4em; }
.panel-number { font-weight: 700; font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.08em; }
@media (prefers-color-scheme: dark) {
  :root { color-scheme: dark; --ink: #e8e2d8; --muted: #a89f92; --rule: #4a443c; --paper: #1b1916; --accent: #e0a070; }
  .key-point, .panel .caption { background: #2a2620; }
  .panel { background: #24211d; border-color: var(--rule); }
}
@media print {
  :root { --ink: #000; --muted: #333; --paper: #fff; }
  body { max-width: none; padding: 0; font-size: 11pt; background: #fff; }
  .chapter, .toc, .front-matter { break-before: page; page-break-before: always; }
  a { color: inherit; text-decoration: none; }
  figure, .exercise, .key-point, .panel { break-inside: avoid; page-break-inside: avoid; }
  p { orphans: 3; widows: 3; }
}
`;

const RESERVED_IDS = ['title-page', 'front-matter', 'contents', 'contents-title'];

/**
 * One valid, unique id per chapter for its anchor. The chapter's own id when
 * it is a plain token (it is stable across renders and formats), else a
 * positional one: an id with spaces or URL-special characters would not match
 * its `#fragment` once the browser percent-decodes it.
 */
function chapterAnchors(chapters: BookChapter[]): string[] {
  const used = new Set(RESERVED_IDS);
  return chapters.map((chapter, index) => {
    const base = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(chapter.id) ? chapter.id : `chapter-${index + 1}`;
    let anchor = base;
    for (let suffix = 2; used.has(anchor); suffix += 1) anchor = `${base}-${suffix}`;
    used.add(anchor);
    return anchor;
  });
}

function languageTag(language: string): string {
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : 'und';
}

export class HtmlRenderer implements BookRenderer {
  readonly format = 'html';
  readonly contentType = CONTENT_TYPES.html;
  readonly fileExtension = 'html';

  async render(document: BookDocument): Promise<Buffer> {
    const images = imagesById(document);
    const anchors = chapterAnchors(document.chapters);
    const { metadata } = document;
    const labels = bookLabels(metadata.language);
    const rtl = metadata.readingDirection === 'rtl';
    const parts: string[] = [
      '<!DOCTYPE html>',
      `<html lang="${escapeHtml(languageTag(metadata.language))}">`,
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(metadata.title) || labels.untitled}</title>`,
      `<meta name="author" content="${escapeHtml(metadata.author)}">`,
      `<meta name="description" content="${escapeHtml(metadata.synopsis)}">`,
      '<meta name="generator" content="Scriptorium">',
      `<meta name="book-type" content="${escapeHtml(metadata.type)}">`,
      // Page order for manga; the text itself stays left-to-right.
      `<meta name="reading-direction" content="${rtl ? 'rtl' : 'ltr'}">`,
      `<meta name="identifier" content="${escapeHtml(metadata.identifier)}">`,
      `<style>${STYLE}</style>`,
      '</head>',
      `<body class="book book-${escapeHtml(metadata.type)}${rtl ? ' reading-rtl' : ''}">`,
      titlePage(document, images, labels),
      frontMatter(document, labels),
      tableOfContents(document.chapters, anchors, labels),
      '<main>',
    ];
    for (const [index, chapter] of document.chapters.entries()) {
      await yieldToEventLoop();
      parts.push(renderChapter(chapter, anchors[index] ?? `chapter-${index + 1}`, images, labels));
    }
    parts.push('</main>', '</body>', '</html>', '');
    return Buffer.from(parts.join('\n'), 'utf8');
  }
}

function img(image: BookImage | undefined, className: string, alt?: string): string {
  const uri = imageDataUri(image);
  if (!uri || !image) return '';
  const size =
    Number.isFinite(image.width) && Number.isFinite(image.height) && image.width > 0 && image.height > 0
      ? ` width="${Math.round(image.width)}" height="${Math.round(image.height)}"`
      : '';
  return `<img class="${className}" src="${uri}" alt="${escapeHtml(alt ?? image.alt)}"${size}>`;
}

function paragraphIf(text: string, className?: string): string {
  if (!text) return '';
  return className ? `<p class="${className}">${text}</p>` : `<p>${text}</p>`;
}

function titlePage(document: BookDocument, images: Map<string, BookImage>, labels: BookLabels): string {
  const { metadata } = document;
  const author = escapeHtml(metadata.author);
  const cover = document.coverImageId ? img(images.get(document.coverImageId), 'cover-image') : '';
  return [
    '<header class="title-page" id="title-page">',
    `<h1>${escapeHtml(metadata.title) || labels.untitled}</h1>`,
    paragraphIf(escapeHtml(metadata.subtitle), 'subtitle'),
    author ? `<p class="byline">${labels.by(author)}</p>` : '',
    cover ? `<figure class="cover">${cover}</figure>` : '',
    metadata.readingDirection === 'rtl' ? `<p class="reading-note">${labels.readsRightToLeft}</p>` : '',
    '</header>',
  ]
    .filter(Boolean)
    .join('\n');
}

function listItems(values: string[]): string {
  return values.map((value) => `<li>${value}</li>`).join('');
}

function frontMatter(document: BookDocument, labels: BookLabels): string {
  const { frontMatter: front, metadata } = document;
  const sections: string[] = [];
  const dedication = escapeHtml(front.dedication);
  if (dedication)
    sections.push(`<section class="dedication" aria-label="${labels.dedication}"><p>${dedication}</p></section>`);
  const foreword = (front.foreword ?? []).map((text) => escapeHtml(text)).filter(Boolean);
  if (foreword.length > 0) {
    sections.push(
      `<section class="foreword"><h2>${labels.foreword}</h2>${foreword.map((text) => `<p>${text}</p>`).join('')}</section>`,
    );
  }
  const objectives = (front.objectives ?? []).map((text) => escapeHtml(text)).filter(Boolean);
  if (objectives.length > 0) {
    sections.push(
      `<section class="objectives"><h2>${objectivesLabel(metadata.type, labels)}</h2><ul>${listItems(objectives)}</ul></section>`,
    );
  }
  const cast = (front.cast ?? [])
    .map((member) => ({ name: escapeHtml(member.name), description: escapeHtml(member.description) }))
    .filter((member) => member.name || member.description);
  if (cast.length > 0) {
    const entries = cast.map((member) => `<dt>${member.name}</dt><dd>${member.description}</dd>`).join('');
    sections.push(`<section class="cast"><h2>${labels.cast}</h2><dl class="glossary">${entries}</dl></section>`);
  }
  if (sections.length === 0) return '';
  return `<section class="front-matter" id="front-matter">\n${sections.join('\n')}\n</section>`;
}

function tableOfContents(chapters: BookChapter[], anchors: string[], labels: BookLabels): string {
  if (chapters.length === 0) return '';
  const items = chapters
    .map((chapter, index) => {
      const anchor = anchors[index] ?? `chapter-${index + 1}`;
      return `<li><a href="#${escapeHtml(anchor)}">${chapterLabel(chapter, labels, escapeHtml(chapter.title))}</a></li>`;
    })
    .join('\n');
  return `<nav class="toc" id="contents" aria-labelledby="contents-title">\n<h2 id="contents-title">${labels.contents}</h2>\n<ol>\n${items}\n</ol>\n</nav>`;
}

function renderChapter(
  chapter: BookChapter,
  anchor: string,
  images: Map<string, BookImage>,
  labels: BookLabels,
): string {
  const parts = [
    `<section class="chapter chapter-${escapeHtml(chapter.kind)}" id="${escapeHtml(anchor)}">`,
    `<h2>${chapterLabel(chapter, labels, escapeHtml(chapter.title))}</h2>`,
  ];
  const chapterImage = chapter.imageId ? img(images.get(chapter.imageId), 'chapter-image') : '';
  if (chapterImage) parts.push(`<figure class="chapter-art">${chapterImage}</figure>`);
  let exercises = 0;
  // Consecutive panels share one grid, consecutive glossary entries one <dl>.
  let panels: PanelBlock[] = [];
  let glossary: GlossaryEntryBlock[] = [];
  const flush = (): void => {
    if (panels.length > 0)
      parts.push(`<div class="panels">\n${panels.map((p) => renderPanel(p, images, labels)).join('\n')}\n</div>`);
    if (glossary.length > 0) parts.push(`<dl class="glossary">${glossary.map(renderGlossaryEntry).join('')}</dl>`);
    panels = [];
    glossary = [];
  };
  for (const block of chapter.blocks) {
    if (block.kind === 'panel') {
      if (glossary.length > 0) flush();
      panels.push(block);
      continue;
    }
    if (block.kind === 'glossary_entry') {
      if (panels.length > 0) flush();
      glossary.push(block);
      continue;
    }
    flush();
    if (block.kind === 'exercise') {
      exercises += 1;
      parts.push(
        `<div class="exercise"><p class="question"><strong>${labels.exercise(String(exercises))}.</strong> ${escapeHtml(block.question)}</p>` +
          `<details class="answer"><summary>${labels.showAnswer}</summary><p>${escapeHtml(block.answer)}</p></details></div>`,
      );
      continue;
    }
    const rendered = renderBlock(block, images, labels);
    if (rendered) parts.push(rendered);
  }
  flush();
  parts.push('</section>');
  return parts.join('\n');
}

function renderGlossaryEntry(entry: GlossaryEntryBlock): string {
  return `<dt>${escapeHtml(entry.term)}</dt><dd>${escapeHtml(entry.definition)}</dd>`;
}

function renderBlock(
  block: Exclude<BookBlock, { kind: 'exercise' | 'panel' | 'glossary_entry' }>,
  images: Map<string, BookImage>,
  labels: BookLabels,
): string {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? `<h3>${escapeHtml(block.text)}</h3>` : `<h4>${escapeHtml(block.text)}</h4>`;
    case 'paragraph':
      return paragraphIf(
        paragraphLines(block.text)
          .map((line) => escapeHtml(line))
          .join('<br>\n'),
      );
    case 'dialogue': {
      const speaker = escapeHtml(block.speaker);
      const label = speaker ? `<span class="speaker">${speaker}:</span> ` : '';
      return `<p class="dialogue">${label}<q>${escapeHtml(block.text)}</q></p>`;
    }
    case 'key_point':
      return `<aside class="key-point"><p><strong>${labels.keyPoint}:</strong> ${escapeHtml(block.text)}</p></aside>`;
    case 'list': {
      const items = listItems(block.items.map((item) => escapeHtml(item)));
      if (!items) return '';
      return block.ordered ? `<ol>${items}</ol>` : `<ul>${items}</ul>`;
    }
    case 'image': {
      const picture = img(images.get(block.imageId), 'illustration');
      const caption = escapeHtml(block.caption);
      if (!picture && !caption) return '';
      return `<figure class="illustration">${picture}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    }
    case 'scene_break':
      return '<hr class="scene-break">';
  }
}

function renderPanel(panel: PanelBlock, images: Map<string, BookImage>, labels: BookLabels): string {
  const description = escapeHtml(panel.description);
  const picture = panel.imageId ? img(images.get(panel.imageId), 'panel-image', panel.description) : '';
  // Without a picture the artist's direction stands in for it.
  const art = picture || paragraphIf(description, 'art');
  const caption = escapeHtml(panel.caption);
  const lines = panel.dialogue
    .map((line) => {
      const speaker = escapeHtml(line.speaker);
      const text = escapeHtml(line.text);
      return `<p class="line">${speaker ? `<span class="speaker">${speaker}:</span> ` : ''}${text}</p>`;
    })
    .join('');
  return (
    `<figure class="panel">${art}<figcaption><span class="panel-number">${labels.panel(formatNumber(panel.number))}</span>` +
    `${paragraphIf(caption, 'caption')}${lines}</figcaption></figure>`
  );
}
