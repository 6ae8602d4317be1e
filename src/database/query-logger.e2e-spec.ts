import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { maskValues } from './query-logger';

/** Issue 14: a failed query is logged without its parameters, whatever they carry. */
describe('Database query log', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(process.env.DATABASE_URL!));
    await dataSource.initialize();
  });
  afterAll(() => dataSource.destroy());

  it('logs a failed query with its SQL state, statement and parameter count, never the values', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const secret = 'prompt-of-a-customer-7f3a';
      await expect(dataSource.query('SELECT $1::uuid AS id, $2::text AS note', [secret, secret])).rejects.toThrow();
      expect(logged).toHaveBeenCalledTimes(1);
      const [line] = logged.mock.calls[0]!;
      expect(line).toEqual({
        msg: 'query failed',
        sqlState: '22P02',
        error: 'invalid input syntax for type uuid: "[value]"',
        query: 'SELECT $1::uuid AS id, $2::text AS note',
        parameterCount: 2,
      });
      expect(JSON.stringify(logged.mock.calls)).not.toContain(secret);
    } finally {
      logged.mockRestore();
    }
  });

  it('keeps the names PostgreSQL quotes and masks the values', () => {
    expect(maskValues('relation "book_jobs" does not exist')).toBe('relation "book_jobs" does not exist');
    expect(maskValues('invalid input syntax for type integer: "Dear Ada, 12"')).toBe(
      'invalid input syntax for type integer: "[value]"',
    );
    expect(maskValues('duplicate key value violates unique constraint "idempotency_keys_pkey"')).toBe(
      'duplicate key value violates unique constraint "idempotency_keys_pkey"',
    );
  });
});
