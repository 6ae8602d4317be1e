import { Writable } from 'node:stream';
import { createRootLogger, PinoNestLogger } from '../logging/logger';
import { JobEvent, JobFailureCode, JobLifecycleLog } from './job-lifecycle-log';
import type { NewBookJob } from './jobs.repository';
import { bookJob } from './testing/job-fixtures';

const OWNER = {
  jobId: '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70',
  apiKeyId: 'key0000000a1',
  accountId: '7d3e1c52-0f1b-4a8e-9b57-2c6a51d4e001',
};

/** A job that waited 5 s in the queue and ran for a minute. */
const FINISHED_TIMES = {
  createdAt: new Date('2025-03-01T10:00:00.000Z'),
  startedAt: new Date('2025-03-01T10:00:05.000Z'),
  completedAt: new Date('2025-03-01T10:01:05.000Z'),
};

/** The lifecycle log over the service's own pino JSON lines, read back as objects. */
function setUp(): { lifecycle: JobLifecycleLog; lines: () => Array<Record<string, any>> } {
  let written = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const pino = createRootLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, destination);
  const lifecycle = new JobLifecycleLog(new PinoNestLogger(pino));
  const lines = () =>
    written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
  return { lifecycle, lines };
}

describe('JobLifecycleLog', () => {
  it('writes job.accepted at info with the job, key id and account, what was asked and its estimate', () => {
    const { lifecycle, lines } = setUp();
    const job: NewBookJob = {
      id: OWNER.jobId,
      accountId: OWNER.accountId,
      apiKeyId: OWNER.apiKeyId,
      parameters: bookJob().parameters,
      webhookUrl: 'https://hooks.example/books',
      estimatedCost: 250,
    };
    lifecycle.accepted(job);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'job accepted',
        event: 'job.accepted',
        ...OWNER,
        model: '2.0',
        outputFormat: 'epub',
        estimatedCost: 250,
      }),
    ]);
    // The request's own text and its webhook address stay out of the logs.
    expect(JSON.stringify(lines())).not.toContain('lighthouse');
    expect(JSON.stringify(lines())).not.toContain('hooks.example');
  });

  it('writes job.started with the attempt', () => {
    const { lifecycle, lines } = setUp();
    lifecycle.started(bookJob({ status: 'processing', attempts: 2, startedAt: FINISHED_TIMES.startedAt }));
    expect(lines()[0]).toMatchObject({ level: 30, msg: 'job started', event: 'job.started', ...OWNER, attempt: 2 });
  });

  it('writes job.retrying at warn with the attempt that failed, why, and the wait before the next', () => {
    const { lifecycle, lines } = setUp();
    lifecycle.retrying(bookJob({ status: 'processing', attempts: 1 }), {
      attempt: 1,
      reason: 'The model provider failed: 503',
      delayMs: 2_000,
    });
    expect(lines()[0]).toMatchObject({
      level: 40,
      msg: 'job retrying',
      event: 'job.retrying',
      ...OWNER,
      attempt: 1,
      reason: 'The model provider failed: 503',
      delayMs: 2_000,
    });
  });

  it('writes job.completed with its durations since start and since acceptance, credits, format and provider', () => {
    const { lifecycle, lines } = setUp();
    lifecycle.completed(
      bookJob({
        ...FINISHED_TIMES,
        status: 'completed',
        attempts: 1,
        creditsUsed: 247,
        generation: {
          provider: 'openai',
          models: { planner: 'gpt-planner', writer: 'gpt-writer' },
          calls: 12,
          retries: 0,
          continuations: 0,
          revisions: 0,
          promptTokens: 1_000,
          completionTokens: 9_000,
          tokensEstimated: false,
          byModel: {},
        },
      }),
    );
    expect(lines()[0]).toMatchObject({
      level: 30,
      msg: 'job completed',
      event: 'job.completed',
      ...OWNER,
      durationMs: 60_000,
      sinceAcceptedMs: 65_000,
      attempts: 1,
      creditsUsed: 247,
      outputFormat: 'epub',
      model: '2.0',
      provider: 'openai',
      providerModels: { planner: 'gpt-planner', writer: 'gpt-writer' },
    });
  });

  it('writes job.failed at error with the code, the reason the client sees and the thrown error with its stack', () => {
    const { lifecycle, lines } = setUp();
    const thrown = new TypeError("Cannot read properties of undefined (reading 'title')");
    lifecycle.failed(
      bookJob({ ...FINISHED_TIMES, status: 'failed', attempts: 3, error: 'Internal error during generation' }),
      JobFailureCode.InternalError,
      thrown,
    );
    const [line] = lines();
    expect(line).toMatchObject({
      level: 50,
      msg: 'job failed',
      event: 'job.failed',
      ...OWNER,
      errorCode: 'INTERNAL_ERROR',
      reason: 'Internal error during generation',
      attempts: 3,
      durationMs: 60_000,
      sinceAcceptedMs: 65_000,
      err: { type: 'TypeError', message: thrown.message },
    });
    expect(line!.err.stack).toContain('TypeError: Cannot read properties');
  });

  it('writes job.failed at warn, without a run duration, for a job the credit pool could not cover', () => {
    const { lifecycle, lines } = setUp();
    const { startedAt: _never, ...times } = FINISHED_TIMES;
    lifecycle.failed(
      bookJob({ ...times, status: 'failed', error: 'Insufficient credits' }),
      JobFailureCode.InsufficientCredits,
    );
    const [line] = lines();
    expect(line).toMatchObject({
      level: 40,
      event: 'job.failed',
      errorCode: 'INSUFFICIENT_CREDITS',
      reason: 'Insufficient credits',
      sinceAcceptedMs: 65_000,
    });
    expect(line).not.toHaveProperty('durationMs');
    expect(line).not.toHaveProperty('err');
  });

  it('writes job.cancelled with the key that cancelled it and whether it was running', () => {
    const { lifecycle, lines } = setUp();
    lifecycle.cancelled(bookJob({ ...FINISHED_TIMES, status: 'failed', error: 'Cancelled' }), 'key0000000b2');
    expect(lines()[0]).toMatchObject({
      level: 30,
      msg: 'job cancelled',
      event: 'job.cancelled',
      ...OWNER,
      cancelledByKeyId: 'key0000000b2',
      wasRunning: true,
      sinceAcceptedMs: 65_000,
    });
  });

  it('names every event job.<what> and says it in its message as "job <what>"', () => {
    for (const event of Object.values(JobEvent)) expect(event).toMatch(/^job\.[a-z]+$/);
    const { lifecycle, lines } = setUp();
    const job = bookJob({ ...FINISHED_TIMES, attempts: 1, error: 'Cancelled' });
    lifecycle.started(job);
    lifecycle.retrying(job, { attempt: 1, reason: 'x', delayMs: undefined });
    lifecycle.completed(job);
    lifecycle.failed(job, JobFailureCode.DeadlineExceeded);
    lifecycle.cancelled(job, 'key0000000a1');
    for (const line of lines()) expect(line.msg).toBe(String(line.event).replace('.', ' '));
  });
});
