/**
 * Runs at most `limit` tasks at once, starting queued ones in submission
 * order. Once `stop()` is called, tasks that have not started yet never start:
 * after one chapter fails for good, paying for the rest would be wasted.
 */
export class TaskLimiter {
  private active = 0;
  private stopped = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      if (this.stopped) throw new TaskCancelledError();
      return await task();
    } finally {
      // Hands the slot straight to the next task, so `active` never drops below the queue's needs.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  stop(): void {
    this.stopped = true;
  }
}

export class TaskCancelledError extends Error {
  constructor() {
    super('Cancelled because another task failed');
    this.name = 'TaskCancelledError';
  }
}
