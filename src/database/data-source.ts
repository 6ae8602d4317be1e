/**
 * The DataSource the TypeORM CLI uses for `migration:generate`:
 *   npx typeorm-ts-node-commonjs ... or, as set up in package.json,
 *   npm run migration:generate -- src/database/migrations/<Name>
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scriptorium'),
);
