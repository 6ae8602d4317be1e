/**
 * A language's typographic conventions applied to plain text a language model wrote, as a typesetter
 * would, before any renderer prints it. Each rule is idempotent and cheap: a text without any of its
 * language's trigger characters is returned as it is, the same string.
 */

import type { BookBlock, BookDocument } from '../book/book-document';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

/** The primary language subtag and the region subtag (if any) of a BCP 47 tag, lower-cased. */
function parseTag(language: string): { primary: string; region: string | undefined } {
  const parts = language.toLowerCase().split(/[-_]/);
  let region: string | undefined;
  for (const part of parts.slice(1)) {
    if (part.length === 1) break; // an extension or private-use singleton: no region after it
    if (/^(?:[a-z]{2}|\d{3})$/.test(part)) {
      region = part;
      break;
    }
  }
  return { primary: parts[0] ?? '', region };
}

const FRENCH_TRIGGER = /[«»;:!?]/;
const SPACES = '[ \\u00A0\\u202F]';
// A closing » the model wrapped onto its own line belongs at the end of the line before it.
const FRENCH_WRAPPED_CLOSER = /(?<=\S)[ \t\u00A0\u202F]*\r?\n[ \t\u00A0\u202F]*»/g;
// French sets a narrow no-break space inside guillemets, so that they never part from the quotation.
const FRENCH_OPENER = new RegExp(`«${SPACES}*(?=[^ \\u00A0\\u202F\\r\\n])`, 'g');
const FRENCH_CLOSER = new RegExp(`(?<=[^ \\u00A0\\u202F\\r\\n])${SPACES}*»`, 'g');
const FRENCH_MARK = /( *)([;:!?])/g;
const URL = /\w+:\/\/[^\s«»"<>]*[^\s«»"<>.,;:!?)\]'’]/g;

/** [start, end) ranges of the URLs in `text`, whose punctuation is not prose. */
function urlRanges(text: string): Array<[number, number]> {
  if (!text.includes('://')) return [];
  return Array.from(text.matchAll(URL), (match) => [match.index, match.index + match[0].length]);
}

function typesetFrench(input: string, swiss: boolean): string {
  const text = input
    .replace(FRENCH_WRAPPED_CLOSER, `${NNBSP}»`)
    .replace(FRENCH_OPENER, `«${NNBSP}`)
    .replace(FRENCH_CLOSER, `${NNBSP}»`);
  const urls = urlRanges(text);
  // French puts a no-break space before the two-part marks: a narrow one before ; ! ?, a full one before :.
  return text.replace(FRENCH_MARK, (match: string, spaces: string, mark: string, offset: number) => {
    if (swiss && mark !== ':') return match; // Swiss French sets ; ! ? without a space
    const before = text[offset - 1];
    const at = offset + spaces.length;
    const after = text[at + 1] ?? '';
    if (before === undefined || /\s/.test(before)) return match; // start of a line, or a space already set
    if (spaces === '' && /[!?]/.test(before)) return match; // "?!": one space, before the first mark
    if (spaces === '' && /[\p{L}\p{N}]/u.test(after)) return match; // 14:30, 3:2, or a mark glued into a word
    if (urls.some(([start, end]) => at >= start && at < end)) return match;
    return (mark === ':' ? NBSP : NNBSP) + mark;
  });
}

const GERMAN_TRIGGER = /["'“”‘’]/;
const DOUBLE_QUOTES = '"“”';
const SINGLE_QUOTES = "'‘’";
// Characters after which a quote opens: brackets, dashes, and the German opening marks themselves.
const OPENING_CONTEXT = /[\s([{\-‐–—„‚]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
// Elided articles and years ('s, 'n, 'ne, '99) start with an apostrophe, not a quote.
const ELISION = /^(?:(?:s|n|ne|nen|nem|ner)(?![\p{L}\p{N}])|\d)/iu;

/** German quotes: „…“ and ‚…‘ in place of English or straight ones, apostrophes left alone. */
function typesetGerman(text: string): string {
  const out = text.split('');
  const opensAt: boolean[] = [];
  const openSingles: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const isDouble = DOUBLE_QUOTES.includes(char);
    if (!isDouble && !SINGLE_QUOTES.includes(char)) continue;
    const prev = text[i - 1];
    const next = text[i + 1];
    const opening =
      (prev === undefined || OPENING_CONTEXT.test(prev) || opensAt[i - 1] === true) &&
      next !== undefined &&
      !/\s/.test(next);
    if (isDouble) {
      // Double quotes have one reading each: the position says which.
      opensAt[i] = opening;
      out[i] = opening ? '„' : '“';
      continue;
    }
    const betweenLetters = prev !== undefined && WORD_CHAR.test(prev) && next !== undefined && WORD_CHAR.test(next);
    if (betweenLetters) continue; // geht's, Hans’s
    if (opening) {
      if (char === '’' || ELISION.test(text.slice(i + 1, i + 5))) continue; // ’s, 'n
      opensAt[i] = true;
      openSingles.push(i);
      continue;
    }
    // Single quotes double as apostrophes (Hans’ Buch), so only a closer with an opener before it is a quote.
    const closes = char !== '‘' && prev !== undefined && !/\s/.test(prev) && !(next && WORD_CHAR.test(next));
    const opener = closes ? openSingles.pop() : undefined;
    if (opener === undefined) continue;
    out[opener] = '‚';
    out[i] = '‘';
  }
  return out.join('');
}

const SPANISH_TRIGGER = /[¿¡]/;

/** Spanish sets the inverted marks tight against the sentence they open, and so their closing pair. */
function typesetSpanish(text: string): string {
  return text
    .replace(/([¿¡]) +/g, '$1')
    .replace(/(¿[^¿?\n]*?) +\?/g, '$1?')
    .replace(/(¡[^¡!\n]*?) +!/g, '$1!');
}

const JAPANESE_TRIGGER = /[ "“”!?]/;
const JAPANESE_CHAR = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー、。「」『』]';
const HAS_JAPANESE = new RegExp(JAPANESE_CHAR, 'u');
// Japanese quotes with corner brackets; Western quotes stay around Latin-only phrases.
const JAPANESE_QUOTED = [/“([^“”\n]*)”/g, /"([^"\n]*)"/g];
// Japanese is written without spaces between words; a space there is a Western habit.
const JAPANESE_SPACE = new RegExp(`(?<=${JAPANESE_CHAR}) +(?=${JAPANESE_CHAR})`, 'gu');
// Japanese punctuation is full-width, like the characters it follows.
const JAPANESE_MARKS = new RegExp(`(?<=${JAPANESE_CHAR})[!?]+`, 'gu');

/** Corner brackets for each quoted Japanese phrase; nested quotes take another pass, until nothing changes. */
function japaneseQuotes(text: string): string {
  let current = text;
  for (;;) {
    let next = current;
    for (const quoted of JAPANESE_QUOTED) {
      next = next.replace(quoted, (match: string, content: string) =>
        HAS_JAPANESE.test(content) ? `「${content}」` : match,
      );
    }
    if (next === current) return current;
    current = next;
  }
}

function typesetJapanese(text: string): string {
  return japaneseQuotes(text)
    .replace(JAPANESE_SPACE, '')
    .replace(JAPANESE_MARKS, (marks) => marks.replace(/!/g, '！').replace(/\?/g, '？'));
}

/**
 * The text as a typesetter of `language` (a BCP 47 tag such as 'fr', 'fr-CA', 'de-CH', 'es', 'ja') sets it.
 * Idempotent: typeset(typeset(x)) === typeset(x).
 */
/** The languages `typeset` has rules for; any other is printed as the model wrote it. */
const TYPESET_LANGUAGES: ReadonlySet<string> = new Set(['fr', 'de', 'es', 'ja']);

export function typeset(text: string, language: string): string {
  const { primary, region } = parseTag(language);
  switch (primary) {
    case 'fr':
      return FRENCH_TRIGGER.test(text) ? typesetFrench(text, region === 'ch') : text;
    case 'de':
      // Swiss German quotes with « », which the model writes itself.
      return region !== 'ch' && GERMAN_TRIGGER.test(text) ? typesetGerman(text) : text;
    case 'es':
      return SPANISH_TRIGGER.test(text) ? typesetSpanish(text) : text;
    case 'ja':
      return JAPANESE_TRIGGER.test(text) ? typesetJapanese(text) : text;
    default:
      return text;
  }
}

/**
 * The book as its language's typesetter sets it: every text a reader reads (titles, paragraphs, speech,
 * captions, exercises, lists, front matter) through `typeset`. The metadata (synopsis, author) is left as
 * written. Every format is rendered from the result, so the rules hold in all of them.
 */
export function typesetBook(document: BookDocument): BookDocument {
  const language = document.metadata.language;
  if (!TYPESET_LANGUAGES.has(parseTag(language).primary)) return document;
  const set = (text: string): string => typeset(text, language);
  const front = document.frontMatter;
  return {
    ...document,
    metadata: {
      ...document.metadata,
      title: set(document.metadata.title),
      ...(document.metadata.subtitle !== undefined ? { subtitle: set(document.metadata.subtitle) } : {}),
    },
    frontMatter: {
      ...front,
      ...(front.dedication !== undefined ? { dedication: set(front.dedication) } : {}),
      ...(front.foreword ? { foreword: front.foreword.map(set) } : {}),
      ...(front.objectives ? { objectives: front.objectives.map(set) } : {}),
    },
    chapters: document.chapters.map((chapter) => ({
      ...chapter,
      title: set(chapter.title),
      blocks: chapter.blocks.map((block) => typesetBlock(block, set)),
    })),
  };
}

function typesetBlock(block: BookBlock, set: (text: string) => string): BookBlock {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'dialogue':
    case 'key_point':
      return { ...block, text: set(block.text) };
    case 'panel':
      return {
        ...block,
        ...(block.caption !== undefined ? { caption: set(block.caption) } : {}),
        dialogue: block.dialogue.map((line) => ({ ...line, text: set(line.text) })),
      };
    case 'exercise':
      return { ...block, question: set(block.question), answer: set(block.answer) };
    case 'list':
      return { ...block, items: block.items.map(set) };
    case 'glossary_entry':
      return { ...block, term: set(block.term), definition: set(block.definition) };
    case 'image':
      return block.caption !== undefined ? { ...block, caption: set(block.caption) } : block;
    case 'scene_break':
      return block;
  }
}
