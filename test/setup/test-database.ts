/** Where the test suites live: their own database on the machine's PostgreSQL, created fresh per run. */
export const TEST_DATABASE_NAME = process.env.TEST_DATABASE_NAME ?? 'scriptorium_test';
export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_DATABASE_URL = ADMIN_DATABASE_URL.replace(/\/[^/?]+(\?.*)?$/, `/${TEST_DATABASE_NAME}$1`);
