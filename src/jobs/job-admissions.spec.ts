import type { GenerationProducer } from './generation.producer';
import { JobAdmissions, QUEUE_BATCH, STORE_BATCH } from './job-admissions';
import type { JobsRepository, NewBookJob } from './jobs.repository';

/** How many store transactions and bulk queue adds admission runs at once, and their largest batches. */
const { maxInFlight: STORE_IN_FLIGHT, maxBatch: STORE_MAX_BATCH } = STORE_BATCH;
const { maxInFlight: QUEUE_IN_FLIGHT, maxBatch: QUEUE_MAX_BATCH } = QUEUE_BATCH;

/** A collaborator call that stays pending until the test answers or fails it; records what each call was given. */
class HeldCalls<I, O> {
  readonly inputs: I[] = [];
  private readonly pending: Array<{ resolve: (output: O) => void; reject: (error: unknown) => void }> = [];

  readonly call = (input: I): Promise<O> => {
    this.inputs.push(input);
    return new Promise<O>((resolve, reject) => this.pending.push({ resolve, reject }));
  };

  answer(index: number, output: O): void {
    this.pending[index]!.resolve(output);
  }

  fail(index: number, error: Error): void {
    this.pending[index]!.reject(error);
  }
}

/** Job n, of account n unless another is given (jobs of different accounts may share no lock). */
const newJob = (n: number, account = n): NewBookJob => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  accountId: `7d3e1c52-0f1b-4a8e-9b57-${String(account).padStart(12, '0')}`,
  apiKeyId: 'key0000000a1',
  parameters: {
    prompt: '',
    style: 'automatic',
    type: 'automatic',
    images: false,
    author: 'Scriptorium',
    customTone: '',
    model: '2.0',
    outputFormat: 'txt',
  },
  webhookUrl: null,
  estimatedCost: 250,
});

const ids = (jobs: readonly NewBookJob[]) => jobs.map((job) => job.id);
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
/** The numbers of `count` jobs submitted after the ones filling every transaction slot. */
const afterBusy = (count: number) => range(STORE_IN_FLIGHT + 1, count);
/** Lets a finished batch free its slot and the next batch start (the batcher drains after its await). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setUp() {
  const transactions = new HeldCalls<readonly NewBookJob[], Array<{ reserved: boolean }>>();
  const bulkAdds = new HeldCalls<readonly string[], void>();
  const jobs = { createQueuedBatch: transactions.call } satisfies Pick<JobsRepository, 'createQueuedBatch'>;
  const producer = { enqueueGenerations: bulkAdds.call } satisfies Pick<GenerationProducer, 'enqueueGenerations'>;
  const admissions = new JobAdmissions(jobs as unknown as JobsRepository, producer as unknown as GenerationProducer);
  /** Stores jobs 1..STORE_IN_FLIGHT: each goes alone, and every transaction slot is then busy. */
  const fillStoreSlots = () => range(1, STORE_IN_FLIGHT).map((n) => admissions.store(newJob(n)));
  return { admissions, transactions, bulkAdds, fillStoreSlots };
}

describe('JobAdmissions.store', () => {
  it(`stores a job in its own transaction at once while a slot is free, up to ${STORE_IN_FLIGHT} transactions at a time`, () => {
    const { transactions, fillStoreSlots } = setUp();
    void fillStoreSlots();
    expect(transactions.inputs.map(ids)).toEqual(range(1, STORE_IN_FLIGHT).map((n) => [newJob(n).id]));
  });

  it("keeps one account's jobs in one transaction at a time (they would only queue on its credit row)", async () => {
    const { admissions, transactions } = setUp();
    const first = admissions.store(newJob(1, 9));
    const sameAccount = [2, 3].map((n) => admissions.store(newJob(n, 9)));
    const otherAccount = admissions.store(newJob(4, 8));
    expect(transactions.inputs.map(ids)).toEqual([[newJob(1).id], [newJob(4).id]]);
    transactions.answer(0, [{ reserved: true }]);
    await expect(first).resolves.toEqual({ reserved: true });
    await settle();
    expect(transactions.inputs.map(ids).at(-1)).toEqual([newJob(2).id, newJob(3).id]);
    transactions.answer(1, [{ reserved: true }]);
    transactions.answer(2, [{ reserved: true }, { reserved: false }]);
    await expect(otherAccount).resolves.toEqual({ reserved: true });
    await expect(Promise.all(sameAccount)).resolves.toEqual([{ reserved: true }, { reserved: false }]);
  });

  it('passes the jobs that arrive while every transaction is in flight to createQueuedBatch together', async () => {
    const { admissions, transactions, fillStoreSlots } = setUp();
    const busy = fillStoreSlots();
    const waiting = afterBusy(3).map((n) => admissions.store(newJob(n)));
    expect(transactions.inputs).toHaveLength(STORE_IN_FLIGHT);

    transactions.answer(0, [{ reserved: true }]);
    await expect(busy[0]).resolves.toEqual({ reserved: true });
    await settle();
    expect(transactions.inputs.map(ids).at(-1)).toEqual(afterBusy(3).map((n) => newJob(n).id));
    expect(transactions.inputs).toHaveLength(STORE_IN_FLIGHT + 1);

    transactions.answer(STORE_IN_FLIGHT, [{ reserved: true }, { reserved: true }, { reserved: true }]);
    await Promise.all(waiting);
  });

  it('answers each caller of a shared transaction with its own job’s reservation', async () => {
    const { admissions, transactions, fillStoreSlots } = setUp();
    void fillStoreSlots();
    const waiting = afterBusy(3).map((n) => admissions.store(newJob(n)));
    transactions.answer(0, [{ reserved: true }]);
    await settle();

    transactions.answer(STORE_IN_FLIGHT, [{ reserved: false }, { reserved: true }, { reserved: true }]);
    await expect(Promise.all(waiting)).resolves.toEqual([{ reserved: false }, { reserved: true }, { reserved: true }]);
  });

  it(`never puts more than ${STORE_MAX_BATCH} jobs in one transaction`, async () => {
    const { admissions, transactions, fillStoreSlots } = setUp();
    void fillStoreSlots();
    const waiting = afterBusy(STORE_MAX_BATCH + 2).map((n) => admissions.store(newJob(n)));
    transactions.answer(0, [{ reserved: true }]);
    transactions.answer(1, [{ reserved: true }]);
    await settle();

    expect(transactions.inputs.slice(STORE_IN_FLIGHT).map((batch) => batch.length)).toEqual([STORE_MAX_BATCH, 2]);
    transactions.answer(
      STORE_IN_FLIGHT,
      waiting.slice(0, STORE_MAX_BATCH).map(() => ({ reserved: true })),
    );
    transactions.answer(STORE_IN_FLIGHT + 1, [{ reserved: true }, { reserved: true }]);
    await Promise.all(waiting);
  });

  it('fails only the callers of a failed transaction, and stores later jobs as usual', async () => {
    const { admissions, transactions, fillStoreSlots } = setUp();
    const busy = fillStoreSlots();
    const doomed = afterBusy(2).map((n) => admissions.store(newJob(n)));
    transactions.answer(0, [{ reserved: true }]);
    await settle();

    expect(transactions.inputs.map(ids).at(-1)).toEqual(afterBusy(2).map((n) => newJob(n).id));
    transactions.fail(STORE_IN_FLIGHT, new Error('deadlock detected'));
    for (const store of doomed) await expect(store).rejects.toThrow('deadlock detected');
    // The other transactions in flight end as they would have, each with its own answer: the first of them
    // without a reservation, then alternating.
    const others = range(1, STORE_IN_FLIGHT - 1);
    for (const index of others) transactions.answer(index, [{ reserved: index % 2 === 0 }]);
    await expect(Promise.all(busy)).resolves.toEqual([
      { reserved: true },
      ...others.map((index) => ({ reserved: index % 2 === 0 })),
    ]);

    const later = admissions.store(newJob(STORE_IN_FLIGHT + 3));
    expect(transactions.inputs.map(ids).at(-1)).toEqual([newJob(STORE_IN_FLIGHT + 3).id]);
    transactions.answer(STORE_IN_FLIGHT + 1, [{ reserved: true }]);
    await expect(later).resolves.toEqual({ reserved: true });
  });
});

describe('JobAdmissions.enqueue', () => {
  const jobId = (n: number) => newJob(n).id;

  it('rings the queue at once, and sends the ids that arrive while two bulk adds are in flight in one enqueueGenerations', async () => {
    const { admissions, bulkAdds } = setUp();
    const first = range(1, QUEUE_IN_FLIGHT).map((n) => admissions.enqueue(jobId(n)));
    const waiting = [3, 4, 5].map((n) => admissions.enqueue(jobId(n)));
    expect(bulkAdds.inputs).toEqual(range(1, QUEUE_IN_FLIGHT).map((n) => [jobId(n)]));

    bulkAdds.answer(0, undefined);
    await expect(first[0]).resolves.toBeUndefined();
    await settle();
    expect(bulkAdds.inputs.at(-1)).toEqual([3, 4, 5].map(jobId));

    bulkAdds.answer(1, undefined);
    bulkAdds.answer(QUEUE_IN_FLIGHT, undefined);
    await expect(Promise.all([...first, ...waiting])).resolves.toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it(`never sends more than ${QUEUE_MAX_BATCH} ids in one bulk add`, async () => {
    const { admissions, bulkAdds } = setUp();
    void range(1, QUEUE_IN_FLIGHT).map((n) => admissions.enqueue(jobId(n)));
    const waiting = range(QUEUE_IN_FLIGHT + 1, QUEUE_MAX_BATCH + 1).map((n) => admissions.enqueue(jobId(n)));
    bulkAdds.answer(0, undefined);
    bulkAdds.answer(1, undefined);
    await settle();

    expect(bulkAdds.inputs.slice(QUEUE_IN_FLIGHT).map((batch) => batch.length)).toEqual([QUEUE_MAX_BATCH, 1]);
    bulkAdds.answer(QUEUE_IN_FLIGHT, undefined);
    bulkAdds.answer(QUEUE_IN_FLIGHT + 1, undefined);
    await Promise.all(waiting);
  });

  it('fails only the enqueues of a failed bulk add', async () => {
    const { admissions, bulkAdds } = setUp();
    const first = range(1, QUEUE_IN_FLIGHT).map((n) => admissions.enqueue(jobId(n)));
    const doomed = [3, 4].map((n) => admissions.enqueue(jobId(n)));
    bulkAdds.answer(0, undefined);
    await settle();

    expect(bulkAdds.inputs.at(-1)).toEqual([3, 4].map(jobId));
    bulkAdds.fail(QUEUE_IN_FLIGHT, new Error('Redis connection lost'));
    for (const enqueue of doomed) await expect(enqueue).rejects.toThrow('Redis connection lost');
    bulkAdds.answer(1, undefined);
    await expect(Promise.all(first)).resolves.toEqual([undefined, undefined]);
  });
});
