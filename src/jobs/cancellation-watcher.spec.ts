import { CancellationWatcher } from './cancellation-watcher';

/** Jest's clock: the intervals pass when the test says so, never on the wall clock. */
describe('CancellationWatcher', () => {
  const INTERVAL_MS = 2_000;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('checks once per interval and aborts the signal when the job is no longer running', async () => {
    const answers = [true, true, false];
    const stillRunning = jest.fn(() => Promise.resolve(answers.shift() ?? false));
    const watcher = new CancellationWatcher(stillRunning, INTERVAL_MS, () => undefined).start();

    await jest.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(stillRunning).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(stillRunning).toHaveBeenCalledTimes(1);
    expect(watcher.signal.aborted).toBe(false);

    await jest.advanceTimersByTimeAsync(INTERVAL_MS * 2);
    expect(stillRunning).toHaveBeenCalledTimes(3);
    expect(watcher.signal.aborted).toBe(true);

    // Once aborted it stops looking: no query and no timer left.
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(INTERVAL_MS * 5);
    expect(stillRunning).toHaveBeenCalledTimes(3);
  });

  it('leaves no timer and makes no check after stop', async () => {
    const stillRunning = jest.fn(() => Promise.resolve(true));
    const watcher = new CancellationWatcher(stillRunning, INTERVAL_MS, () => undefined).start();
    await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(stillRunning).toHaveBeenCalledTimes(1);

    watcher.stop();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(INTERVAL_MS * 5);
    expect(stillRunning).toHaveBeenCalledTimes(1);
    expect(watcher.signal.aborted).toBe(false);
  });

  it('does not abort for a run that ended while a check was in flight', async () => {
    let answer: (running: boolean) => void = () => undefined;
    const stillRunning = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const watcher = new CancellationWatcher(stillRunning, INTERVAL_MS, () => undefined).start();
    await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    watcher.stop();
    answer(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(watcher.signal.aborted).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('never overlaps checks: a slow answer delays the next one', async () => {
    let answer: (running: boolean) => void = () => undefined;
    const stillRunning = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const watcher = new CancellationWatcher(stillRunning, INTERVAL_MS, () => undefined).start();
    await jest.advanceTimersByTimeAsync(INTERVAL_MS * 10);
    expect(stillRunning).toHaveBeenCalledTimes(1);

    answer(true);
    await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(stillRunning).toHaveBeenCalledTimes(2);
    watcher.stop();
  });

  it('keeps watching after a failed check and reports the failure', async () => {
    const failures: unknown[] = [];
    const stillRunning = jest
      .fn<Promise<boolean>, []>()
      .mockRejectedValueOnce(new Error('Connection terminated'))
      .mockResolvedValueOnce(false);
    const watcher = new CancellationWatcher(stillRunning, INTERVAL_MS, (error) => failures.push(error)).start();

    await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(failures).toEqual([new Error('Connection terminated')]);
    expect(watcher.signal.aborted).toBe(false);

    await jest.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(watcher.signal.aborted).toBe(true);
  });
});
