import type { JobOptions } from 'bull';

/**
 * Retry and retention defaults, in one place. Queue entries are only a
 * doorbell: the job itself lives in PostgreSQL, and the reconciler rings
 * again for anything Redis lost, so entries are removed once handled.
 */
export const GENERATION_JOB_OPTIONS: JobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
};
