/**
 * The text/event-stream framing (WHATWG HTML, "Server-sent events"): a frame
 * is lines of `field: value` ended by a blank line; a line starting with a
 * colon is a comment, which keeps proxies and clients from timing out.
 */
export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** Tells EventSource clients how long to wait before reconnecting once a stream ends without a terminal event. */
export function sseRetry(ms: number): string {
  return `retry: ${ms}\n\n`;
}

/** One event; `data` is JSON on one line (JSON.stringify writes no line breaks, which would split the field). */
export function sseEvent(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The Last-Event-ID a reconnecting client sends: our ids are decimal
 * revisions, so anything else (absent, or not ours) means "from the start".
 */
export function parseLastEventId(header: string | undefined): number {
  const value = header?.trim();
  return value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
}
