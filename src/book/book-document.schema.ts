/**
 * JSON Schema (draft 2020-12) of the `json` output format: the BookDocument
 * of `src/generation/book-document.ts` as serialised. It is published in the
 * API docs, so it stays a plain JSON value (no functions, no undefined) and
 * self-contained (no `$ref`), which lets it be embedded as an OpenAPI 3.1
 * component without reference rewriting.
 *
 * Strict on purpose: `additionalProperties: false` everywhere, so a field
 * added to the model without a schema change (and a BOOK_DOCUMENT_VERSION
 * bump) fails the schema test instead of reaching clients unannounced.
 *
 * Formats are expressed as `pattern`s rather than `format` keywords, so the
 * schema compiles in strict validators that do not ship format checkers.
 */
import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS } from '../catalog/catalog';
import {
  BOOK_DOCUMENT_VERSION,
  type BookBlock,
  type BookImage,
  type PictureSource,
  type ChapterKind,
  type ReadingDirection,
} from './book-document';

export const BOOK_DOCUMENT_SCHEMA_ID = `https://scriptorium.dev/schemas/book-document/${BOOK_DOCUMENT_VERSION}.json`;

/** Accepts a list only when it names every member of the union `T`, so the enums below cannot drift from the types. */
function everyMember<T extends string | number>() {
  return <const L extends readonly T[]>(values: L & ([T] extends [L[number]] ? unknown : 'a member is missing')): L =>
    values;
}

const CHAPTER_KINDS = everyMember<ChapterKind>()([
  'chapter',
  'part',
  'page',
  'lesson',
  'principle',
  'glossary',
  'sources',
  'afterword',
]);
const READING_DIRECTIONS = everyMember<ReadingDirection>()(['ltr', 'rtl']);
const PICTURE_SOURCES = everyMember<PictureSource>()(['model', 'builtin']);
const IMAGE_MEDIA_TYPES = everyMember<BookImage['mediaType']>()(['image/png', 'image/svg+xml', 'image/jpeg']);

const text = (description: string) => ({ type: 'string', description }) as const;
const imageReference = (description: string) =>
  ({ type: 'string', minLength: 1, description: `${description} The \`id\` of an entry of \`images\`.` }) as const;
const position = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;

/** A closed object: every property listed, the required ones required, nothing else allowed. */
function object<P extends Record<string, object>>(
  title: string,
  description: string,
  properties: P,
  required: ReadonlyArray<keyof P & string>,
) {
  return {
    title,
    description,
    type: 'object',
    additionalProperties: false,
    required: [...required],
    properties,
  } as const;
}

/** Keyed by kind, so the compiler insists on one sub-schema per block kind. */
const BLOCK_SCHEMAS: Record<BookBlock['kind'], object> = {
  heading: object(
    'Heading block',
    'A section heading inside a chapter.',
    {
      kind: { const: 'heading' },
      text: text('The heading text.'),
      level: { enum: [2, 3], description: '2 is a section heading inside a chapter, 3 a sub-section.' },
    },
    ['kind', 'text', 'level'],
  ),
  paragraph: object(
    'Paragraph block',
    'One paragraph of prose.',
    {
      kind: { const: 'paragraph' },
      text: text(
        'The paragraph text, plain (no markup). A `\\n` ends a line inside the paragraph (verse, a letter, an address, dated entries; since 1.3).',
      ),
    },
    ['kind', 'text'],
  ),
  dialogue: object(
    'Dialogue block',
    'A line spoken by a character.',
    { kind: { const: 'dialogue' }, speaker: text('Who speaks.'), text: text('What they say, without quotes.') },
    ['kind', 'speaker', 'text'],
  ),
  panel: object(
    'Panel block',
    'One panel of a comic or manga page.',
    {
      kind: { const: 'panel' },
      number: position('1-based panel number on its page.'),
      description: text("What the panel shows: the artist's direction, also the image's alternative text."),
      caption: text('Narration box text.'),
      dialogue: {
        type: 'array',
        description: 'Speech balloons, in reading order.',
        items: object(
          'Panel dialogue line',
          'One speech balloon.',
          { speaker: text('Who speaks.'), text: text('What they say.') },
          ['speaker', 'text'],
        ),
      },
      imageId: imageReference('The panel art, when illustrations were generated.'),
    },
    ['kind', 'number', 'description', 'dialogue'],
  ),
  exercise: object(
    'Exercise block',
    'A question for the reader, with its answer.',
    { kind: { const: 'exercise' }, question: text('The question.'), answer: text('The expected answer.') },
    ['kind', 'question', 'answer'],
  ),
  key_point: object(
    'Key point block',
    'A point to remember, set apart from the text.',
    { kind: { const: 'key_point' }, text: text('The key point.') },
    ['kind', 'text'],
  ),
  list: object(
    'List block',
    'A bulleted or numbered list.',
    {
      kind: { const: 'list' },
      ordered: { type: 'boolean', description: 'true for a numbered list.' },
      items: { type: 'array', items: { type: 'string' }, description: 'The list items, in order.' },
    },
    ['kind', 'ordered', 'items'],
  ),
  glossary_entry: object(
    'Glossary entry block',
    'A term and its definition.',
    { kind: { const: 'glossary_entry' }, term: text('The term.'), definition: text('Its definition.') },
    ['kind', 'term', 'definition'],
  ),
  image: object(
    'Image block',
    'An illustration inside the text.',
    {
      kind: { const: 'image' },
      imageId: imageReference('The illustration.'),
      caption: text('Caption shown under it.'),
    },
    ['kind', 'imageId'],
  ),
  scene_break: object('Scene break block', 'A break between scenes.', { kind: { const: 'scene_break' } }, ['kind']),
};

export const BOOK_DOCUMENT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: BOOK_DOCUMENT_SCHEMA_ID,
  ...object(
    'Book document',
    `A generated book, format version ${BOOK_DOCUMENT_VERSION}: metadata, front matter, chapters made of typed ` +
      'blocks, and the illustrations they reference. This is the body of a download in the `json` output format.',
    {
      schemaVersion: { const: BOOK_DOCUMENT_VERSION, description: 'Version of this document format.' },
      metadata: object(
        'Book metadata',
        'What the book is and how it was generated.',
        {
          title: text('Book title.'),
          subtitle: text('Subtitle, when there is one.'),
          author: text('Author name shown on the title page.'),
          language: {
            type: 'string',
            pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
            description: 'BCP 47 language tag of the text, e.g. `en`.',
          },
          type: { enum: BOOK_TYPES.filter((type) => type !== 'automatic'), description: 'Book type.' },
          style: { enum: BOOK_STYLES.filter((style) => style !== 'automatic'), description: 'Book style.' },
          model: { enum: [...MODEL_IDS], description: 'Model that generated the book.' },
          synopsis: text('A short summary of the book.'),
          readingDirection: {
            enum: [...READING_DIRECTIONS],
            description: 'Page order: `rtl` for manga read right to left. The text itself follows `language`.',
          },
          identifier: {
            type: 'string',
            minLength: 1,
            description: 'The request id the book was generated for: the stable identifier of the book.',
          },
          createdAt: {
            type: 'string',
            pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
            description: 'ISO 8601 (RFC 3339) timestamp of generation.',
          },
          wordCount: {
            type: 'integer',
            minimum: 0,
            description:
              'Words a reader reads (CJK counted one word per two characters); the one count used for pricing.',
          },
          targetWords: {
            type: 'integer',
            minimum: 0,
            description: 'The length the book was planned at, in the same words; the price compares wordCount with it.',
          },
          scale: {
            type: 'string',
            enum: ['full', 'sample'],
            description:
              '`full`: a book written by a language model at the length of its type; `sample`: the builtin offline writer.',
          },
          generation: {
            type: 'object',
            additionalProperties: false,
            description: 'What wrote the book: provider, models, calls and tokens.',
            required: [
              'provider',
              'models',
              'calls',
              'retries',
              'continuations',
              'revisions',
              'promptTokens',
              'completionTokens',
              'tokensEstimated',
            ],
            properties: {
              provider: { type: 'string' },
              models: {
                type: 'object',
                additionalProperties: false,
                required: ['planner', 'writer'],
                properties: {
                  planner: { type: 'string' },
                  writer: { type: 'string' },
                  illustrator: {
                    type: 'string',
                    description:
                      'The model that drew the pictures, when one did: an image model, or a text model drawing SVG.',
                  },
                },
              },
              calls: { type: 'integer', minimum: 0 },
              retries: { type: 'integer', minimum: 0 },
              continuations: { type: 'integer', minimum: 0 },
              revisions: { type: 'integer', minimum: 0 },
              cachedPromptTokens: {
                type: 'integer',
                minimum: 0,
                description: 'Of the prompt tokens, those the model server read from its prefix cache (since 1.3).',
              },
              unchangedRevisions: {
                type: 'integer',
                minimum: 0,
                description: 'Revision calls whose answer left the text as it was (since 1.3).',
              },
              promptTokens: { type: 'integer', minimum: 0 },
              completionTokens: { type: 'integer', minimum: 0 },
              tokensEstimated: { type: 'boolean' },
              pictures: {
                type: 'object',
                additionalProperties: false,
                required: ['calls', 'promptTokens', 'completionTokens', 'drawn', 'builtin'],
                description:
                  'What the pictures took, when the book has any (since 1.4); included in `calls` and the token totals.',
                properties: {
                  calls: {
                    type: 'integer',
                    minimum: 0,
                    description: 'Requests to the illustrator, retries and the visual sheet included.',
                  },
                  promptTokens: { type: 'integer', minimum: 0 },
                  completionTokens: { type: 'integer', minimum: 0 },
                  drawn: { type: 'integer', minimum: 0, description: 'Pictures a model drew.' },
                  builtin: {
                    type: 'integer',
                    minimum: 0,
                    description: 'Pictures the builtin illustrator drew where no model could.',
                  },
                },
              },
            },
          },
        },
        [
          'title',
          'author',
          'language',
          'type',
          'style',
          'model',
          'synopsis',
          'readingDirection',
          'identifier',
          'createdAt',
          'wordCount',
        ],
      ),
      coverImageId: imageReference('The cover illustration, when illustrations were generated.'),
      frontMatter: object(
        'Front matter',
        'Pages before the first chapter; every part is optional.',
        {
          dedication: text('Dedication line, shown on its own page.'),
          foreword: { type: 'array', items: { type: 'string' }, description: 'Epigraph or foreword paragraphs.' },
          objectives: {
            type: 'array',
            items: { type: 'string' },
            description: 'Learning objectives (textbooks) or what the reader will get (self-help).',
          },
          cast: {
            type: 'array',
            description: 'The cast of characters.',
            items: object(
              'Cast member',
              'A character and a one-line description.',
              { name: text('Character name.'), description: text('Who they are, in one line.') },
              ['name', 'description'],
            ),
          },
        },
        [],
      ),
      chapters: {
        type: 'array',
        description: 'Chapters (or pages, lessons, principles, back matter) in reading order.',
        items: object(
          'Chapter',
          'One chapter, page, lesson, principle or back-matter section.',
          {
            id: { type: 'string', minLength: 1, description: 'Stable id, unique inside the document.' },
            kind: { enum: [...CHAPTER_KINDS], description: 'What kind of section this is.' },
            number: position('1-based position among the chapters.'),
            title: text('Chapter title.'),
            imageId: imageReference('Illustration shown under the chapter title.'),
            blocks: {
              type: 'array',
              description: 'The content, in order. Each block is one of the kinds below, told apart by `kind`.',
              items: { oneOf: Object.values(BLOCK_SCHEMAS) },
            },
          },
          ['id', 'kind', 'number', 'title', 'blocks'],
        ),
      },
      images: {
        type: 'array',
        description: 'Illustrations referenced by id from the cover, chapters, panels and image blocks.',
        items: object(
          'Image',
          'One illustration, embedded as base64.',
          {
            id: { type: 'string', minLength: 1, description: 'Stable id, unique inside the document.' },
            mediaType: { enum: [...IMAGE_MEDIA_TYPES], description: 'Media type of the image bytes.' },
            data: {
              type: 'string',
              contentEncoding: 'base64',
              pattern: '^[A-Za-z0-9+/]*={0,2}$',
              description: 'Base64 of the image bytes.',
            },
            alt: text('Alternative text: what the picture shows.'),
            width: { type: 'number', exclusiveMinimum: 0, description: 'Width in pixels.' },
            height: { type: 'number', exclusiveMinimum: 0, description: 'Height in pixels.' },
            drawnBy: {
              enum: [...PICTURE_SOURCES],
              description:
                'Who drew it, in a model-written book (since 1.4): `model` (the image model, or the writing model as ' +
                'SVG) or `builtin` (the builtin illustrator, where no model could draw it).',
            },
          },
          ['id', 'mediaType', 'data', 'alt', 'width', 'height'],
        ),
      },
    },
    ['schemaVersion', 'metadata', 'frontMatter', 'chapters', 'images'],
  ),
} as const;
