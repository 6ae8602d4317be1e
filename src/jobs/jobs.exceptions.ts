import { ApiException } from '../common/api-exception';
import { ErrorCode } from '../common/error-code';
import type { JobStatus } from './entities/book-job.entity';

/** A cancel of a job that has already ended: a finished job never changes again (DESIGN.md, Jobs). */
export function jobAlreadyFinished(requestId: string, status: JobStatus): ApiException {
  return new ApiException(
    409,
    ErrorCode.JobAlreadyFinished,
    'The job has already finished',
    `The job is ${status} and can no longer be cancelled; GET /v1/status/${requestId} shows how it ended.`,
  );
}
