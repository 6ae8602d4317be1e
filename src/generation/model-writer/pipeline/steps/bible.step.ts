/**
 * Step 1: the book's bible and spine. One call decides what every later call
 * must agree on: title, language, the client's instructions restated one by
 * one (so they can be carried into the outline and checked at the end), the
 * cast or the subject's real concepts, and the whole arc in exactly as many
 * steps as the book has sections. The ending is decided here, before a word
 * is written, as an editor would.
 */
import { isFiction, type BookShape, type ConcreteBookType } from '../../../../book/book-shapes';
import type { BookGenerationRequest } from '../../../book-provider';
import { isLanguageTag, languageName, languageTagOf } from '../../checks/language';
import { primaryLanguage } from '../../../../book/language-tag';
import { UNSPACED_CHARACTERS_PER_WORD, UNSPACED_LANGUAGES } from '../../../../book/word-count';
import type { ChatMessage, StructuredStep } from '../../client/model-client';
import { statedPerson } from '../../checks/narration-person';
import { requestedNarration, type RequestedNarration } from '../../checks/requested-narration';
import { stockNameConcern, stockNamesIn } from '../../checks/stock-names';
import { int, list, obj, oneOf, str, type JsonSchema } from '../../client/strict-schema';
import type { ConcreteStyle, StoryBible, SubjectBible, WordLimits } from './book-plan';
import {
  CLIENT_MATERIAL_RULE,
  clientMaterial,
  clientWords,
  namesInPremise,
  restatesByline,
  statesLimit,
  usesName,
} from './client-material';
import { TYPE_GUIDES } from '../../guides/type-guides';
import { styleGuideText, typeGuideText } from './guide-text';
import { cleanTitle } from './titles';

export interface SpineStep {
  title: string;
  purpose: string;
}

export interface BibleAnswer {
  title: string;
  subtitle?: string;
  language: string;
  synopsis: string;
  instructions: string[];
  /** What the client asks of every section, or of the whole text's manner. */
  everySection: string[];
  /** Limits the client's material sets on the length of a section and of the book. */
  wordLimits: WordLimits;
  bible: StoryBible | SubjectBible;
  spine: SpineStep[];
}

export interface BibleInput {
  request: BookGenerationRequest;
  type: ConcreteBookType;
  style: ConcreteStyle;
  shape: BookShape;
  /** How many sections the book has: the shape's count, or the count of chapters the client listed. */
  sections: number;
  /** Whether the client's material lists the chapters (then the spine follows them one to one). */
  followsClientOutline: boolean;
}

/** The least a client's limit may be read as: below it, a planner has read a number that is not a limit. */
const MIN_SECTION_WORDS_LIMIT = 50;
const MIN_BOOK_WORDS_LIMIT = 200;

const COMMON = {
  title: str(),
  subtitle: str({ nullable: true }),
  language: str({ description: 'BCP 47 tag of the language the book is written in, e.g. "en", "fr", "ja".' }),
  synopsis: str({ description: '4 to 6 sentences: the whole book, ending included.' }),
  instructions: list(str(), {
    max: 20,
    description:
      "Every concrete requirement in the client's material about the book's content, restated one per item " +
      '(who did it, a chapter set on a train, a named character, a fact to teach, something to avoid). ' +
      'Empty when it makes none.',
  }),
  every_section: list(str(), {
    max: 10,
    description:
      "What the client's material asks of every section or of the whole text's manner, restated one per item " +
      '(each chapter ends with a checklist, every example comes from one team, the reader is addressed as "you"), ' +
      'and not repeated in `instructions`. Empty when it asks none.',
  }),
  section_words_max: int({
    nullable: true,
    minimum: MIN_SECTION_WORDS_LIMIT,
    description:
      'The most words one section may have, when the client\'s material sets a limit ("chapters under 2,000 words"); ' +
      'null when it sets none.',
  }),
  book_words_max: int({
    nullable: true,
    minimum: MIN_BOOK_WORDS_LIMIT,
    description:
      'The most words the whole book may have, when the client\'s material sets a limit ("a story of at most 3,000 ' +
      'words"); null when it sets none.',
  }),
};

function spineSchema(count: number): JsonSchema {
  return list(
    obj({ title: str(), purpose: str({ description: 'One sentence: what this section does for the book.' }) }),
    {
      min: count,
      max: count,
    },
  );
}

export function bibleSchema(input: BibleInput): JsonSchema {
  if (isFiction(input.type)) {
    const few = input.type === 'childrens';
    return obj({
      ...COMMON,
      point_of_view: str({
        description:
          'Who tells the story and how close, e.g. "close third person on Mara", "first person, Mara": the one the ' +
          "client's material asks for, else the style's.",
      }),
      tense: oneOf(['past', 'present'], {
        description: 'The tense the client\'s material asks for ("in the present tense"), else the style\'s.',
      }),
      voice: str({ description: "The narration's voice in one or two sentences." }),
      characters: list(
        obj({
          name: str({ description: "A name of the story's own time, place and people, as its author would choose." }),
          role: str(),
          description: str({ description: 'Age, look, manner: what the reader sees.' }),
          wants: str(),
          voice: str({ description: 'How they speak.' }),
          arc: str({ description: 'How they change, or why they do not.' }),
        }),
        { min: 1, max: few ? 5 : 10 },
      ),
      places: list(obj({ name: str(), description: str() }), { min: 1, max: 8 }),
      world_rules: list(str(), { max: 8 }),
      timeline: list(str(), { max: 10, description: 'Events before the story starts and fixed dates, in order.' }),
      ending: str({ description: 'How the book ends, concretely.' }),
      spine: spineSchema(input.sections),
    });
  }
  return obj({
    ...COMMON,
    thesis: str({ description: 'What the book argues, teaches or promises, in one or two sentences.' }),
    audience: str(),
    voice: str(),
    concepts: list(obj({ term: str(), definition: str() }), {
      min: 5,
      max: 30,
      description: "The subject's real concepts and terms the book teaches, with correct definitions.",
    }),
    reader_outcomes: list(str(), { min: 3, max: 8 }),
    spine: spineSchema(input.sections),
  });
}

interface RawBible {
  title: string;
  subtitle: string | null;
  language: string;
  synopsis: string;
  instructions: string[];
  // Read as empty when absent: an answer made without the schema may leave out what it has none of.
  every_section?: string[];
  section_words_max?: number | null;
  book_words_max?: number | null;
  point_of_view?: string;
  tense?: 'past' | 'present';
  voice: string;
  characters?: Array<{ name: string; role: string; description: string; wants: string; voice: string; arc: string }>;
  places?: Array<{ name: string; description: string }>;
  world_rules?: string[];
  timeline?: string[];
  ending?: string;
  thesis?: string;
  audience?: string;
  concepts?: Array<{ term: string; definition: string }>;
  reader_outcomes?: string[];
  spine: SpineStep[];
}

/** The scripts a name found in a premise can be in (see namesInPremise: it starts with a capital). */
const CASED_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u];

export function bibleStep(input: BibleInput): StructuredStep<BibleAnswer> {
  return {
    name: 'book_bible',
    schema: bibleSchema(input),
    read: (value) => {
      const raw = value as RawBible;
      const problems: string[] = [];
      const language = languageTagOf(raw.language) ?? raw.language.trim();
      if (!isLanguageTag(language)) problems.push('/language must be a BCP 47 tag such as "en" or "fr"');
      if (!raw.title.trim()) problems.push('/title must not be empty');
      if (raw.spine.some((step) => !step.title.trim())) problems.push('/spine: every step needs a title');
      // Servers that ignore the schema's bounds may still send a number that is no limit.
      // Only a limit the client stated: a model that fills every field of a schema fills these too.
      const stated = (limit: number | null | undefined): number | null =>
        typeof limit === 'number' && statesLimit(clientWords(input.request), limit) ? limit : null;
      const sectionLimit = stated(raw.section_words_max);
      const bookLimit = stated(raw.book_words_max);
      if (sectionLimit !== null && !(sectionLimit >= MIN_SECTION_WORDS_LIMIT)) {
        problems.push(`/section_words_max must be null or at least ${MIN_SECTION_WORDS_LIMIT}`);
      }
      if (bookLimit !== null && !(bookLimit >= MIN_BOOK_WORDS_LIMIT)) {
        problems.push(`/book_words_max must be null or at least ${MIN_BOOK_WORDS_LIMIT}`);
      }
      if (raw.characters) {
        const names = raw.characters.map((character) => character.name.trim().toLowerCase());
        if (names.some((name) => !name)) problems.push('/characters: every character needs a name');
        if (new Set(names).size !== names.length) problems.push('/characters: two characters share a name');
        // Models rename the client's people more often than they drop them: "Mara" comes back as "Elena".
        // A cast written in another script (a Japanese book's マーラ) has transliterated the names, rightly.
        const text = JSON.stringify(raw);
        for (const name of namesInPremise(input.request.prompt)) {
          const script = CASED_SCRIPTS.find((pattern) => pattern.test(name));
          const castInScript = !script || raw.characters.some((character) => script.test(character.name));
          if (castInScript && !usesName(text, name)) {
            problems.push(`the client's material names ${name}: the bible must keep that name`);
          }
        }
      }
      if (problems.length > 0) return { problems };
      const client = clientWords(input.request);
      const asked = requestedNarration(client);
      const concerns = raw.characters
        ? [...narrationConcerns(asked, raw), ...castConcerns(raw.characters, client)]
        : [];
      const bible: StoryBible | SubjectBible = raw.characters
        ? {
            kind: 'story',
            pointOfView: raw.point_of_view ?? '',
            // The tense the client asked for in so many words is the book's, whatever the planner answered: the
            // field is one of two values, so code sets it rather than asking the planner again.
            tense: asked.tense ?? raw.tense ?? 'past',
            voice: raw.voice,
            characters: raw.characters.map((character) => ({ ...character, name: character.name.trim() })),
            places: raw.places ?? [],
            worldRules: raw.world_rules ?? [],
            timeline: raw.timeline ?? [],
            ending: raw.ending ?? '',
          }
        : {
            kind: 'subject',
            thesis: raw.thesis ?? '',
            audience: raw.audience ?? '',
            voice: raw.voice,
            concepts: raw.concepts ?? [],
            readerOutcomes: raw.reader_outcomes ?? [],
          };
      return {
        value: {
          title: cleanTitle(raw.title),
          ...(raw.subtitle?.trim() ? { subtitle: raw.subtitle.trim() } : {}),
          language,
          synopsis: raw.synopsis.trim(),
          instructions: raw.instructions
            .map((item) => item.trim())
            .filter((item) => item && !restatesByline(item, input.request.author)),
          everySection: (raw.every_section ?? []).map((item) => item.trim()).filter(Boolean),
          wordLimits: {
            ...(sectionLimit !== null ? { section: sectionLimit } : {}),
            ...(bookLimit !== null ? { book: bookLimit } : {}),
          },
          bible,
          spine: raw.spine.map((step) => ({ title: cleanTitle(step.title), purpose: step.purpose.trim() })),
        },
        ...(concerns.length > 0 ? { concerns } : {}),
      };
    },
  };
}

/** A cast name that marks the book as machine-made (stock-names.ts), which the client did not ask for. */
function castConcerns(characters: ReadonlyArray<{ name: string }>, client: string): string[] {
  return characters.flatMap((character, index) => {
    const stock = stockNamesIn(character.name, client);
    return stock.length > 0 ? [stockNameConcern(index, stock)] : [];
  });
}

/**
 * Where a story's point of view departs from the person the client asked
 * for in so many words: the style's usual point of view is in the planner's
 * prompt too, and a planner that follows it over the client plans every
 * chapter in a voice the client refused. Asked for again (only the planner
 * can say who narrates); kept after the last attempt, since a book in the
 * wrong voice beats no book. A tense asked for needs no question: the bible
 * takes it as asked (see `bibleStep`).
 */
function narrationConcerns(asked: RequestedNarration, raw: RawBible): string[] {
  if (!asked.person || statedPerson(raw.point_of_view) === asked.person) return [];
  return [
    `the client's material asks for narration in the ${asked.person} person: /point_of_view must say so ` +
      `("${asked.person} person, <narrator>")`,
  ];
}

export function bibleMessages(input: BibleInput): ChatMessage[] {
  const { request, type, shape, sections } = input;
  const label = shape.sectionLabel;
  return [
    {
      role: 'system',
      content: [
        'You are an experienced editor planning a book that a writer will then draft section by section. ' +
          'Plan so that sections written separately still make one book: fix names, facts, voice and the ending now.',
        CLIENT_MATERIAL_RULE,
        styleGuideText(input.style, type),
        typeGuideText(type, 'planning'),
      ].join('\n\n'),
    },
    {
      role: 'user',
      content: [
        clientMaterial(request),
        '---',
        `Plan a ${TYPE_GUIDES[type].name} of ${sections} ${label}s, about ${shape.totalWords.toLocaleString('en')} words in all.`,
        input.followsClientOutline
          ? `The client's material lists its ${label}s: the spine follows them one to one, in their order, keeping their titles and what each is about.`
          : `The spine is the whole arc in exactly ${sections} steps, one per ${label}, each moving the book forward.`,
        "Restate every concrete requirement of the client's material in `instructions`, and what it asks of every " +
          `${label} in \`every_section\`, so that none is lost; give any limit it sets on the length of a ${label} or ` +
          'of the book.',
        'Write in the language of the premise, or the one it asks for; English when there is no premise. ' +
          'Every text value is in that language.',
        request.prompt.trim() ? '' : 'There is no premise: invent an original, specific one, not a generic one.',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    },
  ];
}

/**
 * Sized for a real model's bible: six real ones took 2,400-3,840 tokens (a French non-fiction plan 3,771 of
 * the 3,800 it was given), and an Italian mystery's, with its clues and false leads, 4,660: the room is
 * 6,500 and a line or two per spine step, so the longest fills under 3/4 of it.
 */
export function bibleMaxTokens(sections: number): number {
  return 6_500 + 120 * sections;
}

/**
 * How many chapters the client's material lists, when it lists them
 * ("Chapter 1: ...", "Part Two: ...", "Lesson 3" on lines of their own), so the
 * book can follow them chapter for chapter. Fewer than three such lines is not
 * an outline.
 */
export function listedSections(prompt: string): number | undefined {
  const lines = prompt.split(/\r?\n/);
  const headed = lines.filter((line) =>
    /^\s*(#+\s*)?(chapter|chapitre|cap[ií]tulo|kapitel|capitolo|part|partie|parte|teil|lesson|le[çc]on)\s+([0-9]+|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten|un|deux|trois|uno|dos|tres)\b/i.test(
      line,
    ),
  ).length;
  // A bare numbered list is as often requirements ("1. set in Paris") as chapters: only named chapters count.
  return headed >= 3 && headed <= 60 ? headed : undefined;
}

/** Counts a prompt may spell out, two to twelve, in the languages `listedSections` reads. */
const SPELLED_NUMBERS = new Map<string, number>(
  [
    'two three four five six seven eight nine ten eleven twelve',
    'deux trois quatre cinq six sept huit neuf dix onze douze',
    'dos tres cuatro cinco seis siete ocho nueve diez once doce',
    'zwei drei vier fünf sechs sieben acht neun zehn elf zwölf',
  ].flatMap((numbers) => numbers.split(' ').map((word, index): [string, number] => [word, index + 2])),
);
const COUNT = `\\d{1,2}|${[...SPELLED_NUMBERS.keys()].join('|')}`;
const SECTIONS =
  'chapters|parts|lessons|sections|chapitres|parties|leçons|capítulos|capitulos|partes|lecciones|kapiteln|kapitel|teilen|lektionen';
/**
 * "in 8 chapters", "of twelve chapters", "en 5 chapitres", "in 6 Kapiteln", or
 * the English adjective "a 10-chapter novel", "a three-part story". A count
 * needs its preposition: "the first 3 chapters" and "with 3 chapters set in
 * Paris" ask for something in chapters, not for their number.
 */
const REQUESTED_COUNT = new RegExp(
  `(?:\\b(?:in|of|into|en|de)\\s+(${COUNT})\\s+(?:${SECTIONS})\\b)|(?:\\b(${COUNT})-(?:chapter|part|lesson|section)\\b)`,
  'iu',
);

/**
 * How many chapters the client asks for without listing them ("a novel in
 * 8 chapters"), so the book has that many, its length kept. Undefined when
 * the prompt names no count, or one outside 1 to 60.
 */
export function requestedSections(prompt: string): number | undefined {
  const match = REQUESTED_COUNT.exec(prompt);
  const written = (match?.[1] ?? match?.[2])?.toLowerCase();
  if (written === undefined) return undefined;
  const count = /^\d+$/.test(written) ? Number(written) : SPELLED_NUMBERS.get(written);
  return count !== undefined && count >= 1 && count <= 60 ? count : undefined;
}

export function languageLine(tag: string): string {
  const line = `Language of the book: ${languageName(tag)} (${tag}).`;
  // "Words" mean little in Japanese: a real writer's parts of 1,100-1,600 words came back at 67-91% by our count.
  return UNSPACED_LANGUAGES.has(primaryLanguage(tag))
    ? `${line} Lengths here are in words of ${UNSPACED_CHARACTERS_PER_WORD} characters: 1,000 words is about ` +
        `${(1000 * UNSPACED_CHARACTERS_PER_WORD).toLocaleString('en')} characters.`
    : line;
}
