/**
 * The book as printed pages: title page, front matter, table of contents,
 * chapters, answers to the exercises, running heads and page numbers. Pages
 * stay buffered until the end, so the table of contents (reserved before the
 * chapters) and the running heads are filled in once every page number is known.
 */
import PDFDocument from 'pdfkit';
import {
  isBackMatter,
  type BookBlock,
  type BookChapter,
  type BookDocument,
  type ExerciseBlock,
  type PanelBlock,
} from '../../../book/book-document';
import {
  chapterLabel,
  cleanInline,
  formatNumber,
  imagesById,
  objectivesLabel,
  paragraphLines,
  yieldToEventLoop,
} from '../text-helpers';
import { type Hyphenator, hyphenatorFor } from './hyphenation';
import type { Line } from './line-breaking';
import { bookLabels, type BookLabels } from '../../../book/book-labels';
import { COVER, coverPalette } from '../../cover-design';
import { deflatePageContents } from './pdf-compression';
import { documentBytes } from './pdf-output';
import { ImageLibrary, type PreparedImage, fitInto } from './pdf-images';
import { type Span, hanPreference } from './pdf-fonts';
import { PanelGrid } from './pdf-panels';
import { type Content, type PageGeometry, type TextStyle, Typesetter } from './pdf-typesetter';

const INK = '#1f1d1a';
const MUTED = '#6b645b';
const ACCENT = '#8a3b12';
const RULE = '#cfc6b8';
const TINT = '#f6efe4';

/** A 6 x 9 in trade paperback page for prose. */
const PROSE_PAGE: PageGeometry = { width: 432, height: 648, top: 62, bottom: 62, left: 54, right: 54 };
/** A textbook page (7.5 x 9.25 in) whose wide right margin is left blank for the reader's notes. */
const TEXTBOOK_PAGE: PageGeometry = { width: 540, height: 666, top: 62, bottom: 62, left: 60, right: 156 };
/** A landscape picture book page (10 x 8 in): one half of a spread, a picture or a few lines of large type. */
const PICTURE_PAGE: PageGeometry = { width: 720, height: 576, top: 40, bottom: 44, left: 56, right: 56 };
/** A US comic book page (6.625 x 10.25 in): panel grids need the room. */
const COMIC_PAGE: PageGeometry = { width: 477, height: 738, top: 58, bottom: 58, left: 40, right: 40 };

const style = (size: number, leading: number, font: TextStyle['font'], align: TextStyle['align'], color = INK) =>
  ({ size, leading, font, align, color }) satisfies TextStyle;

const STYLES = {
  body: { ...style(10.5, 15, 'regular', 'justify'), hyphenate: true },
  bodyLeft: { ...style(10.5, 15, 'regular', 'left'), hyphenate: true },
  bookTitle: style(26, 32, 'bold', 'center'),
  subtitle: style(14, 19, 'italic', 'center', MUTED),
  author: style(13, 18, 'regular', 'center'),
  note: style(9, 13, 'italic', 'center', MUTED),
  dedication: style(12, 18, 'italic', 'center'),
  epigraph: style(10.5, 15.5, 'italic', 'center', MUTED),
  imprint: style(8.5, 12, 'regular', 'left', MUTED),
  // Read aloud, or by a child: large, loose, centred, and never hyphenated.
  pictureText: style(19, 28, 'regular', 'center'),
  chapterPrefix: style(10, 14, 'regular', 'center', ACCENT),
  chapterTitle: style(20, 25, 'bold', 'center'),
  heading2: style(13, 18, 'bold', 'left'),
  heading3: style(11, 15, 'italic', 'left'),
  caption: style(9, 12.5, 'italic', 'center', MUTED),
  boxed: { ...style(10, 14.5, 'regular', 'left'), hyphenate: true },
  sceneBreak: style(12, 18, 'regular', 'center', MUTED),
  runningHead: style(8.5, 11, 'italic', 'center', MUTED),
  folio: style(9, 12, 'regular', 'center', MUTED),
  // Rows keep their leader dots and page numbers on the right whatever the title's script.
  tocEntry: { ...style(10.5, 14.5, 'regular', 'left'), direction: 'ltr' },
} as const;

/**
 * A foreword this short (a line or two) reads as an epigraph: set on the
 * dedication page, not as a titled section with a page of its own.
 */
const EPIGRAPH_MAX_WORDS = 60;

interface PageRecord {
  /** Running head of the section (odd pages); even pages show the book title. */
  readonly head?: string;
  readonly folio: boolean;
  /** First page of a section: no running head. */
  opening: boolean;
}

interface TocEntry {
  readonly key: string;
  readonly label: string;
}

interface TocRow {
  readonly entry: TocEntry;
  readonly page: number;
  readonly y: number;
  readonly lines: readonly Line[];
}

interface AnswerGroup {
  readonly label: string;
  readonly answers: ReadonlyArray<{ number: string; answer: string }>;
}

const TOC_NUMBER_COLUMN = 34;

/** How a text of the typographic cover shrinks to fit its lines (see COVER). */
interface CoverFit {
  readonly minSize: number;
  readonly step: number;
  readonly maxLines: number;
}

function languageTag(language: string): string {
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : 'und';
}

/**
 * Pages in right-to-left order (manga, Arabic and Hebrew books): viewers show
 * two-page spreads with the first page on the right. pdfkit writes the
 * viewer preferences dictionary (it sets DisplayDocTitle there); the entry
 * is added to it before the document ends.
 */
function readRightToLeft(doc: PDFKit.PDFDocument): void {
  const root = (doc as unknown as { _root: { data: { ViewerPreferences?: { data: Record<string, unknown> } } } })._root;
  if (root.data.ViewerPreferences) root.data.ViewerPreferences.data.Direction = 'R2L';
}

/**
 * Picture books are made in spreads, words facing their picture: viewers
 * show two pages side by side, the title page alone as the first right-hand
 * page, as in print (and mirrored in a right-to-left book, whose Direction
 * preference puts even pages on the right). pdfkit has the option since
 * 0.18; @types/pdfkit does not list it yet.
 */
const inSpreads = { pageLayout: 'twoPageRight' } as const;

/** `25 November 2026`, in the book's language where the runtime knows it. */
function longDate(date: Date, language: string): string {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  try {
    return format(languageTag(language));
  } catch {
    return format('en');
  }
}

/**
 * The generation time as the PDF creation date, so re-renders of a book say
 * when it was written; pdfkit stamps the render time when there is none (and
 * fails on an explicit undefined).
 */
function creationDate(createdAt: string): { CreationDate?: Date } {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? {} : { CreationDate: date };
}

/** Lays the book out and returns the finished PDF. */
export async function layOutBook(document: BookDocument): Promise<Buffer> {
  return new BookLayout(document, hyphenatorFor(document.metadata.language)).render();
}

class BookLayout {
  private readonly doc: PDFKit.PDFDocument;
  private readonly ts: Typesetter;
  private readonly images: ImageLibrary;
  private readonly panels: PanelGrid;
  private readonly title: string;
  /** Comics and manga: larger pages, chapters opening at the top. */
  private readonly panelBook: boolean;
  /** Picture books: landscape pages in spreads, words facing their picture; no contents, running heads or folios. */
  private readonly pictureBook: boolean;
  /** Words of picture book pages without a picture, kept for the words page of the next spread (see picturePage). */
  private wordsForNextSpread: Array<{ target: TocEntry; words: Content[] }> = [];
  private readonly pages: PageRecord[] = [];
  private section: Omit<PageRecord, 'opening'> = { folio: false };
  /** Page index of each table-of-contents target. */
  private readonly targets = new Map<string, number>();
  private readonly exerciseNumbers = new Map<ExerciseBlock, string>();
  private readonly answerGroups: AnswerGroup[] = [];
  private indentNext = false;
  /** The words the layout adds ("Contents", "Chapter 3"), in the book's language. */
  private readonly labels: BookLabels;

  constructor(
    private readonly document: BookDocument,
    hyphenator: Hyphenator | null,
  ) {
    const { metadata } = document;
    this.labels = bookLabels(metadata.language);
    this.title = cleanInline(metadata.title) || this.labels.untitled;
    this.panelBook = document.chapters.some((chapter) => chapter.blocks.some((block) => block.kind === 'panel'));
    this.pictureBook =
      !this.panelBook &&
      (metadata.type === 'childrens' ||
        (document.chapters.length > 0 && document.chapters.every((chapter) => chapter.kind === 'page')));
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      pdfVersion: '1.7',
      lang: languageTag(metadata.language),
      displayTitle: true,
      ...(this.pictureBook ? inSpreads : {}),
      info: {
        Title: this.title,
        Author: cleanInline(metadata.author),
        Subject: cleanInline(metadata.synopsis),
        Keywords: [metadata.type, metadata.style].map((value) => cleanInline(value)).join(', '),
        Creator: 'Scriptorium',
        ...creationDate(metadata.createdAt),
      },
    });
    const han = hanPreference(metadata.language);
    this.ts = new Typesetter(
      this.doc,
      this.panelBook
        ? COMIC_PAGE
        : this.pictureBook
          ? PICTURE_PAGE
          : metadata.type === 'textbook'
            ? TEXTBOOK_PAGE
            : PROSE_PAGE,
      (index) => {
        this.pages[index] = { ...this.section, opening: false };
      },
      han,
      hyphenator,
    );
    this.images = new ImageLibrary(this.doc, imagesById(document), this.ts.glyphs, han);
    this.panels = new PanelGrid(this.ts, this.images, metadata.readingDirection === 'rtl');
    if (metadata.readingDirection === 'rtl') readRightToLeft(this.doc);
    this.collectExercises();
  }

  async render(): Promise<Buffer> {
    const finished = documentBytes(this.doc);
    const { chapters } = this.document;
    this.titlePage();
    this.imprintPage();
    this.dedication();
    // A picture book is read page by page from the start: it has no contents page.
    const toc = this.pictureBook ? undefined : this.reserveContents(this.tocEntries());
    this.foreword();
    this.objectivesAndCast();
    const answersAt = this.answersPosition();
    for (const [index, chapter] of chapters.entries()) {
      if (index === answersAt) this.answers();
      await yieldToEventLoop();
      this.chapter(chapter, index);
    }
    if (answersAt >= chapters.length) this.answers();
    this.fillContents(toc);
    await this.runningHeadsAndFolios();
    this.ts.glyphs.flush();
    deflatePageContents(this.doc);
    this.doc.end();
    return finished;
  }

  // --- sections ---------------------------------------------------------

  /** Starts a section on a new page: running head, bookmark and link target. */
  private startSection(key: string | undefined, head: string | undefined, folio = true): void {
    this.section = head === undefined ? { folio } : { head, folio };
    this.ts.newPage();
    const page = this.pages[this.ts.pageIndex];
    if (page) page.opening = true;
    if (key !== undefined) this.markTarget(key, head);
  }

  /** A table-of-contents target on the current page, with a PDF bookmark. */
  private markTarget(key: string, bookmark: string | undefined): void {
    this.targets.set(key, this.ts.pageIndex);
    this.doc.addNamedDestination(key);
    if (bookmark) this.doc.outline.addItem(bookmark);
  }

  private sectionTitle(prefix: string, title: string): void {
    // Prose chapters open lower on the page; comic pages need the room for panels.
    this.ts.y = this.ts.top + (this.panelBook ? 0 : 28);
    if (prefix) this.ts.paragraph(prefix.toUpperCase(), STYLES.chapterPrefix, { spaceAfter: 4 });
    if (title) this.ts.paragraph(title, STYLES.chapterTitle);
    const middle = (this.ts.left + this.ts.right) / 2;
    const ruleY = this.ts.y + 8;
    this.doc
      .save()
      .lineWidth(0.75)
      .moveTo(middle - 30, ruleY)
      .lineTo(middle + 30, ruleY)
      .stroke(ACCENT)
      .restore();
    this.ts.y = ruleY + 18;
    this.indentNext = false;
  }

  /**
   * The title page: of a book with a picture cover, the title and subtitle above the picture and the author at
   * the foot, in black on white; of a book without one, its typographic cover (see typographicCover).
   */
  private titlePage(): void {
    const { metadata, coverImageId } = this.document;
    this.startSection(undefined, undefined, false);
    const cover = this.images.get(coverImageId);
    const subtitle = cleanInline(metadata.subtitle);
    const author = cleanInline(metadata.author);
    const note = metadata.readingDirection === 'rtl' && this.panelBook ? this.labels.panelsReadRightToLeft : '';
    if (!cover) {
      this.typographicCover(subtitle, author, note);
      return;
    }
    const ts = this.ts;
    const footHeight =
      (author ? ts.lines(author, STYLES.author, ts.contentWidth).length * STYLES.author.leading : 0) +
      (note ? ts.lines(note, STYLES.note, ts.contentWidth).length * STYLES.note.leading + 8 : 0);
    ts.y = ts.top + 10;
    ts.paragraph(this.title, STYLES.bookTitle);
    if (subtitle) ts.paragraph(subtitle, STYLES.subtitle, { spaceBefore: 8 });
    const footTop = ts.bottom - footHeight;
    const areaTop = ts.y + 24;
    const area = { width: ts.contentWidth, height: footTop - 24 - areaTop };
    if (area.height > 60) this.images.draw(cover, ts.left, areaTop, area);
    ts.y = footTop;
    if (author) ts.paragraph(author, STYLES.author);
    if (note) ts.paragraph(note, STYLES.note, { spaceBefore: 8 });
  }

  /**
   * The title page of a book without a picture cover, set as its cover in the design of the EPUB's
   * (cover-design.ts), scaled from 600 x 900 to the page: the type's field over the whole page, a frame in
   * its rule colour, the title in bold with a short rule under it, the subtitle in italics and the author low,
   * all in its ink and as text in the book's fonts, so readers and search still find them. Lines are placed
   * by their baselines and never break to a new page: the cover is the title page, not a page before it.
   */
  private typographicCover(subtitle: string, author: string, note: string): void {
    const ts = this.ts;
    const { width, height } = ts.geometry;
    const palette = coverPalette(this.document.metadata.type);
    const scale = Math.min(width / COVER.width, height / COVER.height);
    const inset = COVER.frame.inset * scale;
    this.doc
      .save()
      .rect(0, 0, width, height)
      .fill(palette.field)
      .lineWidth(COVER.frame.stroke * scale)
      .rect(inset, inset, width - 2 * inset, height - 2 * inset)
      .stroke(palette.rule)
      .restore();
    // Centred on the page (a textbook's content box is not), and no wider than the page's content box.
    const textWidth = Math.min(width - 2 * COVER.textInset * scale, ts.contentWidth);
    const left = (width - textWidth) / 2;
    const inked = (size: number, leading: number, font: TextStyle['font']) =>
      style(size * scale, leading * scale, font, 'center', palette.ink);
    /** The text's lines at the largest size from `size` down to `minSize` (by `step`) that fits `maxLines`. */
    const fitted = (text: string, font: TextStyle['font'], size: number, lineHeight: number, fit: CoverFit) => {
      let units = size;
      let textStyle = inked(units, units * lineHeight, font);
      let lines = ts.lines(text, textStyle, textWidth);
      while (units > fit.minSize && lines.length > fit.maxLines) {
        units = Math.max(fit.minSize, units - fit.step);
        textStyle = inked(units, units * lineHeight, font);
        lines = ts.lines(text, textStyle, textWidth);
      }
      return { lines, style: textStyle };
    };
    /** Draws lines whose first baseline is at `baseline`; returns the last line's baseline. */
    const drawFrom = (set: { lines: Line[]; style: TextStyle }, baseline: number): number => {
      ts.drawLines(set.lines, left, baseline - ts.baselineOffset(set.style), textWidth, set.style);
      return baseline + (set.lines.length - 1) * set.style.leading;
    };

    const title = fitted(this.title, 'bold', COVER.title.size, COVER.title.lineHeight, COVER.title);
    const centre = (COVER.title.centre / COVER.height) * height;
    // Centred on the design's height, but never above the page's top margin (a title of many lines).
    const firstTitleBaseline = Math.max(
      centre - ((title.lines.length - 1) * title.style.leading) / 2,
      ts.top + ts.baselineOffset(title.style),
    );
    const lastTitleBaseline = drawFrom(title, firstTitleBaseline);
    const rule = { width: COVER.rule.width * scale, height: COVER.rule.height * scale };
    // A title line's leading and the gap below the last baseline, as in the EPUB's image.
    const ruleTop = lastTitleBaseline + title.style.leading + COVER.rule.gap * scale;
    this.doc
      .save()
      .rect((width - rule.width) / 2, ruleTop, rule.width, rule.height)
      .fill(palette.rule)
      .restore();
    if (subtitle) {
      const { size, leading } = COVER.subtitle;
      drawFrom(fitted(subtitle, 'italic', size, leading / size, COVER.subtitle), ruleTop + COVER.subtitle.gap * scale);
    }
    // The author's (last) baseline where the design has it, the right-to-left note under it.
    let baseline = (COVER.author.baseline / COVER.height) * height;
    if (author) {
      const name = fitted(author, 'regular', COVER.author.size, COVER.title.lineHeight, COVER.author);
      baseline = drawFrom(name, baseline - (name.lines.length - 1) * name.style.leading);
    }
    if (note) {
      const noteStyle = { ...STYLES.note, color: palette.ink };
      drawFrom({ lines: ts.lines(note, noteStyle, textWidth), style: noteStyle }, baseline + 8 + noteStyle.leading);
    }
    ts.y = ts.bottom;
  }

  /**
   * The title page's back, as in a printed book: the copyright line (author
   * and year) and when and with what the book was written, at the foot.
   */
  private imprintPage(): void {
    const { metadata } = this.document;
    const created = new Date(metadata.createdAt);
    const dated = !Number.isNaN(created.getTime());
    const author = cleanInline(metadata.author);
    const lines = [
      `Copyright \u00a9 ${dated ? created.getUTCFullYear() : ''}${author ? ` ${author}` : ''}`.trim(),
      this.labels.writtenWith(cleanInline(metadata.model), dated ? longDate(created, metadata.language) : undefined),
    ];
    this.startSection(undefined, undefined, false);
    const ts = this.ts;
    const height = lines.reduce(
      (sum, text) => sum + ts.lines(text, STYLES.imprint, ts.contentWidth).length * STYLES.imprint.leading,
      0,
    );
    ts.y = ts.bottom - height;
    for (const text of lines) ts.paragraph(text, STYLES.imprint);
  }

  /** The dedication and a short foreword (as its epigraph), on one page; no page when the book has neither. */
  private dedication(): void {
    const dedication = cleanInline(this.document.frontMatter.dedication);
    const epigraph = this.epigraph();
    if (!dedication && epigraph.length === 0) return;
    this.startSection(undefined, undefined);
    this.ts.y = this.ts.top + this.ts.contentHeight * 0.28;
    if (dedication) this.ts.paragraph(dedication, STYLES.dedication, { spaceAfter: epigraph.length > 0 ? 48 : 0 });
    for (const text of epigraph) this.ts.paragraph(text, STYLES.epigraph, { spaceAfter: 6 });
  }

  private forewordParagraphs(): string[] {
    return (this.document.frontMatter.foreword ?? []).map((text) => cleanInline(text)).filter(Boolean);
  }

  /** The foreword, when it is short enough to read as an epigraph; otherwise nothing. */
  private epigraph(): string[] {
    const paragraphs = this.forewordParagraphs();
    const words = paragraphs.join(' ').split(/\s+/).filter(Boolean).length;
    return words <= EPIGRAPH_MAX_WORDS ? paragraphs : [];
  }

  private foreword(): void {
    const paragraphs = this.forewordParagraphs();
    if (paragraphs.length === 0 || this.epigraph().length > 0) return;
    this.startSection('foreword', this.labels.foreword);
    this.sectionTitle('', this.labels.foreword);
    for (const text of paragraphs) this.bodyParagraph(text);
  }

  private objectivesAndCast(): void {
    const { frontMatter, metadata } = this.document;
    const objectives = (frontMatter.objectives ?? []).map((text) => cleanInline(text)).filter(Boolean);
    const cast = (frontMatter.cast ?? [])
      .map((member) => ({ name: cleanInline(member.name), description: cleanInline(member.description) }))
      .filter((member) => member.name || member.description);
    if (objectives.length > 0) {
      const label = objectivesLabel(metadata.type, this.labels);
      this.startSection('objectives', label);
      this.sectionTitle('', label);
      this.list(objectives, false);
    }
    if (cast.length > 0) {
      if (objectives.length > 0) {
        this.ts.paragraph(this.labels.cast, STYLES.heading2, { spaceBefore: 24, spaceAfter: 8, keepWithNext: 30 });
        this.markTarget('cast', this.labels.cast);
      } else {
        this.startSection('cast', this.labels.cast);
        this.sectionTitle('', this.labels.cast);
      }
      for (const member of cast) this.definition(member.name, member.description);
    }
  }

  private chapter(chapter: BookChapter, index: number): void {
    // Back matter (a glossary, the answers) keeps its titled pages in a picture book too.
    if (this.pictureBook && chapter.kind === 'page') {
      this.picturePage(chapter, index);
      return;
    }
    const label = chapterLabel(chapter, this.labels) || this.labels.untitled;
    this.startSection(`chapter-${index}`, label);
    // With an empty title, chapterLabel gives just the prefix ("Chapter 3"), or nothing for back matter.
    const prefix = chapterLabel(chapter, this.labels, '');
    this.sectionTitle(prefix, cleanInline(chapter.title) || (prefix ? '' : this.labels.untitled));
    // A comic page shows its art in the panels: a picture above the grid as well would push panels off the page.
    const panelArt = chapter.blocks.some((block) => block.kind === 'panel' && block.imageId !== undefined);
    if (chapter.imageId !== undefined && !panelArt)
      this.figure(chapter.imageId, undefined, this.ts.contentHeight * 0.38);
    let panels: PanelBlock[] = [];
    for (const block of chapter.blocks) {
      if (block.kind === 'panel') {
        panels.push(block);
        continue;
      }
      if (panels.length > 0) this.panels.layOut(panels);
      panels = [];
      this.block(block);
    }
    if (panels.length > 0) this.panels.layOut(panels);
  }

  /**
   * A picture book page is a two-page spread, as picture books are printed:
   * its words alone on the left-hand page (an even page number), in large
   * type, centred, and its picture alone on the right-hand page facing them,
   * as large as the page allows. The words never share the picture's page,
   * so they never hide what it shows. Words too long for one page run on
   * after the picture. In a right-to-left book the same pages are shown
   * mirrored (see `inSpreads`): the words, read first, on the right.
   *
   * A page without a picture (the image provider refused it, or the book
   * has none) is one page of words, on whichever side comes next: a blank
   * page facing the words would look like a lost picture. When that side is
   * a left-hand page and the next page has a picture, the next spread has to
   * open there, so its words page takes these words too, above its own, as
   * a designer would rather than leave the page beside them empty.
   */
  private picturePage(chapter: BookChapter, index: number): void {
    const ts = this.ts;
    this.section = { folio: false };
    const { image, words, rest } = this.storyPage(chapter);
    const target = {
      key: `chapter-${index}`,
      label:
        chapterLabel(chapter, this.labels) ||
        cleanInline(chapter.title) ||
        this.labels.numbered('page', String(index + 1)),
    };
    if (!image) {
      const next = this.document.chapters[index + 1];
      if (this.nextPageIsLeft() && rest.length === 0 && next?.kind === 'page' && this.storyPage(next).image) {
        this.wordsForNextSpread.push({ target, words });
        return;
      }
      ts.newPage();
      this.markTarget(target.key, target.label);
      this.pictureBookWords(words);
      for (const block of rest) this.block(block);
      return;
    }
    // The page before a spread that would open on a right-hand page stays blank.
    if (!this.nextPageIsLeft()) ts.newPage();
    ts.newPage();
    const wordsPage = ts.pageIndex;
    const held = this.wordsForNextSpread;
    this.wordsForNextSpread = [];
    for (const page of [...held, { target }]) this.markTarget(page.target.key, page.target.label);
    ts.newPage();
    const picturePage = ts.pageIndex;
    this.images.draw(image, ts.left, ts.top, { width: ts.contentWidth, height: ts.contentHeight });
    this.doc.switchToPage(wordsPage);
    this.pictureBookWords([...held.flatMap((page) => page.words), ...words]);
    if (ts.pageIndex === picturePage) {
      // The words fitted on their page: what follows goes after the picture, never on its page.
      this.doc.switchToPage(picturePage);
      ts.y = ts.bottom;
    }
    for (const block of rest) this.block(block);
  }

  /** A picture book page's picture, its words (dialogue phrased for reading aloud) and its other blocks. */
  private storyPage(chapter: BookChapter): {
    image: PreparedImage | undefined;
    words: Content[];
    rest: Array<Exclude<BookBlock, PanelBlock>>;
  } {
    const imageBlock = chapter.blocks.find((block) => block.kind === 'image');
    const image = this.images.get(chapter.imageId ?? (imageBlock?.kind === 'image' ? imageBlock.imageId : undefined));
    const words: Content[] = [];
    const rest: Array<Exclude<BookBlock, PanelBlock>> = [];
    for (const block of chapter.blocks) {
      if (block.kind === 'paragraph') words.push(paragraphLines(block.text).join('\n'));
      else if (block.kind === 'dialogue') {
        const text = cleanInline(block.text);
        words.push(block.speaker ? `“${text}” said ${cleanInline(block.speaker)}.` : `“${text}”`);
      } else if (block.kind !== 'panel' && block !== imageBlock) rest.push(block);
    }
    return { image, words: words.filter((text) => text !== ''), rest };
  }

  /** Whether the next page is a left-hand one: an even page number, the title page being page 1. */
  private nextPageIsLeft(): boolean {
    const nextPageNumber = this.ts.pageIndex + 2;
    return nextPageNumber % 2 === 0;
  }

  /** Words in large type, centred across and down the current page; words longer than a page run on. */
  private pictureBookWords(words: readonly Content[]): void {
    const ts = this.ts;
    const inset = ts.contentWidth * 0.07;
    const width = ts.contentWidth - 2 * inset;
    const gap = 10;
    const height =
      words.reduce(
        (sum, text) => sum + ts.paragraphLines(text, STYLES.pictureText, { first: width, rest: width }).lines.length,
        0,
      ) *
        STYLES.pictureText.leading +
      Math.max(0, words.length - 1) * gap;
    ts.y = ts.top + Math.max(0, (ts.contentHeight - height) / 2);
    for (const text of words) ts.paragraph(text, STYLES.pictureText, { inset, insetRight: inset, spaceAfter: gap });
  }

  private block(block: Exclude<BookBlock, PanelBlock>): void {
    const ts = this.ts;
    switch (block.kind) {
      case 'heading': {
        const text = cleanInline(block.text);
        if (!text) return;
        if (block.level === 3)
          ts.paragraph(text, STYLES.heading3, { spaceBefore: 10, spaceAfter: 3, keepWithNext: 30 });
        else ts.paragraph(text, STYLES.heading2, { spaceBefore: 16, spaceAfter: 5, keepWithNext: 30 });
        this.indentNext = false;
        return;
      }
      case 'paragraph':
        this.bodyParagraph(paragraphLines(block.text).join('\n'));
        return;
      case 'dialogue': {
        const speaker = cleanInline(block.speaker);
        const text = cleanInline(block.text);
        if (!speaker && !text) return;
        const spans: Span[] = speaker ? [{ text: `${speaker}: `, style: 'bold' }] : [];
        // Script style: the speaker label marks the speech, so no quotation marks are added.
        spans.push({ text, style: 'regular' });
        this.bodyParagraph(spans);
        return;
      }
      case 'exercise': {
        const number = this.exerciseNumbers.get(block) ?? '';
        const question = cleanInline(block.question);
        ts.box(
          [
            [
              { text: this.labels.exercise(number), style: 'bold' },
              { text: question ? `  ${question}` : '', style: 'regular' },
            ],
            [{ text: this.labels.answerAtTheEnd, style: 'italic' }],
          ],
          STYLES.boxed,
          { stroke: RULE, padding: 8, spaceBefore: 10, spaceAfter: 10 },
        );
        this.indentNext = false;
        return;
      }
      case 'key_point': {
        const text = cleanInline(block.text);
        if (!text) return;
        ts.box(
          [
            [
              { text: `${this.labels.keyPoint}: `, style: 'bold' },
              { text, style: 'regular' },
            ],
          ],
          STYLES.boxed,
          { fill: TINT, accent: ACCENT, padding: 8, spaceBefore: 10, spaceAfter: 10 },
        );
        this.indentNext = false;
        return;
      }
      case 'list':
        this.list(block.items.map((item) => cleanInline(item)).filter(Boolean), block.ordered);
        return;
      case 'glossary_entry':
        this.definition(cleanInline(block.term), cleanInline(block.definition));
        return;
      case 'image':
        this.figure(block.imageId, cleanInline(block.caption), ts.contentHeight * 0.5);
        return;
      case 'scene_break':
        ts.paragraph('⁂', STYLES.sceneBreak, { spaceBefore: 6, spaceAfter: 6 });
        this.indentNext = false;
        return;
    }
  }

  // --- blocks -----------------------------------------------------------

  /** Book-style paragraphs: no gap between them, the first line indented except after a break. */
  private bodyParagraph(content: Content): void {
    if (typeof content === 'string' && !content) return;
    this.ts.paragraph(content, STYLES.body, { indent: this.indentNext ? STYLES.body.size * 1.5 : 0 });
    this.indentNext = true;
  }

  private list(items: readonly string[], ordered: boolean): void {
    if (items.length === 0) return;
    this.ts.space(4);
    items.forEach((item, index) => {
      this.ts.paragraph(item, STYLES.bodyLeft, {
        inset: 20,
        marker: ordered ? `${index + 1}.` : '•',
        spaceAfter: 2,
      });
    });
    this.ts.space(4);
    this.indentNext = false;
  }

  /** A term in bold and its description, later lines hanging under the term. */
  private definition(term: string, description: string): void {
    if (!term && !description) return;
    const spans: Span[] = [];
    if (term) spans.push({ text: term, style: 'bold' });
    if (description) spans.push({ text: term ? ` — ${description}` : description, style: 'regular' });
    this.ts.paragraph(spans, STYLES.bodyLeft, { inset: 14, indent: -14, spaceAfter: 5 });
    this.indentNext = false;
  }

  /** An illustration scaled to the width and `maxHeight`, kept on one page with its caption. */
  private figure(imageId: string | undefined, caption: string | undefined, maxHeight: number): void {
    const ts = this.ts;
    const image = this.images.get(imageId);
    const captionHeight = caption
      ? ts.lines(caption, STYLES.caption, ts.contentWidth).length * STYLES.caption.leading + 5
      : 0;
    ts.space(8);
    if (image) {
      const size = fitInto(image.aspect, { width: ts.contentWidth, height: Math.min(maxHeight, ts.contentHeight) });
      ts.ensureSpace(size.height + Math.min(captionHeight, ts.contentHeight - size.height));
      this.images.draw(image, ts.left, ts.y, { width: ts.contentWidth, height: size.height });
      ts.y += size.height;
    }
    if (caption) ts.paragraph(caption, STYLES.caption, { spaceBefore: 5 });
    ts.space(10);
    this.indentNext = false;
  }

  // --- exercises and answers --------------------------------------------

  private collectExercises(): void {
    for (const chapter of this.document.chapters) {
      const answers: Array<{ number: string; answer: string }> = [];
      for (const block of chapter.blocks) {
        if (block.kind !== 'exercise') continue;
        const number = `${formatNumber(chapter.number)}.${answers.length + 1}`;
        this.exerciseNumbers.set(block, number);
        answers.push({ number, answer: cleanInline(block.answer) });
      }
      if (answers.length > 0)
        this.answerGroups.push({ label: chapterLabel(chapter, this.labels) || this.labels.untitled, answers });
    }
  }

  /** Index of the chapter the answers go before: after the main chapters, ahead of trailing back matter. */
  private answersPosition(): number {
    const { chapters } = this.document;
    let position = chapters.length;
    while (position > 0 && isBackMatter(chapters[position - 1]?.kind ?? 'chapter')) position -= 1;
    return position;
  }

  private answers(): void {
    if (this.answerGroups.length === 0) return;
    this.startSection('answers', this.labels.answers);
    this.sectionTitle('', this.labels.answers);
    for (const group of this.answerGroups) {
      this.ts.paragraph(group.label, STYLES.heading3, { spaceBefore: 10, spaceAfter: 4, keepWithNext: 30 });
      for (const { number, answer } of group.answers) {
        this.ts.paragraph(
          [
            { text: number, style: 'bold' },
            { text: answer ? `  ${answer}` : '', style: 'regular' },
          ],
          STYLES.bodyLeft,
          { inset: 28, indent: -28, spaceAfter: 3 },
        );
      }
    }
  }

  // --- table of contents ------------------------------------------------

  private tocEntries(): TocEntry[] {
    const { frontMatter, metadata, chapters } = this.document;
    const entries: TocEntry[] = [];
    if (this.forewordParagraphs().length > 0 && this.epigraph().length === 0) {
      entries.push({ key: 'foreword', label: this.labels.foreword });
    }
    if ((frontMatter.objectives ?? []).some((text) => cleanInline(text))) {
      entries.push({ key: 'objectives', label: objectivesLabel(metadata.type, this.labels) });
    }
    if ((frontMatter.cast ?? []).some((member) => cleanInline(member.name) || cleanInline(member.description))) {
      entries.push({ key: 'cast', label: this.labels.cast });
    }
    const answersAt = this.answersPosition();
    const answers = { key: 'answers', label: this.labels.answers };
    chapters.forEach((chapter, index) => {
      if (index === answersAt && this.answerGroups.length > 0) entries.push(answers);
      entries.push({ key: `chapter-${index}`, label: chapterLabel(chapter, this.labels) || this.labels.untitled });
    });
    if (answersAt >= chapters.length && this.answerGroups.length > 0) entries.push(answers);
    return entries;
  }

  /**
   * Plans the contents rows and adds blank pages for them. Row heights depend
   * only on the labels, so the page count is known before any chapter is set;
   * page numbers are written into the rows at the end.
   */
  private reserveContents(entries: readonly TocEntry[]): { firstPage: number; rows: TocRow[] } | undefined {
    if (entries.length === 0) return undefined;
    const ts = this.ts;
    const width = ts.contentWidth - TOC_NUMBER_COLUMN;
    this.startSection(undefined, this.labels.contents);
    const firstPage = ts.pageIndex;
    this.sectionTitle('', this.labels.contents);
    const rows: TocRow[] = [];
    let page = 0;
    let y = ts.y;
    for (const entry of entries) {
      const lines = ts.lines(entry.label, STYLES.tocEntry, width);
      const height = lines.length * STYLES.tocEntry.leading;
      if (y + height > ts.bottom && y > ts.top) {
        page += 1;
        y = ts.top;
      }
      rows.push({ entry, page, y, lines });
      y += height + 4;
    }
    for (let extra = 0; extra < page; extra += 1) ts.newPage();
    return { firstPage, rows };
  }

  private fillContents(toc: { firstPage: number; rows: TocRow[] } | undefined): void {
    if (!toc) return;
    const ts = this.ts;
    const entryStyle = STYLES.tocEntry;
    const dot = ts.width('serif', ' .', entryStyle.size);
    for (const row of toc.rows) {
      const target = this.targets.get(row.entry.key);
      this.doc.switchToPage(toc.firstPage + row.page);
      const height = ts.drawLines(row.lines, ts.left, row.y, ts.contentWidth - TOC_NUMBER_COLUMN, entryStyle);
      if (target === undefined) continue;
      const number = String(target + 1);
      const lastTop = row.y + height - entryStyle.leading;
      const numberLine = ts.lines(number, entryStyle, TOC_NUMBER_COLUMN)[0];
      if (numberLine)
        ts.drawLine(numberLine, ts.right - TOC_NUMBER_COLUMN, lastTop, TOC_NUMBER_COLUMN, {
          ...entryStyle,
          align: 'right',
        });
      const leaderStart = ts.left + (row.lines.at(-1)?.width ?? 0) + 4;
      // One end for every row, so the dots stand in columns whatever the number's width.
      const leaderEnd = ts.right - TOC_NUMBER_COLUMN + 8;
      const dots = Math.floor((leaderEnd - leaderStart) / dot);
      if (dots > 0) {
        const leader = ts.lines(' .'.repeat(dots), { ...entryStyle, color: MUTED }, Number.POSITIVE_INFINITY)[0];
        if (leader)
          ts.drawLine(leader, leaderEnd - leader.width, lastTop, leader.width, { ...entryStyle, color: MUTED });
      }
      this.doc.goTo(ts.left, row.y, ts.contentWidth, height, row.entry.key);
    }
  }

  // --- running heads and page numbers -------------------------------------

  private async runningHeadsAndFolios(): Promise<void> {
    const ts = this.ts;
    const { geometry } = ts;
    const range = this.doc.bufferedPageRange();
    const heads = new Map<string, Line | undefined>();
    const headLine = (text: string): Line | undefined => {
      if (!heads.has(text)) heads.set(text, ts.fitLine(text, STYLES.runningHead, ts.contentWidth));
      return heads.get(text);
    };
    for (let index = range.start; index < range.start + range.count; index += 1) {
      const page = this.pages[index];
      if (!page) continue;
      // A 400-page book takes tens of milliseconds here; other jobs get a turn in between.
      if (index % 100 === 99) await yieldToEventLoop();
      this.doc.switchToPage(index);
      const number = index + 1;
      if (page.head !== undefined && !page.opening) {
        const line = headLine(number % 2 === 0 ? this.title : page.head);
        const top = geometry.top - 34;
        if (line) ts.drawLine(line, ts.left, top, ts.contentWidth, STYLES.runningHead);
        const ruleY = top + STYLES.runningHead.leading + 4;
        this.doc.save().lineWidth(0.4).moveTo(ts.left, ruleY).lineTo(ts.right, ruleY).stroke(RULE).restore();
      }
      if (page.folio && !this.pictureBook) {
        const line = ts.lines(String(number), STYLES.folio, ts.contentWidth)[0];
        if (line) ts.drawLine(line, ts.left, geometry.height - geometry.bottom + 22, ts.contentWidth, STYLES.folio);
      }
    }
  }
}
