import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { Logger } from '@nestjs/common';
import { ConfigValidationError, loadConfig, type LogFormat } from '../config/app-config';
import { createRootLogger, PinoNestLogger, redactUrl } from './logger';

const API_KEY = 'bk_live_0123456789abcdef0123456789abcdef';

/** What a logger wrote, as text without colours. */
function memoryDestination(): { stream: Writable; text: () => string } {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  return { stream, text: () => stripVTControlCharacters(written) };
}

/** One request line as Fastify writes it, with the headers a client sent. */
function logRequestLine(format: LogFormat): string {
  const destination = memoryDestination();
  const logger = createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: format }, destination.stream);
  logger.info(
    {
      reqId: 'trace-1',
      req: { method: 'GET', url: `/v1/usage?api_key=${API_KEY}&page=2`, headers: { 'x-api-key': API_KEY } },
    },
    'incoming request',
  );
  logger.flush();
  return destination.text();
}

describe('LOG_FORMAT', () => {
  const base = { SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };

  it('is json unless set, and accepts json and pretty', () => {
    expect(loadConfig(base).LOG_FORMAT).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
  });

  it.each(['yaml', 'PRETTY', 'text'])(
    'refuses LOG_FORMAT=%s at start-up, naming the variable and the choices',
    (value) => {
      expect(() => loadConfig({ ...base, LOG_FORMAT: value })).toThrow(ConfigValidationError);
      expect(() => loadConfig({ ...base, LOG_FORMAT: value })).toThrow(/LOG_FORMAT: .*json, pretty/);
    },
  );
});

describe('createRootLogger', () => {
  it('writes one JSON object per line by default, with the API key redacted', () => {
    const output = logRequestLine('json');
    expect(output).not.toContain(API_KEY);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      service: 'scriptorium',
      reqId: 'trace-1',
      msg: 'incoming request',
      req: { method: 'GET', url: '/v1/usage?api_key=[redacted]&page=2' },
    });
    expect(JSON.parse(lines[0]!).req.headers).toBeUndefined();
  });

  it('writes readable lines with LOG_FORMAT=pretty: level, message and fields, the API key still redacted', () => {
    const output = logRequestLine('pretty');
    expect(output).not.toContain(API_KEY);
    expect(output).not.toMatch(/^\{/);
    expect(output).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(\d+\): incoming request /);
    expect(output).toContain('/v1/usage?api_key=[redacted]&page=2');
    expect(output).toContain('"reqId":"trace-1"');
  });
});

describe('PinoNestLogger', () => {
  afterEach(() => Logger.overrideLogger(false));

  function throughNest(): { logger: Logger; lines: () => Array<Record<string, unknown>> } {
    const destination = memoryDestination();
    Logger.overrideLogger(
      new PinoNestLogger(createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, destination.stream)),
    );
    const lines = () =>
      destination
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { logger: new Logger('Books'), lines };
  }

  it('turns an object message into the fields of the line, its msg into the message', () => {
    const { logger, lines } = throughNest();
    logger.log({ msg: 'job accepted', event: 'job.accepted', jobId: 'j-1' });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Books',
        msg: 'job accepted',
        event: 'job.accepted',
        jobId: 'j-1',
      }),
    ]);
  });

  it('keeps a string message as the message, and an Error under err with its stack', () => {
    const { logger, lines } = throughNest();
    logger.warn('plain words');
    logger.error(new Error('boom'));
    const [plain, failure] = lines();
    expect(plain).toMatchObject({ level: 40, context: 'Books', msg: 'plain words' });
    expect(failure).toMatchObject({ level: 50, context: 'Books', msg: 'boom', err: { message: 'boom' } });
    expect((failure!.err as { stack: string }).stack).toContain('Error: boom');
  });
});

describe('PinoNestLogger at start-up', () => {
  it('writes Nest’s own start-up lines (a line per module and route) at debug, and the service’s at info', () => {
    const destination = memoryDestination();
    const nest = new PinoNestLogger(createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, destination.stream));
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/v1/book, POST} route', 'RouterExplorer');
    nest.log('Listening on 127.0.0.1:3000', 'Scriptorium');
    nest.warn('A warning from Nest itself still shows', 'NestApplication');
    const lines = destination
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual([
      'Listening on 127.0.0.1:3000',
      'A warning from Nest itself still shows',
    ]);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/v1/usage', '/v1/usage'],
    ['/v1/usage?api_key=bk_live_x', '/v1/usage?api_key=[redacted]'],
    ['/v1/usage?X-API-Key=bk&limit=5', '/v1/usage?X-API-Key=[redacted]&limit=5'],
    ['/v1/books?status=queued&access%5Ftoken=t', '/v1/books?status=queued&access%5Ftoken=[redacted]'],
    ['/v1/status/abc?signature=s&password=p', '/v1/status/abc?signature=[redacted]&password=[redacted]'],
    ['/v1/usage?apikey', '/v1/usage?apikey'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
