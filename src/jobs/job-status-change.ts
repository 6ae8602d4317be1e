import type { JobStatusRow } from './jobs.repository';

/**
 * One committed state of a job and its revision. The revision is bumped in
 * the same UPDATE as every visible change, so a higher revision is always a
 * newer state, whichever process wrote or read it.
 */
export interface JobStatusChange {
  revision: number;
  job: JobStatusRow;
}

/** The Redis pub/sub channel carrying a job's changes; REDIS_PREFIX keeps deployments sharing a Redis apart. */
export function jobChangesChannel(redisPrefix: string, jobId: string): string {
  return `${redisPrefix}:job-changes:${jobId}`;
}

/** The channels of every job: the part of a channel name after it is the job id. */
export function jobChangesChannelPrefix(redisPrefix: string): string {
  return jobChangesChannel(redisPrefix, '');
}

export function encodeJobStatusChange(change: JobStatusChange): string {
  return JSON.stringify(change);
}

/**
 * The change a message carries, its timestamps as Dates again. Every
 * timestamp column of the job is named `...At` (createdAt, completedAt), so a
 * column added to the status row later travels without a change here.
 */
export function decodeJobStatusChange(message: string): JobStatusChange {
  const change = JSON.parse(message) as { revision: number; job: Record<string, unknown> };
  const job: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(change.job)) {
    job[column] = column.endsWith('At') && typeof value === 'string' ? new Date(value) : value;
  }
  return { revision: change.revision, job: job as unknown as JobStatusRow };
}
