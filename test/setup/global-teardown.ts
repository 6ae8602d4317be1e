import { dropDatabase } from './database-admin';
import { runDatabaseName, testDatabaseName } from './test-database';

/**
 * Per-run databases would pile up, so the run's own goes with it, unless
 * KEEP_TEST_DATABASE=1 keeps it for inspection (or TEST_DATABASE_NAME pinned it).
 */
export default async function globalTeardown(): Promise<void> {
  const name = testDatabaseName();
  if (process.env.KEEP_TEST_DATABASE === '1' || name !== runDatabaseName()) return;
  await dropDatabase(name);
}
