import Ajv2020 from 'ajv/dist/2020';
import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS } from '../../catalog/catalog';
import { BOOK_DOCUMENT_VERSION, type BookBlock, type BookDocument } from '../../book/book-document';
import { BOOK_DOCUMENT_SCHEMA, BOOK_DOCUMENT_SCHEMA_ID } from '../../book/book-document.schema';
import { CONCRETE_BOOK_TYPES, sampleBook } from '../testing/sample-books';
import { JsonRenderer } from './json.renderer';

const renderer = new JsonRenderer();
const render = async (document: BookDocument): Promise<string> => (await renderer.render(document)).toString('utf8');
// Strict mode also rejects unknown keywords and formats, so this proves the
// schema compiles in a plain 2020-12 validator with no plugins.
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(BOOK_DOCUMENT_SCHEMA);
const SUBJECTS = ['Ada', 'Алёна', 'さくら', '<script>alert(1)</script>'];

/** A rendered document, parsed back: plain JSON, as a client receives it. */
async function roundTrip(document: BookDocument): Promise<Record<string, unknown>> {
  return JSON.parse(await render(document)) as Record<string, unknown>;
}

function mutated(mutate: (document: BookDocument) => void): unknown {
  const document = JSON.parse(JSON.stringify(sampleBook({ type: 'comic', images: true }))) as BookDocument;
  mutate(document);
  return document;
}

describe('JsonRenderer', () => {
  it.each(CONCRETE_BOOK_TYPES.flatMap((type) => [true, false].map((images) => [type, images] as const)))(
    'serialises a %s (images: %s) exactly as JSON.stringify with a 2-space indent',
    async (type, images) => {
      for (const subject of SUBJECTS) {
        const document = sampleBook({ type, images, subject });
        expect(await render(document)).toBe(JSON.stringify(document, null, 2) + '\n');
      }
    },
  );

  it('keeps every value of the document, leaving out undefined properties like JSON.stringify', async () => {
    const document = sampleBook({ type: 'comic', images: false });
    expect(document.coverImageId).toBeUndefined();
    const parsed = await roundTrip(document);
    expect(parsed).toEqual(JSON.parse(JSON.stringify(document)));
    expect('coverImageId' in parsed).toBe(false);
  });

  it('serialises a book without chapters or images', async () => {
    const document: BookDocument = { ...sampleBook(), chapters: [], images: [] };
    expect(await render(document)).toBe(JSON.stringify(document, null, 2) + '\n');
  });
});

describe('BOOK_DOCUMENT_SCHEMA', () => {
  it.each(CONCRETE_BOOK_TYPES.flatMap((type) => [true, false].map((images) => [type, images] as const)))(
    'accepts the rendered %s (images: %s)',
    async (type, images) => {
      for (const subject of SUBJECTS) {
        const valid = validate(await roundTrip(sampleBook({ type, images, subject })));
        expect(validate.errors ?? []).toEqual([]);
        expect(valid).toBe(true);
      }
    },
  );

  it('accepts every block kind and a minimal document', () => {
    const blocks: BookBlock[] = [
      { kind: 'heading', text: 'h', level: 3 },
      { kind: 'paragraph', text: 'p' },
      { kind: 'dialogue', speaker: 's', text: 't' },
      { kind: 'panel', number: 1, description: 'd', dialogue: [] },
      { kind: 'exercise', question: 'q', answer: 'a' },
      { kind: 'key_point', text: 'k' },
      { kind: 'list', ordered: true, items: [] },
      { kind: 'glossary_entry', term: 't', definition: 'd' },
      { kind: 'image', imageId: 'i' },
      { kind: 'scene_break' },
    ];
    const document = mutated((doc) => {
      doc.chapters = [{ id: 'c', kind: 'lesson', number: 1, title: 't', blocks }];
      doc.frontMatter = {};
      delete doc.metadata.subtitle;
      delete doc.coverImageId;
    });
    expect(validate(document)).toBe(true);
  });

  it.each<[string, (document: BookDocument) => void]>([
    [
      'an unknown block kind',
      (doc) => doc.chapters[0]!.blocks.push({ kind: 'video', url: 'x' } as unknown as BookBlock),
    ],
    ['an extra property on the document', (doc) => Object.assign(doc, { extra: true })],
    ['an extra property in the metadata', (doc) => Object.assign(doc.metadata, { rating: 5 })],
    ['an extra property on a block', (doc) => Object.assign(doc.chapters[0]!.blocks[0]!, { style: 'bold' })],
    [
      'an extra property on a panel dialogue line',
      (doc) => Object.assign(doc.chapters[0]!.blocks[0]!, { dialogue: [{ speaker: 'a', text: 'b', mood: 'c' }] }),
    ],
    ['an extra property on an image', (doc) => Object.assign(doc.images[0]!, { url: 'https://x' })],
    ['an extra property in the front matter', (doc) => Object.assign(doc.frontMatter, { preface: 'x' })],
    [
      'a block of one kind with the fields of another',
      (doc) => doc.chapters[0]!.blocks.push({ kind: 'paragraph', question: 'q', answer: 'a' } as unknown as BookBlock),
    ],
    ['a missing required field', (doc) => delete (doc.metadata as Partial<BookDocument['metadata']>).title],
    ['a missing block list', (doc) => delete (doc.chapters[0] as Partial<BookDocument['chapters'][number]>).blocks],
    [
      'the automatic type, which a finished book never has',
      (doc) => Object.assign(doc.metadata, { type: 'automatic' }),
    ],
    ['an unknown style', (doc) => Object.assign(doc.metadata, { style: 'polka' })],
    ['an unknown model', (doc) => Object.assign(doc.metadata, { model: '9.9' })],
    ['another schema version', (doc) => Object.assign(doc, { schemaVersion: '0.9' })],
    [
      'a heading level outside 2 and 3',
      (doc) => doc.chapters[0]!.blocks.push({ kind: 'heading', text: 'h', level: 1 } as unknown as BookBlock),
    ],
    ['an unknown chapter kind', (doc) => Object.assign(doc.chapters[0]!, { kind: 'appendix' })],
    ['a non-integer chapter number', (doc) => Object.assign(doc.chapters[0]!, { number: 1.5 })],
    ['an unsupported image media type', (doc) => Object.assign(doc.images[0]!, { mediaType: 'image/gif' })],
    ['image data that is not base64', (doc) => Object.assign(doc.images[0]!, { data: 'not base64!' })],
    ['a timestamp that is not ISO 8601', (doc) => Object.assign(doc.metadata, { createdAt: 'yesterday' })],
    ['a reading direction other than ltr and rtl', (doc) => Object.assign(doc.metadata, { readingDirection: 'ttb' })],
  ])('rejects %s', (_name, mutate) => {
    const document = mutated(mutate);
    expect(validate(document)).toBe(false);
  });

  it('is identified by a versioned 2020-12 $id', () => {
    expect(BOOK_DOCUMENT_SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(BOOK_DOCUMENT_SCHEMA.$id).toBe(BOOK_DOCUMENT_SCHEMA_ID);
    expect(BOOK_DOCUMENT_SCHEMA_ID).toBe(`https://scriptorium.dev/schemas/book-document/${BOOK_DOCUMENT_VERSION}.json`);
    expect(BOOK_DOCUMENT_SCHEMA.properties.schemaVersion.const).toBe(BOOK_DOCUMENT_VERSION);
    expect(BOOK_DOCUMENT_SCHEMA.title).toBeTruthy();
    expect(BOOK_DOCUMENT_SCHEMA.description).toContain(BOOK_DOCUMENT_VERSION);
  });

  it('takes the type, style and model enums from the catalog', () => {
    const metadata = BOOK_DOCUMENT_SCHEMA.properties.metadata.properties;
    expect(metadata.type.enum).toEqual(BOOK_TYPES.filter((type) => type !== 'automatic'));
    expect(metadata.style.enum).toEqual(BOOK_STYLES.filter((style) => style !== 'automatic'));
    expect(metadata.model.enum).toEqual([...MODEL_IDS]);
  });

  it('is plain JSON: it survives serialisation unchanged', () => {
    expect(JSON.parse(JSON.stringify(BOOK_DOCUMENT_SCHEMA))).toEqual(BOOK_DOCUMENT_SCHEMA);
  });

  it('closes every object and tells blocks apart by one const kind each', () => {
    const objects: Array<Record<string, unknown>> = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        const schema = value as Record<string, unknown>;
        if (schema.type === 'object') objects.push(schema);
        Object.values(schema).forEach(visit);
      }
    };
    visit(BOOK_DOCUMENT_SCHEMA);
    expect(objects.length).toBeGreaterThanOrEqual(16);
    for (const schema of objects) expect(schema.additionalProperties).toBe(false);

    const blockSchemas = BOOK_DOCUMENT_SCHEMA.properties.chapters.items.properties.blocks.items.oneOf as Array<{
      properties: { kind: { const: string } };
      required: string[];
    }>;
    const kinds = blockSchemas.map((schema) => schema.properties.kind.const);
    expect([...kinds].sort()).toEqual([
      'dialogue',
      'exercise',
      'glossary_entry',
      'heading',
      'image',
      'key_point',
      'list',
      'panel',
      'paragraph',
      'scene_break',
    ]);
    for (const schema of blockSchemas) expect(schema.required).toContain('kind');
  });
});
