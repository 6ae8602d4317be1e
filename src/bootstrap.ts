import { existsSync } from 'node:fs';
import { AppConfig, ConfigValidationError, loadConfig } from './config/app-config';
import { ensureSchema, PendingMigrationsError } from './database/migration-guard';
import { GENERATION_CONFIG_SECTIONS } from './generation/generation-settings';

/**
 * Shared start of every entrypoint: read `.env` if present, validate the
 * configuration, check the schema. Configuration and schema problems end
 * the process with one clear line, not a stack trace.
 */
export async function prepare(options: { checkSchema: boolean }): Promise<AppConfig> {
  if (existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  let config: AppConfig;
  try {
    config = loadConfig(process.env, GENERATION_CONFIG_SECTIONS);
  } catch (error) {
    exitWith(error instanceof ConfigValidationError ? error.message : String(error));
  }
  if (options.checkSchema) {
    try {
      await ensureSchema(config.DATABASE_URL, config.MIGRATIONS_RUN, (line) => process.stderr.write(`${line}\n`));
    } catch (error) {
      if (error instanceof PendingMigrationsError) exitWith(error.message);
      exitWith(`Cannot reach the database at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return config;
}

export function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
