/**
 * Prints the instant the browser suite's server clock starts at for a machine date (argument: an ISO
 * instant, default now), so scripts/test-on-days.mjs can tell which days give the browser suite a clock
 * of its own.
 */
import { e2eServerClockStart } from './server-clock';

const at = process.argv[2];
const realNow = at ? new Date(at) : new Date();
if (Number.isNaN(realNow.getTime())) {
  console.error(`print-server-clock: "${at}" is not a date`);
  process.exit(1);
}
console.log(e2eServerClockStart(realNow).toISOString());
