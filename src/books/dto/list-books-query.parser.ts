import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiException, invalidParameter } from '../../common/api-exception';
import { JOB_STATUSES } from '../../jobs/entities/book-job.entity';
import { LIST_BOOKS_LIMIT, LIST_BOOKS_SCOPES, ListBooksQueryDto } from './list-books.dto';

const DATE_TIME = 'an ISO 8601 date-time with Z or an offset, e.g. 2026-01-31T00:00:00Z';

/** What each parameter takes, in the words of the 400 that names it; its keys are the parameters there are. */
const EXPECTED: Record<keyof ListBooksQueryDto, string> = {
  status: `one of ${JOB_STATUSES.join(', ')}`,
  created_after: DATE_TIME,
  created_before: DATE_TIME,
  limit: `an integer from ${LIST_BOOKS_LIMIT.min} to ${LIST_BOOKS_LIMIT.max}`,
  starting_after: 'a requestId, as nextStartingAfter of the previous page gives it',
  scope: `one of ${LIST_BOOKS_SCOPES.join(', ')}`,
};
const PARAMETERS = Object.keys(EXPECTED) as Array<keyof ListBooksQueryDto>;

/**
 * Turns the raw query of GET /v1/books into its DTO, or a 400
 * INVALID_PARAMETER naming the parameter. Unknown parameters are refused, as
 * unknown body fields are (DESIGN.md section 3): a misspelt filter would
 * otherwise silently list everything. A repeated parameter is refused too.
 */
export function parseListBooksQuery(query: unknown): ListBooksQueryDto {
  const raw = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const known = new Set<string>(PARAMETERS);
  const problems: ApiException[] = Object.keys(raw)
    .filter((name) => !known.has(name))
    .map((name) =>
      invalidParameter(`Unknown query parameter '${name}'`, `Allowed parameters: ${PARAMETERS.join(', ')}.`),
    );
  const dto = plainToInstance(ListBooksQueryDto, raw, { enableImplicitConversion: false, exposeDefaultValues: false });
  for (const error of validateSync(dto, { forbidUnknownValues: false })) {
    const name = error.property as keyof ListBooksQueryDto;
    problems.push(
      invalidParameter(`Invalid value for '${name}': expected ${EXPECTED[name]}`, `Received ${describe(raw[name])}.`),
    );
  }
  const [first] = problems;
  if (!first) return dto;
  if (problems.length === 1) throw first;
  // One answer for every problem, so a client fixes them in one round.
  const each = problems.map((problem) => `${problem.message} (${problem.details})`);
  throw invalidParameter(first.message, `${problems.length} problems: ${each.join('; ')}`);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'the parameter more than once';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** starting_after names a job this listing does not show: unknown, another key's (scope=key), another account's. */
export function startingAfterNotListed(requestId: string): ApiException {
  return invalidParameter(
    `Invalid value for 'starting_after': no job ${requestId} in this listing`,
    'Pass the nextStartingAfter of a previous page with the same scope.',
  );
}
