// Nest's Logger alone, not the package's index: this file runs before every unit spec, and the index loads
// all of @nestjs/common and rxjs (some 400 modules, compiled again for each spec file), which two specs in
// three never use. It is the same module the index re-exports, so it is the Logger the services use.
import 'reflect-metadata';
import { Logger } from '@nestjs/common/services/logger.service';

/**
 * The unit project prints its results, not the services' logs: a spec that fakes a model's unusable answer
 * makes the client warn, on purpose, dozens of times a run. Specs that care what is logged spy on the
 * Logger's methods, which still run; `TEST_LOGS=1` prints everything again, to debug.
 */
if (process.env.TEST_LOGS !== '1') Logger.overrideLogger(false);
