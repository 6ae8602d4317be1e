import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { ParameterFreeQueryLogger } from './query-logger';

/** One definition of the connection for the service, the CLI and the migration scripts. */
export function dataSourceOptions(databaseUrl: string, overrides: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    logging: ['error'],
    logger: new ParameterFreeQueryLogger(),
    maxQueryExecutionTime: 2_000,
    extra: { max: 20, connectionTimeoutMillis: 5_000 },
    ...overrides,
  } as DataSourceOptions;
}
