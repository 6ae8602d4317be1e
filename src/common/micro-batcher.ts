export interface MicroBatcherOptions {
  /** Most items one flush takes. */
  maxBatch: number;
  /** Most flushes running at once; items that arrive meanwhile wait for the next one. */
  maxInFlight: number;
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
  private readonly waiting: Array<Waiting<I, O>> = [];
  private inFlight = 0;

  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly options: MicroBatcherOptions,
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
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      void this.run(batch);
    }
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
      this.drain();
    }
  }
}
