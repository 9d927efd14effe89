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
    // Two files at a time, each with its own browser, against the one server: a browser file spends most of its
    // time waiting on the page, so two of them keep both cores busy (docs/decisions/056).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
