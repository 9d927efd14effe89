/**
 * `pass-sync` (`npm run sync-client -- …` from the repository root): see USAGE in arguments.ts and this
 * folder's README. Usage errors exit 2; anything not sent, 1.
 */
import { text } from 'node:stream/consumers';
import { parseSyncArguments, UsageError, USAGE } from './arguments.js';
import { runSync } from './run-sync.js';
import { StateFileError } from './sync-state.js';

async function main(): Promise<number> {
  try {
    const args = parseSyncArguments(process.argv.slice(2), process.env);
    if (args.command === 'help') {
      console.log(USAGE);
      return 0;
    }
    if (args.server.startsWith('http:') && !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(`${args.server}/`)) {
      console.error('Warning: --server is plain http; the token travels unencrypted.');
    }
    return await runSync(args, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      stdinIsTerminal: process.stdin.isTTY === true,
      readStdin: () => text(process.stdin),
      cwd: process.cwd(),
      now: () => new Date(),
    });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof StateFileError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
