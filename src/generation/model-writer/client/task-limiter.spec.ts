import { TaskCancelledError, TaskLimiter } from './task-limiter';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('TaskLimiter', () => {
  it('runs at most `limit` tasks at once, in submission order', async () => {
    const limiter = new TaskLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const all = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((gate) => gate.resolve());
    await expect(Promise.all(all)).resolves.toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });

  it('never starts queued tasks once stopped', async () => {
    const limiter = new TaskLimiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(() => Promise.resolve('ran'));
    limiter.stop();
    gate.resolve();
    await first;
    await expect(second).rejects.toBeInstanceOf(TaskCancelledError);
  });

  it('refuses a limit below one', () => {
    expect(() => new TaskLimiter(0)).toThrow(RangeError);
  });
});
