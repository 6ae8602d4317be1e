// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'clients/*/dist/**',
      'node_modules/**',
      'coverage/**',
      '.tmp/**',
      'scripts/**/*.js',
      'jest.config.js',
      'eslint.config.mjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    files: [
      'test/**/*.ts',
      'src/**/*.spec.ts',
      'src/**/*.e2e-spec.ts',
      'src/**/testing/**/*.ts',
      'bench/**/*.ts',
      'examples/**/*.spec.ts',
      'examples/**/*.e2e-spec.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The web console's page scripts: classic browser scripts, served as they are (no build step).
    files: ['src/web-console/assets/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: Object.fromEntries(
        ['window', 'document', 'navigator', 'EventSource', 'uPlot', 'console', 'setTimeout', 'clearTimeout'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
  {
    // Plain Node scripts (benchmarks, soak): linted for mistakes, without TypeScript's type information.
    files: ['**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: Object.fromEntries(
        [
          'require',
          'module',
          '__dirname',
          '__filename',
          'process',
          'console',
          'fetch',
          'setTimeout',
          'clearTimeout',
          'setImmediate',
          'Buffer',
          'URL',
          'AbortController',
          'AbortSignal',
          'performance',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
