import type { BookGenerationRequest, GenerationContext } from '../../book-provider';
import { OpenAiBookProvider } from '../openai-book.provider';
import type { OpenAiModelSettings } from '../openai-settings';
import { startFakeChatServer, type FakeChatServer, type FakeChatServerOptions } from './fake-chat-server';

/** What the provider's specs ask for unless a test says otherwise: a short mystery about Mara. */
export function bookRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
  return {
    requestId: '00000000-0000-4000-8000-000000000001',
    prompt: 'A lighthouse keeper named Mara finds a map that leads under the sea. The mayor is the culprit.',
    style: 'mystery',
    type: 'short_story',
    images: false,
    author: 'Ada',
    customTone: '',
    model: '2.0',
    outputFormat: 'json',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A provider talking to a fresh fake OpenAI-compatible server; the caller closes the server. */
export async function startProvider(
  options: FakeChatServerOptions = {},
  settings: Partial<OpenAiModelSettings> = {},
): Promise<{ provider: OpenAiBookProvider; server: FakeChatServer }> {
  const server = await startFakeChatServer(options);
  const provider = new OpenAiBookProvider({
    baseUrl: server.baseUrl,
    apiKey: '',
    model: 'writer-model',
    plannerModel: 'planner-model',
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    maxRetries: 2,
    concurrency: 4,
    ...settings,
  });
  return { provider, server };
}

/** A generation context that records the progress messages it is given. */
export function generationContext(
  overrides: Partial<GenerationContext> = {},
): GenerationContext & { messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    progress: {
      report: (_progress, message) => {
        if (message !== undefined) messages.push(message);
        return Promise.resolve();
      },
    },
    signal: new AbortController().signal,
    ...overrides,
  };
}
