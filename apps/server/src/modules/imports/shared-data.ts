import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { historyFile } from './history-files.js';

/**
 * The path of an unpacked copy of a held history file (`nflverse/games.csv`), for a caller that reads a path
 * as plain text (the bench's sync import). The server and the tests read history/ through `readHistoryFile`
 * (history-files.ts); this goes once nothing calls it. The copy is written once under the system's temporary
 * folder, in a folder named after the held file's size and time, so a refreshed file gets a fresh copy.
 */
export function sharedDataFile(file: string): string | undefined {
  const held = historyFile(file);
  if (!held || !existsSync(held)) return undefined;
  const { size, mtimeMs } = statSync(held);
  const copy = path.join(tmpdir(), 'pass-history', `${size}-${Math.round(mtimeMs)}`, file);
  if (!existsSync(copy)) {
    mkdirSync(path.dirname(copy), { recursive: true });
    const partial = `${copy}.${process.pid}`;
    writeFileSync(partial, gunzipSync(readFileSync(held)));
    renameSync(partial, copy);
  }
  return copy;
}
