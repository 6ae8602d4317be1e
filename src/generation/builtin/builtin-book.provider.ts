import { BOOK_STYLES, BOOK_TYPES } from '../../catalog/catalog';
import {
  BOOK_DOCUMENT_VERSION,
  type BookBlock,
  type BookChapter,
  type BookDocument,
  type ChapterKind,
} from '../book-document';
import type {
  BookGenerationRequest,
  BookProvider,
  GenerationOutcome,
  GenerationProgressReporter,
  SectionCheckpointStore,
} from '../book-provider';
import { addBuiltinIllustrations } from './illustrations';
import { Random } from './prng';
import { STYLE_KEYWORDS, STYLE_LEXICON, type ConcreteStyle, type StyleLexicon } from './styles';
import { blockWords, capitalize } from './text';

type ConcreteType = Exclude<(typeof BOOK_TYPES)[number], 'automatic'>;

/** Sections and words per section by type, for model 2.0; 3.0 writes more and longer sections. */
const SHAPES: Record<ConcreteType, { sections: number; words: number; kind: ChapterKind; label: string }> = {
  novel: { sections: 10, words: 700, kind: 'chapter', label: 'chapter' },
  short_story: { sections: 4, words: 450, kind: 'chapter', label: 'scene' },
  comic: { sections: 8, words: 0, kind: 'page', label: 'page' },
  manga: { sections: 8, words: 0, kind: 'page', label: 'page' },
  textbook: { sections: 6, words: 600, kind: 'lesson', label: 'lesson' },
  childrens: { sections: 12, words: 40, kind: 'page', label: 'page' },
  self_help: { sections: 7, words: 550, kind: 'principle', label: 'principle' },
  non_fiction: { sections: 7, words: 650, kind: 'chapter', label: 'chapter' },
};

const TYPE_KEYWORDS: ReadonlyArray<[RegExp, ConcreteType]> = [
  [/\b(learn|lesson|introduction to|course|tutorial)/i, 'textbook'],
  [/\b(habit|productiv|self-help|mindset|motivation)/i, 'self_help'],
  [/\b(child|children|bedtime|kids|toddler)/i, 'childrens'],
  [/\b(history of|essay|explain|why does|the science of)/i, 'non_fiction'],
  [/\b(manga)/i, 'manga'],
  [/\b(comic|graphic novel)/i, 'comic'],
  [/\b(short story|vignette)/i, 'short_story'],
];

const ARC = [
  'setup',
  'inciting',
  'rising',
  'rising',
  'midpoint',
  'rising',
  'crisis',
  'climax',
  'falling',
  'resolution',
];
const COMMON_CAPITALISED = new Set(
  'A An The In On At Of And But Or When Where Why How What Who Write Tell Make Create Book Story About Please I We'.split(
    ' ',
  ),
);

/** Named characters or the topic of the prompt: capitalised words in Latin scripts, the leading phrase otherwise. */
export function promptSubject(prompt: string): string | undefined {
  const trimmed = prompt.trim();
  if (!trimmed) return undefined;
  const latinNames = [...trimmed.matchAll(/\b\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?/gu)]
    .map((match) => match[0])
    .filter((word) => !COMMON_CAPITALISED.has(word.split(/\s+/)[0] ?? ''));
  if (latinNames.length > 0) return latinNames[0];
  if (/^[\p{Script=Latin}\p{N}\p{P}\s]+$/u.test(trimmed)) {
    const words = trimmed.split(/\s+/).filter((word) => word.length > 3);
    return words.length > 0 ? capitalize(words.slice(0, 2).join(' ')) : undefined;
  }
  // Scripts without capitals (CJK, Arabic, ...) or with them (Cyrillic, Greek): the leading phrase, kept verbatim.
  const head = trimmed.split(/[\s,.!?;:、。，！？]+/u)[0] ?? trimmed;
  return [...head].slice(0, 12).join('');
}

function resolveType(request: BookGenerationRequest): ConcreteType {
  if (request.type !== 'automatic') return request.type;
  return TYPE_KEYWORDS.find(([pattern]) => pattern.test(request.prompt))?.[1] ?? 'novel';
}

function resolveStyle(request: BookGenerationRequest, random: Random): ConcreteStyle {
  if (request.style !== 'automatic') return request.style;
  const matched = STYLE_KEYWORDS.find(([pattern]) => pattern.test(request.prompt))?.[1];
  if (matched) return matched;
  return request.prompt.trim()
    ? random.pick(BOOK_STYLES.filter((s): s is ConcreteStyle => s !== 'automatic'))
    : 'drama';
}

interface Cast {
  hero: string;
  ally: string;
  rival: string;
}

/** Everything a section needs to be written on its own, so sections can be checkpointed and reused independently. */
interface Plan {
  type: ConcreteType;
  style: ConcreteStyle;
  lexicon: StyleLexicon;
  cast: Cast;
  subject: string;
  tone: string[];
  sections: number;
  wordsPerSection: number;
  titles: string[];
}

/** A sentence from the style's vocabulary, the chapter's stage of the arc and the cast. */
function sentence(random: Random, plan: Plan, stage: string, number: number): string {
  const { lexicon, cast } = plan;
  const place = random.pick(lexicon.settings);
  const object = random.pick(lexicon.objects);
  const adjective = random.pick(lexicon.adjectives);
  const device = random.pick(lexicon.devices);
  const who = random.pick([cast.hero, cast.hero, cast.ally, cast.rival]);
  const tone = plan.tone.length > 0 ? random.pick(plan.tone) : adjective;
  const templates: Array<() => string> = [
    () => `${who} crossed ${place}, where everything felt ${adjective}.`,
    () => `Nobody in ${place} had seen ${object} look so ${adjective} before.`,
    () => `${cast.hero} turned ${object} over and thought about ${device}.`,
    () => `It was ${stage === 'climax' ? 'now or never' : 'too early to be sure'}, and ${who} knew it.`,
    () => `${cast.ally} said little, but kept one eye on ${cast.rival} and the other on ${object}.`,
    () => `The air in ${place} was ${tone}, and the silence after it even more so.`,
    () =>
      `By the ${number}${number === 1 ? 'st' : number === 2 ? 'nd' : number === 3 ? 'rd' : 'th'} day, ${device} was all anyone in ${place} could talk about.`,
    () => `${cast.rival} smiled the way people smile when they hold ${object} and you do not.`,
    () =>
      `${who} remembered ${random.pick(lexicon.settings)} and wondered whether ${random.pick(lexicon.objects)} had been a warning.`,
    () => `Step by ${adjective} step, ${cast.hero} came closer to the truth about ${device}.`,
  ];
  const stageLines: Record<string, string[]> = {
    setup: [`${cast.hero} did not yet know that ${object} would change everything.`],
    inciting: [`Then ${device} arrived, and ${cast.hero} could no longer stay out of it.`],
    rising: [`Each answer about ${object} opened two more questions.`],
    midpoint: [`Halfway through, ${cast.hero} learned that ${cast.ally} had kept a secret about ${object}.`],
    crisis: [`Everything ${cast.hero} had built in ${place} came apart in a single night.`],
    climax: [`${cast.hero} faced ${cast.rival} at last, with ${object} between them.`],
    falling: [`When the dust settled over ${place}, the cost became clear.`],
    resolution: [`${cast.hero} and ${cast.ally} walked away from ${place}, changed, and not sorry.`],
  };
  return random.chance(0.2) ? random.pick(stageLines[stage] ?? stageLines.rising!) : random.pick(templates)();
}

function paragraph(random: Random, plan: Plan, stage: string, number: number, sentences: number): string {
  const lines = new Set<string>();
  while (lines.size < sentences) lines.add(sentence(random, plan, stage, number));
  return [...lines].join(' ');
}

function proseBlocks(random: Random, plan: Plan, number: number, budget: number): BookBlock[] {
  const stage = ARC[Math.min(ARC.length - 1, Math.floor(((number - 1) / plan.sections) * ARC.length))] ?? 'rising';
  const blocks: BookBlock[] = [];
  let words = 0;
  while (words < budget) {
    const block: BookBlock =
      random.chance(0.25) && plan.type !== 'non_fiction'
        ? {
            kind: 'dialogue',
            speaker: random.pick([plan.cast.hero, plan.cast.ally, plan.cast.rival]),
            text: `${capitalize(random.pick(plan.lexicon.adjectives))} or not, ${random.pick(plan.lexicon.objects)} stays with us.`,
          }
        : { kind: 'paragraph', text: paragraph(random, plan, stage, number, random.int(4, 7)) };
    if (words > 0 && random.chance(0.08)) blocks.push({ kind: 'scene_break' });
    blocks.push(block);
    words += blockWords(block);
  }
  return blocks;
}

function sectionBlocks(random: Random, plan: Plan, number: number): BookBlock[] {
  const { lexicon, cast, subject } = plan;
  switch (plan.type) {
    case 'comic':
    case 'manga': {
      const panels = plan.wordsPerSection;
      return Array.from({ length: panels }, (_, index) => ({
        kind: 'panel' as const,
        number: index + 1,
        description: `${index === 0 ? 'Wide shot' : random.pick(['Close-up', 'Over the shoulder', 'Low angle', 'Two-shot'])}: ${random.pick([cast.hero, cast.ally, cast.rival])} in ${random.pick(lexicon.settings)} with ${random.pick(lexicon.objects)}.`,
        caption: index === 0 ? `Page ${number}. ${capitalize(random.pick(lexicon.devices))}.` : undefined,
        dialogue: [
          {
            speaker: cast.hero,
            text: `${capitalize(random.pick(lexicon.adjectives))}... that's ${random.pick(lexicon.objects)}!`,
          },
          {
            speaker: random.pick([cast.ally, cast.rival]),
            text: random.pick(['Then we move now.', 'You were never meant to find it.', 'Not like this.', 'Hold on!']),
          },
        ],
      }));
    }
    case 'childrens': {
      const lines = [
        `${cast.hero} saw ${random.pick(lexicon.objects)}.`,
        `It was ${random.pick(lexicon.adjectives)}.`,
        `"Look!" said ${cast.hero} to ${cast.ally}.`,
        `They went to ${random.pick(lexicon.settings)} together.`,
        `${cast.ally} laughed and laughed.`,
      ];
      return [{ kind: 'paragraph', text: random.sample(lines, random.int(2, 3)).join(' ') }];
    }
    case 'textbook': {
      const topic = `${random.pick(lexicon.objects)} in ${random.pick(lexicon.settings)}`;
      return [
        { kind: 'heading', level: 2, text: `Key ideas: ${topic}` },
        ...proseBlocks(random, plan, number, plan.wordsPerSection * 0.6),
        { kind: 'heading', level: 3, text: 'Worked example' },
        {
          kind: 'paragraph',
          text: `Suppose ${cast.hero} studies ${topic}. First, name what is known; second, ${random.pick(lexicon.devices)}; third, check the result against ${subject}.`,
        },
        {
          kind: 'key_point',
          text: `${capitalize(topic)} is understood by comparing it with what ${cast.ally} already knows.`,
        },
        {
          kind: 'exercise',
          question: `Explain in two sentences how ${random.pick(lexicon.objects)} relates to ${subject}.`,
          answer: `It shows ${random.pick(lexicon.devices)}, which is the lesson's main idea.`,
        },
        {
          kind: 'exercise',
          question: `List three features of ${random.pick(lexicon.settings)}.`,
          answer: `${capitalize(random.pick(lexicon.adjectives))}, ${random.pick(lexicon.adjectives)} and ${random.pick(lexicon.adjectives)}.`,
        },
      ];
    }
    case 'self_help':
      return [
        {
          kind: 'key_point',
          text: `${capitalize(random.pick(lexicon.adjectives))} days still count: ${random.pick(lexicon.devices)} is a chance, not a verdict.`,
        },
        ...proseBlocks(random, plan, number, plan.wordsPerSection * 0.8),
        { kind: 'heading', level: 3, text: 'Action steps' },
        {
          kind: 'list',
          ordered: true,
          items: [
            `Write down one thing about ${subject} you avoid.`,
            `Spend ten minutes with ${random.pick(lexicon.objects)} today.`,
            `Tell ${cast.ally} what you tried.`,
          ],
        },
      ];
    case 'non_fiction':
      return [
        { kind: 'heading', level: 2, text: 'The claim' },
        {
          kind: 'paragraph',
          text: `This chapter argues that ${subject} is best understood through ${random.pick(lexicon.objects)} and ${random.pick(lexicon.devices)}.`,
        },
        { kind: 'heading', level: 2, text: 'The evidence' },
        ...proseBlocks(random, plan, number, plan.wordsPerSection * 0.7),
        { kind: 'heading', level: 2, text: 'Objections' },
        {
          kind: 'paragraph',
          text: `Critics answer that ${random.pick(lexicon.settings)} tells a different story; the evidence above shows why that reading is incomplete.`,
        },
      ];
    case 'novel':
    case 'short_story':
      return proseBlocks(random, plan, number, plan.wordsPerSection);
  }
}

function makePlan(request: BookGenerationRequest, random: Random): Plan {
  const type = resolveType(request);
  const style = resolveStyle(request, random);
  const lexicon = STYLE_LEXICON[style];
  const names = random.shuffle(lexicon.names);
  const subject = promptSubject(request.prompt) ?? names[0] ?? 'Ada';
  const cast = { hero: subject, ally: names.find((n) => n !== subject) ?? 'Mira', rival: names.at(-1) ?? 'Vell' };
  const shape = SHAPES[type];
  const longer = request.model === '3.0';
  const sections = longer ? Math.round(shape.sections * 1.5) : shape.sections;
  const perSection =
    type === 'comic' || type === 'manga' ? (longer ? 6 : 4) : longer ? Math.round(shape.words * 1.4) : shape.words;
  const tone = request.customTone
    .split(/[,;]|\band\b/)
    .map((word) => word.trim())
    .filter(Boolean);
  const titles = Array.from({ length: sections }, (_, index) => {
    const object = capitalize(random.pick(lexicon.objects).replace(/^(a|an|the) /i, ''));
    const place = capitalize(random.pick(lexicon.settings).replace(/^(a|an|the) /i, ''));
    return index % 3 === 0 ? `${subject} and the ${object}` : index % 3 === 1 ? `${place}` : `The ${object}`;
  });
  return { type, style, lexicon, cast, subject, tone, sections, wordsPerSection: perSection, titles };
}

/** Offline, deterministic books for every type and style: the default provider, no network and no model. */
export class BuiltinBookProvider implements BookProvider {
  readonly name = 'builtin';

  constructor(private readonly options: { sectionDelayMs?: number } = {}) {}

  async generate(
    request: BookGenerationRequest,
    progress: GenerationProgressReporter,
    checkpoints?: SectionCheckpointStore,
  ): Promise<GenerationOutcome> {
    const seed = JSON.stringify([
      request.prompt,
      request.style,
      request.type,
      request.model,
      request.author,
      request.customTone,
      request.images,
    ]);
    const random = new Random(seed);
    await progress.report(0, 'Planning the outline');
    const plan = makePlan(request, random.fork('plan'));
    const shape = SHAPES[plan.type];
    const stored = checkpoints ? await checkpoints.load(request.requestId) : new Map<string, BookChapter>();
    const chapters: BookChapter[] = [];
    for (let number = 1; number <= plan.sections; number += 1) {
      const title = plan.titles[number - 1] ?? `${capitalize(shape.label)} ${number}`;
      await progress.report(
        Math.round(((number - 1) / plan.sections) * 90) + 5,
        `Writing ${shape.label} ${number} of ${plan.sections}: ${title}`,
      );
      const key = `section-${String(number).padStart(3, '0')}`;
      let chapter = stored.get(key);
      if (!chapter) {
        if (this.options.sectionDelayMs)
          await new Promise((resolve) => setTimeout(resolve, this.options.sectionDelayMs));
        chapter = {
          id: `ch-${String(number).padStart(2, '0')}`,
          kind: shape.kind,
          number,
          title,
          blocks: sectionBlocks(random.fork(key), plan, number),
        };
        await checkpoints?.save(request.requestId, key, chapter);
      }
      chapters.push(chapter);
      // Long books must not stall the worker's other jobs or its queue heartbeat.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (plan.type === 'textbook') {
      chapters.push({
        id: 'glossary',
        kind: 'glossary',
        number: chapters.length + 1,
        title: 'Glossary',
        blocks: plan.lexicon.objects.map((term) => ({
          kind: 'glossary_entry' as const,
          term: capitalize(term.replace(/^(a|an|the) /i, '')),
          definition: `Used in this book when ${plan.subject} meets ${plan.lexicon.devices[0] ?? 'the unknown'}.`,
        })),
      });
    }
    if (plan.type === 'non_fiction') {
      chapters.push({
        id: 'sources',
        kind: 'sources',
        number: chapters.length + 1,
        title: 'Sources',
        blocks: [
          {
            kind: 'list',
            ordered: false,
            items: plan.lexicon.settings.map((place) => `Field notes from ${place} (collected for this book)`),
          },
        ],
      });
    }
    const wordCount = chapters.reduce(
      (sum, chapter) => sum + chapter.blocks.reduce((s, block) => s + blockWords(block), 0),
      0,
    );
    let document: BookDocument = {
      schemaVersion: BOOK_DOCUMENT_VERSION,
      metadata: {
        title:
          plan.type === 'textbook'
            ? `${plan.subject}: A First Course`
            : `${plan.subject} and ${capitalize(plan.lexicon.devices[0] ?? 'the Unknown')}`,
        subtitle: `A ${plan.style.replace(/_/g, ' ')} ${plan.type.replace(/_/g, ' ')}`,
        author: request.author,
        language: 'en',
        type: plan.type,
        style: plan.style,
        model: request.model,
        synopsis:
          request.prompt.trim() ||
          `${plan.subject} is drawn into ${plan.lexicon.devices[0] ?? 'a mystery'} in ${plan.lexicon.settings[0] ?? 'a strange place'}.`,
        readingDirection: plan.type === 'manga' ? 'rtl' : 'ltr',
        identifier: request.requestId,
        createdAt: request.createdAt,
        wordCount,
      },
      frontMatter: {
        dedication: `For everyone who has ever been ${plan.lexicon.adjectives[0] ?? 'brave'}.`,
        ...(plan.tone.length > 0 ? { foreword: [`This book is told in a ${plan.tone.join(', ')} voice.`] } : {}),
        ...(plan.type === 'textbook' || plan.type === 'self_help'
          ? { objectives: plan.titles.slice(0, 4).map((title) => `Understand ${title.toLowerCase()}`) }
          : {}),
        cast: [
          { name: plan.cast.hero, description: `at the heart of ${plan.lexicon.settings[0] ?? 'the story'}` },
          { name: plan.cast.ally, description: 'a loyal companion with a secret' },
          { name: plan.cast.rival, description: `who wants ${plan.lexicon.objects[0] ?? 'everything'}` },
        ],
      },
      chapters,
      images: [],
    };
    if (request.images) {
      const pictures = chapters.length + 1 + chapters.flatMap((c) => c.blocks).filter((b) => b.kind === 'panel').length;
      await progress.report(96, `Drawing ${pictures} illustrations`);
      document = addBuiltinIllustrations(document, seed);
    }
    await progress.report(100, 'Assembling the book');
    // Prose books are planned to a length and land near it; the other types are as long as their structure.
    const prose = plan.type === 'novel' || plan.type === 'short_story';
    return { document, tokensUsed: 0, ...(prose ? { plannedWordCount: plan.sections * plan.wordsPerSection } : {}) };
  }
}
