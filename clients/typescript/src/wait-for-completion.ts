import type { HttpClient } from './http-client';
import { sleep } from './http-client';
import { ServerSentEventParser } from './server-sent-events';
import type { FinishedJobStatus, JobStatus } from './types';

export interface WaitForCompletionOptions {
  /** Stops waiting (the promise rejects with the signal's reason); `AbortSignal.timeout(ms)` sets a deadline. */
  signal?: AbortSignal;
  /** Called with every new state of the job, the first one included. */
  onStatus?: (status: JobStatus) => void;
  /** `auto` (default): the event stream, polling when the stream cannot be had; `polling`: polling only. */
  transport?: 'auto' | 'polling';
  /** Between two polls; default 5,000 ms. */
  pollIntervalMs?: number;
  /**
   * A stream silent this long is taken as broken and reopened; default
   * 45,000 ms, three times the service's heartbeat interval.
   */
  heartbeatTimeoutMs?: number;
  /** Reopenings in a row that bring no event before the client gives up the stream for polling; default 5. */
  maxReconnects?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 5_000;
const DEFAULT_HEARTBEAT_TIMEOUT_MS = 45_000;
const DEFAULT_MAX_RECONNECTS = 5;
/** The standard's suggested reconnection delay, until the stream sends `retry:`. */
const DEFAULT_RECONNECT_DELAY_MS = 1_000;

export function isFinished(status: JobStatus): status is FinishedJobStatus {
  return status.status === 'completed' || status.status === 'failed';
}

/**
 * Follows a job until it completes or fails: GET /v1/status/{id}/events
 * (reopened with Last-Event-ID when it breaks), or GET /v1/status/{id}
 * polling when the stream cannot be had (a service without it answers 404 or
 * 405; a proxy may refuse it). An unknown id then surfaces as the
 * NotFoundError of the status endpoint.
 */
export async function waitForCompletion(
  http: HttpClient,
  requestId: string,
  options: WaitForCompletionOptions = {},
): Promise<FinishedJobStatus> {
  const report = reporter(options.onStatus);
  if (options.transport !== 'polling') {
    const finished = await followEvents(http, requestId, options, report);
    if (finished) return finished;
  }
  return poll(http, requestId, options, report);
}

type Report = (status: JobStatus) => void;

/** Reports each distinct state once, also across a fall back from the stream to polling. */
function reporter(onStatus: WaitForCompletionOptions['onStatus']): Report {
  let previous: string | undefined;
  return (status) => {
    const fingerprint = JSON.stringify(status);
    if (fingerprint === previous) return;
    previous = fingerprint;
    onStatus?.(status);
  };
}

/**
 * The finished status, or null when the status endpoint should take over:
 * the stream cannot be had, or a reconnect was answered 204 (finished).
 */
async function followEvents(
  http: HttpClient,
  requestId: string,
  options: WaitForCompletionOptions,
  report: Report,
): Promise<FinishedJobStatus | null> {
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS;
  const maxReconnects = options.maxReconnects ?? DEFAULT_MAX_RECONNECTS;
  const stream: StreamState = { lastEventId: undefined, reconnectDelayMs: DEFAULT_RECONNECT_DELAY_MS };
  let fruitlessReconnects = 0;

  for (;;) {
    const connection = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, connection.signal]) : connection.signal;
    let response: Response;
    try {
      response = await http.send({
        method: 'GET',
        path: `/status/${encodeURIComponent(requestId)}/events`,
        headers: {
          Accept: 'text/event-stream',
          ...(stream.lastEventId !== undefined ? { 'Last-Event-ID': stream.lastEventId } : {}),
        },
        authenticated: false,
        retry: 'none',
        streaming: true,
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return null;
    }
    if (response.status === 204) {
      // The job has ended and the stream has nothing we lack: its final state is GET /v1/status's.
      return null;
    }
    if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }

    const outcome = await readEvents(response.body, connection, heartbeatTimeoutMs, stream, report);
    if (outcome.finished) return outcome.finished;
    options.signal?.throwIfAborted();
    fruitlessReconnects = outcome.receivedEvent ? 0 : fruitlessReconnects + 1;
    if (fruitlessReconnects > maxReconnects) return null;
    await sleep(stream.reconnectDelayMs, options.signal);
  }
}

interface StreamState {
  lastEventId: string | undefined;
  reconnectDelayMs: number;
}

/** Reads one connection until the job finishes, the server ends it, it breaks, or it stays silent too long. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  connection: AbortController,
  heartbeatTimeoutMs: number,
  stream: StreamState,
  report: Report,
): Promise<{ finished?: FinishedJobStatus; receivedEvent: boolean }> {
  let finished: FinishedJobStatus | undefined;
  let receivedEvent = false;
  const parser = new ServerSentEventParser({
    onEvent(event) {
      if (event.event !== 'status') return;
      let status: JobStatus;
      try {
        status = JSON.parse(event.data) as JobStatus;
      } catch {
        return;
      }
      receivedEvent = true;
      stream.lastEventId = event.id;
      report(status);
      if (isFinished(status)) finished = status;
    },
    onRetry(milliseconds) {
      stream.reconnectDelayMs = milliseconds;
    },
  });

  let silence: NodeJS.Timeout | undefined;
  const armSilenceTimer = () => {
    clearTimeout(silence);
    silence = setTimeout(() => connection.abort(new Error('event stream silent')), heartbeatTimeoutMs);
  };
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  armSilenceTimer();
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      if (done) break;
      armSilenceTimer();
      parser.feed(value);
    }
  } catch {
    // A broken or silenced connection: the caller reopens it.
  } finally {
    clearTimeout(silence);
    // Closes the connection when the job finished before the server ended it.
    await reader.cancel().catch(() => undefined);
  }
  return { finished, receivedEvent };
}

async function poll(
  http: HttpClient,
  requestId: string,
  options: WaitForCompletionOptions,
  report: Report,
): Promise<FinishedJobStatus> {
  const intervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  for (;;) {
    const status = await http.json<JobStatus>({
      method: 'GET',
      path: `/status/${encodeURIComponent(requestId)}`,
      authenticated: false,
      retry: 'idempotent',
      signal: options.signal,
    });
    report(status);
    if (isFinished(status)) return status;
    await sleep(intervalMs, options.signal);
  }
}
