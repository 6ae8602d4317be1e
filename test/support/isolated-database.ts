import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ADMIN_DATABASE_URL } from '../setup/test-database';

export interface IsolatedDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated database of the suite's own on the machine's PostgreSQL, for
 * suites whose subject sweeps the whole database (the reconciler re-queues
 * every unfinished job it finds, including other suites' jobs, which makes
 * its timing depend on whatever else runs beside it).
 */
export async function createIsolatedDatabase(label: string): Promise<IsolatedDatabase> {
  const name = `scriptorium_test_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = ADMIN_DATABASE_URL.replace(/\/[^/?]+(\?.*)?$/, `/${name}$1`);
  const dataSource = new DataSource(dataSourceOptions(url, { logging: false }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  return {
    url,
    async drop() {
      const client = new Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
