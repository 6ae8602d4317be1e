/** Jest runs TypeScript through swc: Nest 12 ships ES modules that ts-jest cannot load (see STACK-NOTES). */
const esmPackages = [
  '@nestjs',
  'cookie',
  'content-disposition',
  'set-cookie-parser',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  '@apidevtools',
  'request-filtering-agent',
].join('|');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Globals handed to every module as parameters. Jest runs code in a vm context whose global lookups go
 * through an interceptor: `Math.ceil` in a loop cost 124 ns a call there against 1 ns in plain Node, and
 * the typesetter, the seeded generator and the fake model server all loop over `Math`. Only objects that
 * no test replaces belong here (not `Date` or timers: fake timers swap those after modules load).
 */
const sandboxInjectedGlobals = ['Math', 'Number', 'String', 'Array', 'Object', 'JSON', 'Map', 'Set', 'Symbol'];

/** What every project shares: TypeScript through swc, the environment of test/setup/env.ts. */
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  sandboxInjectedGlobals,
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '^.+\\.(t|j)s$': swcTransform },
  transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
  setupFiles: ['<rootDir>/test/setup/env.ts'],
};

/** The run's own migrated database, for the projects that talk to PostgreSQL and Redis. */
const withServices = {
  ...shared,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
};

/**
 * Three projects (`npm test` runs them all; `--selectProjects` picks):
 * - unit: the specs beside the code. No database, no Redis: pure logic, and
 *   services with their collaborators faked at the interface. `npm run test:unit`.
 * - e2e: the service through its HTTP interface on real PostgreSQL and Redis.
 * - faults: outages and crashes (stopped PostgreSQL and Redis, killed workers).
 * The extensions in examples/ are tested like the service's own code: their
 * `*.spec.ts` in unit, their `*.e2e-spec.ts` in e2e.
 */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      setupFiles: [...shared.setupFiles, '<rootDir>/test/setup/quiet-logs.ts'],
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/examples/**/*.spec.ts'],
    },
    {
      ...withServices,
      displayName: 'e2e',
      // The specs beside the code that run external validators (epubcheck, poppler) belong here too.
      testMatch: [
        '<rootDir>/test/*.e2e-spec.ts',
        '<rootDir>/src/**/*.e2e-spec.ts',
        '<rootDir>/examples/**/*.e2e-spec.ts',
      ],
    },
    { ...withServices, displayName: 'faults', testMatch: ['<rootDir>/test/faults/*.e2e-spec.ts'] },
  ],
  // Global options: Jest reads these from the top level only, not from a project.
  testTimeout: 60_000,
  // One more worker than this 2-core machine has cores: most e2e time is spent waiting (services starting,
  // webhooks, queued jobs), and a third suite fills it. The whole run went from 263 s to 197 s.
  maxWorkers: 3,
};
