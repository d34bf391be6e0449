import { defineConfig } from 'vitest/config';

// `npm run test:processes`: the suites that spawn several real Trellis processes (or `npm start`
// itself with its embedded PostgreSQL) and kill, restart or scale them. Each holds one or two cores
// by itself for most of its run, so they run one file at a time and apart from `npm test`, where
// they would stall the in-process files beside them. CI runs both commands (.ci/run).
export const PROCESS_SUITES = [
  'tests/start/start.test.ts',
  'tests/start/embedded-postgres.test.ts',
  'tests/start/production-build.test.ts',
  'tests/start/shutdown-flush.test.ts',
  'tests/sync/processes.test.ts',
  'tests/sync/scale-out.test.ts',
  'tests/sync/webhook-processes.test.ts',
  'tests/sync/outbox-fault.test.ts',
  'tests/sync/github-import-processes.test.ts',
  'collab/processes.test.ts',
  'collab/durability.test.ts',
];

export default defineConfig({
  test: {
    include: PROCESS_SUITES,
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
