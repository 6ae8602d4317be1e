import { BOOK_STYLES, BOOK_TYPES, type BookStyle, type BookType, type ModelId } from '../../catalog/catalog';
import type { BookChapter, ChapterKind } from '../book-document';
import type { BookGenerationRequest } from '../book-provider';
import { isRecord } from './model-json';

export type PlannedType = Exclude<BookType, 'automatic'>;
export type PlannedStyle = Exclude<BookStyle, 'automatic'>;

export const PLANNED_TYPES = BOOK_TYPES.filter((type): type is PlannedType => type !== 'automatic');
export const PLANNED_STYLES = BOOK_STYLES.filter((style): style is PlannedStyle => style !== 'automatic');
export const FALLBACK_TYPE: PlannedType = 'novel';
export const FALLBACK_STYLE: PlannedStyle = 'drama';

interface LengthTarget {
  minSections: number;
  maxSections: number;
  /** The book's intended length; the plan's budgets are scaled to add up to it. */
  words: number;
}

export interface TypeProfile {
  /** What the model is told the type means. */
  description: string;
  kind: ChapterKind;
  /** How the book names its sections, in prompts and progress messages. */
  label: string;
  /** Whether the plan must carry a cast of characters. */
  fiction: boolean;
  length: Record<ModelId, LengthTarget>;
  /** Bounds of one section's budget: one model call must be able to write it in full. */
  sectionWords: { min: number; max: number };
}

const PROSE_SECTION = { min: 300, max: 2000 };
const PAGE_SECTION = { min: 30, max: 400 };

/**
 * Lengths per type and model id. 3.0 is sold as longer and richer, so it gets
 * more sections and about twice the words; prose sections stay under ~2,000
 * words because models write shorter than asked beyond that in one answer.
 */
export const TYPE_PROFILES: Record<PlannedType, TypeProfile> = {
  novel: {
    description: 'a novel told in chapters',
    kind: 'chapter',
    label: 'chapter',
    fiction: true,
    length: {
      '2.0': { minSections: 8, maxSections: 12, words: 10_000 },
      '3.0': { minSections: 14, maxSections: 20, words: 20_000 },
    },
    sectionWords: PROSE_SECTION,
  },
  short_story: {
    description: 'a short story told in a few parts',
    kind: 'part',
    label: 'part',
    fiction: true,
    length: {
      '2.0': { minSections: 3, maxSections: 6, words: 5_000 },
      '3.0': { minSections: 5, maxSections: 8, words: 9_000 },
    },
    sectionWords: PROSE_SECTION,
  },
  comic: {
    description: 'a comic book told in pages of panels (captions and speech balloons)',
    kind: 'page',
    label: 'page',
    fiction: true,
    length: {
      '2.0': { minSections: 10, maxSections: 16, words: 2_500 },
      '3.0': { minSections: 18, maxSections: 28, words: 5_000 },
    },
    sectionWords: PAGE_SECTION,
  },
  manga: {
    description: 'a manga told in pages of panels (captions and speech balloons), read right to left',
    kind: 'page',
    label: 'page',
    fiction: true,
    length: {
      '2.0': { minSections: 10, maxSections: 16, words: 2_500 },
      '3.0': { minSections: 18, maxSections: 28, words: 5_000 },
    },
    sectionWords: PAGE_SECTION,
  },
  childrens: {
    description: "a children's picture book: short pages of simple, warm text",
    kind: 'page',
    label: 'page',
    fiction: true,
    length: {
      '2.0': { minSections: 10, maxSections: 16, words: 1_500 },
      '3.0': { minSections: 14, maxSections: 24, words: 3_000 },
    },
    sectionWords: { min: 30, max: 300 },
  },
  textbook: {
    description: 'a textbook in lessons, each with objectives, explanations, worked examples, exercises and key terms',
    kind: 'lesson',
    label: 'lesson',
    fiction: false,
    length: {
      '2.0': { minSections: 8, maxSections: 10, words: 10_000 },
      '3.0': { minSections: 12, maxSections: 16, words: 20_000 },
    },
    sectionWords: PROSE_SECTION,
  },
  self_help: {
    description: 'a self-help book, one principle per chapter, with practical steps',
    kind: 'principle',
    label: 'principle',
    fiction: false,
    length: {
      '2.0': { minSections: 8, maxSections: 12, words: 10_000 },
      '3.0': { minSections: 12, maxSections: 16, words: 20_000 },
    },
    sectionWords: PROSE_SECTION,
  },
  non_fiction: {
    description: 'a non-fiction book in chapters, grounded in named sources',
    kind: 'chapter',
    label: 'chapter',
    fiction: false,
    length: {
      '2.0': { minSections: 8, maxSections: 12, words: 10_000 },
      '3.0': { minSections: 14, maxSections: 20, words: 20_000 },
    },
    sectionWords: PROSE_SECTION,
  },
};

export interface CastMember {
  name: string;
  description: string;
}

export interface PlannedSection {
  /** 1-based position. */
  number: number;
  title: string;
  summary: string;
  /** The words this section should have. */
  words: number;
  /** Comic and manga pages: one line per panel, in reading order. */
  panels: string[];
  /** Textbook lessons: what the learner can do afterwards. */
  objectives: string[];
  /** Self-help chapters: the principle in one sentence. */
  principle?: string;
}

export interface BookPlan {
  title: string;
  subtitle?: string;
  synopsis: string;
  type: PlannedType;
  style: PlannedStyle;
  /** BCP 47 tag of the language the book is written in. */
  language: string;
  dedication?: string;
  cast: CastMember[];
  /** Textbook syllabus, or what a self-help or non-fiction reader will take away. */
  objectives: string[];
  /** Non-fiction: works the book draws on. */
  sources: string[];
  sections: PlannedSection[];
}

export type PlanReading = { plan: BookPlan; errors?: undefined } | { plan?: undefined; errors: string[] };

export function plannedWordCount(plan: BookPlan): number {
  return plan.sections.reduce((sum, section) => sum + section.words, 0);
}

export const PLAN_SYSTEM_PROMPT =
  'You are an experienced author and editor who plans and writes complete, publishable books. ' +
  'You follow the requested structure exactly and answer with a single valid JSON object, without commentary.';

/** The one request that asks for the whole plan. It names the JSON shape in full, since json_object mode does not. */
export function planPrompt(request: BookGenerationRequest): string {
  const chosenType = request.type === 'automatic' ? undefined : request.type;
  const lines = [
    'Plan a book. Answer with one JSON object only.',
    '',
    `Premise: ${request.prompt.trim() || 'none given: invent an original, specific premise.'}`,
  ];
  if (chosenType) {
    const profile = TYPE_PROFILES[chosenType];
    const target = profile.length[request.model];
    lines.push(
      `Book type: ${chosenType} (${profile.description}).`,
      `Length: ${target.minSections} to ${target.maxSections} ${profile.label}s, about ${target.words} words in total.`,
    );
  } else {
    lines.push(
      'Book type: choose the one that suits the premise best, and give it as "type". Lengths by type:',
      ...PLANNED_TYPES.map((type) => {
        const profile = TYPE_PROFILES[type];
        const target = profile.length[request.model];
        return `- ${type}: ${profile.description}; ${target.minSections} to ${target.maxSections} ${profile.label}s, about ${target.words} words in total.`;
      }),
    );
  }
  lines.push(
    request.style === 'automatic'
      ? `Style: choose one of ${PLANNED_STYLES.join(', ')} and give it as "style".`
      : `Style: ${request.style}.`,
    `Tone: ${request.customTone.trim() || 'whatever suits the style best.'}`,
    `Author: ${request.author}.`,
    'Write in the language of the premise (English when there is none).',
    '',
    'JSON shape:',
    '{',
    '  "title": string,',
    '  "subtitle": string (optional),',
    '  "synopsis": string (3 to 5 sentences),',
    `  "type": ${chosenType ? `"${chosenType}"` : `one of ${PLANNED_TYPES.map((type) => `"${type}"`).join(', ')}`},`,
    `  "style": ${request.style === 'automatic' ? 'one of the styles above' : `"${request.style}"`},`,
    '  "language": BCP 47 tag of the language you write in, e.g. "en",',
    '  "dedication": string (optional),',
    ...shapeLines(chosenType),
    '  "sections": [ { "title": string, "summary": string (3 to 5 sentences: who, where, what happens, what changes), "words": integer (this section\'s length in words)' +
      sectionShape(chosenType) +
      ' } ]',
    '}',
    'The "words" of all sections must add up to the total length. Every section must move the book forward; ' +
      'summaries must name the people and facts that later sections rely on.',
  );
  return lines.join('\n');
}

function shapeLines(type: PlannedType | undefined): string[] {
  const fiction = type === undefined ? 'for novel, short_story, comic, manga and childrens' : 'required';
  const lines: string[] = [];
  if (type === undefined || TYPE_PROFILES[type].fiction) {
    lines.push(`  "cast": [ { "name": string, "description": string } ] (${fiction}: 2 to 8 characters),`);
  }
  if (type === undefined || type === 'textbook' || type === 'self_help' || type === 'non_fiction') {
    const who = type === undefined ? 'for textbook, self_help and non_fiction' : 'required';
    lines.push(`  "objectives": [ string ] (${who}: what the reader will learn or be able to do, 3 to 8 items),`);
  }
  if (type === undefined || type === 'non_fiction') {
    const who = type === undefined ? 'for non_fiction' : 'required';
    lines.push(
      `  "sources": [ string ] (${who}: real, well-known works the book draws on, "Author, Title (Year)"; never invent one),`,
    );
  }
  return lines;
}

function sectionShape(type: PlannedType | undefined): string {
  const parts: string[] = [];
  if (type === undefined || type === 'comic' || type === 'manga') {
    parts.push(
      `"panels": [ string ] (${type ? '' : 'comic and manga: '}3 to 6 panels, one line each: what the panel shows)`,
    );
  }
  if (type === undefined || type === 'textbook') {
    parts.push(`"objectives": [ string ] (${type ? '' : 'textbook: '}2 to 4 learning objectives of the lesson)`);
  }
  if (type === undefined || type === 'self_help') {
    parts.push(`"principle": string (${type ? '' : 'self_help: '}the chapter's principle in one sentence)`);
  }
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * Checks a model's plan against the shape of the book type and turns it into
 * a BookPlan. `normalise` scales the section budgets to the type's length (a
 * fresh plan); a plan read back from a checkpoint is taken as stored, so a
 * retried job keeps the length it was planned with. Error messages name
 * fields, never the model's text.
 */
export function readPlan(raw: unknown, request: BookGenerationRequest, options: { normalise: boolean }): PlanReading {
  const errors: string[] = [];
  if (!isRecord(raw)) return { errors: ['the answer is not a JSON object'] };

  const type = request.type !== 'automatic' ? request.type : (pickEnum(raw.type, PLANNED_TYPES) ?? FALLBACK_TYPE);
  const style = request.style !== 'automatic' ? request.style : (pickEnum(raw.style, PLANNED_STYLES) ?? FALLBACK_STYLE);
  const profile = TYPE_PROFILES[type];
  const target = profile.length[request.model];

  const title = text(raw.title, 'title', 200, errors);
  const synopsis = text(raw.synopsis, 'synopsis', 2000, errors);
  const subtitle = optionalText(raw.subtitle, 300);
  const dedication = optionalText(raw.dedication, 500);
  const language =
    typeof raw.language === 'string' && LANGUAGE_TAG.test(raw.language.trim()) ? raw.language.trim() : 'en';

  const cast = readCast(raw.cast, errors);
  if (profile.fiction && cast.length === 0) errors.push(`cast must list at least one character for a ${type}`);
  const objectives = stringList(raw.objectives, 'objectives', 12, errors);
  if (type === 'textbook' && objectives.length === 0) errors.push('objectives must list what the textbook teaches');
  const sources = stringList(raw.sources, 'sources', 30, errors);
  if (type === 'non_fiction' && sources.length === 0)
    errors.push('sources must list at least one work for non_fiction');

  const sections: PlannedSection[] = [];
  if (!Array.isArray(raw.sections)) {
    errors.push('sections must be an array');
  } else {
    if (raw.sections.length < target.minSections || raw.sections.length > target.maxSections * 2) {
      errors.push(
        `sections must list ${target.minSections} to ${target.maxSections} ${profile.label}s (got ${raw.sections.length})`,
      );
    }
    raw.sections.slice(0, target.maxSections * 2).forEach((entry, index) => {
      const section = readSection(entry, index, type, errors);
      if (section) sections.push(section);
    });
  }

  if (errors.length > 0 || title === undefined || synopsis === undefined) return { errors };
  const plan: BookPlan = {
    title,
    ...(subtitle !== undefined ? { subtitle } : {}),
    synopsis,
    type,
    style,
    language,
    ...(dedication !== undefined ? { dedication } : {}),
    cast,
    objectives,
    sources,
    sections: options.normalise ? scaleBudgets(sections, target.words, profile.sectionWords) : sections,
  };
  return { plan };
}

function readSection(entry: unknown, index: number, type: PlannedType, errors: string[]): PlannedSection | undefined {
  const path = `sections[${index}]`;
  if (!isRecord(entry)) {
    errors.push(`${path} must be an object`);
    return undefined;
  }
  const title = text(entry.title, `${path}.title`, 200, errors);
  const summary = text(entry.summary, `${path}.summary`, 2000, errors);
  const words = wholeNumber(entry.words);
  if (words === undefined) errors.push(`${path}.words must be a positive whole number`);
  const panels = stringList(entry.panels, `${path}.panels`, 9, errors);
  if ((type === 'comic' || type === 'manga') && panels.length === 0) {
    errors.push(`${path}.panels must list the page's panels`);
  }
  const objectives = stringList(entry.objectives, `${path}.objectives`, 6, errors);
  if (type === 'textbook' && objectives.length === 0)
    errors.push(`${path}.objectives must list the lesson's objectives`);
  const principle = optionalText(entry.principle, 500);
  if (type === 'self_help' && principle === undefined) errors.push(`${path}.principle must state the principle`);
  if (title === undefined || summary === undefined || words === undefined) return undefined;
  return {
    number: index + 1,
    title,
    summary,
    words,
    panels,
    objectives,
    ...(principle !== undefined ? { principle } : {}),
  };
}

/**
 * Keeps the model's proportions (a climax may be longer than an interlude) but
 * makes the budgets add up to the book's length, within what one call can write.
 */
export function scaleBudgets(
  sections: PlannedSection[],
  totalWords: number,
  bounds: { min: number; max: number },
): PlannedSection[] {
  const planned = sections.reduce((sum, section) => sum + section.words, 0);
  const factor = planned > 0 ? totalWords / planned : 1;
  return sections.map((section) => ({
    ...section,
    words: Math.min(bounds.max, Math.max(bounds.min, Math.round((section.words * factor) / 10) * 10)),
  }));
}

function readCast(value: unknown, errors: string[]): CastMember[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push('cast must be an array');
    return [];
  }
  const cast: CastMember[] = [];
  value.slice(0, 24).forEach((entry, index) => {
    if (!isRecord(entry)) {
      errors.push(`cast[${index}] must be an object`);
      return;
    }
    const name = text(entry.name, `cast[${index}].name`, 120, errors);
    const description = optionalText(entry.description, 500) ?? optionalText(entry.role, 500) ?? '';
    if (name !== undefined) cast.push({ name, description });
  });
  return cast;
}

function text(value: unknown, path: string, maxLength: number, errors: string[]): string | undefined {
  const result = optionalText(value, maxLength);
  if (result === undefined) errors.push(`${path} must be a non-empty string`);
  return result;
}

function optionalText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, maxLength) : undefined;
}

function stringList(value: unknown, path: string, maxItems: number, errors: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push(`${path} must be an array of strings`);
    return [];
  }
  return value
    .map((item) => optionalText(item, 500))
    .filter((item): item is string => item !== undefined)
    .slice(0, maxItems);
}

function wholeNumber(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed) || parsed < 1) return undefined;
  return Math.round(parsed);
}

/** Accepts the catalog value as models tend to spell it ("Short story", "sci-fi"). */
function pickEnum<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  if (typeof value !== 'string') return undefined;
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[\s-]+/g, '_');
  return allowed.find((candidate) => candidate === normalised);
}

export const PLAN_CHECKPOINT_KEY = 'plan';
const PLAN_CHECKPOINT_VERSION = 1;

/**
 * The plan travels through the section checkpoint store, whose unit is a
 * chapter: it is kept as JSON in the one paragraph of a chapter with id `plan`.
 */
export function planToCheckpoint(plan: BookPlan): BookChapter {
  return {
    id: PLAN_CHECKPOINT_KEY,
    kind: 'chapter',
    number: 0,
    title: 'Book plan',
    blocks: [{ kind: 'paragraph', text: JSON.stringify({ version: PLAN_CHECKPOINT_VERSION, plan }) }],
  };
}

/** The stored plan, or undefined when there is none or it no longer reads as a plan for this request. */
export function planFromCheckpoint(
  chapter: BookChapter | undefined,
  request: BookGenerationRequest,
): BookPlan | undefined {
  const block = chapter?.blocks[0];
  if (!block || block.kind !== 'paragraph') return undefined;
  try {
    const stored = JSON.parse(block.text) as unknown;
    if (!isRecord(stored) || stored.version !== PLAN_CHECKPOINT_VERSION) return undefined;
    return readPlan(stored.plan, request, { normalise: false }).plan;
  } catch {
    return undefined;
  }
}
