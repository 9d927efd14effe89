// Fails when the Drizzle schema has changes that no committed migration holds:
// generates into a copy of migrations/ and checks that nothing new appears.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
// drizzle-kit reads --out relative to the working directory, so the scratch copy lives in the package.
const scratchName = '.migrations-check';
const scratch = path.join(packageDir, scratchName);
rmSync(scratch, { recursive: true, force: true });
try {
  cpSync(path.join(packageDir, 'migrations'), scratch, { recursive: true });
  const before = readdirSync(scratch).sort();
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--casing',
      'snake_case',
      '--schema',
      './src/schema/index.ts',
      '--out',
      scratchName,
    ],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (!existsSync(path.join(scratch, 'meta', '_journal.json')))
    throw new Error('drizzle-kit did not read the migrations');
  const added = readdirSync(scratch).filter((file) => !before.includes(file));
  if (added.length > 0) {
    console.error(
      `The schema has changes without a migration (would add ${added.join(', ')}). Run: npm run db:generate`,
    );
    process.exitCode = 1;
  } else {
    console.log('migrations: the committed migrations match the schema');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
