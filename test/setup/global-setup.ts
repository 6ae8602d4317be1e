import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ADMIN_DATABASE_URL, testDatabaseName, testDatabaseUrl } from './test-database';

/** A fresh database per run, migrated once: suites then isolate by account and Redis prefix. */
export default async function globalSetup(): Promise<void> {
  // Jest's workers start after this and inherit the environment, so they all find this run's database.
  process.env.TEST_DATABASE_NAME ??= `scriptorium_test_${process.pid}`;
  const name = testDatabaseName();
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const dataSource = new DataSource(dataSourceOptions(testDatabaseUrl(), { logging: false }));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
}
