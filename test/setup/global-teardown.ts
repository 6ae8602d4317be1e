import { Client } from 'pg';
import { ADMIN_DATABASE_URL, testDatabaseName } from './test-database';

/**
 * Per-run databases would pile up, so the run's own goes with it, unless
 * KEEP_TEST_DATABASE=1 keeps it for inspection (or TEST_DATABASE_NAME pinned it).
 */
export default async function globalTeardown(): Promise<void> {
  const name = testDatabaseName();
  if (process.env.KEEP_TEST_DATABASE === '1' || name !== `scriptorium_test_${process.pid}`) return;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
