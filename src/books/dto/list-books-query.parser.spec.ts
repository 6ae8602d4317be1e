import { ApiException } from '../../common/api-exception';
import { ErrorCode } from '../../common/error-code';
import { parseListBooksQuery } from './list-books-query.parser';

function refusal(query: Record<string, unknown>): ApiException {
  try {
    parseListBooksQuery(query);
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('parseListBooksQuery', () => {
  it('accepts no parameters: every default left to the service', () => {
    expect({ ...parseListBooksQuery({}) }).toEqual({});
  });

  it('accepts every parameter at a valid value, the limit as a number', () => {
    const query = parseListBooksQuery({
      status: 'failed',
      created_after: '2026-01-01T00:00:00Z',
      created_before: '2026-02-01T08:30:00.123456+02:00',
      limit: '100',
      starting_after: '0B6F3A2E-5C4D-4E8F-9A1B-2C3D4E5F6A70',
      scope: 'account',
    });
    expect({ ...query }).toEqual({
      status: 'failed',
      created_after: '2026-01-01T00:00:00Z',
      created_before: '2026-02-01T08:30:00.123456+02:00',
      limit: 100,
      starting_after: '0B6F3A2E-5C4D-4E8F-9A1B-2C3D4E5F6A70',
      scope: 'account',
    });
  });

  it.each([
    ['limit', { limit: '0' }, 'an integer from 1 to 100'],
    ['limit', { limit: '101' }, 'an integer from 1 to 100'],
    ['limit', { limit: '1e2' }, 'an integer from 1 to 100'],
    ['limit', { limit: ' 5' }, 'an integer from 1 to 100'],
    ['status', { status: 'QUEUED' }, 'one of queued, processing, completed, failed'],
    ['scope', { scope: 'keys' }, 'one of key, account'],
    ['created_after', { created_after: '2026-01-01' }, 'ISO 8601 date-time'],
    ['created_after', { created_after: '2026-01-01 00:00:00Z' }, 'ISO 8601 date-time'],
    ['created_before', { created_before: '2026-04-31T00:00:00Z' }, 'ISO 8601 date-time'],
    ['starting_after', { starting_after: '42' }, 'a requestId'],
  ])('refuses a bad %s (%j) with 400 INVALID_PARAMETER saying what it takes', (name, query, expected) => {
    const error = refusal(query);
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe(ErrorCode.InvalidParameter);
    expect(error.message).toContain(`'${name}'`);
    expect(error.message).toContain(expected);
  });

  it('refuses a repeated parameter, saying so', () => {
    const error = refusal({ status: ['queued', 'failed'] });
    expect(error.message).toContain("'status'");
    expect(error.details).toBe('Received the parameter more than once.');
  });

  it('refuses an unknown parameter by name and lists the allowed ones', () => {
    const error = refusal({ page: '2' });
    expect(error.message).toBe("Unknown query parameter 'page'");
    expect(error.details).toBe(
      'Allowed parameters: status, created_after, created_before, limit, starting_after, scope.',
    );
  });

  it('names every problem of one query in one answer', () => {
    const error = refusal({ page: '2', limit: '0', scope: 'all' });
    expect(error.message).toBe("Unknown query parameter 'page'");
    expect(error.details).toMatch(/^3 problems: /);
    for (const name of ['page', 'limit', 'scope']) expect(error.details).toContain(`'${name}'`);
  });
});
