import { getQueueToken } from '@nestjs/bull';
import type { Job, Queue } from 'bull';
import { DataSource } from 'typeorm';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { CreditsService } from '../src/credits/credits.service';
import { GenerationJobData, QueueName } from '../src/queues/queue-names';
import { StorageService } from '../src/storage/storage.service';
import { HttpsReceiver, localhostCertificate } from './support/https-receiver';
import { startTestApp, TestApp } from './support/test-app';

/** Time the builtin provider spends on each section: long enough to catch a book mid-run. */
const SECTION_DELAY_MS = 600;
const CANCEL_CHECK_SECONDS = 0.5;

/** POST /v1/book/{requestId}/cancel: refund, webhook, 409 once finished, and a running job that stops. */
describe('Cancelling a job', () => {
  let t: TestApp;
  let queue: Queue;
  const receivers: HttpsReceiver[] = [];
  /** How each worker run of a job ended, as this process's worker reports it. */
  const runEnds = new Map<string, 'completed' | 'failed'>();

  beforeAll(async () => {
    t = await startTestApp(
      {
        // The local webhook receiver listens on loopback; production refuses such targets.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        BUILTIN_SECTION_DELAY_MS: String(SECTION_DELAY_MS),
        CANCEL_CHECK_SECONDS: String(CANCEL_CHECK_SECONDS),
      },
      { webhookCa: localhostCertificate().cert },
    );
    queue = t.app.get<Queue>(getQueueToken(QueueName.Generation), { strict: false });
    // Recorded from the start: a run may end before a test gets to ask.
    queue.on('completed', (job: Job<GenerationJobData>) => runEnds.set(job.data.jobId, 'completed'));
    queue.on('failed', (job: Job<GenerationJobData>) => runEnds.set(job.data.jobId, 'failed'));
  });
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.stop()));
    await t.close();
  });

  const receiver = async () => {
    const created = new HttpsReceiver();
    receivers.push(created);
    return { hook: created, url: await created.start() };
  };

  const submit = async (apiKey: string, body: Record<string, unknown> = {}) => {
    const response = await t.submitBook(apiKey, body);
    expect(response.statusCode).toBe(202);
    return response.json().requestId as string;
  };

  const cancel = (requestId: string, apiKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/book/${encodeURIComponent(requestId)}/cancel`,
      headers: apiKey ? { 'x-api-key': apiKey } : {},
    });

  const status = async (requestId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/status/${requestId}` })).json();

  /** Polls the status until `done` holds; the machine may be loaded, so the deadline is generous. */
  const statusUntil = async (requestId: string, done: (body: Record<string, any>) => boolean) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const body = await status(requestId);
      if (done(body)) return body;
      if (Date.now() > deadline) throw new Error(`Job ${requestId} never got there: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const ledgerKinds = async (requestId: string) =>
    (
      await t.app
        .get(DataSource)
        .query<Array<{ kind: string }>>('SELECT kind FROM credit_ledger WHERE job_id = $1 ORDER BY id', [requestId])
    ).map((row) => row.kind);

  const balance = (accountId: string) => t.app.get(CreditsService, { strict: false }).balance(accountId);

  /** Waits until the worker's run of the job has returned; a run that threw (to be retried) fails the test. */
  const workerDone = async (requestId: string) => {
    const deadline = Date.now() + 30_000;
    while (!runEnds.has(requestId)) {
      if (Date.now() > deadline) throw new Error(`The worker never finished its run of ${requestId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(runEnds.get(requestId)).toBe('completed');
  };

  it('cancels a queued job: failed with error Cancelled, refunded in full, webhook sent; a second cancel is a 409', async () => {
    const { hook, url } = await receiver();
    const customer = await t.createCustomer({ credits: 1_000 });
    // No worker takes jobs while the queue is paused: the job stays queued.
    await queue.pause();
    let requestId = '';
    try {
      requestId = await submit(customer.apiKey, { webhook_url: url, output_format: 'md' });
      expect((await status(requestId)).status).toBe('queued');
      expect(await balance(customer.accountId)).toBe(750);

      const cancelled = await cancel(requestId, customer.apiKey);
      expect(cancelled.statusCode).toBe(200);
      const body = cancelled.json();
      expect(body).toMatchObject({
        requestId,
        status: 'failed',
        error: 'Cancelled',
        errorMessage: 'Cancelled',
        creditsUsed: 0,
        completedAt: expect.any(String),
      });
      expect(body).not.toHaveProperty('resultUrl');
      expect(body.messages).toEqual(['Request accepted and queued', 'Cancelled by the client']);
      expect(await status(requestId)).toEqual(body);

      expect(await balance(customer.accountId)).toBe(1_000);
      expect(await ledgerKinds(requestId)).toEqual(['reserve', 'refund']);

      const [delivery] = await hook.waitFor(1);
      expect(JSON.parse(delivery!.rawBody)).toEqual({
        requestId,
        status: 'failed',
        completedAt: body.completedAt,
        creditsUsed: 0,
        resultUrl: null,
        error: 'Cancelled',
        errorMessage: 'Cancelled',
      });

      const again = await cancel(requestId, customer.apiKey);
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toContain('application/json');
      expect(again.json()).toEqual({
        success: false,
        error: expect.any(String),
        details: expect.stringContaining('failed'),
        errorCode: 'JOB_ALREADY_FINISHED',
      });
    } finally {
      await queue.resume();
    }

    // The worker, given the job after all, leaves it as the cancel left it.
    await workerDone(requestId);
    expect((await status(requestId)).status).toBe('failed');
    expect(await ledgerKinds(requestId)).toEqual(['reserve', 'refund']);
    expect(await balance(customer.accountId)).toBe(1_000);
    expect(hook.deliveries).toHaveLength(1);
  });

  it('stops a running job before it finishes: nothing more is written, rendered, stored or charged', async () => {
    const { hook, url } = await receiver();
    const customer = await t.createCustomer({ credits: 1_000 });
    const books = t.app.get(JobsRepository, { strict: false });
    const reports = jest.spyOn(books, 'recordProgress');
    try {
      const requestId = await submit(customer.apiKey, { type: 'novel', output_format: 'txt', webhook_url: url });
      // A 2.0 novel has about ten chapters: chapter 2 under way is mid-run, with progress.
      const running = await statusUntil(requestId, (body) =>
        body.messages.some((message: string) => message.startsWith('Writing chapter 2 ')),
      );
      expect(running.status).toBe('processing');
      expect(running.progress).toBeGreaterThan(0);

      const cancelled = await cancel(requestId, customer.apiKey);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'failed', error: 'Cancelled', creditsUsed: 0 });

      // The worker's run returns (no retry) once its watcher has seen the cancel.
      await workerDone(requestId);
      const steps = reports.mock.calls.filter(([id]) => id === requestId).map(([, , message]) => message);
      const written = steps.filter((message) => message?.startsWith('Writing chapter '));
      expect(written.length).toBeGreaterThanOrEqual(2);
      expect(steps).not.toContain('Assembling the book');
      expect(steps).not.toContain('Rendering TXT');
      expect(steps).not.toContain('Storing the book');

      // Messages stop growing: two polls several watcher intervals apart agree.
      const first = await status(requestId);
      await new Promise((resolve) => setTimeout(resolve, CANCEL_CHECK_SECONDS * 3 * 1000));
      const second = await status(requestId);
      expect(second).toEqual(first);
      expect(second).toMatchObject({ status: 'failed', error: 'Cancelled', creditsUsed: 0 });
      expect(second.messages.at(-1)).toBe('Cancelled by the client');

      expect(await t.app.get(StorageService, { strict: false }).head(requestId)).toBeNull();
      const download = await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` });
      expect(download.statusCode).toBe(404);
      expect(await ledgerKinds(requestId)).toEqual(['reserve', 'refund']);
      expect(await balance(customer.accountId)).toBe(1_000);
      // The run's checkpoints went with it: nobody will resume a cancelled job.
      const checkpoints = await t.app
        .get(DataSource)
        .query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM generation_sections WHERE job_id = $1', [
          requestId,
        ]);
      expect(checkpoints[0]?.n).toBe(0);

      const [delivery] = await hook.waitFor(1);
      expect(JSON.parse(delivery!.rawBody)).toMatchObject({ requestId, status: 'failed', error: 'Cancelled' });
    } finally {
      reports.mockRestore();
    }
  });

  it('lets a cancel that lands while the book is being stored win: nothing is charged', async () => {
    const customer = await t.createCustomer({ credits: 1_000 });
    const storage = t.app.get(StorageService, { strict: false });
    const save = storage.save.bind(storage);
    let requestId = '';
    let cancelAnswer: number | undefined;
    // The cancel commits after the run's last look at its signal, before complete(): the latest it can land.
    const storing = jest.spyOn(storage, 'save').mockImplementation(async (book) => {
      if (book.jobId === requestId) cancelAnswer = (await cancel(requestId, customer.apiKey)).statusCode;
      return save(book);
    });
    try {
      requestId = await submit(customer.apiKey, { type: 'short_story', output_format: 'md' });
      await workerDone(requestId);
      expect(cancelAnswer).toBe(200);
      expect(await status(requestId)).toMatchObject({ status: 'failed', error: 'Cancelled', creditsUsed: 0 });
      expect(await ledgerKinds(requestId)).toEqual(['reserve', 'refund']);
      expect(await balance(customer.accountId)).toBe(1_000);
      expect((await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` })).statusCode).toBe(404);
    } finally {
      storing.mockRestore();
    }
  });

  it('answers 404 for a job of another account exactly as for an unknown id, and lets any key of the account cancel', async () => {
    const owner = await t.createCustomer();
    const stranger = await t.createCustomer();
    await queue.pause();
    try {
      const requestId = await submit(owner.apiKey);
      const unknownId = '00000000-0000-4000-8000-00000000c0de';
      const unknownStatus = await t.app.inject({ method: 'GET', url: `/v1/status/${unknownId}` });
      expect(unknownStatus.statusCode).toBe(404);

      const foreign = await cancel(requestId, stranger.apiKey);
      expect(foreign.statusCode).toBe(404);
      const unknownEnvelope = unknownStatus.json();
      expect(foreign.json()).toEqual({
        ...unknownEnvelope,
        details: unknownEnvelope.details.replace(unknownId, requestId),
      });
      expect((await status(requestId)).status).toBe('queued');

      const unknown = await cancel(unknownId, owner.apiKey);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(unknownEnvelope);

      for (const malformed of ['not-a-uuid', "'; DROP TABLE book_jobs; --", 'x'.repeat(150)]) {
        const answer = await cancel(malformed, owner.apiKey);
        const statusAnswer = await t.app.inject({ method: 'GET', url: `/v1/status/${encodeURIComponent(malformed)}` });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual(statusAnswer.json());
      }

      const sameAccount = await t.createKey(owner.accountId, { name: 'second key' });
      const cancelled = await cancel(requestId, sameAccount);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ requestId, status: 'failed', error: 'Cancelled' });
    } finally {
      await queue.resume();
    }
  });

  it('asks for a key with books:write and answers the envelope on every refusal', async () => {
    const customer = await t.createCustomer();
    await queue.pause();
    try {
      const requestId = await submit(customer.apiKey);

      const anonymous = await cancel(requestId);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, errorCode: 'AUTH_REQUIRED' });

      const readOnly = await t.createKey(customer.accountId, { name: 'read only', scopes: ['usage:read'] });
      const forbidden = await cancel(requestId, readOnly);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });

      const garbled = await t.app.inject({
        method: 'POST',
        url: `/v1/book/${requestId}/cancel`,
        headers: { 'x-api-key': customer.apiKey, 'content-type': 'application/json' },
        payload: '{"reason":',
      });
      expect(garbled.statusCode).toBe(400);
      expect(garbled.json()).toMatchObject({ success: false, errorCode: 'INVALID_PARAMETER' });

      // None of the refusals touched the job.
      expect((await status(requestId)).status).toBe('queued');
      expect((await cancel(requestId, customer.apiKey)).statusCode).toBe(200);
    } finally {
      await queue.resume();
    }
  });

  it('answers 409 JOB_ALREADY_FINISHED for a completed job and leaves it, its charge and its book alone', async () => {
    const customer = await t.createCustomer({ credits: 1_000 });
    const completed = await t.finishedBook(customer.apiKey, { type: 'short_story', output_format: 'md' });
    const { requestId } = completed;

    const refused = await cancel(requestId, customer.apiKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: expect.any(String),
      details: expect.stringContaining('completed'),
      errorCode: 'JOB_ALREADY_FINISHED',
    });
    expect(await status(requestId)).toEqual(completed);
    expect(await balance(customer.accountId)).toBe(1_000 - completed.creditsUsed);
    expect((await t.app.inject({ method: 'GET', url: `/v1/download/${requestId}` })).statusCode).toBe(200);
  });

  it('does not count against the POST /v1/book rate limits', async () => {
    const customer = await t.createCustomer({ key: { dailyLimit: 2, minIntervalSeconds: 0 } });
    await queue.pause();
    try {
      const first = await submit(customer.apiKey);
      expect((await cancel(first, customer.apiKey)).statusCode).toBe(200);
      expect((await cancel(first, customer.apiKey)).statusCode).toBe(409);
      expect((await cancel(first, customer.apiKey)).statusCode).toBe(409);

      const second = await t.app.inject({ method: 'POST', url: '/v1/book', headers: { 'x-api-key': customer.apiKey } });
      expect(second.statusCode).toBe(202);
      expect(second.headers['ratelimit-remaining']).toBe('0');
    } finally {
      await queue.resume();
    }
  });
});
