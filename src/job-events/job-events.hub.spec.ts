import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { AppConfig } from '../config/app-config';
import type { JobStatusChange } from '../jobs/job-status-change';
import { encodeJobStatusChange, jobChangesChannel } from '../jobs/job-status-change';
import type { JobsRepository, JobStatusRow } from '../jobs/jobs.repository';
import { TEST_BASE_URL, testPublicUrls } from '../jobs/testing/job-fixtures';
import { JobEventsHub, type JobChangesSubscriber, type OpenedJobEvents } from './job-events.hub';

const JOB_ID = '0b6f3a2e-5c4d-4e8f-9a1b-2c3d4e5f6a70';
const PREFIX = 'hub-spec';

/** A Redis subscriber connection that records its subscriptions and lets a test announce changes and reconnect. */
class FakeSubscriber extends EventEmitter implements JobChangesSubscriber {
  status = 'ready';
  readonly channels = new Set<string>();
  /** When set, subscribe() waits for this before it resolves (a slow Redis). */
  subscribeGate: Promise<void> | null = null;

  async subscribe(...channels: string[]): Promise<unknown> {
    if (this.status !== 'ready') throw new Error('Connection is closed.');
    for (const channel of channels) this.channels.add(channel);
    if (this.subscribeGate) await this.subscribeGate;
    return channels.length;
  }

  unsubscribe(...channels: string[]): Promise<unknown> {
    for (const channel of channels) this.channels.delete(channel);
    return Promise.resolve(0);
  }

  announce(change: JobStatusChange): void {
    this.emit('message', jobChangesChannel(PREFIX, change.job.id), encodeJobStatusChange(change));
  }

  /** The connection drops: subscriptions are gone (no automatic resubscription). */
  drop(): void {
    this.status = 'reconnecting';
    this.channels.clear();
  }

  reconnect(): void {
    this.status = 'ready';
    this.emit('ready');
  }
}

function row(overrides: Partial<JobStatusRow> = {}): JobStatusRow {
  return {
    id: JOB_ID,
    status: 'processing',
    progress: 10,
    messages: ['Request accepted and queued', 'Generation started'],
    error: null,
    creditsUsed: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    completedAt: null,
    fileDeletedAt: null,
    ...overrides,
  };
}

/** The job store holding one job whose state (and revision) a test moves, as workers commit changes. */
function setUp(options: { heartbeatMs?: number; catchUpMs?: number } = {}) {
  const store = { current: { revision: 3, job: row() } as JobStatusChange | null };
  const jobs = {
    findStatusChange: jest.fn((id: string) => Promise.resolve(store.current?.job.id === id ? store.current : null)),
    findStatusChangesAfter: jest.fn((revisions: ReadonlyMap<string, number>) => {
      const current = store.current;
      const known = current ? revisions.get(current.job.id) : undefined;
      return Promise.resolve(current && known !== undefined && current.revision > known ? [current] : []);
    }),
  } satisfies Pick<JobsRepository, 'findStatusChange' | 'findStatusChangesAfter'>;
  const subscriber = new FakeSubscriber();
  const hub = new JobEventsHub(
    subscriber,
    jobs as unknown as JobsRepository,
    testPublicUrls(),
    Object.assign(new AppConfig(), { REDIS_PREFIX: PREFIX }),
    { heartbeatMs: options.heartbeatMs ?? 60_000, catchUpMs: options.catchUpMs ?? 60_000, retryMs: 1_000 },
  );
  /** A commit: the new state is stored, and announced unless the test says it was lost. */
  const commit = (job: Partial<JobStatusRow>, { announce = true } = {}) => {
    const change = { revision: store.current!.revision + 1, job: row({ ...store.current!.job, ...job }) };
    store.current = change;
    if (announce) subscriber.announce(change);
    return change;
  };
  return { hub, jobs, store, subscriber, commit };
}

/** Reads a stream as a client does: its text so far, and whether it has ended. */
function reader(opened: OpenedJobEvents) {
  if (opened.kind !== 'stream') throw new Error(`expected a stream, got ${opened.kind}`);
  const stream: Readable = opened.stream;
  const state = { text: '', ended: false, closed: false };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (state.text += chunk));
  stream.on('end', () => (state.ended = true));
  stream.on('close', () => (state.closed = true));
  return {
    stream,
    state,
    ids: () => [...state.text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1])),
    data: () => [...state.text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!)),
    heartbeats: () => state.text.split(': heartbeat\n\n').length - 1,
  };
}

/** Lets stream events (data, end, close) and settled promises run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

describe('JobEventsHub', () => {
  it('sends the current state first, then each announced change with its revision as id, then ends after the terminal one', async () => {
    const { hub, commit } = setUp();
    const client = reader(await hub.open(JOB_ID, 0));
    commit({ progress: 40, messages: [...row().messages, 'Chapter 1'] });
    commit({ status: 'completed', progress: 100, completedAt: new Date('2026-01-01T00:05:00Z'), creditsUsed: 250 });
    await flush();

    expect(client.ids()).toEqual([3, 4, 5]);
    expect(client.data().map((dto) => [dto.status, dto.progress])).toEqual([
      ['processing', 10],
      ['processing', 40],
      ['completed', 100],
    ]);
    expect(client.data()[2]).toMatchObject({ resultUrl: `${TEST_BASE_URL}/download/${JOB_ID}`, creditsUsed: 250 });
    expect(client.state.text.startsWith('retry: 1000\n\n')).toBe(true);
    expect(client.state.ended).toBe(true);
    expect(hub.streamCount).toBe(0);
  });

  it('never repeats nor goes back: announcements at or below what the client has are dropped', async () => {
    const { hub, subscriber, store, commit } = setUp();
    const client = reader(await hub.open(JOB_ID, 0));
    const older = store.current!;
    commit({ progress: 50 });
    subscriber.announce(older);
    subscriber.announce(store.current!);
    await flush();
    expect(client.ids()).toEqual([3, 4]);
  });

  it('resumes after Last-Event-ID: the current state only if newer, and a finished job already seen is "finished"', async () => {
    const { hub, commit } = setUp();
    const upToDate = reader(await hub.open(JOB_ID, 3));
    await flush();
    expect(upToDate.ids()).toEqual([]);
    commit({ progress: 60 });
    await flush();
    expect(upToDate.ids()).toEqual([4]);

    const done = commit({ status: 'failed', error: 'Cancelled by the client' });
    await expect(hub.open(JOB_ID, done.revision)).resolves.toEqual({ kind: 'finished' });
    const behind = reader(await hub.open(JOB_ID, done.revision - 1));
    await flush();
    expect(behind.ids()).toEqual([done.revision]);
    expect(behind.state.ended).toBe(true);
  });

  it('subscribes before it reads PostgreSQL, so a change committed in between is not lost', async () => {
    const { hub, jobs, subscriber, commit } = setUp();
    let opened = false;
    let releaseSubscribe!: () => void;
    subscriber.subscribeGate = new Promise((resolve) => (releaseSubscribe = resolve));
    const opening = hub.open(JOB_ID, 0).then((result) => {
      opened = true;
      return result;
    });
    await flush();
    expect(jobs.findStatusChange).not.toHaveBeenCalled();
    // Subscribed (Redis has the channel) but not yet confirmed: a change announced now must still arrive.
    commit({ progress: 20 });
    releaseSubscribe();
    const client = reader(await opening);
    await flush();
    expect(opened).toBe(true);
    expect(client.ids()).toEqual([4]);
  });

  it('answers not_found for an unknown job and keeps no subscription for it', async () => {
    const { hub, store, subscriber } = setUp();
    store.current = null;
    await expect(hub.open(JOB_ID, 0)).resolves.toEqual({ kind: 'not_found' });
    expect(subscriber.channels.size).toBe(0);
    expect(hub.jobCount).toBe(0);
  });

  it('shares one subscription per job among its streams and drops it (and its timers) when the last client hangs up', async () => {
    const { hub, subscriber } = setUp({ heartbeatMs: 10 });
    const first = reader(await hub.open(JOB_ID, 0));
    const second = reader(await hub.open(JOB_ID, 0));
    expect([...subscriber.channels]).toEqual([jobChangesChannel(PREFIX, JOB_ID)]);
    expect(hub.streamCount).toBe(2);

    first.stream.destroy();
    await flush();
    expect(hub.streamCount).toBe(1);
    expect(subscriber.channels.size).toBe(1);

    second.stream.destroy();
    await flush();
    expect(hub.streamCount).toBe(0);
    expect(hub.jobCount).toBe(0);
    expect(subscriber.channels.size).toBe(0);
    // No interval is left behind: with no stream, the hub's timers are stopped.
    expect((hub as unknown as { heartbeatTimer: unknown }).heartbeatTimer).toBeNull();
  });

  it('sends a heartbeat comment to every open stream at its interval', async () => {
    const { hub } = setUp({ heartbeatMs: 20 });
    const client = reader(await hub.open(JOB_ID, 0));
    await until(() => client.heartbeats() >= 2);
    expect(client.ids()).toEqual([3]);
    client.stream.destroy();
  });

  it('after a Redis reconnection subscribes again and re-reads the followed jobs, delivering what was missed', async () => {
    const { hub, subscriber, jobs, commit } = setUp();
    const client = reader(await hub.open(JOB_ID, 0));
    subscriber.drop();
    commit({ progress: 70, messages: [...row().messages, 'Chapter 2'] }, { announce: false });
    subscriber.reconnect();
    await until(() => client.ids().length === 2);
    expect(client.ids()).toEqual([3, 4]);
    expect(subscriber.channels.has(jobChangesChannel(PREFIX, JOB_ID))).toBe(true);
    expect(jobs.findStatusChangesAfter).toHaveBeenCalledWith(new Map([[JOB_ID, 3]]));
    client.stream.destroy();
  });

  it('catches up at its interval on a change whose announcement was lost, with one query for all streams', async () => {
    const { hub, jobs, commit } = setUp({ catchUpMs: 20 });
    const clients = [reader(await hub.open(JOB_ID, 0)), reader(await hub.open(JOB_ID, 0))];
    commit({ status: 'completed', progress: 100, completedAt: new Date(), creditsUsed: 250 }, { announce: false });
    await until(() => clients.every((client) => client.state.ended));
    expect(clients.map((client) => client.ids())).toEqual([
      [3, 4],
      [3, 4],
    ]);
    expect(jobs.findStatusChangesAfter.mock.calls.every(([known]) => known.size === 1)).toBe(true);
    expect(hub.streamCount).toBe(0);
  });

  it('opens streams from PostgreSQL alone while Redis is away', async () => {
    const { hub, subscriber, commit } = setUp();
    subscriber.drop();
    const client = reader(await hub.open(JOB_ID, 0));
    commit({ progress: 30 }, { announce: false });
    subscriber.reconnect();
    await until(() => client.ids().length === 2);
    expect(client.ids()).toEqual([3, 4]);
    client.stream.destroy();
  });

  it('ends every stream at shutdown, so the HTTP server can close', async () => {
    const { hub } = setUp();
    const client = reader(await hub.open(JOB_ID, 0));
    hub.beforeApplicationShutdown();
    await flush();
    expect(client.state.ended).toBe(true);
    expect(hub.streamCount).toBe(0);
    await expect(hub.open(JOB_ID, 0)).rejects.toThrow('shutting down');
  });
});
