import type { BookGenerationRequest } from '../book-provider';

/**
 * The request every generation spec starts from: a short mystery about Mara,
 * every default applied, as a job hands it to a provider. A spec overrides
 * only what it is about, so a new request field is added here once.
 */
export function generationRequest(overrides: Partial<BookGenerationRequest> = {}): BookGenerationRequest {
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
