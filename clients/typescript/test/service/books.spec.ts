import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScriptoriumClient } from '../../src/client';
import { GoneError, JobAlreadyFinishedError, JobNotCompletedError, NotFoundError } from '../../src/errors';
import type { JobStatus } from '../../src/types';
import { recordingFetch } from '../support/recording-fetch';
import { clientFor, createAccount, createApiKey } from '../support/service-under-test';

/** The client's book calls against the real service (test/support/start-service.ts). */
describe('books against the real service', () => {
  let client: ScriptoriumClient;

  beforeAll(async () => {
    client = clientFor(await createApiKey('books'));
  });

  it('create answers the 202 body; retrieve reads the job back', async () => {
    const created = await client.books.create({ prompt: 'A lighthouse keeper finds a map', output_format: 'md' });

    expect(created).toMatchObject({ success: true, status: 'queued' });
    expect(created.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const status = await client.books.retrieve(created.requestId);
    expect(status.requestId).toBe(created.requestId);
    expect(['queued', 'processing', 'completed']).toContain(status.status);
  });

  it('a create retried after a lost answer carries the same Idempotency-Key and creates one book', async () => {
    const apiKey = await createApiKey('idempotent retries');
    const recorder = recordingFetch({ loseFirstAnswerTo: 'POST /v1/book' });
    const retrying = clientFor(apiKey, { fetch: recorder.fetch });

    const created = await retrying.books.create({ prompt: 'Two copies of one request' });

    const keys = recorder.to('POST /v1/book').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(recorder.lostAnswers[0]).toMatchObject({ requestId: created.requestId });
    const usage = await retrying.usage();
    expect(usage.totalRequests).toBe(1);
    expect(usage.recentRequests.map((request) => request.requestId)).toEqual([created.requestId]);
  });

  it('two creates without a given key are two books (each call has its own key)', async () => {
    const apiKey = await createApiKey('distinct creates');
    const separate = clientFor(apiKey);

    const first = await separate.books.create({ prompt: 'same body' });
    const second = await separate.books.create({ prompt: 'same body' });

    expect(second.requestId).not.toBe(first.requestId);
    expect((await separate.usage()).totalRequests).toBe(2);
  });

  it('waitForCompletion by polling reports progress and resolves with the completed status', async () => {
    const recorder = recordingFetch();
    const polling = clientFor(undefined, { fetch: recorder.fetch });
    const { requestId } = await client.books.create({ prompt: 'A short mystery', output_format: 'txt' });
    const seen: JobStatus[] = [];

    const finished = await polling.books.waitForCompletion(requestId, {
      transport: 'polling',
      pollIntervalMs: 250,
      onStatus: (status) => seen.push(status),
    });

    expect(finished).toMatchObject({ requestId, status: 'completed', progress: 100 });
    expect(finished.resultUrl).toContain(`/download/${requestId}`);
    expect(seen.at(-1)).toEqual(finished);
    const progress = seen.map((status) => status.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(recorder.to(`GET /v1/status/${requestId}/events`)).toHaveLength(0);
  });

  it('download streams the finished book with the file name of Content-Disposition', async () => {
    const { requestId } = await client.books.create({ prompt: 'The Salt Road', output_format: 'md' });
    await client.books.waitForCompletion(requestId, { pollIntervalMs: 250 });

    const download = await client.books.download(requestId);

    expect(download.fileName).toMatch(/\.md$/);
    expect(download.contentType).toMatch(/^text\/markdown/);
    expect(download.etag).toBeTruthy();
    const directory = await mkdtemp(join(tmpdir(), 'scriptorium-client-'));
    try {
      const path = join(directory, download.fileName!);
      await download.saveTo(path);
      const text = await readFile(path, 'utf8');
      expect(text).toMatch(/^# /);
      expect(Buffer.byteLength(text)).toBe(download.size);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('a book can be downloaded as a Buffer too (a second download of the same file)', async () => {
    const { requestId } = await client.books.create({ prompt: 'Twice told', output_format: 'json' });
    await client.books.waitForCompletion(requestId, { pollIntervalMs: 250 });

    const first = await (await client.books.download(requestId)).buffer();
    const second = await client.books.download(requestId);

    expect(JSON.parse(first.toString('utf8'))).toHaveProperty('schemaVersion');
    expect(second.size).toBe(first.length);
    await second.body.cancel();
  });

  it('cancel ends a running job as failed "Cancelled"; download before that is JobNotCompletedError', async () => {
    const { requestId } = await client.books.create({ prompt: 'A long epic that will not be finished', model: '3.0' });

    await expect(client.books.download(requestId)).rejects.toBeInstanceOf(JobNotCompletedError);
    const cancelled = await client.books.cancel(requestId);

    expect(cancelled).toMatchObject({ requestId, status: 'failed', error: 'Cancelled', creditsUsed: 0 });
    await expect(client.books.cancel(requestId)).rejects.toBeInstanceOf(JobAlreadyFinishedError);
    await expect(client.books.waitForCompletion(requestId)).resolves.toMatchObject({ status: 'failed' });
  });

  it('delete removes a finished book’s file: retrieve then shows fileDeletedAt, download is GoneError (410)', async () => {
    const { requestId } = await client.books.create({ prompt: 'Read once, then shredded', output_format: 'md' });
    await client.books.waitForCompletion(requestId);
    await (await client.books.download(requestId)).buffer();

    const deleted = await client.books.delete(requestId);

    expect(deleted).toMatchObject({ requestId, status: 'completed' });
    expect(new Date(deleted.fileDeletedAt ?? 'absent').toISOString()).toBe(deleted.fileDeletedAt);
    await expect(client.books.retrieve(requestId)).resolves.toMatchObject({ fileDeletedAt: deleted.fileDeletedAt });
    const download = client.books.download(requestId);
    await expect(download).rejects.toBeInstanceOf(GoneError);
    await expect(download).rejects.toMatchObject({ status: 410, errorCode: 'GONE' });
    await expect(client.books.delete(requestId)).resolves.toMatchObject({ requestId });
  });

  it('delete of a running job is JobNotCompletedError; of another account’s job or an unknown id NotFoundError', async () => {
    const running = await client.books.create({ prompt: 'A long epic still being written', model: '3.0' });
    // At once: the epic takes some 5 s (15 sections at 300 ms), less than making an account with the CLI below.
    await expect(client.books.delete(running.requestId)).rejects.toBeInstanceOf(JobNotCompletedError);
    const otherAccount = clientFor(
      await createApiKey('other account', { accountId: await createAccount('other', 1000) }),
    );
    const foreign = await otherAccount.books.create({ prompt: 'Not yours to delete' });

    await expect(client.books.delete(foreign.requestId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.books.delete('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    // Only to spare the shared worker the rest of the epic.
    await client.books.cancel(running.requestId).catch((error: unknown) => {
      if (!(error instanceof JobAlreadyFinishedError)) throw error;
    });
  });

  it('retrieve of an unknown id is NotFoundError', async () => {
    await expect(client.books.retrieve('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });
});
