import { createHash, randomBytes } from 'node:crypto';
import { OUTPUT_FORMATS, CONTENT_TYPES } from '../src/catalog/catalog';
import { HTML_BOOK_CSP } from '../src/status/status.controller';
import { StorageService } from '../src/storage/storage.service';
import { Customer, startTestApp, TestApp, waitForTerminal } from './support/test-app';

/** GET and HEAD /v1/download/{requestId}: DESIGN.md section 3 (Download) and issue 6. */
describe('Downloading books', () => {
  let t: TestApp;
  let customer: Customer;

  beforeAll(async () => {
    t = await startTestApp();
    customer = await t.createCustomer({ credits: 1_000_000, key: { minIntervalSeconds: 0, dailyLimit: 10_000 } });
  });
  afterAll(() => t.close());

  const finishedBook = async (body: Record<string, unknown>) =>
    (await t.finishedBook(customer.apiKey, body)).requestId as string;

  it.each(OUTPUT_FORMATS)('serves %s with its type, a safe file name, length, ETag and 304', async (format) => {
    const requestId = await finishedBook({ output_format: format, prompt: 'Mira and the "lighthouse" / keeper' });
    const response = await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(CONTENT_TYPES[format]);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeGreaterThan(100);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(new RegExp(`^attachment; filename="[a-z0-9-]+\\.${format}"; filename\\*=UTF-8''\\S+$`));
    const etag = String(response.headers.etag);
    expect(etag).toBe(`"${createHash('sha256').update(response.rawPayload).digest('base64url')}"`);
    // A browser must neither guess another type nor run anything a book carries.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(format === 'html' ? HTML_BOOK_CSP : undefined);

    const head = await t.app.inject({ method: 'HEAD', url: `/v1/download/${requestId}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(response.headers['content-length']);
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);

    const cached = await t.app.inject({
      method: 'GET',
      url: `/v1/download/${requestId}`,
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/v1/download/${requestId}`,
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('streams a file larger than one storage slice byte for byte', async () => {
    const requestId = await finishedBook({ output_format: 'txt' });
    // Replace the stored book with 2.5 MiB of random bytes: three slices, the last one partial.
    const content = randomBytes(2.5 * 1024 * 1024);
    await t.app
      .get(StorageService, { strict: false })
      .save({ jobId: requestId, format: 'txt', contentType: CONTENT_TYPES.txt, fileName: 'big.txt', content });
    const response = await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(content.length);
    expect(response.rawPayload.equals(content)).toBe(true);
  });

  it('answers 400 JOB_NOT_COMPLETED while queued and 404 for a failed job', async () => {
    const apiOnly = await startTestApp({ ROLE: 'api' });
    try {
      const buyer = await apiOnly.createCustomer();
      const accepted = await apiOnly.app.inject({
        method: 'POST',
        url: '/v1/book',
        headers: { 'x-api-key': buyer.apiKey },
      });
      const queued = await apiOnly.app.inject({ method: 'GET', url: `/v1/download/${accepted.json().requestId}` });
      expect(queued.statusCode).toBe(400);
      expect(queued.json()).toMatchObject({ success: false, errorCode: 'JOB_NOT_COMPLETED' });
    } finally {
      await apiOnly.close();
    }
    const poor = await t.createCustomer({ credits: 1 });
    const accepted = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': poor.apiKey } });
    const status = await waitForTerminal(t.app, accepted.json().requestId);
    expect(status.status).toBe('failed');
    const failed = await t.app.inject({ method: 'GET', url: `/v1/download/${status.requestId}` });
    expect(failed.statusCode).toBe(404);
    expect(failed.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });
});
