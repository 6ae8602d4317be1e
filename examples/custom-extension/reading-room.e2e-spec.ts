import Ajv2020 from 'ajv/dist/2020';
import { BOOK_DOCUMENT_SCHEMA } from '../../src/book/book-document.schema';
import { CONTENT_TYPES, estimateCost } from '../../src/catalog/catalog';
import { Customer, startTestApp, TestApp } from '../../test/support/test-app';
import { FIXED_OUTLINE_PROVIDER } from './fixed-outline-book.provider';
import { ReadingRoomModule } from './reading-room.module';
import { readingTimeLine } from './reading-time-markdown.renderer';

const OUTLINE = 'The Harbour Book\nArrival at the harbour\nThe storm\nHome again';
const validateBook = new Ajv2020({ strict: true, allErrors: true }).compile(BOOK_DOCUMENT_SCHEMA);

/** The service with the example extension, over HTTP on real PostgreSQL and Redis, as a deployment runs it. */
describe('The reading-room extension (examples/custom-extension)', () => {
  let t: TestApp;
  let customer: Customer;

  beforeAll(async () => {
    t = await startTestApp({}, { extensions: [ReadingRoomModule] });
    customer = await t.createCustomer({ key: { minIntervalSeconds: 0, dailyLimit: 100 } });
  });
  afterAll(() => t.close());

  /** Submits a book, waits for it to complete, and downloads it. */
  const book = async (body: Record<string, unknown>) => {
    const status = await t.finishedBook(customer.apiKey, body);
    const download = await t.app.inject({ method: 'GET', url: `/v1/download/${status.requestId}` });
    expect(download.statusCode).toBe(200);
    return { status, download };
  };

  it("writes model 3.0 books with the extension's provider and serves md through its renderer", async () => {
    const { status, download } = await book({ model: '3.0', output_format: 'md', prompt: OUTLINE });
    expect(download.headers['content-type']).toBe(CONTENT_TYPES.md);
    const lines = download.body.split('\n');
    expect(lines[0]).toBe('# The Harbour Book');
    expect(lines[2]).toMatch(/^Reading time: about \d+ minutes?\.$/);
    expect(download.body).toContain('*Reading Room Press*');
    for (const heading of ['Arrival at the harbour', 'The storm', 'Home again']) {
      expect(download.body).toContain(`: ${heading}\n`);
    }
    // The service's rules still apply to an extension's book: here, the price of model 3.0.
    expect(status.creditsUsed).toBe(estimateCost('3.0', false));
  });

  it('produces a book document the contract accepts, marked with the provider that wrote it', async () => {
    const { download } = await book({ model: '3.0', output_format: 'json', prompt: OUTLINE, type: 'textbook' });
    const document = download.json();
    expect(validateBook(document)).toBe(true);
    expect(document.metadata).toMatchObject({
      title: 'The Harbour Book',
      subtitle: 'Reading Room Press',
      type: 'textbook',
      model: '3.0',
      generation: { provider: FIXED_OUTLINE_PROVIDER },
    });
    expect(document.chapters.map((chapter: { title: string }) => chapter.title)).toEqual([
      'Arrival at the harbour',
      'The storm',
      'Home again',
    ]);
  });

  it('leaves model 2.0 to the configured builtin writer, its md also showing the reading time', async () => {
    // With a prompt, the builtin writer writes the same book every time: the json and the md are one book.
    const request = { model: '2.0', type: 'short_story', prompt: 'A lighthouse keeper named Mara finds a map' };
    const document = (await book({ ...request, output_format: 'json' })).download.json();
    expect(document.metadata.generation.provider).toBe('builtin');

    const { download } = await book({ ...request, output_format: 'md' });
    expect(download.body.split('\n')[2]).toBe(readingTimeLine(document.metadata.wordCount));
  });

  it('tells clients in GET /v1/models who writes each model id on this deployment', async () => {
    const models = (await t.app.inject({ method: 'GET', url: '/v1/models' })).json().data as Array<{
      id: string;
      description: string;
    }>;
    const described = Object.fromEntries(models.map((model) => [model.id, model.description]));
    expect(described['3.0']).toContain(`Written by the ${FIXED_OUTLINE_PROVIDER} provider of an extension`);
    expect(described['2.0']).toContain('builtin offline writer');
  });

  it('keeps the builtin renderers of the other formats', async () => {
    const { download } = await book({ model: '3.0', output_format: 'txt', prompt: OUTLINE });
    expect(download.headers['content-type']).toBe(CONTENT_TYPES.txt);
    expect(download.body).toContain('The Harbour Book');
    expect(download.body).not.toContain('Reading time');
  });
});
