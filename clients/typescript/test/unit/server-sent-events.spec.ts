import { ServerSentEventParser, type ServerSentEvent } from '../../src/server-sent-events';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = new ServerSentEventParser({
    onEvent: (event) => events.push(event),
    onComment: (text) => comments.push(text),
    onRetry: (milliseconds) => retries.push(milliseconds),
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, retries };
}

const STREAM =
  '\uFEFF: heartbeat\n\n' +
  'event: status\nid: 1\ndata: {"a":1}\n\n' +
  'retry: 2500\r\n' +
  'event: status\r\nid: 2\r\ndata: line one\r\ndata:line two\r\n\r\n' +
  'data: no event name\rid\r\r' +
  'unknown: field\nevent: status\n\n' +
  'id: 9\ndata: last\n\n';

const EXPECTED: ServerSentEvent[] = [
  { event: 'status', id: '1', data: '{"a":1}' },
  { event: 'status', id: '2', data: 'line one\nline two' },
  // A bare `id` resets the last event id; it keeps no earlier value.
  { event: 'message', id: '', data: 'no event name' },
  { event: 'message', id: '9', data: 'last' },
];

/** The event-stream format of the HTML standard, fed in arbitrary chunks. */
describe('ServerSentEventParser', () => {
  it('parses events, ids, multi-line data, comments and retry with LF, CRLF and CR line ends', () => {
    const { events, comments, retries } = parse([STREAM]);

    expect(events).toEqual(EXPECTED);
    expect(comments).toEqual(['heartbeat']);
    expect(retries).toEqual([2500]);
  });

  it('gives the same events however the stream is cut, CRLF split included', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)]).events).toEqual(EXPECTED);
    }
    expect(parse([...STREAM]).events).toEqual(EXPECTED);
  });

  it('dispatches nothing for an event without data, and nothing before its blank line', () => {
    expect(parse(['event: status\nid: 3\n\n', 'data: pending']).events).toEqual([]);
  });

  it('ignores a retry that is not a whole number', () => {
    expect(parse(['retry: 1.5\n\nretry: soon\n\n']).retries).toEqual([]);
  });
});
