import { defineConfig } from 'vitest/config';
import FoundationFirstSequencer from './support/sequencer';

// End-to-end suite: a real Trellis process (built client, real database, real SMTP capture) driven
// by Debian's Chromium through playwright-core. One worker: the specs share one server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { sequencer: FoundationFirstSequencer },
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
