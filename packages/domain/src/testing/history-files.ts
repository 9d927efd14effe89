import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The history the repository holds (history/README.md), for the domain's tests and scripts: each file
 * gzip-compressed, its content exactly as the source published it. Named as the source names it
 * (`nflverse/games.csv`); what only the tests read is under `fixtures/`.
 */
const HISTORY = path.resolve(import.meta.dirname, '../../../../history');

export const readHistoryFile = (file: string): string =>
  gunzipSync(readFileSync(path.join(HISTORY, `${file}.gz`))).toString('utf8');

export const readHistoryJson = (file: string): unknown => JSON.parse(readHistoryFile(file));
