/**
 * Watches a running job's row and aborts its signal once the job is no
 * longer running (a client cancelled it, or the reconciler failed it past its
 * deadline), so the provider stops within about one interval. Another
 * process may have ended the job, so only the database can tell: one cheap
 * query per interval. Checks never overlap: a slow database delays the next
 * check instead of piling checks up.
 */
export class CancellationWatcher {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly stillRunning: () => Promise<boolean>,
    private readonly intervalMs: number,
    private readonly onCheckFailed: (error: unknown) => void,
  ) {}

  /** Aborted once the job is found no longer running. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  start(): this {
    this.schedule();
    return this;
  }

  /** Ends the watch: no check starts after this and no timer is left behind. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), this.intervalMs);
  }

  private async check(): Promise<void> {
    try {
      const running = await this.stillRunning();
      if (this.stopped) return;
      if (!running) {
        this.controller.abort();
        this.stop();
        return;
      }
    } catch (error) {
      // A database hiccup is no reason to stop a book: look again at the next interval.
      if (!this.stopped) this.onCheckFailed(error);
    }
    this.schedule();
  }
}
