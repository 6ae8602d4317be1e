import { randomBytes } from 'node:crypto';
import { createMigratedDatabase, dropDatabase } from '../setup/database-admin';

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
  const url = await createMigratedDatabase(name);
  return { url, drop: () => dropDatabase(name) };
}
