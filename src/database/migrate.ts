import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

/** `npm run migrate`: applies pending migrations to DATABASE_URL and says what it did. */
async function migrate(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const databaseUrl = process.env.DATABASE_URL ?? loadConfig({ SECRETS_ENCRYPTION_KEY: '0'.repeat(64) }).DATABASE_URL;
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { logging: false }));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length === 0) process.stderr.write('No pending migrations\n');
    for (const migration of applied) process.stderr.write(`Applied migration ${migration.name}\n`);
  } finally {
    await dataSource.destroy();
  }
}

migrate().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
