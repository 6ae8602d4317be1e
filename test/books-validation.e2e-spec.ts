import { BOOK_STYLES, BOOK_TYPES, MODEL_IDS, OUTPUT_FORMATS } from '../src/catalog/catalog';
import { Customer, startTestApp, TestApp } from './support/test-app';

/** POST /v1/book input rules: spec 2.1 and 4.1, DESIGN.md section 3 (Requests). */
describe('POST /v1/book validation', () => {
  let t: TestApp;
  let customer: Customer;

  beforeAll(async () => {
    t = await startTestApp();
    // A key without limits, so every accepted case below can be submitted back to back.
    customer = await t.createCustomer({ credits: 1_000_000, key: { minIntervalSeconds: 0, dailyLimit: 100_000 } });
  });
  afterAll(() => t.close());

  const submit = (payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/book',
      headers: {
        'x-api-key': customer.apiKey,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });

  const expectAccepted = async (payload?: unknown, headers?: Record<string, string>) => {
    const response = await submit(payload, headers);
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      statusUrl: `http://books.test/v1/status/${body.requestId}`,
      message: expect.any(String),
    });
    return body;
  };

  const expectInvalid = async (payload: unknown, errorCode: string, ...fragments: string[]) => {
    const response = await submit(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errorCode });
    for (const fragment of fragments) expect(`${body.error} ${body.details ?? ''}`).toContain(fragment);
    return body;
  };

  it('accepts an empty object', async () => {
    await expectAccepted({});
  });

  it('accepts a POST with no body and no content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
    expect(response.statusCode).toBe(202);
  });

  it('accepts an empty body sent with a JSON content type', async () => {
    await expectAccepted('');
  });

  it('accepts the "every field, empty strings and null" shape existing clients send', async () => {
    await expectAccepted({
      prompt: '',
      style: 'automatic',
      type: 'automatic',
      images: false,
      author: '',
      custom_tone: '',
      model: '2.0',
      output_format: 'txt',
      webhook_url: null,
    });
  });

  it.each(BOOK_STYLES)('accepts style %s', async (style) => {
    await expectAccepted({ style });
  });

  it.each(BOOK_TYPES)('accepts type %s', async (type) => {
    await expectAccepted({ type });
  });

  it.each(MODEL_IDS)('accepts model %s', async (model) => {
    await expectAccepted({ model });
  });

  it.each(OUTPUT_FORMATS)('accepts output_format %s', async (output_format) => {
    await expectAccepted({ output_format });
  });

  it.each([
    ['style', 'pirate', BOOK_STYLES],
    ['type', 'poem', BOOK_TYPES],
    ['model', '4.0', MODEL_IDS],
    ['output_format', 'docx', OUTPUT_FORMATS],
    ['style', '', BOOK_STYLES],
  ] as const)('rejects %s=%p naming the field and the allowed values', async (field, value, allowed) => {
    const body = await expectInvalid({ [field]: value }, 'INVALID_PARAMETER', `'${field}'`);
    expect(body.error).toContain(`Allowed values: ${allowed.join(', ')}`);
  });

  it.each([
    ['images', 'yes', 'boolean'],
    ['images', 1, 'boolean'],
    ['prompt', 42, 'string'],
    ['author', ['a'], 'string'],
    ['custom_tone', { a: 1 }, 'string'],
    ['style', 3, 'string'],
    ['webhook_url', 7, 'string'],
  ] as const)('rejects %s of the wrong JSON type (%p) naming the expected type', async (field, value, expected) => {
    await expectInvalid({ [field]: value }, 'INVALID_PARAMETER', `'${field}'`, expected);
  });

  it.each([
    ['prompt', 20_000],
    ['custom_tone', 2_000],
    ['author', 200],
  ] as const)('enforces the maximum length of %s (%i characters)', async (field, limit) => {
    await expectAccepted({ [field]: 'x'.repeat(limit) });
    await expectInvalid({ [field]: 'x'.repeat(limit + 1) }, 'INVALID_PARAMETER', `'${field}'`, String(limit));
  });

  it('rejects an unknown field by name', async () => {
    await expectInvalid({ prompt: 'x', colour: 'red' }, 'INVALID_PARAMETER', "'colour'");
  });

  it('reports every problem of a body in one answer: the first as error, all of them in details', async () => {
    const body = await expectInvalid(
      { colour: 'red', style: 'baroque-opera', images: 'yes', author: 'x'.repeat(201) },
      'INVALID_PARAMETER',
    );
    expect(body.error).toBe("Unknown field 'colour'");
    expect(body.details).toMatch(/^4 problems: /);
    for (const fragment of [
      "'colour'",
      '\'style\': "baroque-opera"',
      "'images': expected a boolean",
      "'author' is too long",
    ]) {
      expect(body.details).toContain(fragment);
    }
  });

  it.each([['[]'], ['"a string"'], ['42'], ['null']])('rejects the non-object body %s', async (raw) => {
    const response = await submit(raw);
    if (raw === 'null') {
      // JSON null carries no fields at all: the empty request.
      expect(response.statusCode).toBe(202);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
  });

  it('rejects malformed JSON with the envelope', async () => {
    const response = await submit('{"prompt": "unterminated');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Malformed JSON in request body',
      errorCode: 'INVALID_PARAMETER',
    });
  });

  it('rejects a non-JSON content type', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': customer.apiKey, 'content-type': contentType },
        payload: 'prompt=hello',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 KiB', async () => {
    const response = await submit({ prompt: 'x'.repeat(70 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it.each([
    'http://hooks.example.com/x',
    'https://localhost/hook',
    'https://127.0.0.1/hook',
    'https://10.0.0.8/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://user:pw@hooks.example.com/x',
    'not a url',
  ])('rejects webhook_url %s with INVALID_WEBHOOK_URL', async (webhook_url) => {
    const body = await expectInvalid({ webhook_url }, 'INVALID_WEBHOOK_URL');
    expect(typeof body.details).toBe('string');
  });

  it('accepts a public https webhook_url', async () => {
    await expectAccepted({ webhook_url: 'https://hooks.example.com/books' });
  });

  it('never answers an invalid request with a stack trace or a 5xx', async () => {
    const hostile = [
      { __proto__: { admin: true } },
      '{"constructor": {"prototype": {"x": 1}}}',
      { prompt: '\u0000\uffff' },
      { style: { $ne: null } },
    ];
    for (const payload of hostile) {
      const response = await submit(payload);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    }
  });
});
