import type { ScriptoriumClient } from '../../src/client';
import { JobAlreadyFinishedError, NotFoundError } from '../../src/errors';
import type { JobStatus } from '../../src/types';
import { recordingFetch } from '../support/recording-fetch';
import { clientFor, createApiKey } from '../support/service-under-test';

/** What one connection to the event stream carried to the client. */
interface StreamConnection {
  lastEventId: string | null;
  /** The ids of the events the client was given on it, in order. */
  eventIds: number[];
}

/** The end of each complete frame of an event stream, with its id (null for comments and `retry:`). */
function completeFrames(text: string): Array<{ end: number; id: number | null }> {
  const frames: Array<{ end: number; id: number | null }> = [];
  let start = 0;
  for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n', start)) {
    const id = /^id: (\d+)$/m.exec(text.slice(start, end))?.[1];
    frames.push({ end: end + 2, id: id === undefined ? null : Number(id) });
    start = end + 2;
  }
  return frames;
}

/**
 * The body of an event stream, passed on as it arrives and recorded; when
 * `cutAfterFirstEvent`, the connection breaks right after the first event,
 * as a dropped connection would break it.
 */
function observedStream(
  source: ReadableStream<Uint8Array>,
  connection: StreamConnection,
  cutAfterFirstEvent: boolean,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let text = '';
  let broken = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (broken) {
        controller.error(new TypeError('terminated', { cause: new Error('connection cut by the test') }));
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      const delivered = text.length;
      text += decoder.decode(value, { stream: true });
      const frames = completeFrames(text);
      const firstEvent = cutAfterFirstEvent ? frames.find((frame) => frame.id !== null) : undefined;
      if (!firstEvent) {
        connection.eventIds = frames.flatMap((frame) => (frame.id === null ? [] : [frame.id]));
        controller.enqueue(encoder.encode(text.slice(delivered)));
        return;
      }
      connection.eventIds = [firstEvent.id!];
      controller.enqueue(encoder.encode(text.slice(delivered, firstEvent.end)));
      await reader.cancel();
      // Errored at the next read, so that the client gets the event first.
      broken = true;
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** A fetch whose event-stream answers are observed, the first one of them broken after its first event. */
function fetchBreakingFirstStream() {
  const connections: StreamConnection[] = [];
  const recorder = recordingFetch();
  const fetchFn: typeof fetch = async (input, init) => {
    const response = await recorder.fetch(input, init);
    const request = recorder.sent.at(-1)!;
    if (!request.path.endsWith('/events') || !response.body) return response;
    const connection: StreamConnection = { lastEventId: request.headers.get('last-event-id'), eventIds: [] };
    connections.push(connection);
    const body = observedStream(response.body, connection, connections.length === 1);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: fetchFn, connections, recorder };
}

/** books.waitForCompletion over the service's own event stream (GET /v1/status/{id}/events). */
describe('waitForCompletion over the real event stream', () => {
  let client: ScriptoriumClient;

  beforeAll(async () => {
    client = clientFor(await createApiKey('event stream'));
  });

  it('follows the stream to the completed status without polling GET /v1/status', async () => {
    const recorder = recordingFetch();
    const following = clientFor(undefined, { fetch: recorder.fetch });
    const { requestId } = await client.books.create({ prompt: 'A tale told in events', output_format: 'md' });
    const seen: JobStatus[] = [];

    const finished = await following.books.waitForCompletion(requestId, { onStatus: (status) => seen.push(status) });

    expect(finished).toMatchObject({ requestId, status: 'completed', progress: 100 });
    expect(recorder.to(`GET /v1/status/${requestId}/events`)).toHaveLength(1);
    expect(recorder.to(`GET /v1/status/${requestId}`)).toHaveLength(0);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toEqual(finished);
    const progress = seen.map((status) => status.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('resolves at once with a job that has already finished: the stream’s first event is its final state', async () => {
    const { requestId } = await client.books.create({ prompt: 'Finished before anyone asked' });
    const done = await client.books.waitForCompletion(requestId);
    const recorder = recordingFetch();

    const again = await clientFor(undefined, { fetch: recorder.fetch }).books.waitForCompletion(requestId);

    expect(again).toEqual(done);
    expect(recorder.sent.map((request) => request.path)).toEqual([`/v1/status/${requestId}/events`]);
  });

  it('reopens a broken stream with Last-Event-ID and is sent only the events after it', async () => {
    const breaking = fetchBreakingFirstStream();
    const following = clientFor(undefined, { fetch: breaking.fetch });
    // Long enough that the job is still running when the first connection breaks.
    const { requestId } = await client.books.create({ prompt: 'An epic interrupted', model: '3.0' });
    const seen: JobStatus[] = [];

    const finished = await following.books.waitForCompletion(requestId, { onStatus: (status) => seen.push(status) });

    expect(finished).toMatchObject({ requestId, status: 'completed' });
    expect(seen[0]?.status).toMatch(/^(queued|processing)$/);
    const [first, second, ...more] = breaking.connections;
    expect(more).toHaveLength(0);
    expect(first?.eventIds).toHaveLength(1);
    expect(second?.lastEventId).toBe(String(first?.eventIds[0]));
    expect(second?.eventIds.length).toBeGreaterThan(0);
    expect(second?.eventIds.every((id) => id > first!.eventIds[0]!)).toBe(true);
    expect(breaking.recorder.to(`GET /v1/status/${requestId}`)).toHaveLength(0);
  });

  it('rejects with NotFoundError for an unknown job', async () => {
    await expect(client.books.waitForCompletion('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('stops waiting when the caller aborts', async () => {
    const { requestId } = await client.books.create({ prompt: 'Nobody waits for this one', model: '3.0' });
    const controller = new AbortController();

    const waiting = client.books.waitForCompletion(requestId, {
      signal: controller.signal,
      onStatus: () => controller.abort(new Error('caller gave up')),
    });

    await expect(waiting).rejects.toThrow('caller gave up');
    // Only to spare the shared worker the rest of the epic.
    await client.books.cancel(requestId).catch((error: unknown) => {
      if (!(error instanceof JobAlreadyFinishedError)) throw error;
    });
  });
});
