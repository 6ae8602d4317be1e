import type { GenerationContext } from '../../book-provider';
import { OpenAiBookProvider, type OpenAiBookProviderOptions } from '../pipeline/openai-book.provider';
import type { OpenAiModelSettings } from '../client/openai-settings';
import { startFakeChatServer, type FakeChatServer, type FakeChatServerOptions } from './fake-chat-server';
import { generationRequest } from '../../testing/generation-request';

/** What the provider's specs ask for unless a test says otherwise: the shared request, a short mystery about Mara. */
export const bookRequest = generationRequest;

/** A provider talking to a fresh fake OpenAI-compatible server; the caller closes the server. */
export async function startProvider(
  options: FakeChatServerOptions = {},
  settings: Partial<OpenAiModelSettings> = {},
  providerOptions: OpenAiBookProviderOptions = {},
): Promise<{ provider: OpenAiBookProvider; server: FakeChatServer }> {
  const server = await startFakeChatServer(options);
  const provider = new OpenAiBookProvider(fakeServerSettings(server, settings), providerOptions);
  return { provider, server };
}

/** The provider's settings for talking to `server`: a writer and a planner model, short timeouts, 2 retries. */
export function fakeServerSettings(
  server: FakeChatServer,
  settings: Partial<OpenAiModelSettings> = {},
): OpenAiModelSettings {
  return {
    baseUrl: server.baseUrl,
    apiKey: '',
    model: 'writer-model',
    plannerModel: 'planner-model',
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    maxRetries: 2,
    concurrency: 4,
    ...settings,
  };
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
