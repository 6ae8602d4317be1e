import type { ServerResponse } from 'node:http';
import { ScriptoriumClient } from '../../src/client';
import type { JobStatus } from '../../src/types';
import {
  ContractServer,
  errorEnvelope,
  jobStatus,
  openEventStream,
  sendJson,
  sseEvent,
} from '../support/contract-server';

const ID = '3f0b2c7e-5d1a-4c8e-9a51-2f6f0c1d9b7a';
const EVENTS = `GET /v1/status/${ID}/events`;
const STATUS = `GET /v1/status/${ID}`;

/**
 * The event stream as the real service cannot be made to serve it on demand:
 * split across writes, broken, ended early, silent, finished on a
 * reconnect, refused or missing (404/405, as an older service or a proxy
 * answers). A local server plays each.
 */
describe('books.waitForCompletion when the event stream misbehaves or is missing (local contract server)', () => {
  let server: ContractServer;
  let client: ScriptoriumClient;

  beforeEach(async () => {
    server = new ContractServer();
    client = new ScriptoriumClient({ baseUrl: await server.start(), apiKey: 'bk_live_test' });
  });
  afterEach(() => server.stop());

  it('follows the event stream through heartbeats and events split across writes, to the terminal event', async () => {
    server.route(EVENTS, async (_request, response) => {
      openEventStream(response);
      response.write(': heartbeat\n\n');
      response.write(sseEvent(1, jobStatus(ID, 'queued', 0)));
      const processing = sseEvent(2, jobStatus(ID, 'processing', 40));
      response.write(processing.slice(0, 17));
      await new Promise((done) => setTimeout(done, 20));
      response.write(processing.slice(17) + ': heartbeat\r\n\r\n');
      response.end(sseEvent(3, jobStatus(ID, 'completed', 100)));
    });
    const seen: JobStatus[] = [];

    const finished = await client.books.waitForCompletion(ID, { onStatus: (status) => seen.push(status) });

    expect(finished.status).toBe('completed');
    expect(seen.map((status) => [status.status, status.progress])).toEqual([
      ['queued', 0],
      ['processing', 40],
      ['completed', 100],
    ]);
    expect(server.requestsTo(EVENTS)[0]?.headers.accept).toBe('text/event-stream');
    expect(server.requestsTo(STATUS)).toHaveLength(0);
  });

  it('reopens a broken stream with Last-Event-ID of the last event it received', async () => {
    let firstConnection: ServerResponse | undefined;
    server.route(EVENTS, (request, response) => {
      openEventStream(response);
      if (request.headers['last-event-id'] === undefined) {
        firstConnection = response;
        response.write('retry: 10\n\n');
        response.write(sseEvent(1, jobStatus(ID, 'queued', 0)));
        response.write(sseEvent(2, jobStatus(ID, 'processing', 30)));
        return;
      }
      response.end(sseEvent(7, jobStatus(ID, 'failed', 30, { error: 'Cancelled', errorMessage: 'Cancelled' })));
    });

    const finished = await client.books.waitForCompletion(ID, {
      // The connection breaks once the client has the second event, before the job finishes.
      onStatus: (status) => {
        if (status.progress === 30 && status.status === 'processing') firstConnection?.socket?.destroy();
      },
    });

    expect(finished).toMatchObject({ status: 'failed', error: 'Cancelled' });
    expect(server.requestsTo(EVENTS).map((request) => request.headers['last-event-id'])).toEqual([undefined, '2']);
  });

  it('reopens a stream the server ended before the terminal event', async () => {
    server.route(EVENTS, (request, response) => {
      openEventStream(response);
      if (request.headers['last-event-id'] === undefined) {
        response.write('retry: 10\n\n');
        response.end(sseEvent(3, jobStatus(ID, 'processing', 60)));
        return;
      }
      response.end(sseEvent(4, jobStatus(ID, 'completed', 100)));
    });

    await expect(client.books.waitForCompletion(ID)).resolves.toMatchObject({ status: 'completed' });
    expect(server.requestsTo(EVENTS).map((request) => request.headers['last-event-id'])).toEqual([undefined, '3']);
  });

  it('reads the final state from GET /v1/status when a reconnect is answered 204 (the job has ended)', async () => {
    let firstConnection: ServerResponse | undefined;
    server.route(EVENTS, (request, response) => {
      if (request.headers['last-event-id'] !== undefined) {
        // As the service answers it: the stream's headers, no body.
        response.writeHead(204, { 'Content-Type': 'text/event-stream' }).end();
        return;
      }
      openEventStream(response);
      firstConnection = response;
      response.write('retry: 10\n\n');
      response.write(sseEvent(1, jobStatus(ID, 'processing', 90)));
    });
    server.route(STATUS, (_request, response) => sendJson(response, 200, jobStatus(ID, 'completed', 100)));

    const finished = await client.books.waitForCompletion(ID, {
      pollIntervalMs: 10,
      onStatus: (status) => {
        if (status.status === 'processing') firstConnection?.socket?.destroy();
      },
    });

    expect(finished.status).toBe('completed');
    expect(server.requestsTo(EVENTS).map((request) => request.headers['last-event-id'])).toEqual([undefined, '1']);
    expect(server.requestsTo(STATUS)).toHaveLength(1);
  });

  it('reopens a stream that stays silent longer than the heartbeat timeout', async () => {
    server.route(EVENTS, (request, response) => {
      openEventStream(response);
      response.write('retry: 10\n\n');
      response.write(sseEvent(4, jobStatus(ID, 'processing', 50)));
      // Then nothing, not even a heartbeat, on the first connection.
      if (request.headers['last-event-id'] === '4') response.end(sseEvent(5, jobStatus(ID, 'completed', 100)));
    });

    const finished = await client.books.waitForCompletion(ID, { heartbeatTimeoutMs: 1_000 });

    expect(finished.status).toBe('completed');
    const lastEventIds = server.requestsTo(EVENTS).map((request) => request.headers['last-event-id']);
    expect(lastEventIds[0]).toBeUndefined();
    expect(lastEventIds.at(-1)).toBe('4');
  });

  it.each([
    [404, errorEnvelope('NOT_FOUND', 'Route GET /v1/status/x/events not found')],
    [405, errorEnvelope('METHOD_NOT_ALLOWED', 'Method not allowed')],
  ])('falls back to polling GET /v1/status when the stream endpoint answers %i', async (status, body) => {
    server.route(EVENTS, (_request, response) => sendJson(response, status, body));
    let polls = 0;
    server.route(STATUS, (_request, response) => {
      polls++;
      sendJson(response, 200, polls < 3 ? jobStatus(ID, 'processing', polls * 30) : jobStatus(ID, 'completed', 100));
    });
    const seen: number[] = [];

    const finished = await client.books.waitForCompletion(ID, {
      pollIntervalMs: 10,
      onStatus: (status) => seen.push(status.progress),
    });

    expect(finished.status).toBe('completed');
    expect(seen).toEqual([30, 60, 100]);
    expect(server.requestsTo(EVENTS)).toHaveLength(1);
  });

  it('falls back to polling when the stream connection fails', async () => {
    server.route(EVENTS, (_request, response) => {
      response.socket?.destroy();
    });
    server.route(STATUS, (_request, response) => sendJson(response, 200, jobStatus(ID, 'completed', 100)));

    const finished = await client.books.waitForCompletion(ID, { pollIntervalMs: 10 });

    expect(finished.status).toBe('completed');
    expect(server.requestsTo(STATUS)).toHaveLength(1);
  });

  it('falls back to polling when the answer is not an event stream', async () => {
    server.route(EVENTS, (_request, response) => sendJson(response, 200, jobStatus(ID, 'processing', 10)));
    server.route(STATUS, (_request, response) => sendJson(response, 200, jobStatus(ID, 'completed', 100)));

    await expect(client.books.waitForCompletion(ID, { pollIntervalMs: 10 })).resolves.toMatchObject({
      status: 'completed',
    });
  });

  it('gives up a stream that keeps breaking without events, and polls', async () => {
    server.route(EVENTS, (_request, response) => {
      openEventStream(response);
      response.write('retry: 5\n\n');
      response.end(': heartbeat\n\n');
    });
    server.route(STATUS, (_request, response) => sendJson(response, 200, jobStatus(ID, 'completed', 100)));

    const finished = await client.books.waitForCompletion(ID, { maxReconnects: 2, pollIntervalMs: 10 });

    expect(finished.status).toBe('completed');
    // The first connection and two reconnections.
    expect(server.requestsTo(EVENTS)).toHaveLength(3);
  });
});
