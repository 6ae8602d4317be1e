import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** Longest SQL text a line carries: enough to find the statement, never a whole batch. */
const MAX_QUERY_CHARS = 500;

/**
 * TypeORM's logger for the service: failed and slow queries go to the
 * process's structured log with the SQL text and the number of parameters,
 * never their values (prompts, authors, webhook URLs, key ids), and a quoted
 * value in PostgreSQL's message is masked unless it looks like an identifier.
 * Successful queries, schema building and migrations are not logged.
 */
export class ParameterFreeQueryLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('Database');

  logQuery(): void {
    // Every statement would be a line: too many, and the parameters are user data.
  }

  logQueryError(error: string | Error, query: string, parameters?: unknown[] | object): void {
    this.logger.error({
      msg: 'query failed',
      sqlState: typeof error === 'object' && 'code' in error ? String(error.code) : undefined,
      error: maskValues(typeof error === 'string' ? error : error.message),
      query: shorten(query),
      parameterCount: parameterCount(parameters),
    });
  }

  logQuerySlow(time: number, query: string, parameters?: unknown[] | object): void {
    this.logger.warn({
      msg: 'slow query',
      durationMs: time,
      query: shorten(query),
      parameterCount: parameterCount(parameters),
    });
  }

  // Schema and migration chatter stays out of the log, as with TypeORM's `logging: ['error']`: the
  // migration guard and `npm run migrate` report what they apply themselves, and the operator console's
  // standard output must carry nothing but its answer.
  logSchemaBuild(): void {}

  logMigration(): void {}

  log(): void {}
}

function shorten(query: string): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_QUERY_CHARS ? `${oneLine.slice(0, MAX_QUERY_CHARS)}…` : oneLine;
}

function parameterCount(parameters: unknown[] | object | undefined): number {
  if (!parameters) return 0;
  return Array.isArray(parameters) ? parameters.length : Object.keys(parameters).length;
}

/**
 * PostgreSQL quotes the offending value in some messages (`invalid input
 * syntax for type uuid: "…"`) and names in others (`relation "book_jobs"`):
 * keep the names, mask the values.
 */
export function maskValues(message: string): string {
  return message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    /^[a-z_][a-z0-9_$.]{0,62}$/.test(inner) ? quoted : '"[value]"',
  );
}
