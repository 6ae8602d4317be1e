import 'reflect-metadata';
import { createMigratedDatabase } from './database-admin';
import { runDatabaseName, testDatabaseName } from './test-database';

/** A fresh database per run, migrated once: suites then isolate by account and Redis prefix. */
export default async function globalSetup(): Promise<void> {
  // Jest's workers start after this and inherit the environment, so they all find this run's database.
  process.env.TEST_DATABASE_NAME ??= runDatabaseName();
  await createMigratedDatabase(testDatabaseName(), { replace: true });
}
