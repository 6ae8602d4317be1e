import * as net from 'node:net';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { CREATE_BOOK_FIELDS } from '../../src/books/dto/create-book.dto';
import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS, OUTPUT_FORMATS } from '../../src/catalog/catalog';
import type { Customer } from './test-app';

/**
 * Hostile inputs and the checks every answer to them must pass, shared by the
 * fuzz suite (issue 7) and the hostile-input suite (issue 14).
 */

export type BookField = (typeof CREATE_BOOK_FIELDS)[number];

/** The body limit of DESIGN.md (64 KiB): a larger body is a 413. */
export const BODY_LIMIT = 64 * 1024;

// ---------------------------------------------------------------------------
// Strings
// ---------------------------------------------------------------------------

export const hostileStrings = fc.constantFrom(
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

/**
 * Text that is legal Unicode but hostile to whatever displays, stores or
 * measures it, and text that is not legal at all (NUL, lone surrogates).
 */
export const ODD_UNICODE = {
  bom: '\uFEFF',
  rtlOverride: 'abc\u202Edcba',
  rtlIsolates: '\u2067\u05E9\u05DC\u05D5\u05DD\u2069',
  arabic: 'كتاب',
  zeroWidth: 'a\u200Bb\u200Cc\u200Dd\u2060e',
  combiningMarks: 'e\u0301\u0308\u0323',
  zalgo: `Z${'\u0336\u0337\u0338\u0489'.repeat(40)}`,
  astral: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  emojiFamily: '👩\u200D👩\u200D👧\u200D👦',
  flag: '🇺🇳',
  variationSelectors: '\u2764\uFE0F\u2764\uFE0E',
  nonCharacters: '\uFFFE\uFFFF\uFDD0',
  maxCodePoint: '\u{10FFFF}',
  lineSeparators: 'a\u2028b\u2029c',
  controls: '\u0001\u001B[31mred\u007F',
  c1Controls: '\u0085\u009B',
  fullwidth: 'ｆｕｌｌ',
  homoglyphs: 'Аррlе',
  tagCharacters: '\u{E0041}\u{E0042}',
  annotation: '\uFFF9a\uFFFAb\uFFFB',
  replacementCharacter: '\uFFFD',
  softHyphen: 'soft\u00ADhyphen',
  hangulFiller: '\u3164',
  newlines: 'a\r\nb\nc\rd',
  nul: 'before\u0000after',
  loneHigh: 'x\uD800y',
  loneLow: 'x\uDC00y',
  reversedPair: 'x\uDC00\uD800y',
  trailingHigh: 'x\uDBFF',
} as const;

export type OddUnicodeName = keyof typeof ODD_UNICODE;

/** Pieces of text, odd and plain, joined into one string (short: the length rules are tested separately). */
export const oddText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...Object.values(ODD_UNICODE)),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** A long text near or over `limit` characters, built from odd pieces so character counts differ from byte counts. */
export function longText(limit: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('x', 'é', '𝔘', 'e\u0301', '\u200B', '👩\u200D👧', 'ب'),
      fc.constantFrom(limit - 1, limit, limit + 1, limit * 2, Math.floor(limit / 2)),
    )
    .map(([unit, count]) => {
      const perUnit = [...unit].length;
      return Array.from(unit.repeat(Math.ceil(count / perUnit)))
        .slice(0, count)
        .join('');
    });
}

/** What a text field's rules say of a value: valid, invalid (with why), or on a boundary the contract leaves open. */
export type TextVerdict = 'valid' | 'invalid' | 'undecided';

/**
 * The length rule in characters. Code points and UTF-16 units differ for
 * astral text, and the contract does not say which it counts: between the
 * two, either answer is right.
 */
export function lengthVerdict(value: string, limit: number): TextVerdict {
  if (value.length <= limit) return 'valid';
  const withoutSelectors = value.replace(/[\uFE0E\uFE0F]/g, '');
  return [...withoutSelectors].length > limit ? 'invalid' : 'undecided';
}

// ---------------------------------------------------------------------------
// Values and bodies
// ---------------------------------------------------------------------------

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
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

const STRING_FIELDS = new Set<BookField>([
  'prompt',
  'style',
  'type',
  'author',
  'custom_tone',
  'model',
  'output_format',
  'webhook_url',
]);

/** The free-text fields (the user's own words): any well-formed text up to their limit. */
export const TEXT_FIELDS = ['prompt', 'author', 'custom_tone'] as const satisfies readonly BookField[];

/** The fields whose value is one of a list. */
export const ENUM_FIELDS = {
  style: BOOK_STYLES,
  type: BOOK_TYPES,
  model: MODEL_IDS,
  output_format: OUTPUT_FORMATS,
} as const satisfies Partial<Record<BookField, readonly string[]>>;

/** A valid value for every field, so a body can be valid except where a test makes it not. */
export const VALID_VALUE: Record<BookField, unknown> = {
  prompt: 'A lighthouse keeper finds a map.',
  style: 'mystery',
  type: 'novel',
  images: false,
  author: 'Ada Quill',
  custom_tone: 'wry',
  model: '2.0',
  output_format: 'txt',
  webhook_url: 'https://hooks.example.com/books',
};

/** JSON text, nested `depth` levels of objects: `{"a":{"a":...leaf...}}`. */
export function nestedObjectJson(depth: number, leaf = '1', key = 'a'): string {
  return `{"${key}":`.repeat(depth) + leaf + '}'.repeat(depth);
}

/** JSON text, nested `depth` levels of arrays: `[[[...leaf...]]]`. */
export function nestedArrayJson(depth: number, leaf = ''): string {
  return '['.repeat(depth) + leaf + ']'.repeat(depth);
}

/** Objects and arrays alternating, `depth` levels. */
export function nestedMixedJson(depth: number): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level += 1) {
    if (level % 2 === 0) {
      open += '{"a":';
      close = `}${close}`;
    } else {
      open += '[';
      close = `]${close}`;
    }
  }
  return `${open}1${close}`;
}

/** A JSON value of a type no field has, or of the other type, for `field` (null is excluded: it means the default). */
export function wrongTypeFor(field: BookField): fc.Arbitrary<{ json: string; label: string }> {
  const numbers = fc.oneof(
    fc.integer().map(String),
    fc.constantFrom('0', '-0', '2.0', '3', '1e308', '-1.5e-300', '0.1'),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  );
  const containers = fc.oneof(
    fc.constantFrom('[]', '{}', '[""]', '["2.0"]', '{"a":1}', '[null]', '[[]]', '{"":""}', '[true]'),
    fc.json({ maxDepth: 3 }).filter((json) => /^[[{]/.test(json)),
    fc.integer({ min: 2, max: 31 }).map((depth) => nestedObjectJson(depth)),
    fc.integer({ min: 2, max: 31 }).map((depth) => nestedArrayJson(depth, '"x"')),
  );
  const texts = fc.oneof(
    fc.constantFrom('"true"', '"false"', '"yes"', '"1"', '"0"', '""', '"null"', '"on"'),
    fc.string({ maxLength: 10 }).map((value) => JSON.stringify(value)),
  );
  const wrong = STRING_FIELDS.has(field)
    ? fc.oneof(numbers, fc.constantFrom('true', 'false'), containers)
    : fc.oneof(numbers, texts, containers);
  return wrong.map((json) => ({ json, label: `${field}=${json.length > 60 ? `${json.slice(0, 60)}...` : json}` }));
}

/** Raw byte sequences that are not UTF-8. */
export const INVALID_UTF8: Record<string, Buffer> = {
  loneHighSurrogateBytes: Buffer.from([0xed, 0xa0, 0x80]),
  loneLowSurrogateBytes: Buffer.from([0xed, 0xb0, 0x80]),
  overlongSlash: Buffer.from([0xc0, 0xaf]),
  overlongNul: Buffer.from([0xc0, 0x80]),
  truncatedTwoByte: Buffer.from([0xc3]),
  truncatedThreeByte: Buffer.from([0xe2, 0x82]),
  truncatedFourByte: Buffer.from([0xf0, 0x9f, 0x92]),
  loneContinuation: Buffer.from([0x80]),
  byteFE: Buffer.from([0xfe]),
  byteFF: Buffer.from([0xff]),
  fiveByteForm: Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  beyondU10FFFF: Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  latin1EAcute: Buffer.from([0xe9]),
};

/** `{"<field>":"a<bytes>b"}` as bytes. */
export function bodyWithRawBytes(field: string, bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`{"${field}":"a`), bytes, Buffer.from('b"}')]);
}

// ---------------------------------------------------------------------------
// Headers and content types
// ---------------------------------------------------------------------------

/** Content types a JSON body must be read under. */
export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'Application/Json; Charset="utf-8"',
  'application/json; boundary=',
  'application/json; boundary=x',
] as const;

/** Content types under which a non-empty body is not a JSON request: 400 INVALID_PARAMETER. */
export const NON_JSON_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/octet-stream',
  'application/problem+json',
  'application/json-patch+json',
  'application/jsonx',
  'application/xml',
  'garbage',
  '*/*',
] as const;

/** Content types the contract leaves open (a JSON type with a charset that is not UTF-8, and malformed lists). */
export const UNDECIDED_CONTENT_TYPES = [
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json, text/plain',
  'application/json\t',
  ' application/json',
  '',
] as const;

export const contentType = fc.option(
  fc.constantFrom(...JSON_CONTENT_TYPES, ...NON_JSON_CONTENT_TYPES, ...UNDECIDED_CONTENT_TYPES),
  { nil: undefined },
);

/** Header values a client can actually send: visible ASCII (Node refuses the rest before we see it). */
export const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
  fc.constantFrom('', ' ', 'sk_live_', 'Bearer x', 'a'.repeat(5_000)),
);

/**
 * Header values that only an in-process client (or a lenient proxy) can
 * deliver: control characters, CR/LF, non-ASCII, 10 KB. `inject` passes them
 * through, so the service's own code must cope with them.
 */
export const hostileHeaderValue = fc.oneof(
  headerValue,
  fc.constantFrom(
    'a\u0000b',
    'a\u0001b',
    'line\r\nX-Injected: 1',
    'tab\there',
    '\u007F',
    'ключ',
    '鍵',
    '\uFEFFkey',
    '\u202Ekey',
    'a'.repeat(10 * 1024),
    'bk_live_' + 'x'.repeat(10 * 1024),
    'bk_live_a_b',
    'bk_live__',
    'bk_live_' + '%00'.repeat(20),
    '%',
    '${jndi:ldap://x}',
  ),
);

/** Values of X-Request-Id that must never be echoed as they are. */
export const hostileRequestId = fc.oneof(
  hostileHeaderValue,
  fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/),
  fc.constantFrom('a'.repeat(129), 'a'.repeat(4096), 'id with spaces', '<script>', '../../x', 'x\r\nSet-Cookie: a=b'),
);

/** The pattern of a client request id the service may echo (logging/logger.ts). */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A valid Idempotency-Key is 1 to 255 visible ASCII characters (books.controller.ts, DESIGN.md). */
export const VALID_IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const idempotencyKeyValue = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
  fc.constantFrom(
    '',
    ' ',
    'a b',
    ' leading',
    'trailing ',
    'tab\tkey',
    'a\u0000b',
    'a\u0001b',
    'a\r\nb',
    'ключ',
    '😀',
    '\uFEFFkey',
    'x'.repeat(254),
    'x'.repeat(255),
    'x'.repeat(256),
    'x'.repeat(10 * 1024),
    '\u007F',
  ),
);

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

/** Percent-encodes every byte of `value`'s UTF-8 (lone surrogates, which encodeURIComponent refuses, become EF BF BD). */
export function percentEncodeBytes(value: string | Buffer): string {
  return [...(typeof value === 'string' ? Buffer.from(value) : value)]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

export const pathSegment = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E%2E%2F%2E%2E%2Fusage',
    '..%2f..%2fusage',
    '..%5c..%5cusage',
    '%2F',
    '%2f%2f',
    '%5C',
    '%00',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%F0%9F%92%A9',
    '%C0%AF',
    '%ED%A0%80',
    '%FF',
    '%u0000',
    '%25',
    '%252e%252e',
    'a'.repeat(199),
    'a'.repeat(200),
    'a'.repeat(201),
    'a'.repeat(3_000),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '{00000000-0000-0000-0000-000000000000}',
    'urn:uuid:00000000-0000-0000-0000-000000000000',
    '00000000000000000000000000000000',
    ' 00000000-0000-0000-0000-000000000000',
    '00000000-0000-0000-0000-000000000000%00',
    '00000000-0000-0000-0000-000000000000%0a',
    "1' OR '1'='1",
    '1;SELECT pg_sleep(1)',
    '$(id)',
    'null',
    'undefined',
    '__proto__',
    'constructor',
  ),
  // Byte-wise, so that lone surrogates (which encodeURIComponent refuses) still reach the server.
  hostileStrings.map((value) => percentEncodeBytes(value).slice(0, 3_000)),
  fc.constantFrom(...Object.values(ODD_UNICODE)).map((value) => percentEncodeBytes(value)),
  fc.constantFrom(...Object.values(INVALID_UTF8)).map((bytes) => `a${percentEncodeBytes(bytes)}b`),
);

/** Query strings that try the parser: prototype keys, deep brackets, repeats, broken encodings, size. */
export const hostileQuery = fc.oneof(
  fc.constantFrom(
    '?__proto__[x]=1',
    '?__proto__.x=1&constructor[prototype][x]=1',
    '?constructor=1&hasOwnProperty=1&toString=1',
    `?${'a['.repeat(5_000)}]=1`,
    `?${'x=1&'.repeat(2_000)}`,
    '?%',
    '?%ZZ=%ZZ',
    '?a=%00',
    '?a=%ED%A0%80',
    '?=',
    '?&&&',
    '??',
    '?a=1#frag',
    `?q=${'a'.repeat(8_000)}`,
    '?status=completed&limit=-1&limit=999999999',
    '?page[size]=1e309',
  ),
  fc
    .array(fc.tuple(fc.oneof(hostileStrings, fc.string()), fc.oneof(hostileStrings, fc.string())), { maxLength: 4 })
    .map(
      (pairs) =>
        `?${pairs.map(([key, value]) => `${percentEncodeBytes(key).slice(0, 600)}=${percentEncodeBytes(value).slice(0, 600)}`).join('&')}`,
    ),
);

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** What the checks read of an answer: light-my-request's response and the raw socket's parsed answer both fit. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The error codes of each status (spec 7.2 and DESIGN.md); an error answer whose code is not listed for its status is wrong. */
export const ERROR_CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ['INVALID_PARAMETER', 'INVALID_WEBHOOK_URL', 'MISSING_PARAMETER', 'JOB_NOT_COMPLETED'],
  401: ['AUTH_REQUIRED', 'AUTH_FAILED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  405: ['METHOD_NOT_ALLOWED'],
  408: ['REQUEST_TIMEOUT'],
  409: ['JOB_ALREADY_FINISHED'],
  413: ['PAYLOAD_TOO_LARGE'],
  429: ['RATE_LIMIT_EXCEEDED'],
  431: ['HEADERS_TOO_LARGE'],
};

const ENVELOPE_KEYS = new Set(['success', 'error', 'details', 'errorCode']);
/** A stack frame, `at fn (file:line:col)` or `at file:line:col`. */
const STACK_FRAME = /\bat (?:[^\s()]+ \()?(?:[\w.-]*[/\\])+[\w.-]+\.[cm]?[jt]s:\d+:\d+/;
/** What a database error or our own file layout looks like; never in an answer. */
const INTERNALS = [
  /QueryFailedError|EntityNotFound|TypeORMError/,
  /syntax error at or near/i,
  /violates (?:unique|foreign key|check|not-null) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for type/i,
  /invalid byte sequence for encoding/i,
  /unsupported Unicode escape sequence/i,
  /relation "[^"]+" does not exist/i,
  /node_modules[/\\]/,
  /\/work\/main|[/\\]dist[/\\]src[/\\]|[/\\]src[/\\][\w-]+[/\\][\w.-]+\.ts/,
  /RangeError|TypeError|ReferenceError|Maximum call stack/,
];

function headerText(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const child of Object.values(value)) stringsIn(child, into);
  return into;
}

/**
 * Every way an answer breaks the contract: a 5xx; an error that is not the
 * envelope (JSON, exactly success/error/details?/errorCode, a code that
 * belongs to the status); internals (stack frames, SQL, file paths); a 405
 * whose Allow lists the method used; an X-Request-Id that is not safe to echo.
 */
export function answerProblems(answer: HttpAnswer, method: string): string[] {
  const problems: string[] = [];
  const status = answer.statusCode;
  if (status >= 500) problems.push(`status ${status} is a 5xx`);
  for (const pattern of [STACK_FRAME, ...INTERNALS]) {
    if (pattern.test(answer.body)) problems.push(`the body shows internals (${pattern.source})`);
  }
  const requestId = headerText(answer.headers['x-request-id']);
  if (requestId !== undefined && !SAFE_REQUEST_ID.test(requestId)) {
    problems.push(`X-Request-Id ${JSON.stringify(requestId.slice(0, 80))} is not a safe id`);
  }
  if (status < 400 || method === 'HEAD') return problems;

  const type = headerText(answer.headers['content-type']) ?? '';
  if (!/^application\/json\b/i.test(type)) problems.push(`error answer with Content-Type ${JSON.stringify(type)}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    problems.push(`error answer is not JSON: ${JSON.stringify(answer.body.slice(0, 120))}`);
    return problems;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    problems.push('error answer is not a JSON object');
    return problems;
  }
  const envelope = body as Record<string, unknown>;
  const extra = Object.keys(envelope).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length > 0) problems.push(`envelope has extra keys ${extra.join(', ')}`);
  if (envelope.success !== false) problems.push('envelope.success is not false');
  if (typeof envelope.error !== 'string' || envelope.error === '') problems.push('envelope.error is not a string');
  if ('details' in envelope && typeof envelope.details !== 'string') problems.push('envelope.details is not a string');
  if (typeof envelope.errorCode !== 'string' || !/^[A-Z][A-Z_]*$/.test(envelope.errorCode)) {
    problems.push('envelope.errorCode is not a code');
  } else {
    const allowed = ERROR_CODES_BY_STATUS[status];
    if (!allowed) problems.push(`status ${status} has no error code in the contract (got ${envelope.errorCode})`);
    else if (!allowed.includes(envelope.errorCode))
      problems.push(`errorCode ${envelope.errorCode} does not belong to status ${status}`);
  }
  for (const text of stringsIn(envelope)) {
    if (/\n\s+at /.test(text)) problems.push('an envelope text holds a stack trace');
  }
  if (status === 405) {
    const allow = headerText(answer.headers.allow);
    if (!allow) problems.push('405 without an Allow header');
    else if (
      allow
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .includes(method.toUpperCase())
    )
      problems.push(`405 for ${method} but Allow says ${allow}`);
  }
  return problems;
}

/** Throws (with the request and the answer) when the answer breaks the contract; see answerProblems. */
export function expectSafeAnswer(answer: HttpAnswer, method: string, request = ''): void {
  const problems = answerProblems(answer, method);
  if (problems.length > 0) {
    throw new Error(
      `${method} ${request.slice(0, 200)} -> ${answer.statusCode}: ${problems.join('; ')}\n` +
        `body: ${answer.body.slice(0, 400)}`,
    );
  }
}

/** The error code of an envelope answer (undefined for other answers). */
export function errorCodeOf(answer: HttpAnswer): string | undefined {
  try {
    const body = JSON.parse(answer.body) as { errorCode?: unknown };
    return typeof body.errorCode === 'string' ? body.errorCode : undefined;
  } catch {
    return undefined;
  }
}

/** Short description of an answer for failure messages. */
export function show(answer: HttpAnswer): string {
  return `${answer.statusCode} ${answer.body.slice(0, 200)}`;
}

// ---------------------------------------------------------------------------
// What a request leaves behind
// ---------------------------------------------------------------------------

export interface Footprint {
  jobs: number;
  /** Ledger rows of every kind (grant, reserve, charge, release, refund). */
  ledger: number;
  /** Sum of the ledger's amounts: a movement that nets to zero still changes `ledger`. */
  balance: number;
  idempotency: number;
}

/** Everything an accepted POST /book stores for a customer: jobs, ledger rows, idempotency records. */
export async function footprint(database: DataSource, customer: Customer): Promise<Footprint> {
  const [row] = await database.query(
    `SELECT (SELECT count(*) FROM book_jobs WHERE account_id = $1)::int AS jobs,
            (SELECT count(*) FROM credit_ledger WHERE account_id = $1)::int AS ledger,
            (SELECT coalesce(sum(amount), 0) FROM credit_ledger WHERE account_id = $1)::bigint::text AS balance,
            (SELECT count(*) FROM idempotency_keys WHERE api_key_id = $2)::int AS idempotency`,
    [customer.accountId, customer.keyId],
  );
  return { jobs: row.jobs, ledger: row.ledger, balance: Number(row.balance), idempotency: row.idempotency };
}

/**
 * Jobs a suite left queued (an API-only app never runs them) end failed, so
 * no other suite's reconciler or worker picks them up.
 */
export async function failLeftoverJobs(database: DataSource, accountId: string, reason: string): Promise<void> {
  await database.query(
    `UPDATE book_jobs SET status = 'failed', error = $2, completed_at = now()
      WHERE account_id = $1 AND status IN ('queued', 'processing')`,
    [accountId, reason],
  );
}

// ---------------------------------------------------------------------------
// A real socket, for what inject cannot express (framing, slowness, raw bytes)
// ---------------------------------------------------------------------------

/** A piece of a raw request: bytes to write, or a pause. */
export type RawStep = string | Buffer | { pauseMs: number };

export interface RawExchange {
  /** Every complete answer read, in order. */
  answers: HttpAnswer[];
  /** Whether the server closed the connection before our deadline. */
  closedByServer: boolean;
  /** Everything the server sent, for failure messages. */
  raw: string;
}

export interface RawExchangeOptions {
  /** Give up after this long (the exchange then ends with what was read). */
  timeoutMs?: number;
  /** Half-close our side after the last step (the server sees EOF). */
  endAfterWrite?: boolean;
  /** Stop as soon as this many answers are complete. */
  answers?: number;
}

/** Sends `steps` over a fresh TCP connection and reads the answers until the server closes or the deadline passes. */
export function rawExchange(port: number, steps: RawStep[], options: RawExchangeOptions = {}): Promise<RawExchange> {
  const { timeoutMs = 5_000, endAfterWrite = false } = options;
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let settled = false;
    let closedByServer = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      const raw = Buffer.concat(received);
      resolve({ answers: parseHttpAnswers(raw), closedByServer, raw: raw.toString('latin1') });
    };
    const deadline = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (options.answers !== undefined && parseHttpAnswers(Buffer.concat(received)).length >= options.answers)
        finish();
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => finish());
    socket.once('connect', () => {
      void (async () => {
        for (const step of steps) {
          if (settled || socket.destroyed) return;
          if (typeof step === 'object' && !Buffer.isBuffer(step)) {
            await new Promise((wake) => setTimeout(wake, step.pauseMs));
          } else {
            socket.write(step);
          }
        }
        if (endAfterWrite && !socket.destroyed) socket.end();
      })();
    });
  });
}

/** Parses HTTP/1.1 answers (Content-Length, chunked, or to the end) from raw bytes; an incomplete last answer is dropped. */
export function parseHttpAnswers(raw: Buffer): HttpAnswer[] {
  const answers: HttpAnswer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = raw.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) break;
    const statusCode = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    let cursor = headEnd + 4;
    let body: Buffer;
    const noBody = statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode < 200);
    if (noBody) {
      body = Buffer.alloc(0);
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      let complete = false;
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', cursor);
        if (lineEnd < 0) break;
        const size = parseInt(raw.subarray(cursor, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size)) break;
        if (size === 0) {
          const trailerEnd = raw.indexOf('\r\n\r\n', lineEnd);
          cursor = trailerEnd < 0 ? raw.length : trailerEnd + 4;
          complete = trailerEnd >= 0;
          break;
        }
        if (lineEnd + 2 + size > raw.length) break;
        parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
        cursor = lineEnd + 2 + size + 2;
      }
      if (!complete) break;
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (cursor + length > raw.length) break;
      body = raw.subarray(cursor, cursor + length);
      cursor += length;
    } else {
      body = raw.subarray(cursor);
      cursor = raw.length;
    }
    answers.push({ statusCode, headers, body: body.toString('utf8') });
    offset = cursor;
  }
  return answers;
}

/** A raw HTTP/1.1 request: request line, headers as given (duplicates and odd spellings kept), then the body bytes. */
export function rawRequest(
  requestLine: string,
  headers: Array<[string, string]>,
  body: string | Buffer = '',
  lineEnd = '\r\n',
): Buffer {
  const head = [requestLine, ...headers.map(([name, value]) => `${name}: ${value}`)].join(lineEnd) + lineEnd + lineEnd;
  return Buffer.concat([Buffer.from(head, 'latin1'), typeof body === 'string' ? Buffer.from(body) : body]);
}

/** `body` in chunked transfer coding, cut at `cuts` (byte offsets), each size line optionally with an extension. */
export function chunked(body: Buffer, cuts: number[] = [], sizeLine = (size: number) => size.toString(16)): Buffer {
  const offsets = [...new Set(cuts.filter((cut) => cut > 0 && cut < body.length))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const end of [...offsets, body.length]) {
    if (end > start) {
      pieces.push(Buffer.from(`${sizeLine(end - start)}\r\n`), body.subarray(start, end), Buffer.from('\r\n'));
    }
    start = end;
  }
  pieces.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(pieces);
}
