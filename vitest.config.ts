import { defineConfig } from 'vitest/config';

// Unit and integration tests live beside the code (foo.ts + foo.test.ts) plus cross-cutting suites
// in tests/. End-to-end browser tests have their own config (tests/e2e/vitest.config.ts); the suites
// that start, kill and restart several real processes run apart with `npm run test:processes`
// (vitest.processes.config.ts, see PROCESS_SUITES there), which CI runs too (.ci/run).
import { PROCESS_SUITES } from './vitest.processes.config';

const shared = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'tests/e2e/**', 'client/dist/**', ...PROCESS_SUITES],
    // Two cores: one test file per core; the files are independent (each has its own database).
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'server',
          include: ['{boot,server,collab,db,shared,tests}/**/*.test.{ts,tsx}'],
          // The server side is one big module graph (Fastify, drizzle, zod schemas, Yjs) that each
          // file imported afresh: 40 % of a typical file's CPU. Files of one worker now share it.
          // Safe because every file builds its own app and database (tests/support/server.ts) and
          // no server-side test stubs modules, globals or the environment; client tests, which
          // render into a shared DOM, stay isolated below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...shared, name: 'client', include: ['client/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
