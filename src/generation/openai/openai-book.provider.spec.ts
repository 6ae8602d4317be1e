import { Logger } from '@nestjs/common';
import Ajv2020 from 'ajv/dist/2020';
import OpenAI from 'openai';
import { BOOK_DOCUMENT_SCHEMA } from '../../rendering/book-document.schema';
import type { BookChapter, BookDocument } from '../book-document';
import type { BookGenerationRequest, GenerationProgressReporter, SectionCheckpointStore } from '../book-provider';
import { GenerationError } from '../generation.errors';
import { chapterWords } from './book-section';
import { OpenAiBookProvider } from './openai-book.provider';
import type { OpenAiModelSettings } from './openai-settings';
import {
  combineScripts,
  FAKE_PLAN_TITLE,
  failAlways,
  failFirstCalls,
  failSection,
  fakePlan,
  type FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  malformedPlans,
  startFakeOpenAiServer,
} from './testing/fake-openai-server';

const validateDocument = new Ajv2020({ strict: true, allErrors: true }).compile(BOOK_DOCUMENT_SCHEMA);
const API_KEY = 'sk-test-secret-0123456789';

function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return {
    requestId: 'job-0001',
    prompt: 'A lighthouse keeper and a fisherman investigate why the lantern went dark.',
    style: 'mystery',
    type: 'novel',
    images: false,
    author: 'Test Author',
    customTone: '',
    model: '2.0',
    outputFormat: 'json',
    createdAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

class RecordingProgress implements GenerationProgressReporter {
  readonly reports: Array<{ progress: number; message: string }> = [];
  report(progress: number, message: string): Promise<void> {
    this.reports.push({ progress, message });
    return Promise.resolve();
  }
  messages(): string[] {
    return this.reports.map((report) => report.message);
  }
}

/** Stores copies, as the database does, so a provider cannot rely on sharing objects with its store. */
class MemoryCheckpoints implements SectionCheckpointStore {
  readonly entries = new Map<string, BookChapter>();
  readonly saved: string[] = [];
  load(_requestId: string): Promise<Map<string, BookChapter>> {
    return Promise.resolve(new Map([...this.entries].map(([key, chapter]) => [key, structuredClone(chapter)])));
  }
  save(_requestId: string, sectionKey: string, chapter: BookChapter): Promise<void> {
    this.saved.push(sectionKey);
    this.entries.set(sectionKey, structuredClone(chapter));
    return Promise.resolve();
  }
}

describe('OpenAiBookProvider', () => {
  const servers: FakeOpenAiServer[] = [];

  beforeAll(() => Logger.overrideLogger(false));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function setUp(
    serverOptions: FakeOpenAiServerOptions = {},
    settings: Partial<OpenAiModelSettings> = {},
    options: ConstructorParameters<typeof OpenAiBookProvider>[1] = {},
  ): Promise<{ server: FakeOpenAiServer; provider: OpenAiBookProvider }> {
    const server = await startFakeOpenAiServer(serverOptions);
    servers.push(server);
    const provider = new OpenAiBookProvider(
      {
        baseUrl: server.baseUrl,
        apiKey: API_KEY,
        model: 'fake-model',
        timeoutMs: 5_000,
        maxRetries: 2,
        concurrency: 4,
        ...settings,
      },
      options,
    );
    return { server, provider };
  }

  async function failureOf(promise: Promise<unknown>): Promise<GenerationError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GenerationError);
    return error as GenerationError;
  }

  it('plans with one call, then writes each chapter with the plan and the summaries of the chapters before it', async () => {
    const { server, provider } = await setUp();
    const progress = new RecordingProgress();

    const outcome = await provider.generate(bookRequest(), progress);

    expect(server.calls.map((call) => call.kind)).toEqual(['plan', ...Array<string>(8).fill('section')]);
    expect(
      server.calls
        .map((call) => call.section)
        .slice(1)
        .sort((a, b) => a! - b!),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const call of server.calls) {
      expect(call.body.model).toBe('fake-model');
      expect(call.body.response_format).toEqual({ type: 'json_object' });
      expect(call.headers.authorization).toBe(`Bearer ${API_KEY}`);
    }
    expect(server.calls[0]!.prompt).toContain('8 to 12 chapters, about 10000 words in total');
    for (const call of server.calls.filter((candidate) => candidate.kind === 'section')) {
      const number = call.section!;
      expect(call.prompt).toContain(FAKE_PLAN_TITLE);
      expect(call.prompt).toContain('Ada: the lighthouse keeper');
      for (let earlier = 1; earlier < number; earlier += 1) expect(call.prompt).toContain(`Summary ${earlier}:`);
      // The chapter's own summary, the next one as a signpost, nothing further.
      expect(call.prompt).toContain(`Summary ${number}:`);
      expect(call.prompt).not.toContain(`Summary ${number + 2}:`);
    }

    const document = outcome.document;
    expect(validateDocument(document)).toBe(true);
    expect(document.metadata).toMatchObject({
      title: FAKE_PLAN_TITLE,
      author: 'Test Author',
      type: 'novel',
      style: 'mystery',
      model: '2.0',
      identifier: 'job-0001',
      createdAt: '2025-01-02T03:04:05.000Z',
      readingDirection: 'ltr',
      language: 'en',
    });
    expect(document.chapters.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(document.chapters[2]).toMatchObject({ id: 'ch-003', kind: 'chapter', title: 'Section 3 title' });
    // The fake quotes its dialogue; renderers add their own quotation marks.
    expect(document.chapters[0]!.blocks[0]).toEqual({
      kind: 'dialogue',
      speaker: 'Brann',
      text: 'keeper climbed slowly while waves',
    });
    expect(document.frontMatter.cast?.map((member) => member.name)).toEqual(['Ada', 'Brann']);
    expect(document.images).toEqual([]);

    expect(outcome.plannedWordCount).toBe(10_000);
    expect(document.metadata.wordCount).toBe(
      document.chapters.reduce((sum, chapter) => sum + chapterWords(chapter), 0),
    );
    expect(document.metadata.wordCount).toBeGreaterThanOrEqual(10_000);
  });

  it('sums usage.total_tokens of every call, failed attempts included', async () => {
    const { server, provider } = await setUp({ script: malformedPlans(1) });
    const outcome = await provider.generate(bookRequest(), new RecordingProgress());
    expect(server.calls.filter((call) => call.kind === 'plan')).toHaveLength(2);
    expect(outcome.tokensUsed).toBeGreaterThan(0);
    expect(outcome.tokensUsed).toBe(server.tokensServed());
  });

  it('reports progress from 0 upwards with the chapter being written', async () => {
    const { provider } = await setUp();
    const progress = new RecordingProgress();
    await provider.generate(bookRequest(), progress);

    const messages = progress.messages();
    expect(messages[0]).toBe('Planning the outline');
    expect(messages).toContain('Writing chapter 3 of 8: Section 3 title');
    expect(messages[messages.length - 1]).toBe('Assembling the book');
    const values = progress.reports.map((report) => report.progress);
    expect(values[0]).toBe(0);
    values.forEach((value, index) => {
      expect(value).toBeGreaterThanOrEqual(index === 0 ? 0 : values[index - 1]!);
      expect(value).toBeLessThanOrEqual(100);
    });
  });

  it('keeps exactly `concurrency` chapter requests in flight when there are more chapters', async () => {
    const { server, provider } = await setUp({ delayMs: 60 }, { concurrency: 3 });
    await provider.generate(bookRequest(), new RecordingProgress());
    expect(server.calls.filter((call) => call.kind === 'section')).toHaveLength(8);
    expect(server.maxInFlight()).toBe(3);
  });

  it('retries a 429 (honouring Retry-After) and succeeds', async () => {
    const { server, provider } = await setUp({ script: failFirstCalls(1, 429) });
    const outcome = await provider.generate(bookRequest(), new RecordingProgress());
    expect(server.calls.slice(0, 2).map((call) => [call.kind, call.status])).toEqual([
      ['plan', 429],
      ['plan', 200],
    ]);
    expect(outcome.document.chapters).toHaveLength(8);
  });

  it('fails with a clear, transient error within bounded time when the provider keeps answering 500', async () => {
    const { server, provider } = await setUp({ script: failAlways(500) }, { maxRetries: 2 });
    const started = Date.now();
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.message).toBe('The model provider failed: 500 Internal Server Error after 3 attempts');
    expect(error.permanent).toBe(false);
    expect(server.calls).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails permanently on 401 without retrying and without repeating the key the provider quoted', async () => {
    const { server, provider } = await setUp({
      script: failAlways(401, {}, `Incorrect API key provided: ${API_KEY}. You can find your API key at ...`),
    });
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.message).toBe('The model provider failed: 401 Unauthorized after 1 attempt');
    expect(error.message).not.toContain(API_KEY);
    expect(error.permanent).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it('fails instead of hanging when the provider does not answer in time', async () => {
    // Jest's sandbox has its own Error class, so the SDK cannot tell undici's abort (a DOMException from the
    // host realm) from other network errors; this fetch restores what it sees outside Jest.
    const realmSafeFetch: typeof fetch = (input, init) =>
      fetch(input, init).catch((error: unknown) => {
        throw Object.assign(new Error(String(error)), { name: (error as { name?: string }).name });
      });
    const { provider } = await setUp(
      { delayMs: 2_000 },
      { timeoutMs: 200, maxRetries: 1 },
      {
        clientFactory: (settings) =>
          new OpenAI({
            baseURL: settings.baseUrl,
            apiKey: settings.apiKey,
            timeout: settings.timeoutMs,
            maxRetries: settings.maxRetries,
            fetch: realmSafeFetch,
          }),
      },
    );
    const started = Date.now();
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.message).toBe('The model provider did not answer within 0.2 s after 2 attempts');
    expect(error.permanent).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('asks again for a malformed plan, telling the model what was wrong, then fails cleanly', async () => {
    const { server, provider } = await setUp({ script: malformedPlans() });
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.message).toBe(
      'The model did not return a usable book plan after 3 attempts (the answer is not valid JSON)',
    );
    expect(error.permanent).toBe(true);
    expect(server.calls.map((call) => call.kind)).toEqual(['plan', 'plan', 'plan']);
    const retry = server.calls[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.at(-1)!.content).toContain('That plan cannot be used: the answer is not valid JSON');
  });

  it('rejects a plan that does not have the shape of the book type', async () => {
    const { provider } = await setUp({ plan: (prompt) => ({ ...fakePlan(prompt), cast: [], sections: [] }) });
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.message).toContain('cast must list at least one character for a novel');
  });

  it('accepts a plan wrapped in prose and a ```json fence', async () => {
    const { provider } = await setUp({ fencedPlan: true });
    const outcome = await provider.generate(bookRequest(), new RecordingProgress());
    expect(outcome.document.metadata.title).toBe(FAKE_PLAN_TITLE);
  });

  it('stops sending response_format to a server that rejects it', async () => {
    const { server, provider } = await setUp({ rejectResponseFormat: true });
    const outcome = await provider.generate(bookRequest(), new RecordingProgress());
    expect(outcome.document.chapters).toHaveLength(8);
    expect(server.calls[0]).toMatchObject({ kind: 'plan', status: 400 });
    expect(server.calls.slice(1).every((call) => call.body.response_format === undefined && call.status === 200)).toBe(
      true,
    );
  });

  it('resumes from checkpoints: a retried job only requests the chapters that are missing', async () => {
    const store = new MemoryCheckpoints();
    const first = await setUp({ script: failSection(5, 400) }, { concurrency: 1 });
    const error = await failureOf(first.provider.generate(bookRequest(), new RecordingProgress(), store));
    expect(error.message).toBe('The model provider failed: 400 Bad Request after 1 attempt');
    // Each chapter was saved as soon as it was written; nothing after the failure was requested.
    expect(store.saved).toEqual(['plan', 'section-001', 'section-002', 'section-003', 'section-004']);
    expect(first.server.calls.map((call) => call.section ?? 0)).toEqual([0, 1, 2, 3, 4, 5]);

    const second = await setUp();
    const progress = new RecordingProgress();
    const outcome = await second.provider.generate(bookRequest(), progress, store);

    expect(second.server.calls.map((call) => call.kind)).toEqual(['section', 'section', 'section', 'section']);
    expect(second.server.calls.map((call) => call.section).sort()).toEqual([5, 6, 7, 8]);
    expect(progress.messages()).toContain('Resuming: 4 of 8 chapters already written');
    expect(outcome.document.chapters).toHaveLength(8);
    expect(outcome.document.chapters[1]).toEqual(store.entries.get('section-002'));
    expect(store.saved.slice(5).sort()).toEqual(['section-005', 'section-006', 'section-007', 'section-008']);
    expect(validateDocument(outcome.document)).toBe(true);
  });

  it('replans, ignoring stored chapters, when the stored plan is unreadable', async () => {
    const store = new MemoryCheckpoints();
    store.entries.set('plan', {
      id: 'plan',
      kind: 'chapter',
      number: 0,
      title: 'Book plan',
      blocks: [{ kind: 'paragraph', text: '{' }],
    });
    store.entries.set('section-001', {
      id: 'ch-001',
      kind: 'chapter',
      number: 1,
      title: 'Old',
      blocks: [{ kind: 'paragraph', text: 'old' }],
    });
    const { server, provider } = await setUp();
    const outcome = await provider.generate(bookRequest(), new RecordingProgress(), store);
    expect(server.calls.map((call) => call.kind)).toEqual(['plan', ...Array<string>(8).fill('section')]);
    expect(outcome.document.chapters[0]!.title).toBe('Section 1 title');
  });

  it('plans a 3.0 book to about 20,000 words and writes it to length', async () => {
    const { server, provider } = await setUp({}, { concurrency: 8 });
    const outcome = await provider.generate(bookRequest({ model: '3.0' }), new RecordingProgress());
    expect(server.calls[0]!.prompt).toContain('14 to 20 chapters, about 20000 words in total');
    expect(outcome.document.chapters).toHaveLength(14);
    expect(outcome.plannedWordCount).toBeGreaterThanOrEqual(19_900);
    expect(outcome.plannedWordCount).toBeLessThanOrEqual(20_100);
    expect(outcome.document.metadata.wordCount).toBeGreaterThanOrEqual(18_000);
  });

  it('scales a plan whose budgets fall short so the book still reaches its length', async () => {
    const { server, provider } = await setUp({
      plan: (prompt) => {
        const plan = fakePlan(prompt);
        return {
          ...plan,
          sections: (plan.sections as Array<Record<string, unknown>>).map((section) => ({ ...section, words: 300 })),
        };
      },
    });
    const outcome = await provider.generate(bookRequest({ model: '3.0' }), new RecordingProgress());
    expect(outcome.plannedWordCount).toBeGreaterThanOrEqual(19_900);
    const budgets = server.calls
      .filter((call) => call.kind === 'section')
      .map((call) => /about (\d+) words/.exec(call.prompt)?.[1]);
    expect(new Set(budgets)).toEqual(new Set(['1430']));
    expect(outcome.document.metadata.wordCount).toBeGreaterThanOrEqual(18_000);
  });

  it('asks once for the rest of a chapter the model wrote far too short', async () => {
    const { server, provider } = await setUp({ wordRatio: 0.5 });
    const outcome = await provider.generate(bookRequest(), new RecordingProgress());
    const continuations = server.calls.filter((call) => call.kind === 'continuation');
    expect(continuations.map((call) => call.section).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(continuations[0]!.prompt).toContain('Length: about 630 words');
    // Half the budget, plus half of the missing half.
    expect(outcome.document.metadata.wordCount).toBeGreaterThanOrEqual(7_400);
  });

  it('draws a cover and one picture per chapter through the images endpoint', async () => {
    const { server, provider } = await setUp({}, { imageModel: 'dall-e-3' });
    const progress = new RecordingProgress();
    const outcome = await provider.generate(bookRequest({ images: true }), progress);

    const imageCalls = server.calls.filter((call) => call.kind === 'image');
    expect(imageCalls).toHaveLength(9);
    expect(imageCalls[0]!.body).toMatchObject({
      model: 'dall-e-3',
      response_format: 'b64_json',
      size: '1024x1024',
      n: 1,
    });
    expect(progress.messages()).toContain('Drawing 9 illustrations');

    const document = outcome.document;
    expect(document.coverImageId).toBe('cover');
    expect(document.images).toHaveLength(9);
    expect(
      document.images.every((image) => image.mediaType === 'image/png' && image.width === 1 && image.height === 1),
    ).toBe(true);
    expect(document.chapters.map((chapter) => chapter.imageId)).toEqual(
      document.chapters.map((chapter) => `img-${chapter.id}`),
    );
    expect(validateDocument(document)).toBe(true);
  });

  it('hands the book to the fallback illustrator when pictures are asked for but no image model is set', async () => {
    const illustrate = jest.fn((document: BookDocument, _seed: string): BookDocument => ({
      ...document,
      coverImageId: 'drawn',
    }));
    const { server, provider } = await setUp({}, {}, { illustrate });
    const outcome = await provider.generate(bookRequest({ images: true }), new RecordingProgress());
    expect(illustrate).toHaveBeenCalledTimes(1);
    expect(illustrate.mock.calls[0]![1]).toBe('job-0001');
    expect(outcome.document.coverImageId).toBe('drawn');
    expect(server.calls.some((call) => call.kind === 'image')).toBe(false);
  });

  it('lets the model choose type and style for automatic, and falls back to novel and drama on nonsense', async () => {
    const manga = await setUp({
      plan: (prompt) => {
        const plan = fakePlan(prompt);
        const sections = plan.sections as Array<Record<string, unknown>>;
        // A manga needs more pages than the novel line of the prompt, which the fake reads, asks for.
        return { ...plan, type: 'Manga', style: 'noir', sections: [...sections, ...sections.slice(0, 4)] };
      },
    });
    const chosen = await manga.provider.generate(
      bookRequest({ type: 'automatic', style: 'automatic' }),
      new RecordingProgress(),
    );
    expect(manga.server.calls[0]!.prompt).toContain('Book type: choose the one that suits the premise best');
    expect(chosen.document.metadata).toMatchObject({ type: 'manga', style: 'noir', readingDirection: 'rtl' });
    const page = chosen.document.chapters[0]!;
    expect(page.kind).toBe('page');
    expect(page.blocks.map((block) => (block.kind === 'panel' ? block.number : 0))).toEqual([1, 2, 3]);
    expect(validateDocument(chosen.document)).toBe(true);

    const odd = await setUp({ plan: (prompt) => ({ ...fakePlan(prompt), type: 'poem', style: 'vaporwave' }) });
    const fallback = await odd.provider.generate(
      bookRequest({ type: 'automatic', style: 'automatic' }),
      new RecordingProgress(),
    );
    expect(fallback.document.metadata).toMatchObject({ type: 'novel', style: 'drama' });
  });

  it('gathers the lessons’ key terms into a glossary at the end of a textbook', async () => {
    const { provider } = await setUp();
    const outcome = await provider.generate(bookRequest({ type: 'textbook' }), new RecordingProgress());
    const chapters = outcome.document.chapters;
    const lessons = chapters.filter((chapter) => chapter.kind === 'lesson');
    expect(lessons).toHaveLength(8);
    expect(lessons[0]!.blocks[0]).toEqual({ kind: 'list', ordered: false, items: ['Explain idea 1', 'Apply idea 1'] });
    expect(lessons.some((lesson) => lesson.blocks.some((block) => block.kind === 'glossary_entry'))).toBe(false);
    expect(lessons[0]!.blocks.some((block) => block.kind === 'exercise')).toBe(true);
    const glossary = chapters.at(-1)!;
    expect(glossary).toMatchObject({ id: 'glossary', kind: 'glossary', number: 9 });
    expect(glossary.blocks).toHaveLength(8);
    expect(outcome.document.frontMatter.objectives).toEqual(['Understand the basics', 'Practise the methods']);
    expect(validateDocument(outcome.document)).toBe(true);
  });

  it('ends a non-fiction book with its sources', async () => {
    const { provider } = await setUp({}, {}, {});
    const outcome = await provider.generate(bookRequest({ type: 'non_fiction' }), new RecordingProgress());
    expect(outcome.document.chapters.at(-1)).toMatchObject({
      kind: 'sources',
      blocks: [{ kind: 'list', ordered: false, items: ['Rachel Carson, The Sea Around Us (1951)'] }],
    });
  });

  it('does not start further chapters once one has failed for good', async () => {
    const { server, provider } = await setUp(
      { script: combineScripts(failSection(2, 403)), delayMs: 20 },
      { concurrency: 2 },
    );
    const error = await failureOf(provider.generate(bookRequest(), new RecordingProgress()));
    expect(error.permanent).toBe(true);
    // Sections 1 and 2 start together; at most the one queued when 2 failed may still start.
    expect(server.calls.filter((call) => call.kind === 'section').length).toBeLessThanOrEqual(3);
  });
});
