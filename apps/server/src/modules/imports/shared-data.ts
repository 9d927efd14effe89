import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The reference data sits beside the repository, in `../shared/data` (DESIGN.md section 5). The server
 * runs from its sources (tsx, tests) and from a bundle (apps/server/dist), so the repository is found by
 * walking up from this file, and from the working directory, to the folder with the workspace's lock file.
 */
export function findRepoRoot(): string | undefined {
  for (const start of [import.meta.dirname, process.cwd()]) {
    let dir = path.resolve(start);
    for (;;) {
      if (existsSync(path.join(dir, 'package-lock.json')) && existsSync(path.join(dir, 'packages'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

/** The path of a reference file (`nflverse/games.csv`), or undefined when the repository cannot be found. */
export function sharedDataFile(file: string): string | undefined {
  const root = findRepoRoot();
  return root ? path.resolve(root, '../shared/data', file) : undefined;
}
