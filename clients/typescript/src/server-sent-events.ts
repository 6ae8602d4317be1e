/** One dispatched event of a text/event-stream. */
export interface ServerSentEvent {
  /** `message` when the stream named none. */
  event: string;
  data: string;
  /** The last event id seen so far (ids persist across events, as in EventSource). */
  id: string | undefined;
}

export interface ServerSentEventHandlers {
  onEvent(event: ServerSentEvent): void;
  /** A `retry:` field: the reconnection delay the server asks for. */
  onRetry?(milliseconds: number): void;
  /** A comment line (`: heartbeat`), without its colon. */
  onComment?(text: string): void;
}

/**
 * An incremental parser of the event-stream format of the HTML standard
 * (9.2.6 "Interpreting an event stream"): feed it text as it arrives, in
 * chunks cut anywhere. Small enough that the client needs no dependency.
 */
export class ServerSentEventParser {
  private buffer = '';
  private started = false;
  /** A chunk ended in CR: a LF opening the next chunk belongs to the same line end. */
  private pendingCarriageReturn = false;
  private eventType = '';
  private data: string[] = [];
  private lastEventId: string | undefined;

  constructor(private readonly handlers: ServerSentEventHandlers) {}

  feed(chunk: string): void {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    if (this.pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.pendingCarriageReturn = false;
    this.buffer += text;

    let lineStart = 0;
    for (let index = 0; index < this.buffer.length; index++) {
      const character = this.buffer[index];
      if (character !== '\n' && character !== '\r') continue;
      this.processLine(this.buffer.slice(lineStart, index));
      if (character === '\r') {
        if (index + 1 === this.buffer.length) this.pendingCarriageReturn = true;
        else if (this.buffer[index + 1] === '\n') index++;
      }
      lineStart = index + 1;
    }
    this.buffer = this.buffer.slice(lineStart);
  }

  private processLine(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);

    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
      // Unknown fields are ignored, as the standard requires.
    }
  }

  private dispatch(): void {
    const eventType = this.eventType;
    const data = this.data;
    this.eventType = '';
    this.data = [];
    if (data.length === 0) return;
    this.handlers.onEvent({ event: eventType || 'message', data: data.join('\n'), id: this.lastEventId });
  }
}
