/**
 * One real run replayed through the pipeline as it is now: the recorded chat server answers each request
 * with the answer the model gave, and the provider writes the book from them. Shared by real-runs.spec.ts
 * and `npm run bench:real-runs`, so both replay the same request with the same settings.
 */
import type { BookDocument } from '../../../book/book-document';
import { bookShape, type ConcreteBookType, type SectionLabel } from '../../../book/book-shapes';
import { progressWords } from '../../progress-words';
import type { BookStyle, BookType, ModelId, OutputFormat } from '../../../catalog/catalog';
import type { GenerationReport } from '../../generation-report';
import { OpenAiBookProvider } from '../pipeline/openai-book.provider';
import { bookRequest, generationContext } from './provider-harness';
import { startRecordedChatServer, type RealRun, type ServedCall } from './recorded-chat-server';

export interface ReplayedRun {
  document: BookDocument;
  report: GenerationReport;
  /** Every request the pipeline made, and which recorded answer served it. */
  served: ServedCall[];
  /** The job's progress messages. */
  messages: string[];
  /** Each section asked for more words though its answer was not cut, as its message says: words written, budget. */
  topUps: Array<{ written: number; budget: number }>;
}

export async function replayRealRun(run: RealRun): Promise<ReplayedRun> {
  const server = await startRecordedChatServer(run);
  const provider = new OpenAiBookProvider({
    baseUrl: server.baseUrl,
    apiKey: '',
    model: 'relay-writer',
    plannerModel: 'relay-writer',
    timeoutMs: 30_000,
    idleTimeoutMs: 30_000,
    maxRetries: 0,
    concurrency: 4,
  });
  const context = generationContext();
  try {
    const { document, report } = await provider.generate(
      bookRequest({
        type: run.job.type as Exclude<BookType, 'automatic'>,
        style: (run.job.style ?? 'automatic') as BookStyle,
        model: (run.job.model ?? '2.0') as ModelId,
        outputFormat: (run.job.output_format ?? 'pdf') as OutputFormat,
        prompt: run.job.prompt,
        images: run.job.images ?? false,
        // What the service gives a job that names no author or tone, as the recorded jobs did not.
        author: 'Scriptorium',
        customTone: '',
      }),
      context,
    );
    const label = bookShape(run.job.type as ConcreteBookType, (run.job.model ?? '2.0') as ModelId).sectionLabel;
    const topUps = topUpsIn(context.messages, document.metadata.language, label);
    return { document, report, served: server.served, messages: context.messages, topUps };
  } finally {
    await server.close();
  }
}

/**
 * The top-ups among `messages`, read with the words of the book's language: the line for one is made with
 * marker numbers, and its numbers become the pattern's groups (a Japanese line gives the budget first).
 */
function topUpsIn(
  messages: string[],
  language: string,
  label: SectionLabel,
): Array<{ written: number; budget: number }> {
  const NUMBER = /\d(?:[\d.,\u00a0\u202f ]*\d)?/g;
  const sample = progressWords(language).askingForTheRest(label, 777, 111_111, 222_222);
  const roles = Array.from(sample.matchAll(NUMBER), (match) => Number(match[0].replace(/\D/g, '')));
  const pattern = new RegExp(
    `^${sample
      .split(NUMBER)
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(\\d(?:[\\d.,\\u00a0\\u202f ]*\\d)?)')}$`,
  );
  return messages.flatMap((message) => {
    const match = pattern.exec(message);
    if (!match) return [];
    const value = (role: number) => Number((match[roles.indexOf(role) + 1] ?? '').replace(/\D/g, ''));
    return [{ written: value(111_111), budget: value(222_222) }];
  });
}
