/**
 * The book the builtin provider writes for a request, for the writers' specs
 * (story and non-fiction alike). It runs the provider itself (its seed, its
 * choice of writer, its section loop, checkpoints and back matter), so the
 * specs test the books clients get; it only adds the world and outline the
 * provider handed the writer, which the document does not carry.
 */
import type { BookChapter } from '../../../book/book-document';
import type { BookGenerationRequest, GenerationContext, SectionCheckpointStore } from '../../book-provider';
import { GenerationCancelledError } from '../../generation.errors';
import { BuiltinBookProvider } from '../builtin-book.provider';
import type { Random } from '../prng';
import { blockTexts } from '../text';
import type { BookOutline, SectionOutline, TypeWriter } from '../type-writer';
import type { World } from '../world';
import { generationRequest } from '../../testing/generation-request';

/** What the provider planned for a request and handed the writer. */
export interface BookPlan {
  world: World;
  outline: BookOutline;
}

export interface WrittenBook extends BookPlan {
  chapters: BookChapter[];
  words: number;
  /**
   * Writes one section again on its own: the provider runs once more with
   * every other section in its checkpoints, as when a retried job resumes.
   */
  rewrite(section: SectionOutline): Promise<BookChapter>;
}

/** A writer class; the provider makes and keeps its own instance. */
export interface WriterClass {
  readonly name: string;
  readonly prototype: TypeWriter;
}

/** The writer specs' request: a course on astronomy, unless a test says otherwise. */
export function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return generationRequest({
    prompt: 'Introduction to astronomy for beginners',
    style: 'western',
    type: 'textbook',
    author: 'Test Author',
    outputFormat: 'txt',
    ...overrides,
  });
}

/** A checkpoint store in memory, holding `stored` and recording what the provider saves. */
function memoryCheckpoints(stored: ReadonlyMap<string, BookChapter> = new Map()): {
  store: SectionCheckpointStore;
  saved: Map<string, BookChapter>;
} {
  const saved = new Map<string, BookChapter>();
  return {
    saved,
    store: {
      load: () => Promise.resolve(new Map(stored)),
      save: (_requestId, key, chapter) => {
        saved.set(key, chapter);
        return Promise.resolve();
      },
    },
  };
}

function runContext(checkpoints: SectionCheckpointStore, signal = new AbortController().signal): GenerationContext {
  return { progress: { report: () => Promise.resolve() }, checkpoints, signal };
}

/**
 * Runs `run` (one provider run for `request`) while recording what the
 * provider hands `Writer.outline`, and fails unless it outlined exactly one
 * book with `Writer`.
 */
async function recordPlan<T>(
  Writer: WriterClass,
  request: BookGenerationRequest,
  run: () => Promise<T>,
): Promise<{ plan: BookPlan; result: T }> {
  const handed: BookPlan[] = [];
  const writeOutline = Writer.prototype.outline;
  function recordOutline(this: TypeWriter, world: World, random: Random): BookOutline {
    const outline = writeOutline.call(this, world, random);
    handed.push({ world, outline });
    return outline;
  }
  const outlining = jest.spyOn(Writer.prototype, 'outline').mockImplementation(recordOutline);
  const result = await run().finally(() => outlining.mockRestore());
  const [plan] = handed;
  if (!plan || handed.length !== 1) {
    throw new Error(`The builtin provider did not outline this ${request.type} with ${Writer.name}`);
  }
  return { plan, result };
}

/**
 * Has the builtin provider write the book for `overrides` (a textbook by
 * default), and fails unless the provider gave the request to `Writer`.
 */
export async function writeBook(
  Writer: WriterClass,
  overrides: Partial<BookGenerationRequest> = {},
): Promise<WrittenBook> {
  const request = bookRequest(overrides);
  const provider = new BuiltinBookProvider();
  const first = memoryCheckpoints();
  const { plan, result } = await recordPlan(Writer, request, () => provider.generate(request, runContext(first.store)));

  const rewrite = async (section: SectionOutline): Promise<BookChapter> => {
    const others = new Map([...first.saved].filter(([key]) => key !== section.key));
    const resumed = memoryCheckpoints(others);
    await provider.generate(request, runContext(resumed.store));
    const written = resumed.saved.get(section.key);
    if (!written || resumed.saved.size !== 1) {
      throw new Error(`The resumed run wrote ${[...resumed.saved.keys()].join(', ') || 'nothing'}, not ${section.key}`);
    }
    return written;
  };

  const { document } = result;
  return { ...plan, chapters: document.chapters, words: document.metadata.wordCount, rewrite };
}

/**
 * The world and outline the builtin provider plans for `overrides`, without
 * writing a section: the run is cancelled from the start, and the provider
 * plans before it first checks for cancellation.
 */
export async function planBook(Writer: WriterClass, overrides: Partial<BookGenerationRequest> = {}): Promise<BookPlan> {
  const request = bookRequest(overrides);
  const cancelled = new AbortController();
  cancelled.abort();
  const { plan } = await recordPlan(Writer, request, async () => {
    try {
      await new BuiltinBookProvider().generate(request, runContext(memoryCheckpoints().store, cancelled.signal));
    } catch (error) {
      if (error instanceof GenerationCancelledError) return;
      throw error;
    }
    throw new Error('The builtin provider wrote a book for a cancelled run');
  });
  return plan;
}

/** Every readable sentence of a chapter, joined. */
export function chapterText(chapter: BookChapter): string {
  return chapter.blocks.flatMap(blockTexts).join('\n');
}
