import { Catch } from '@nestjs/common';
import type { ApiException } from '../common/api-exception';
import { HttpExceptionFilter } from '../common/http-exception.filter';
import { jobStartFailed } from './books.exceptions';

/**
 * The global filter, except that an unreachable database anywhere on the
 * submission route (the key lookup in the guard included) is the contract's
 * JOB_START_FAILED: nothing was stored, charged or counted.
 */
@Catch()
export class SubmissionExceptionFilter extends HttpExceptionFilter {
  protected override dependencyUnavailable(): ApiException {
    return jobStartFailed();
  }
}
