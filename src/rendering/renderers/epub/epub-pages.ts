/**
 * The XHTML content documents of the book: cover, title page, front matter
 * and one file per chapter. Each page is a separate document (readers start
 * each on a new screen and load one at a time), so headings restart at <h1>
 * and in-page anchors only need to be unique within their own file.
 */
import type {
  BookBlock,
  BookChapter,
  BookDocument,
  ChapterKind,
  ExerciseBlock,
  GlossaryEntryBlock,
  PanelBlock,
} from '../../../book/book-document';
import { chapterLabel, formatNumber, objectivesLabel, paragraphLines } from '../text-helpers';
import type { BookLabels } from '../../../book/book-labels';
import type { EpubImage, EpubImages } from './epub-images';
import { escapeXml, xhtmlDocument } from './epub-xml';

/** Landmarks a reading system offers as "go to" targets. */
export type Landmark = 'cover' | 'titlepage' | 'bodymatter';

export interface EpubPage {
  /** File name beside the package document; also the manifest href. */
  fileName: string;
  /** Manifest item id, an XML NCName. */
  manifestId: string;
  /** Escaped, non-empty label for the table of contents. */
  label: string;
  /** Listed in the table of contents (the cover page is not). */
  inToc: boolean;
  landmark?: Landmark;
  xhtml: string;
}

interface PageContext {
  language: string;
  /** The words the pages add, in the book's language. */
  labels: BookLabels;
  images: EpubImages;
}

/** `epub:type` of a chapter's section, from the EPUB Structural Semantics vocabulary. */
const CHAPTER_SEMANTICS: Record<ChapterKind, string> = {
  chapter: 'chapter',
  part: 'chapter',
  page: 'chapter',
  lesson: 'chapter',
  principle: 'chapter',
  glossary: 'glossary',
  sources: 'bibliography',
  afterword: 'afterword',
};

/** The chapter's escaped label; back matter with an empty title still gets a name to click in the contents. */
export function chapterTitle(chapter: BookChapter, labels: BookLabels): string {
  return chapterLabel(chapter, labels, escapeXml(chapter.title)) || labels.kinds[chapter.kind] || labels.untitled;
}

export function bookTitle(document: BookDocument, labels: BookLabels): string {
  return escapeXml(document.metadata.title) || labels.untitled;
}

function imageTag(image: EpubImage, className: string, alt: string): string {
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : '';
  return `<img class="${className}" src="${image.href}" alt="${escapeXml(alt)}"${size}/>`;
}

function paragraph(text: string, className?: string): string {
  if (!text) return '';
  return className ? `<p class="${className}">${text}</p>` : `<p>${text}</p>`;
}

function listItems(values: readonly string[]): string {
  return values
    .map((value) => escapeXml(value))
    .filter(Boolean)
    .map((value) => `<li>${value}</li>`)
    .join('');
}

export function coverPage(document: BookDocument, context: PageContext): EpubPage | undefined {
  const image = context.images.use(document.coverImageId);
  if (!image) return undefined;
  const title = bookTitle(document, context.labels);
  return {
    fileName: 'cover.xhtml',
    manifestId: 'cover',
    label: context.labels.cover,
    inToc: false,
    landmark: 'cover',
    xhtml: xhtmlDocument({
      title,
      language: context.language,
      bodyClass: 'cover-page',
      body: `<section epub:type="cover">${imageTag(image, 'cover-image', image.alt || document.metadata.title)}</section>`,
    }),
  };
}

export function titlePage(document: BookDocument, context: PageContext): EpubPage {
  const { metadata } = document;
  const { labels } = context;
  const title = bookTitle(document, labels);
  const author = escapeXml(metadata.author);
  const body = [
    '<section class="title-page" epub:type="titlepage">',
    `<h1 epub:type="fulltitle">${title}</h1>`,
    paragraph(escapeXml(metadata.subtitle), 'subtitle'),
    author ? `<p class="byline">${labels.by(author)}</p>` : '',
    metadata.readingDirection === 'rtl' ? `<p class="reading-note">${labels.readsRightToLeft}</p>` : '',
    '</section>',
  ].filter(Boolean);
  return {
    fileName: 'title-page.xhtml',
    manifestId: 'title-page',
    label: labels.titlePage,
    inToc: true,
    landmark: 'titlepage',
    xhtml: xhtmlDocument({ title, language: context.language, bodyType: 'frontmatter', body: body.join('\n') }),
  };
}

/** One page per front matter part that has content, in reading order. */
export function frontMatterPages(document: BookDocument, context: PageContext): EpubPage[] {
  const { frontMatter: front, metadata } = document;
  const { labels } = context;
  const pages: EpubPage[] = [];
  const add = (name: string, label: string, semantics: string, body: string): void => {
    pages.push({
      fileName: `${name}.xhtml`,
      manifestId: name,
      label,
      inToc: true,
      xhtml: xhtmlDocument({
        title: label,
        language: context.language,
        bodyType: 'frontmatter',
        body: `<section id="${name}"${semantics ? ` epub:type="${semantics}"` : ''}>\n${body}\n</section>`,
      }),
    });
  };

  const dedication = escapeXml(front.dedication);
  if (dedication) add('dedication', labels.dedication, 'dedication', `<p class="dedication">${dedication}</p>`);

  const foreword = (front.foreword ?? []).map((text) => escapeXml(text)).filter(Boolean);
  if (foreword.length > 0) {
    const paragraphs = foreword.map((text) => `<p class="prose">${text}</p>`).join('\n');
    add('foreword', labels.foreword, 'foreword', `<h1>${labels.foreword}</h1>\n${paragraphs}`);
  }

  const objectives = listItems(front.objectives ?? []);
  if (objectives) {
    const label = objectivesLabel(metadata.type, labels);
    add('objectives', label, 'preamble', `<h1>${label}</h1>\n<ul>${objectives}</ul>`);
  }

  const cast = (front.cast ?? [])
    .map((member) => ({ name: escapeXml(member.name), description: escapeXml(member.description) }))
    .filter((member) => member.name || member.description)
    .map((member) => `<dt>${member.name}</dt><dd>${member.description}</dd>`)
    .join('');
  if (cast) add('cast', labels.cast, '', `<h1>${labels.cast}</h1>\n<dl class="glossary">${cast}</dl>`);

  return pages;
}

/** File name of the chapter at `index`: positional, because document ids may hold any character. */
function chapterFileName(index: number): string {
  return `chapter-${String(index + 1).padStart(3, '0')}.xhtml`;
}

export function chapterPage(chapter: BookChapter, index: number, context: PageContext): EpubPage {
  const label = chapterTitle(chapter, context.labels);
  const fileName = chapterFileName(index);
  // The kind is typed, but documents also arrive from model output.
  const semantics = CHAPTER_SEMANTICS[chapter.kind] ?? 'chapter';
  const parts = [`<section epub:type="${semantics}">`];
  parts.push(`<h1>${label}</h1>`);
  const chapterImage = context.images.use(chapter.imageId);
  if (chapterImage)
    parts.push(`<figure class="chapter-art">${imageTag(chapterImage, 'illustration', chapterImage.alt)}</figure>`);

  // Answers go to the end of the chapter, linked both ways: collapsible
  // <details> is not rendered interactively by most reading systems, and the
  // answer printed right under the question would give it away.
  const exercises: ExerciseBlock[] = [];
  // Consecutive glossary entries share one <dl>.
  let glossary: GlossaryEntryBlock[] = [];
  const flushGlossary = (): void => {
    if (glossary.length === 0) return;
    parts.push(`<dl class="glossary">${glossary.map(glossaryEntry).join('')}</dl>`);
    glossary = [];
  };
  for (const block of chapter.blocks) {
    if (block.kind === 'glossary_entry') {
      glossary.push(block);
      continue;
    }
    flushGlossary();
    if (block.kind === 'exercise') {
      exercises.push(block);
      parts.push(exercise(block, exercises.length, context.labels));
      continue;
    }
    const rendered = renderBlock(block, context);
    if (rendered) parts.push(rendered);
  }
  flushGlossary();
  if (exercises.length > 0) parts.push(answers(exercises, context.labels));
  parts.push('</section>');
  return {
    fileName,
    manifestId: fileName.replace(/\.xhtml$/, ''),
    label,
    inToc: true,
    xhtml: xhtmlDocument({
      title: label,
      language: context.language,
      bodyType: semantics === 'chapter' ? 'bodymatter' : 'backmatter',
      body: parts.join('\n'),
    }),
  };
}

function glossaryEntry(entry: GlossaryEntryBlock): string {
  return `<dt>${escapeXml(entry.term)}</dt><dd>${escapeXml(entry.definition)}</dd>`;
}

function exercise(block: ExerciseBlock, number: number, labels: BookLabels): string {
  return (
    `<div class="exercise" id="exercise-${number}"><p><strong>${labels.exercise(String(number))}.</strong> ${escapeXml(block.question)} ` +
    `<a class="answer-link" href="#answer-${number}">${labels.answer}</a></p></div>`
  );
}

function answers(exercises: readonly ExerciseBlock[], labels: BookLabels): string {
  const items = exercises
    .map(
      (block, index) =>
        `<li id="answer-${index + 1}"><p>${escapeXml(block.answer) || '—'} ` +
        `<a href="#exercise-${index + 1}">Back to exercise ${index + 1}</a></p></li>`,
    )
    .join('\n');
  return `<section class="answers"><h2>${labels.answers}</h2>\n<ol>\n${items}\n</ol>\n</section>`;
}

function renderBlock(block: Exclude<BookBlock, { kind: 'exercise' | 'glossary_entry' }>, context: PageContext): string {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? `<h2>${escapeXml(block.text)}</h2>` : `<h3>${escapeXml(block.text)}</h3>`;
    case 'paragraph':
      return paragraph(
        paragraphLines(block.text)
          .map((line) => escapeXml(line))
          .join('<br/>'),
        'prose',
      );
    case 'dialogue': {
      const speaker = escapeXml(block.speaker);
      const text = escapeXml(block.text);
      if (!speaker && !text) return '';
      return `<p class="prose dialogue">${speaker ? `<span class="speaker">${speaker}:</span> ` : ''}${text}</p>`;
    }
    case 'key_point': {
      const text = escapeXml(block.text);
      return text ? `<div class="key-point"><p><strong>${context.labels.keyPoint}:</strong> ${text}</p></div>` : '';
    }
    case 'list': {
      const items = listItems(block.items);
      if (!items) return '';
      return block.ordered ? `<ol>${items}</ol>` : `<ul>${items}</ul>`;
    }
    case 'image': {
      const image = context.images.use(block.imageId);
      const caption = escapeXml(block.caption);
      if (!image && !caption) return '';
      const picture = image ? imageTag(image, 'illustration', image.alt || block.caption || '') : '';
      return `<figure class="illustration">${picture}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    }
    case 'panel':
      return panel(block, context);
    case 'scene_break':
      return '<hr class="scene-break"/>';
  }
}

function panel(block: PanelBlock, context: PageContext): string {
  const description = escapeXml(block.description);
  const image = context.images.use(block.imageId);
  // Without a picture the artist's direction stands in for it.
  const art = image ? imageTag(image, 'panel-image', block.description || image.alt) : paragraph(description, 'art');
  const caption = escapeXml(block.caption);
  const lines = block.dialogue
    .map((line) => ({ speaker: escapeXml(line.speaker), text: escapeXml(line.text) }))
    .filter((line) => line.speaker || line.text)
    .map(
      (line) =>
        `<p class="line">${line.speaker ? `<span class="speaker">${line.speaker}:</span> ` : ''}${line.text}</p>`,
    )
    .join('');
  return (
    `<figure class="panel">${art}<figcaption><span class="panel-number">Panel ${formatNumber(block.number)}</span>` +
    `${paragraph(caption, 'caption')}${lines}</figcaption></figure>`
  );
}
