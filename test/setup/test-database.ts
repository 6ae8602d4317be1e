/**
 * Where the test suites live: their own database on the machine's PostgreSQL,
 * created fresh per run. Global setup names it after its process
 * (`scriptorium_test_<pid>`) and hands the name to the suites through the
 * environment, so two runs on one machine (a developer's and CI's, or two
 * terminals) never drop each other's database mid-run. `TEST_DATABASE_NAME`
 * pins a name instead. Kept free of pg and TypeORM: every test file loads it
 * (setup/env.ts), the unit tests included.
 */
export function testDatabaseName(): string {
  return process.env.TEST_DATABASE_NAME ?? 'scriptorium_test';
}
export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The name global setup gives this run's database, unless TEST_DATABASE_NAME pins one. */
export function runDatabaseName(): string {
  return `scriptorium_test_${process.pid}`;
}

export function databaseUrl(name: string): string {
  return ADMIN_DATABASE_URL.replace(/\/[^/?]+(\?.*)?$/, `/${name}$1`);
}

export function testDatabaseUrl(): string {
  return databaseUrl(testDatabaseName());
}
