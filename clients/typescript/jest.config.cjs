/** TypeScript through swc, as the service's own tests run it. */
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};

/**
 * Two projects (`npm test` runs both; `--selectProjects` picks one):
 * - unit: the client's own logic, and what the real service cannot be made
 *   to do on demand (an event stream that breaks, stays silent or is
 *   missing; a 5xx), against a local server in the test (test/contract-server/).
 * - service: the client against the real service, built from this
 *   repository and started once per run on a fresh database (test/service/).
 */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/test/contract-server/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'service',
      testMatch: ['<rootDir>/test/service/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/start-service.ts',
      globalTeardown: '<rootDir>/test/support/stop-service.ts',
    },
  ],
  testTimeout: 120_000,
  maxWorkers: 2,
};
