import { DataSource } from 'typeorm';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { BookRetentionService } from '../src/retention/book-retention.service';
import { createIsolatedDatabase, IsolatedDatabase } from './support/isolated-database';
import { startTestApp, TestApp } from './support/test-app';

/** DELETE /v1/book/{id} and BOOK_RETENTION_DAYS (issue 15): the file goes, the record stays and says so. */
describe('Deleting a finished book', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const remove = (requestId: string, apiKey?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/v1/book/${requestId}`,
      headers: apiKey ? { 'x-api-key': apiKey } : {},
    });
  const status = async (requestId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/status/${requestId}` })).json();

  it('deletes the file: the status record stays and says when, the download answers 410 GONE', async () => {
    const customer = await t.createCustomer();
    const book = await t.finishedBook(customer.apiKey, { output_format: 'md' });
    // Polled once finished, so the answer is remembered: the deletion must still show at once.
    expect(await status(book.requestId)).not.toHaveProperty('fileDeletedAt');

    const deleted = await remove(book.requestId, customer.apiKey);
    expect(deleted.statusCode).toBe(200);
    const record = deleted.json();
    expect(record).toEqual({ ...book, fileDeletedAt: expect.any(String) });
    expect(Date.parse(record.fileDeletedAt)).toBeGreaterThanOrEqual(Date.parse(book.completedAt));
    expect(await status(book.requestId)).toEqual(record);

    for (const method of ['GET', 'HEAD'] as const) {
      const download = await t.app.inject({ method, url: `/v1/download/${book.requestId}` });
      expect(download.statusCode).toBe(410);
      if (method === 'GET') expect(download.json()).toMatchObject({ success: false, errorCode: 'GONE' });
    }
    const stored = await t.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM artifacts WHERE job_id = $1', [book.requestId]);
    expect(stored[0].n).toBe(0);

    // Repeating it changes nothing, and any key of the account may do it.
    const otherKey = await t.createKey(customer.accountId);
    const again = await remove(book.requestId, otherKey);
    expect([again.statusCode, again.json().fileDeletedAt]).toEqual([200, record.fileDeletedAt]);
  });

  it('refuses unfinished jobs, other accounts, and keys that may not write', async () => {
    const api = await startTestApp({ ROLE: 'api' });
    try {
      const customer = await api.createCustomer();
      const queued = (await api.submitBook(customer.apiKey, {})).json().requestId as string;
      const unfinished = await api.app.inject({
        method: 'DELETE',
        url: `/v1/book/${queued}`,
        headers: { 'x-api-key': customer.apiKey },
      });
      expect([unfinished.statusCode, unfinished.json().errorCode]).toEqual([400, 'JOB_NOT_COMPLETED']);
    } finally {
      await api.close();
    }

    const owner = await t.createCustomer();
    const book = await t.finishedBook(owner.apiKey, {});
    const stranger = await t.createCustomer();
    expect((await remove(book.requestId, stranger.apiKey)).json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await remove('00000000-0000-4000-8000-000000000000', owner.apiKey)).statusCode).toBe(404);
    expect((await remove('not-a-uuid', owner.apiKey)).statusCode).toBe(404);
    expect((await remove(book.requestId)).json()).toMatchObject({ errorCode: 'AUTH_REQUIRED' });
    const readOnly = await t.createKey(owner.accountId, { scopes: ['usage:read'] });
    expect((await remove(book.requestId, readOnly)).statusCode).toBe(403);
    await t.app.get(ApiKeysService, { strict: false }).revoke(owner.keyId);
    expect((await remove(book.requestId, owner.apiKey)).statusCode).toBe(403);
    // Nothing above deleted it.
    expect((await t.app.inject({ method: 'GET', url: `/v1/download/${book.requestId}` })).statusCode).toBe(200);
  });
});

describe('BOOK_RETENTION_DAYS', () => {
  let database: IsolatedDatabase;
  // The sweep reads the whole database: a database of its own keeps other suites' jobs out of it.
  beforeAll(async () => {
    database = await createIsolatedDatabase('retention');
  });
  afterAll(() => database.drop());

  it('deletes the files of jobs completed longer ago than the setting, and only those', async () => {
    const t = await startTestApp({ DATABASE_URL: database.url, BOOK_RETENTION_DAYS: '7' });
    try {
      const customer = await t.createCustomer({ key: { minIntervalSeconds: 0 } });
      const old = await t.finishedBook(customer.apiKey, {});
      const recent = await t.finishedBook(customer.apiKey, {});
      await t.app
        .get(DataSource)
        .query(`UPDATE book_jobs SET completed_at = now() - interval '8 days' WHERE id = $1`, [old.requestId]);

      const retention = t.app.get(BookRetentionService, { strict: false });
      expect(await retention.sweep()).toBe(1);
      expect(await retention.sweep()).toBe(0);
      const download = (requestId: string) =>
        t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` }).then((r) => r.statusCode);
      expect(await download(old.requestId)).toBe(410);
      expect(await download(recent.requestId)).toBe(200);
      // The listing reads the records (GET /v1/status may serve a remembered answer for up to a minute).
      const listed = await t.app.inject({ method: 'GET', url: '/v1/books', headers: { 'x-api-key': customer.apiKey } });
      const records = new Map(listed.json().data.map((job: { requestId: string }) => [job.requestId, job]));
      expect(records.get(old.requestId)).toMatchObject({ status: 'completed', fileDeletedAt: expect.any(String) });
      expect(records.get(recent.requestId)).not.toHaveProperty('fileDeletedAt');
    } finally {
      await t.close();
    }
  });

  it('keeps every file when it is 0, the default', async () => {
    const t = await startTestApp({ DATABASE_URL: database.url });
    try {
      const customer = await t.createCustomer();
      const book = await t.finishedBook(customer.apiKey, {});
      await t.app
        .get(DataSource)
        .query(`UPDATE book_jobs SET completed_at = now() - interval '3000 days' WHERE id = $1`, [book.requestId]);
      expect(await t.app.get(BookRetentionService, { strict: false }).sweep()).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: `/v1/download/${book.requestId}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
