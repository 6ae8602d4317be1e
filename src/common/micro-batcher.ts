export interface MicroBatcherOptions<I = unknown> {
  /** Most items one flush takes. */
  maxBatch: number;
  /** Most flushes running at once; items that arrive meanwhile wait for the next one. */
  maxInFlight: number;
  /**
   * Items of one lane are never in two flushes at once: an item whose lane is
   * in flight waits (in order) for the next flush after it, while other lanes'
   * items go ahead. For flushes that would only queue on one lock anyway (one
   * account's credit row), this makes one large flush instead of several
   * small ones waiting on each other.
   */
  laneOf?: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit in the application: an item submitted when a flush slot is
 * free goes at once (alone, so an idle service adds no latency); items
 * submitted while every slot is busy wait and go together in the next flush.
 * Under load one round trip then serves many callers, and the batch size
 * follows the load by itself. `flush` answers one result per item, in order;
 * if it throws, every item of that batch gets the error.
 */
export class MicroBatcher<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  /** Lanes of the flushes running now (only with laneOf). */
  private readonly busyLanes = new Set<string>();

  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly options: MicroBatcherOptions<I>,
  ) {
    if (options.maxBatch < 1 || options.maxInFlight < 1)
      throw new RangeError('maxBatch and maxInFlight must be at least 1');
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.nextBatch();
      if (batch.length === 0) return;
      this.inFlight += 1;
      void this.run(batch);
    }
  }

  /** The next flush: the oldest waiting items, skipping those whose lane is in flight. */
  private nextBatch(): Array<Waiting<I, O>> {
    const { laneOf, maxBatch } = this.options;
    if (!laneOf) return this.waiting.splice(0, maxBatch);
    const batch: Array<Waiting<I, O>> = [];
    const left: Array<Waiting<I, O>> = [];
    for (const entry of this.waiting) {
      if (batch.length < maxBatch && !this.busyLanes.has(laneOf(entry.item))) batch.push(entry);
      else left.push(entry);
    }
    this.waiting = left;
    for (const entry of batch) this.busyLanes.add(laneOf(entry.item));
    return batch;
  }

  private async run(batch: Array<Waiting<I, O>>): Promise<void> {
    try {
      const results = await this.flush(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`A flush of ${batch.length} items answered ${results.length} results`);
      }
      batch.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.inFlight -= 1;
      const { laneOf } = this.options;
      if (laneOf) for (const entry of batch) this.busyLanes.delete(laneOf(entry.item));
      this.drain();
    }
  }
}
