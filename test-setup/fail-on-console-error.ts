import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/** A console.error during a test fails it: errors nobody asserted on are bugs, not noise. */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
