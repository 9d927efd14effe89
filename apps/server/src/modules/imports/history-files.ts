import { existsSync } from 'node:fs';
import path from 'node:path';
import { readTextFile } from '../../lib/text-file.js';

/**
 * The history the repository holds, in `history/` (history/README.md): the files the first start and the
 * admin's imports read, and under `history/fixtures/` what only the tests read, each gzip-compressed with its
 * content exactly as the source published it. The server runs from its sources (tsx, tests) and from a bundle
 * (apps/server/dist), so the repository is found by walking up from this file, and from the working
 * directory, to the folder with the workspace's lock file.
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

/**
 * The path of a held file, named as its source names it (`nflverse/games.csv` → history/nflverse/games.csv.gz),
 * or undefined when the repository cannot be found.
 */
export function historyFile(file: string): string | undefined {
  const root = findRepoRoot();
  return root ? path.join(root, 'history', `${file}.gz`) : undefined;
}

/** A held file's text (`nflverse/games.csv`, `fixtures/the-odds-api/bookmakers_us.csv`). */
export function readHistoryFile(file: string): string {
  const location = historyFile(file);
  if (!location) throw new Error(`The repository holding history/${file}.gz was not found`);
  return readTextFile(location);
}
