import { defineConfig } from 'vitest/config';

// Unit and integration tests live beside the code (foo.ts + foo.test.ts) plus cross-cutting suites
// in tests/. End-to-end browser tests have their own config (tests/e2e/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['{boot,client,server,collab,db,shared,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'tests/e2e/**', 'client/dist/**'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
