import { MicroBatcher } from './micro-batcher';

/** A flush the test releases by hand, recording the batches it was given. */
function controlledFlush() {
  const batches: number[][] = [];
  const releases: Array<(fail?: Error) => void> = [];
  const flush = (items: number[]): Promise<string[]> => {
    batches.push(items);
    return new Promise((resolve, reject) => {
      releases.push((fail) => (fail ? reject(fail) : resolve(items.map((item) => `done ${item}`))));
    });
  };
  return { batches, releases, flush };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MicroBatcher', () => {
  it('sends an item at once when a slot is free, and groups the items that arrive while it is busy', async () => {
    const { batches, releases, flush } = controlledFlush();
    const batcher = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    const rest = [2, 3, 4].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1]]);
    releases[0]!();
    await expect(first).resolves.toBe('done 1');
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    await expect(Promise.all(rest)).resolves.toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('never puts more than maxBatch items in one flush, nor runs more than maxInFlight flushes', async () => {
    const { batches, releases, flush } = controlledFlush();
    const batcher = new MicroBatcher(flush, { maxBatch: 2, maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5, 6, 7].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1], [2]]);
    releases[0]!();
    releases[1]!();
    await settle();
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    releases[2]!();
    releases[3]!();
    await settle();
    expect(batches.at(-1)).toEqual([7]);
    releases[4]!();
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4, 5, 6, 7].map((item) => `done ${item}`));
  });

  it('never runs two flushes of one lane at once: its items wait together while other lanes go ahead', async () => {
    const { batches, releases, flush } = controlledFlush();
    // Lane = parity: odd items share one lane (one account), even items another.
    const batcher = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 4, laneOf: (item) => String(item % 2) });
    const results = [1, 3, 2, 5, 7, 4, 9].map((item) => batcher.submit(item));
    // 1 and 2 go at once; 3 waits for 1's lane although slots are free; 4 waits for 2's.
    expect(batches).toEqual([[1], [2]]);
    releases[0]!();
    await settle();
    expect(batches).toEqual([[1], [2], [3, 5, 7, 9]]);
    releases[1]!();
    await settle();
    expect(batches).toEqual([[1], [2], [3, 5, 7, 9], [4]]);
    releases[2]!();
    releases[3]!();
    await expect(Promise.all(results)).resolves.toEqual([1, 3, 2, 5, 7, 4, 9].map((item) => `done ${item}`));
  });

  it('fails every item of a failed flush, and only those', async () => {
    const { releases, flush } = controlledFlush();
    const batcher = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    const second = [batcher.submit(2), batcher.submit(3)];
    releases[0]!(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    releases[1]!();
    await expect(Promise.all(second)).resolves.toEqual(['done 2', 'done 3']);
  });

  it('refuses a flush that answers a different number of results', async () => {
    const batcher = new MicroBatcher((items: number[]) => Promise.resolve(items.slice(1)), {
      maxBatch: 10,
      maxInFlight: 1,
    });
    await expect(batcher.submit(1)).rejects.toThrow(/answered 0 results/);
  });
});
