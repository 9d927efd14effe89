import { defineConfig } from 'vitest/config';

/** Browser tests: one server (the built app on a fresh data directory) for the run, Chromium per file. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['../test-setup/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share one server and two cores: one browser at a time keeps timings honest.
    fileParallelism: false,
  },
});
