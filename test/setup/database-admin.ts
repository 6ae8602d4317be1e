/** Creating and dropping whole test databases, through the admin connection. */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ADMIN_DATABASE_URL, databaseUrl } from './test-database';

async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates (or recreates) a database and applies every migration; returns its URL. */
export async function createMigratedDatabase(name: string, { replace = false } = {}): Promise<string> {
  if (replace) await dropDatabase(name);
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  const dataSource = new DataSource(dataSourceOptions(url, { logging: false }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
