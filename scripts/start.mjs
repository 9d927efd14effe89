// `npm start`: builds what is missing or older than its sources, then runs the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time under the given paths (files and folders, recursively). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(target, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((target) => visit(path.join(root, target)));
  return newest;
}

const sharedSources = ['packages/domain/src', 'packages/contracts/src'];
const targets = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: [
      ...sharedSources,
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'CHANGELOG.md',
    ],
    command: 'npm run build -w @pass/web',
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: [...sharedSources, 'packages/db/src', 'apps/server/src', 'apps/server/scripts'],
    command: 'npm run build -w @pass/server',
  },
];

for (const target of targets) {
  const output = path.join(root, target.output);
  const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(target.sources);
  if (stale) {
    console.log(`Building the ${target.name}…`);
    execSync(target.command, { cwd: root, stdio: 'inherit' });
  }
}

await import(path.join(root, 'apps/server/dist/main.js'));
