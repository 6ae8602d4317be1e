import { DataSource } from 'typeorm';
import { CreditsService } from '../src/credits/credits.service';
import { startTestApp, TestApp, waitForTerminal } from './support/test-app';

/** A job from submission to a terminal state, its status, its credits and its download. */
describe('Book jobs end to end', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['txt', 'md', 'json'] as const)('generates a %s book that can be downloaded', async (format) => {
    const customer = await t.createCustomer({ credits: 1_000 });
    const accepted = await t.submitBook(customer.apiKey, {
      prompt: 'A lighthouse keeper named Mara finds a map that leads under the sea',
      type: 'novel',
      style: 'mystery',
      output_format: format,
    });
    expect(accepted.statusCode).toBe(202);
    const { requestId } = accepted.json();

    const status = await waitForTerminal(t.app, requestId);
    expect(status).toMatchObject({
      requestId,
      status: 'completed',
      progress: 100,
      resultUrl: `http://books.test/v1/download/${requestId}`,
    });
    expect(status.creditsUsed).toBeGreaterThanOrEqual(225);
    expect(status.creditsUsed).toBeLessThanOrEqual(275);
    expect(new Date(status.createdAt).toISOString()).toBe(status.createdAt);
    expect(new Date(status.completedAt).getTime()).toBeGreaterThanOrEqual(new Date(status.createdAt).getTime());
    expect(status.messages[0]).toBe('Request accepted and queued');
    expect(status.messages.at(-1)).toBe('Book ready for download');
    expect(status).not.toHaveProperty('error');

    const balance = await t.app.get(CreditsService, { strict: false }).balance(customer.accountId);
    expect(balance).toBe(1_000 - status.creditsUsed);

    const download = await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="[a-z0-9-]+\\.${format}"; filename\\*=UTF-8''\\S+\\.${format}$`),
    );
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    expect(download.headers.etag).toMatch(/^"[^"]+"$/);
    expect(download.body).toContain('Mara');
    if (format === 'json') {
      expect(download.headers['content-type']).toContain('application/json');
      expect(download.json().metadata.identifier).toBe(requestId);
    }
    if (format === 'txt') expect(download.headers['content-type']).toContain('text/plain');
    if (format === 'md') expect(download.headers['content-type']).toContain('text/markdown');

    const head = await t.app.inject({ method: 'HEAD', url: `/v1/download/${requestId}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(download.headers['content-length']);
    expect(head.body).toBe('');

    const notModified = await t.app.inject({
      method: 'GET',
      url: `/v1/download/${requestId}`,
      headers: { 'if-none-match': String(download.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('charges 50% more for images', async () => {
    const customer = await t.createCustomer({ credits: 2_000 });
    const status = await t.finishedBook(customer.apiKey, {
      type: 'short_story',
      images: true,
      model: '3.0',
      output_format: 'md',
    });
    expect(status.creditsUsed).toBeGreaterThanOrEqual(675);
    expect(status.creditsUsed).toBeLessThanOrEqual(825);
  });

  it('ends a job the credit pool cannot cover as failed with "Insufficient credits"', async () => {
    const customer = await t.createCustomer({ credits: 100 });
    const accepted = await t.submitBook(customer.apiKey, { prompt: 'Too expensive' });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().status).toBe('queued');

    const status = await waitForTerminal(t.app, accepted.json().requestId);
    expect(status).toMatchObject({
      status: 'failed',
      creditsUsed: 0,
      error: 'Insufficient credits',
      errorMessage: 'Insufficient credits',
    });
    expect(status).not.toHaveProperty('resultUrl');
    expect(await t.app.get(CreditsService, { strict: false }).balance(customer.accountId)).toBe(100);

    const download = await t.app.inject({ method: 'GET', url: `/v1/download/${status.requestId}` });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({ errorCode: 'NOT_FOUND', details: expect.stringContaining('failed') });
  });

  it('records reserve, release and charge in the ledger, netting to creditsUsed', async () => {
    const dataSource = t.app.get(DataSource);
    const customer = await t.createCustomer({ credits: 1_000 });
    const { requestId } = await t.finishedBook(customer.apiKey, { output_format: 'txt' });
    // A ledger that nets to the job's creditsUsed proves the settle step.
    const rows: Array<{ kind: string; amount: string }> = await dataSource.query(
      'SELECT kind, amount FROM credit_ledger WHERE job_id = $1 ORDER BY id',
      [requestId],
    );
    const status = (await t.app.inject({ method: 'GET', url: `/v1/status/${requestId}` })).json();
    expect(rows.map((row) => row.kind)).toEqual(['reserve', 'release', 'charge']);
    expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(-status.creditsUsed);
  });

  it('answers 404 NOT_FOUND for unknown and malformed request ids, never a 500', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '1',
      "'; DROP TABLE book_jobs; --",
      'x'.repeat(150),
    ]) {
      for (const path of ['/v1/status/', '/v1/download/']) {
        const response = await t.app.inject({ method: 'GET', url: path + encodeURIComponent(id) });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
      }
    }
  });
});
