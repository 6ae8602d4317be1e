import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';
import { PublicUrls } from '../common/public-urls';
import { AppConfig } from '../config/app-config';
import { toJobStatusDto } from '../jobs/dto/job-status.dto';
import { TERMINAL_STATUSES } from '../jobs/entities/book-job.entity';
import { decodeJobStatusChange, jobChangesChannel, jobChangesChannelPrefix } from '../jobs/job-status-change';
import type { JobStatusChange } from '../jobs/job-status-change';
import { JobsRepository } from '../jobs/jobs.repository';
import { SSE_HEARTBEAT, sseEvent, sseRetry } from './server-sent-events';

export const JOB_EVENTS_SUBSCRIBER = Symbol('JOB_EVENTS_SUBSCRIBER');
export const JOB_EVENTS_TIMING = Symbol('JOB_EVENTS_TIMING');

export interface JobEventsTiming {
  /** Every open stream gets a comment this often; the contract promises at least every 15 s. */
  heartbeatMs: number;
  /**
   * How often the process re-reads, in one query, the jobs its streams
   * follow: changes whose announcement was lost (Redis away while a worker
   * published) reach the clients this late at worst.
   */
  catchUpMs: number;
  /** The reconnection delay announced to EventSource clients (a stream cut by a restart or a slow reader). */
  retryMs: number;
}

export const DEFAULT_JOB_EVENTS_TIMING: JobEventsTiming = { heartbeatMs: 15_000, catchUpMs: 30_000, retryMs: 3_000 };

/**
 * A client that reads slower than its job changes would make its stream
 * buffer grow without end: past this much unread text it is cut, and its
 * EventSource reconnects with Last-Event-ID to the current state.
 */
const MAX_UNREAD_BYTES = 1024 * 1024;

/** What the hub needs of its Redis connection: ioredis in subscriber mode, without automatic resubscription. */
export interface JobChangesSubscriber {
  readonly status: string;
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

/** What opening a job's events found. */
export type OpenedJobEvents =
  | { kind: 'stream'; stream: Readable }
  /** The job has ended and the client has had its last event (Last-Event-ID): nothing will ever follow. */
  | { kind: 'finished' }
  | { kind: 'not_found' };

/** A change made ready once for every listener of its job: one DTO and one serialisation however many listen. */
interface JobEvent {
  revision: number;
  terminal: boolean;
  frame: string;
}

/** One client's stream of one job; it sends only revisions above the last it sent, so never a repeat. */
class JobEventListener {
  readonly stream = new PassThrough();

  constructor(
    readonly jobId: string,
    /** The last revision the client has: its Last-Event-ID, then each event sent. */
    public revision: number,
  ) {}

  get isOpen(): boolean {
    return !this.stream.writableEnded && !this.stream.destroyed;
  }

  offer(event: JobEvent): void {
    if (!this.isOpen || event.revision <= this.revision) return;
    this.revision = event.revision;
    this.write(event.frame);
    if (event.terminal) this.stream.end();
  }

  write(text: string): void {
    if (!this.isOpen) return;
    if (this.stream.writableLength > MAX_UNREAD_BYTES) {
      this.stream.destroy();
      return;
    }
    this.stream.write(text);
  }
}

interface JobChannel {
  listeners: Set<JobEventListener>;
  /** Settles once Redis confirmed the subscription (or it could not be made: then 'ready' makes it and catches up). */
  subscribed: Promise<void>;
}

/**
 * The progress streams of one API process (GET /v1/status/{id}/events). One
 * Redis connection carries the announcements of every job that has a
 * listener here (subscribed on its first listener, unsubscribed after its
 * last); each announcement is turned into an event once and written to the
 * job's streams, with no database query. PostgreSQL is read when a stream
 * opens, after its subscription is confirmed so no change falls between the
 * two; after every (re)connection of the Redis connection; and at a fixed
 * interval, in one query for all the streams of the process.
 */
@Injectable()
export class JobEventsHub implements BeforeApplicationShutdown {
  private readonly logger = new Logger(JobEventsHub.name);
  private readonly channels = new Map<string, JobChannel>();
  private readonly redisPrefix: string;
  private readonly channelPrefix: string;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private catchUpTimer: NodeJS.Timeout | null = null;
  private catchingUp = false;
  private closing = false;

  constructor(
    @Inject(JOB_EVENTS_SUBSCRIBER) private readonly subscriber: JobChangesSubscriber,
    private readonly jobs: JobsRepository,
    private readonly urls: PublicUrls,
    config: AppConfig,
    @Inject(JOB_EVENTS_TIMING) private readonly timing: JobEventsTiming,
  ) {
    this.redisPrefix = config.REDIS_PREFIX;
    this.channelPrefix = jobChangesChannelPrefix(config.REDIS_PREFIX);
    subscriber.on('message', (channel, message) => this.announced(channel, message));
    subscriber.on('ready', () => void this.reconnected());
  }

  /** Open streams of this process. */
  get streamCount(): number {
    let count = 0;
    for (const channel of this.channels.values()) count += channel.listeners.size;
    return count;
  }

  /** Jobs this process is subscribed to (or about to be). */
  get jobCount(): number {
    return this.channels.size;
  }

  /**
   * A stream of the job's events after `lastEventId` (0 for all): its current
   * state first unless the client has it, then each change; it ends after
   * the terminal event. Destroying the stream (the client went away) releases it.
   */
  async open(jobId: string, lastEventId: number): Promise<OpenedJobEvents> {
    if (this.closing) throw new Error('The job events hub is shutting down');
    const listener = new JobEventListener(jobId, lastEventId);
    listener.write(sseRetry(this.timing.retryMs));
    try {
      await this.add(listener);
      const current = await this.jobs.findStatusChange(jobId);
      if (!current) {
        this.release(listener);
        return { kind: 'not_found' };
      }
      if (this.isTerminal(current) && current.revision <= lastEventId) {
        this.release(listener);
        return { kind: 'finished' };
      }
      this.deliver([listener], current);
      return { kind: 'stream', stream: listener.stream };
    } catch (error) {
      this.release(listener);
      throw error;
    }
  }

  beforeApplicationShutdown(): void {
    // Open streams would hold the HTTP server open; ended without a terminal event, clients reconnect elsewhere.
    this.closing = true;
    for (const channel of [...this.channels.values()]) {
      for (const listener of [...channel.listeners]) this.release(listener);
    }
    this.stopTimers();
  }

  private async add(listener: JobEventListener): Promise<void> {
    let channel = this.channels.get(listener.jobId);
    if (!channel) {
      channel = { listeners: new Set(), subscribed: this.subscribe(listener.jobId) };
      this.channels.set(listener.jobId, channel);
    }
    channel.listeners.add(listener);
    listener.stream.once('close', () => this.release(listener));
    this.startTimers();
    await channel.subscribed;
  }

  /** Ends the listener's stream (if open) and forgets it; the job's channel goes with its last listener. */
  private release(listener: JobEventListener): void {
    if (listener.isOpen) listener.stream.end();
    const channel = this.channels.get(listener.jobId);
    if (!channel?.listeners.delete(listener)) return;
    if (channel.listeners.size === 0) {
      this.channels.delete(listener.jobId);
      // Not connected: the next connection starts with no subscriptions, and 'ready' subscribes only open jobs.
      if (this.subscriber.status === 'ready') {
        this.subscriber.unsubscribe(this.channelOf(listener.jobId)).catch(() => undefined);
      }
    }
    if (this.channels.size === 0) this.stopTimers();
  }

  private subscribe(jobId: string): Promise<void> {
    // Not connected: reconnected() subscribes every open job and reads them again once the connection is back.
    if (this.subscriber.status !== 'ready') return Promise.resolve();
    return this.subscriber.subscribe(this.channelOf(jobId)).then(
      () => undefined,
      () => undefined,
    );
  }

  /** After every (re)connection: subscribe again to every open job, then read them all, since announcements were lost meanwhile. */
  private async reconnected(): Promise<void> {
    const jobIds = [...this.channels.keys()];
    if (jobIds.length === 0) return;
    try {
      await this.subscriber.subscribe(...jobIds.map((jobId) => this.channelOf(jobId)));
    } catch (error) {
      // Lost again already: the next 'ready' does this again.
      this.logger.warn(`Job event subscriptions not restored yet: ${describe(error)}`);
      return;
    }
    await this.catchUp();
  }

  /** Reads, in one query, every followed job whose revision is above what one of its listeners has, and delivers it. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp || this.channels.size === 0) return;
    this.catchingUp = true;
    try {
      const known = new Map<string, number>();
      for (const [jobId, channel] of this.channels) {
        let lowest = Number.MAX_SAFE_INTEGER;
        for (const listener of channel.listeners) lowest = Math.min(lowest, listener.revision);
        known.set(jobId, lowest);
      }
      for (const change of await this.jobs.findStatusChangesAfter(known)) {
        const channel = this.channels.get(change.job.id);
        if (channel) this.deliver([...channel.listeners], change);
      }
    } catch (error) {
      this.logger.warn(
        `Could not read the followed jobs again (next try in ${this.timing.catchUpMs} ms): ${describe(error)}`,
      );
    } finally {
      this.catchingUp = false;
    }
  }

  private announced(channelName: string, message: string): void {
    if (!channelName.startsWith(this.channelPrefix)) return;
    const channel = this.channels.get(channelName.slice(this.channelPrefix.length));
    if (!channel) return;
    let change: JobStatusChange;
    try {
      change = decodeJobStatusChange(message);
    } catch (error) {
      this.logger.warn(`Unreadable job change on ${channelName}: ${describe(error)}`);
      return;
    }
    this.deliver([...channel.listeners], change);
  }

  /** Offers the change to the listeners that lack it, building its event only if one does. */
  private deliver(listeners: readonly JobEventListener[], change: JobStatusChange): void {
    const behind = listeners.filter((listener) => listener.revision < change.revision);
    if (behind.length === 0) return;
    const event: JobEvent = {
      revision: change.revision,
      terminal: this.isTerminal(change),
      frame: sseEvent(change.revision, 'status', toJobStatusDto(change.job, this.urls)),
    };
    for (const listener of behind) {
      listener.offer(event);
      if (event.terminal) this.release(listener);
    }
  }

  private heartbeat(): void {
    for (const channel of this.channels.values()) {
      for (const listener of channel.listeners) listener.write(SSE_HEARTBEAT);
    }
  }

  /** One timer of each kind for all the streams of the process, running only while there are streams. */
  private startTimers(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.timing.heartbeatMs).unref();
    this.catchUpTimer = setInterval(() => void this.catchUp(), this.timing.catchUpMs).unref();
  }

  private stopTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.catchUpTimer) clearInterval(this.catchUpTimer);
    this.heartbeatTimer = null;
    this.catchUpTimer = null;
  }

  private isTerminal(change: JobStatusChange): boolean {
    return TERMINAL_STATUSES.includes(change.job.status);
  }

  private channelOf(jobId: string): string {
    return jobChangesChannel(this.redisPrefix, jobId);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
