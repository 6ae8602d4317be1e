import { startTestApp, TestApp } from './support/test-app';

/** Paths, methods, legacy routes and the error envelope everywhere (spec 4.7, 7, 9). */
describe('HTTP contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown paths with 404 NOT_FOUND in the envelope', async () => {
    for (const url of ['/nope', '/v1', '/v1/shelves', '/v2/book', '/v1/status', '/v1/status/a/b']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND', error: expect.any(String) });
    }
  });

  it('says what went wrong when a client that adds /v1 itself was given BASE_URL as its base', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/v1/models' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      errorCode: 'NOT_FOUND',
      details: expect.stringContaining('takes the origin as its base URL'),
    });
  });

  it.each([
    ['GET', '/v1/book', 'POST'],
    ['PUT', '/v1/book', 'POST'],
    ['DELETE', '/v1/status/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
    ['POST', '/v1/configuration', 'GET, HEAD'],
    ['PATCH', '/v1/models', 'GET, HEAD'],
    ['POST', '/v1/usage', 'GET, HEAD'],
    ['DELETE', '/book', 'POST'],
    ['POST', '/status/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
  ] as const)('answers %s %s with 405 METHOD_NOT_ALLOWED and Allow: %s', async (method, url, allow) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'METHOD_NOT_ALLOWED' });
  });

  it('serves the deprecated POST /book like /v1/book, with deprecation headers', async () => {
    const customer = await t.createCustomer();
    const response = await t.app.inject({ method: 'POST', url: '/book', headers: { 'x-api-key': customer.apiKey } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ success: true, status: 'queued' });
    expect(response.headers.deprecation).toMatch(/^@\d+$/);
    expect(response.headers.sunset).toBe('Tue, 30 Jun 2026 23:59:59 GMT');
    expect(response.headers.link).toBe('<http://books.test/v1/book>; rel="successor-version"');

    const legacyStatus = await t.app.inject({ method: 'GET', url: `/status/${response.json().requestId}` });
    expect(legacyStatus.statusCode).toBe(200);
    expect(legacyStatus.json().requestId).toBe(response.json().requestId);
    expect(legacyStatus.headers.deprecation).toBeDefined();
    expect(legacyStatus.headers.link).toBe(
      `<http://books.test/v1/status/${response.json().requestId}>; rel="successor-version"`,
    );
  });

  it('keeps the legacy validation rules and error envelope', async () => {
    const customer = await t.createCustomer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/book',
      headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ model: '9' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });
    expect((await t.app.inject({ method: 'GET', url: '/status/nope' })).statusCode).toBe(404);
  });

  it('turns the legacy paths off with LEGACY_PATHS_ENABLED=false', async () => {
    const strict = await startTestApp({ LEGACY_PATHS_ENABLED: 'false' });
    try {
      const customer = await strict.createCustomer();
      const book = await strict.app.inject({ method: 'POST', url: '/book', headers: { 'x-api-key': customer.apiKey } });
      expect(book.statusCode).toBe(404);
      const status = await strict.app.inject({ method: 'GET', url: '/status/00000000-0000-4000-8000-000000000000' });
      expect(status.statusCode).toBe(404);
      expect(status.headers.deprecation).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});
