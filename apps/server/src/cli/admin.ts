/**
 * `npm run admin -- create <username> <email> | grant <username> | revoke <username> | outbox [--to <email>]
 *   | refusals [--limit <n>]`
 *
 * The only way to make an admin (docs/decisions/015). It opens DATABASE_URL, or the embedded database in
 * DATA_DIR; a running server holds that directory, and the command then says so and changes nothing.
 * Usage errors exit 2, refusals (an unknown username, a held directory) 1. The command itself is
 * `runAdminCli` (admin-main.ts); this file is the process around it.
 */
import { runAdminCli } from './admin-main.js';

runAdminCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
