import type { BookBlock, BookChapter, PanelBlock, PanelDialogueLine } from '../book-document';
import type { BookGenerationRequest } from '../book-provider';
import { type BookPlan, type PlannedSection, type PlannedType, TYPE_PROFILES } from './book-plan';
import { extractJson, isRecord, looksLikeJson, salvageArrayObjects, stripReasoning } from './model-json';

export const SECTION_SYSTEM_PROMPT =
  'You are an experienced author writing one part of a planned book. You keep names, facts and voice consistent ' +
  'with the plan, write exactly the part asked for, and answer with a single valid JSON object, without commentary.';

const BLOCK_SHAPES: Record<BookBlock['kind'], string> = {
  paragraph: '{"kind": "paragraph", "text": string}',
  dialogue: '{"kind": "dialogue", "speaker": string, "text": string (the words spoken, without quotation marks)}',
  scene_break: '{"kind": "scene_break"}',
  heading: '{"kind": "heading", "text": string, "level": 2 or 3}',
  list: '{"kind": "list", "ordered": boolean, "items": [string]}',
  key_point: '{"kind": "key_point", "text": string}',
  exercise: '{"kind": "exercise", "question": string, "answer": string (a complete answer)}',
  glossary_entry: '{"kind": "glossary_entry", "term": string, "definition": string}',
  panel:
    '{"kind": "panel", "description": string (what the panel shows, for the artist), "caption": string (optional narration), "dialogue": [{"speaker": string, "text": string}]}',
  image: '',
};

const TYPE_BLOCKS: Record<PlannedType, { kinds: Array<BookBlock['kind']>; guidance: string }> = {
  novel: {
    kinds: ['paragraph', 'dialogue', 'scene_break'],
    guidance: 'Tell it in vivid scenes: paragraph blocks for narration, one dialogue block per spoken line.',
  },
  short_story: {
    kinds: ['paragraph', 'dialogue', 'scene_break'],
    guidance: 'Tell it in vivid scenes: paragraph blocks for narration, one dialogue block per spoken line.',
  },
  childrens: {
    kinds: ['paragraph', 'dialogue'],
    guidance: 'Use short, simple sentences a young child can follow, read aloud well, and end the page gently.',
  },
  comic: {
    kinds: ['panel'],
    guidance: 'Write one panel block per planned panel; the words go in captions and short speech balloons.',
  },
  manga: {
    kinds: ['panel'],
    guidance: 'Write one panel block per planned panel; the words go in captions and short speech balloons.',
  },
  textbook: {
    kinds: ['heading', 'paragraph', 'list', 'key_point', 'exercise', 'glossary_entry'],
    guidance:
      'Introduce the lesson, explain it under headings with worked examples, mark key points, end with 3 to 5 ' +
      'exercises with full answers, then one glossary_entry per key term of the lesson.',
  },
  self_help: {
    kinds: ['heading', 'paragraph', 'list', 'key_point', 'exercise'],
    guidance:
      'Explain the principle with concrete examples, give practical steps as lists, mark key points, and end ' +
      'with one or two reflection exercises with model answers.',
  },
  non_fiction: {
    kinds: ['heading', 'paragraph', 'list', 'key_point'],
    guidance:
      "Explain under headings with concrete facts; attribute ideas to the book's sources by name where they apply.",
  },
};

/** The request for one section: the whole plan's context plus the summaries of what came before. */
export function sectionPrompt(request: BookGenerationRequest, plan: BookPlan, section: PlannedSection): string {
  const profile = TYPE_PROFILES[plan.type];
  const total = plan.sections.length;
  const lines = bookContext(request, plan);
  const earlier = plan.sections.filter((other) => other.number < section.number);
  if (earlier.length > 0) {
    lines.push(
      `The book so far, ${profile.label}s 1 to ${section.number - 1} (already written; stay consistent, do not retell):`,
      ...earlier.map((other) => `${other.number}. ${other.title}: ${other.summary}`),
    );
  } else {
    lines.push(`This is the first ${profile.label}: it opens the book.`);
  }
  lines.push(
    '',
    `Now write ${profile.label} ${section.number} of ${total}: "${section.title}".`,
    `What happens: ${section.summary}`,
  );
  lines.push(...sectionSpecifics(section));
  const next = plan.sections.find((other) => other.number === section.number + 1);
  lines.push(
    next
      ? `Next comes ${profile.label} ${next.number}, "${next.title}": ${next.summary} Do not write it; lead towards it.`
      : `This is the last ${profile.label}: bring the book to a satisfying close.`,
    `Length: about ${section.words} words.`,
    ...answerFormat(plan.type),
  );
  return lines.join('\n');
}

/** Asks for the rest of a section the model wrote too short. */
export function continuationPrompt(
  request: BookGenerationRequest,
  plan: BookPlan,
  section: PlannedSection,
  written: BookBlock[],
  missingWords: number,
): string {
  const profile = TYPE_PROFILES[plan.type];
  const tail = written
    .slice(-3)
    .map(blockText)
    .filter((text) => text.length > 0)
    .join('\n');
  const lines = bookContext(request, plan);
  lines.push(
    '',
    `${profile.label} ${section.number} of ${plan.sections.length}, "${section.title}", is being written. What happens: ${section.summary}`,
    ...sectionSpecifics(section),
    'It is too short so far. It currently ends with:',
    '"""',
    tail,
    '"""',
    `Continue ${profile.label} ${section.number} from exactly that point, without repeating anything, and finish it.`,
    `Length: about ${missingWords} words.`,
    ...answerFormat(plan.type),
  );
  return lines.join('\n');
}

function bookContext(request: BookGenerationRequest, plan: BookPlan): string[] {
  const profile = TYPE_PROFILES[plan.type];
  const lines = [
    `Book: "${plan.title}"${plan.subtitle ? ` (${plan.subtitle})` : ''} by ${request.author}.`,
    `Book type: ${plan.type} (${profile.description}). Style: ${plan.style}.`,
    `Tone: ${request.customTone.trim() || 'whatever suits the style best.'}`,
    `Language: write in the language tagged "${plan.language}".`,
    `Synopsis: ${plan.synopsis}`,
  ];
  if (plan.cast.length > 0) {
    lines.push(
      'Cast (keep names, traits and relationships consistent):',
      ...plan.cast.map((member) => `- ${member.name}: ${member.description}`),
    );
  }
  if (plan.objectives.length > 0) lines.push(`Objectives of the book: ${plan.objectives.join('; ')}`);
  if (plan.sources.length > 0) lines.push(`Sources: ${plan.sources.join('; ')}`);
  return lines;
}

function sectionSpecifics(section: PlannedSection): string[] {
  const lines: string[] = [];
  if (section.panels.length > 0)
    lines.push('Panels:', ...section.panels.map((panel, index) => `${index + 1}. ${panel}`));
  if (section.objectives.length > 0) lines.push(`Lesson objectives: ${section.objectives.join('; ')}`);
  if (section.principle) lines.push(`Principle: ${section.principle}`);
  return lines;
}

function answerFormat(type: PlannedType): string[] {
  const { kinds, guidance } = TYPE_BLOCKS[type];
  return [
    guidance,
    'Answer with one JSON object {"blocks": [...]} whose blocks are, in reading order, any of:',
    ...kinds.map((kind) => BLOCK_SHAPES[kind]),
    'Plain text in every string (no Markdown); do not repeat the title as a heading.',
  ];
}

/**
 * The blocks of a model answer: the JSON asked for when there is one (even
 * cut off by the output limit), otherwise the answer read as plain prose.
 * Anything unusable is dropped rather than failing the section.
 */
export function readSectionBlocks(content: string): BookBlock[] {
  const answer = stripReasoning(content);
  const json = extractJson(answer);
  let items: unknown[];
  if (Array.isArray(json)) items = json;
  else if (isRecord(json) && Array.isArray(json.blocks)) items = json.blocks;
  else if (isRecord(json) && typeof (json.text ?? json.content) === 'string')
    return readPlainText(String(json.text ?? json.content));
  else if (looksLikeJson(answer)) items = salvageArrayObjects(answer, 'blocks');
  else return readPlainText(answer);
  return items.flatMap(toBlocks);
}

function toBlocks(item: unknown): BookBlock[] {
  if (typeof item === 'string') return paragraphs(item);
  if (!isRecord(item)) return [];
  const kind = blockKind(item.kind ?? item.type);
  const textValue = cleanText(item.text ?? item.content);
  switch (kind) {
    case 'paragraph':
      return paragraphs(
        typeof item.text === 'string' ? item.text : typeof item.content === 'string' ? item.content : '',
      );
    case 'dialogue': {
      const speaker = cleanText(item.speaker ?? item.character ?? item.name);
      const spoken = unquote(textValue);
      if (!spoken) return [];
      return [{ kind: 'dialogue', speaker: speaker || '—', text: spoken }];
    }
    case 'scene_break':
      return [{ kind: 'scene_break' }];
    case 'heading':
      return textValue ? [{ kind: 'heading', text: textValue, level: item.level === 3 ? 3 : 2 }] : [];
    case 'key_point':
      return textValue ? [{ kind: 'key_point', text: textValue }] : [];
    case 'list': {
      const items = Array.isArray(item.items) ? item.items.map(cleanText).filter(Boolean) : [];
      return items.length > 0 ? [{ kind: 'list', ordered: item.ordered === true, items }] : [];
    }
    case 'exercise': {
      const question = cleanText(item.question);
      const answer = cleanText(item.answer ?? item.solution);
      return question && answer ? [{ kind: 'exercise', question, answer }] : [];
    }
    case 'glossary_entry': {
      const term = cleanText(item.term);
      const definition = cleanText(item.definition);
      return term && definition ? [{ kind: 'glossary_entry', term, definition }] : [];
    }
    case 'panel':
      return toPanel(item);
    case 'image':
    case undefined:
      return textValue ? paragraphs(textValue) : [];
  }
}

function toPanel(item: Record<string, unknown>): PanelBlock[] {
  const caption = cleanText(item.caption ?? item.narration);
  const rawLines: unknown[] = Array.isArray(item.dialogue)
    ? item.dialogue
    : Array.isArray(item.balloons)
      ? item.balloons
      : [];
  const dialogue = rawLines.flatMap((line): PanelDialogueLine[] => {
    if (typeof line === 'string') {
      const match = /^([^:]{1,40}):\s*(.+)$/.exec(line.trim());
      return match?.[1] && match[2] ? [{ speaker: match[1].trim(), text: unquote(cleanText(match[2])) }] : [];
    }
    if (!isRecord(line)) return [];
    const text = unquote(cleanText(line.text));
    return text ? [{ speaker: cleanText(line.speaker ?? line.character) || '—', text }] : [];
  });
  const description = cleanText(item.description ?? item.art ?? item.scene) || caption;
  if (!description && dialogue.length === 0) return [];
  return [
    {
      kind: 'panel',
      number: 0,
      description: description || dialogue.map((line) => line.speaker).join(', '),
      ...(caption ? { caption } : {}),
      dialogue,
    },
  ];
}

const KIND_ALIASES: Record<string, BookBlock['kind']> = {
  paragraph: 'paragraph',
  text: 'paragraph',
  narration: 'paragraph',
  prose: 'paragraph',
  dialogue: 'dialogue',
  dialog: 'dialogue',
  speech: 'dialogue',
  scene_break: 'scene_break',
  break: 'scene_break',
  separator: 'scene_break',
  heading: 'heading',
  subheading: 'heading',
  list: 'list',
  bullets: 'list',
  bullet_list: 'list',
  key_point: 'key_point',
  keypoint: 'key_point',
  tip: 'key_point',
  exercise: 'exercise',
  question: 'exercise',
  glossary_entry: 'glossary_entry',
  glossary: 'glossary_entry',
  term: 'glossary_entry',
  panel: 'panel',
};

function blockKind(value: unknown): BookBlock['kind'] | undefined {
  if (typeof value !== 'string') return undefined;
  return KIND_ALIASES[
    value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ];
}

const DIALOGUE_LINE = /^([\p{Lu}][\p{L}'’.-]*(?: [\p{Lu}][\p{L}'’.-]*){0,2}):\s*(["“«「].+)$/u;

/** A plain-prose answer: one paragraph per line, with dialogue lines, headings, lists and scene breaks recognised. */
export function readPlainText(text: string): BookBlock[] {
  const blocks: BookBlock[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    if (/^([*#~-]\s*){3,}$/.test(line) || line === '#') {
      blocks.push({ kind: 'scene_break' });
      continue;
    }
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading?.[1] && heading[2]) {
      blocks.push({ kind: 'heading', text: cleanText(heading[2]), level: heading[1].length >= 3 ? 3 : 2 });
      continue;
    }
    const item = /^(?:([-*•])|(\d+)[.)])\s+(.+)$/.exec(line);
    if (item?.[3]) {
      const ordered = item[2] !== undefined;
      const previous = blocks[blocks.length - 1];
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(cleanText(item[3]));
      else blocks.push({ kind: 'list', ordered, items: [cleanText(item[3])] });
      continue;
    }
    const spoken = DIALOGUE_LINE.exec(line);
    if (spoken?.[1] && spoken[2]) {
      blocks.push({ kind: 'dialogue', speaker: spoken[1], text: unquote(cleanText(spoken[2])) });
      continue;
    }
    const paragraph = cleanText(line.replace(/^>\s*/, ''));
    if (paragraph) blocks.push({ kind: 'paragraph', text: paragraph });
  }
  return blocks;
}

function paragraphs(text: string): BookBlock[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map(cleanText)
    .filter(Boolean)
    .map((paragraph) => ({ kind: 'paragraph', text: paragraph }));
}

/** Plain text: renderers escape and style, so Markdown emphasis from the model would show as asterisks. */
function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, '$1$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Renderers put dialogue in quotation marks themselves. */
function unquote(text: string): string {
  const match = /^["“«「『‘'](.*)["”»」』’']$/su.exec(text);
  return (match?.[1] ?? text).trim();
}

function blockText(block: BookBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'key_point':
    case 'heading':
      return block.text;
    case 'dialogue':
      return `${block.speaker}: "${block.text}"`;
    case 'list':
      return block.items.join('; ');
    case 'exercise':
      return `${block.question} ${block.answer}`;
    case 'glossary_entry':
      return `${block.term}: ${block.definition}`;
    case 'panel':
      return [block.caption ?? '', ...block.dialogue.map((line) => line.text)].join(' ');
    case 'image':
    case 'scene_break':
      return '';
  }
}

/** The reader's text of a block, for word counts: the artist's panel directions are not read. */
export function blockWords(block: BookBlock): number {
  switch (block.kind) {
    case 'dialogue':
      return countWords(block.text);
    case 'panel':
      return countWords([block.caption ?? '', ...block.dialogue.map((line) => line.text)].join(' '));
    case 'paragraph':
    case 'key_point':
    case 'heading':
    case 'list':
    case 'exercise':
    case 'glossary_entry':
    case 'image':
    case 'scene_break':
      return countWords(blockText(block));
  }
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/**
 * Words of a text, also for scripts written without spaces: Chinese and
 * Japanese count one word per two characters, close to what a reader would
 * call a word, so budgets and prices behave for a manga written in Japanese.
 * (Intl.Segmenter would be more exact but is superlinear on long texts.)
 */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const spaced = text
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  return spaced + Math.round(cjk / 2);
}

export function chapterWords(chapter: BookChapter): number {
  return chapter.blocks.reduce((sum, block) => sum + blockWords(block), 0);
}

export function sectionChapterId(number: number): string {
  return `ch-${String(number).padStart(3, '0')}`;
}

export function sectionCheckpointKey(number: number): string {
  return `section-${String(number).padStart(3, '0')}`;
}

/**
 * Shapes the model's blocks into the section's chapter, or undefined when
 * nothing usable is left (the caller asks again). Comics keep only panels,
 * numbered here; lessons open with their objectives, principles with the
 * principle itself.
 */
export function buildSectionChapter(
  plan: BookPlan,
  section: PlannedSection,
  blocks: BookBlock[],
): BookChapter | undefined {
  const profile = TYPE_PROFILES[plan.type];
  let body = dropRepeatedTitle(blocks, section.title);
  if (plan.type === 'comic' || plan.type === 'manga') {
    body = body
      .filter((block): block is PanelBlock => block.kind === 'panel')
      .map((panel, index) => ({ ...panel, number: index + 1 }));
    if (body.length === 0) return undefined;
  } else if (!body.some((block) => blockWords(block) > 0)) {
    return undefined;
  }
  const opening: BookBlock[] = [];
  if (plan.type === 'textbook' && section.objectives.length > 0) {
    opening.push({ kind: 'list', ordered: false, items: section.objectives });
  }
  if (plan.type === 'self_help' && section.principle) opening.push({ kind: 'key_point', text: section.principle });
  return {
    id: sectionChapterId(section.number),
    kind: profile.kind,
    number: section.number,
    title: section.title,
    blocks: [...opening, ...body],
  };
}

function dropRepeatedTitle(blocks: BookBlock[], title: string): BookBlock[] {
  const first = blocks[0];
  if (!first || (first.kind !== 'heading' && first.kind !== 'paragraph')) return blocks;
  const normalised = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const text = normalised(first.text);
  const repeats = text.includes(normalised(title)) && text.length <= normalised(title).length + 20;
  return repeats ? blocks.slice(1) : blocks;
}

/** Whether a stored checkpoint can stand in for the section: same place, readable blocks. */
export function isReusableSection(chapter: BookChapter | undefined, section: PlannedSection): chapter is BookChapter {
  return (
    chapter !== undefined &&
    chapter.number === section.number &&
    Array.isArray(chapter.blocks) &&
    chapter.blocks.length > 0 &&
    chapter.blocks.every((block) => isRecord(block) && typeof block.kind === 'string')
  );
}
