import { Logger } from '@nestjs/common';

/**
 * The unit project prints its results, not the services' logs: a spec that fakes a model's unusable answer
 * makes the client warn, on purpose, dozens of times a run. Specs that care what is logged spy on the
 * Logger's methods, which still run; `TEST_LOGS=1` prints everything again, to debug.
 */
if (process.env.TEST_LOGS !== '1') Logger.overrideLogger(false);
