// Type-checks every workspace with its own tsconfig (the web app, its service worker and the server need different libs).
import { execFileSync } from 'node:child_process';

const projects = [
  'packages/domain',
  'packages/contracts',
  'packages/db',
  'apps/server',
  'apps/web',
  'apps/web/tsconfig.sw.json',
  'apps/sync-client',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    console.log(`typecheck: ${project} ok`);
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
