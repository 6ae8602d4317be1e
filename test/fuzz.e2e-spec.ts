import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { CREATE_BOOK_FIELDS } from '../src/books/dto/create-book.dto';
import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS, OUTPUT_FORMATS } from '../src/catalog/catalog';
import { Customer, startTestApp, TestApp } from './support/test-app';

/**
 * Issue 7 (Survive): thousands of random and hostile requests. Whatever the
 * input, no answer is a 5xx, every error is the spec's envelope without a
 * stack trace, and a rejected request leaves nothing behind (no job, no
 * ledger movement, no idempotency record).
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE book_jobs; --',
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'true',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'Алёна',
  'さくら',
  'a'.repeat(10_001),
  'https://169.254.169.254/latest/meta-data',
  'https://localhost./hook',
  'http://hooks.example.com/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://0x7f000001/x',
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  fc.string(),
  fc.constantFrom(...BOOK_STYLES, ...BOOK_TYPES, ...OUTPUT_FORMATS, ...MODEL_IDS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Bodies near the valid shape (so validation is exercised field by field) and far from it. */
const bookBody: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
  fc
    .record(
      // The fields the request parser accepts, so a field added to the request is fuzzed too.
      Object.fromEntries(CREATE_BOOK_FIELDS.map((field) => [field, anyValue])) as Record<
        (typeof CREATE_BOOK_FIELDS)[number],
        fc.Arbitrary<unknown>
      >,
      {
        requiredKeys: [],
      },
    )
    .chain((body) =>
      fc
        .dictionary(fc.oneof(hostileStrings, fc.string()), anyValue, { maxKeys: 2 })
        .map((extra) => JSON.stringify({ ...body, ...extra })),
    ),
  fc.json(),
  fc.string(),
  hostileStrings,
  fc.constantFrom(
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"prompt":"x","prompt":"y"}',
    '{"prompt":',
    '[]',
    '[{}]',
    '"a string"',
    '123',
    'null',
    '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
    JSON.stringify({ prompt: 'x'.repeat(70 * 1024) }),
  ),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(undefined),
);

const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/problem+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'garbage',
    '',
  ),
  { nil: undefined },
);

/** Header values a client can actually send: visible ASCII (Node refuses the rest before we see it). */
const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
  fc.constantFrom('', ' ', 'sk_live_', 'Bearer x', 'a'.repeat(5_000)),
);

const pathSegment = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%00',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%F0%9F%92%A9',
    'a'.repeat(3_000),
    '00000000-0000-0000-0000-000000000000',
  ),
  // Byte-wise, so that lone surrogates (which encodeURIComponent refuses) still reach the server.
  hostileStrings.map((value) =>
    [...Buffer.from(value)]
      .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
      .join('')
      .slice(0, 3_000),
  ),
);

const path = fc.oneof(
  fc
    .tuple(fc.constantFrom('/v1/status/', '/v1/download/', '/status/', '/v1/book/', '/v1/usage/'), pathSegment)
    .map(([p, s]) => p + s),
  fc.constantFrom(
    '/v1/book',
    '/book',
    '/v1/usage',
    '/v1/models',
    '/v1/configuration',
    '/health/live',
    '/health/ready',
    '/metrics',
    '/docs/json',
    '/',
    '/v1',
    '/v2/book',
    '//v1//book',
    '/v1/book?x=1&x=2',
    '/v1/book#frag',
    '/V1/BOOK',
  ),
  fc.array(pathSegment, { maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
);

function expectSafeAnswer(response: LightMyRequestResponse, method: string): void {
  expect(response.statusCode).toBeLessThan(500);
  expect(response.body).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  if (response.statusCode >= 400 && method !== 'HEAD') {
    const body = response.json();
    expect(body).toEqual(
      expect.objectContaining({ success: false, error: expect.any(String), errorCode: expect.any(String) }),
    );
    expect(Object.keys(body).every((key) => ['success', 'error', 'details', 'errorCode'].includes(key))).toBe(true);
  }
}

describe('Fuzzing the HTTP interface', () => {
  let t: TestApp;
  let customer: Customer;
  let database: DataSource;

  const footprint = async (): Promise<{ jobs: number; ledger: number; idempotency: number }> => {
    const [row] = await database.query(
      `SELECT (SELECT count(*) FROM book_jobs WHERE account_id = $1)::int AS jobs,
              (SELECT count(*) FROM credit_ledger WHERE account_id = $1 AND kind = 'reserve')::int AS ledger,
              (SELECT count(*) FROM idempotency_keys i JOIN book_jobs j ON j.id = i.job_id WHERE j.account_id = $1)::int
                AS idempotency`,
      [customer.accountId],
    );
    return row;
  };

  beforeAll(async () => {
    // API only: accepted jobs stay queued, so the footprint of each request is exactly its own.
    t = await startTestApp({ ROLE: 'api' });
    customer = await t.createCustomer({
      credits: 100_000_000,
      key: { minIntervalSeconds: 0, dailyLimit: 1_000_000 },
    });
    database = t.app.get(DataSource);
  });
  afterAll(async () => {
    // Hundreds of accepted jobs stay queued here; leave none for another suite's reconciler to write.
    await database.query(
      `UPDATE book_jobs SET status = 'failed', error = 'fuzz test cleanup', completed_at = now()
        WHERE account_id = $1 AND status IN ('queued', 'processing')`,
      [customer.accountId],
    );
    await t.close();
  });

  it('POST /v1/book: random and hostile bodies, content types and headers', async () => {
    let runs = 0;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        bookBody,
        contentType,
        fc.option(headerValue, { nil: undefined }),
        fc.boolean(),
        async (payload, type, idempotencyKey, authenticated) => {
          const before = await footprint();
          const headers: Record<string, string> = {};
          if (authenticated) headers['x-api-key'] = customer.apiKey;
          if (type !== undefined) headers['content-type'] = type;
          // Unique per run: a repeated key is a replay, which rightly answers 202 without a new job.
          if (idempotencyKey !== undefined) headers['idempotency-key'] = `${idempotencyKey}${(runs += 1)}`;
          const response = await t.app.inject({ method: 'POST', url: '/v1/book', headers, payload });
          seen.add(response.statusCode);
          expectSafeAnswer(response, 'POST');
          const after = await footprint();
          if (response.statusCode === 202) {
            expect(after.jobs).toBe(before.jobs + 1);
            expect(after.ledger).toBe(before.ledger + 1);
          } else {
            expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 1_500 },
    );
    // The generators reach both sides of validation, or the footprint checks would prove little.
    expect([...seen]).toEqual(expect.arrayContaining([202, 400, 401, 413]));
  }, 240_000);

  it('any method on any path with any key answers safely', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        path,
        fc.option(headerValue, { nil: undefined }),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), headerValue, { maxKeys: 3 }),
        async (method, url, apiKey, extraHeaders) => {
          const before = await footprint();
          const headers: Record<string, string> = { ...extraHeaders };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          if (apiKey !== undefined) headers['x-api-key'] = apiKey;
          const response = await t.app.inject({ method, url, headers });
          expectSafeAnswer(response, method);
          // Only a POST of a book with our real key may create anything, and random keys are never it.
          expect(await footprint()).toEqual(before);
        },
      ),
      { numRuns: 1_500 },
    );
  }, 240_000);

  it('ids of other shapes in the status and download paths are 404 NOT_FOUND, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(pathSegment, fc.constantFrom('/v1/status/', '/v1/download/', '/status/'), async (id, prefix) => {
        const response = await t.app.inject({
          method: 'GET',
          url: prefix + id,
          headers: { 'x-api-key': customer.apiKey },
        });
        expectSafeAnswer(response, 'GET');
        if (response.statusCode !== 404) {
          // Only the empty id can route elsewhere (the collection path), and that is not a known route either.
          expect([400, 405]).toContain(response.statusCode);
        } else {
          expect(response.json().errorCode).toBe('NOT_FOUND');
        }
      }),
      { numRuns: 500 },
    );
  }, 120_000);
});
