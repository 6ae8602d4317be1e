/**
 * One real run replayed through the pipeline as it is now: the recorded chat server answers each request
 * with the answer the model gave, and the provider writes the book from them. Shared by real-runs.spec.ts
 * and `npm run bench:real-runs`, so both replay the same request with the same settings.
 */
import type { BookDocument } from '../../../book/book-document';
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
    return { document, report, served: server.served, messages: context.messages };
  } finally {
    await server.close();
  }
}
