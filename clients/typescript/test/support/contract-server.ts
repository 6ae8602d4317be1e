import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/**
 * A local HTTP server that answers in the service's shapes, for client tests
 * of what the real service cannot be made to do on demand (a stream that
 * breaks or stays silent, a 5xx, an endpoint an older service lacks). Each
 * test routes `METHOD /path` (path without the query) to a handler and reads
 * back every request the client made.
 */
export class ContractServer {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }

  route(methodAndPath: string, handler: Handler): this {
    this.routes.set(methodAndPath, handler);
    return this;
  }

  /** Requests to one route, in order. */
  requestsTo(methodAndPath: string): RecordedRequest[] {
    return this.requests.filter((request) => `${request.method} ${request.url.split('?')[0]}` === methodAndPath);
  }

  private async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(request);
    const handler = this.routes.get(`${request.method} ${request.url.split('?')[0]}`);
    if (!handler) {
      sendJson(response, 404, errorEnvelope('NOT_FOUND', `Route ${request.method} ${request.url} not found`));
      return;
    }
    await handler(request, response);
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export function errorEnvelope(errorCode: string, error: string, details?: string) {
  return { success: false, error, ...(details !== undefined ? { details } : {}), errorCode };
}

/** A JobStatusDto as GET /v1/status answers it. */
export function jobStatus(
  requestId: string,
  status: 'queued' | 'processing' | 'completed' | 'failed',
  progress: number,
  extra: Record<string, unknown> = {},
) {
  return {
    requestId,
    status,
    progress,
    messages: ['Request accepted and queued'],
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: status === 'completed' || status === 'failed' ? '2026-01-01T00:01:00.000Z' : null,
    creditsUsed: status === 'completed' ? 250 : 0,
    ...(status === 'completed' ? { resultUrl: `http://127.0.0.1/v1/download/${requestId}` } : {}),
    ...extra,
  };
}

/** Opens a text/event-stream answer; write events with `sseEvent`. */
export function openEventStream(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  response.flushHeaders();
}

export function sseEvent(id: number, data: unknown): string {
  return `event: status\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}
