import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

export class PendingMigrationsError extends Error {}

/**
 * Applies pending migrations, or refuses to start on a database that lacks
 * them: a service on an old schema fails in ways that are hard to diagnose.
 */
export async function ensureSchema(
  databaseUrl: string,
  applyPending: boolean,
  log: (line: string) => void,
): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { logging: false }));
  await dataSource.initialize();
  try {
    const pending = await dataSource.showMigrations();
    if (!pending) return;
    if (!applyPending) {
      throw new PendingMigrationsError(
        'The database has pending migrations. Run `npm run migrate` (or start with MIGRATIONS_RUN=true).',
      );
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) log(`Applied migration ${migration.name}`);
  } finally {
    await dataSource.destroy();
  }
}
