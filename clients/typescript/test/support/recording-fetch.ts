export interface SentRequest {
  method: string;
  /** The path without the query, e.g. `/v1/status/<id>`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
}

export interface RecordingFetchOptions {
  /** `METHOD /path`: the first answer to it is read, then lost, as if the connection broke after the service acted. */
  loseFirstAnswerTo?: string;
}

/**
 * A fetch that records what the client sends to the real service, so that a
 * test can tell how the client got its answer (how many pages, polls,
 * retries), and can lose one answer after the service has acted on it.
 */
export function recordingFetch(options: RecordingFetchOptions = {}) {
  const sent: SentRequest[] = [];
  const lostAnswers: unknown[] = [];
  let lost = false;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, query: url.searchParams, headers: new Headers(init?.headers) });
    const response = await fetch(input, init);
    if (!lost && `${method} ${url.pathname}` === options.loseFirstAnswerTo) {
      lost = true;
      lostAnswers.push(await response.json());
      throw new TypeError('fetch failed', {
        cause: new Error('socket hang up (simulated after the service answered)'),
      });
    }
    return response;
  };
  return {
    fetch: fetchFn,
    sent,
    lostAnswers,
    /** The requests to `METHOD /path`, in order. */
    to: (methodAndPath: string) => sent.filter((request) => `${request.method} ${request.path}` === methodAndPath),
  };
}
