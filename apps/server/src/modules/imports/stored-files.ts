import { existsSync } from 'node:fs';
import type { Database } from '@pass/db';
import { importSourceBody, type DEFAULT_FILES } from './import-jobs.js';
import type { ImportSummary } from './imports.service.js';
import { importOddsApiOdds } from './odds-api.service.js';
import { historyFile, readHistoryFile } from './history-files.js';

/**
 * Every file of history/ that an importer reads, each with the call that imports it: what the
 * import-order test runs in several orders and the bench times (docs/decisions/022 lists the files left out
 * and why). Each import takes the server clock as `now`: a file's data time is never later than it.
 */
export interface StoredFile {
  /** The file as history-files.ts names it (`nflverse/games.csv`, `fixtures/the-odds-api/…`). */
  file: string;
  load: (db: Database, now: Date) => Promise<ImportSummary>;
}

const fileSource = (source: keyof typeof DEFAULT_FILES, file: string): StoredFile => ({
  file,
  load: (db, now) => importSourceBody(db, source, readHistoryFile(file), historyFile(file)!, { now }),
});

/** The Odds API answers captured from the live API, replayed with their fetch time (history/README.md). */
const capturedOdds = (file: string, fetchedAt: string): StoredFile => ({
  file,
  load: (db, now) =>
    importOddsApiOdds(db, { body: readHistoryFile(file), location: file, fetchedAt: new Date(fetchedAt) }, { now }),
});

export const STORED_FILES: readonly StoredFile[] = [
  fileSource('nflverse', 'nflverse/games.csv'),
  fileSource('nflverse', 'nflverse/games_2025_complete_nfl_data_py_export.csv'),
  fileSource('cfbd', 'cfbd/games_2024_regular_v1.json'),
  fileSource('cfbd', 'cfbd/games_2024_postseason_v1.json'),
  fileSource('cfbd', 'cfbd/games_2025_v2_snapshot_2025-08-28.json'),
  // CFBD's pregame lines: a line whose game is not in yet waits in raw_responses for it (docs/decisions/023).
  fileSource('cfbd', 'cfbd/pregame_wp_2024_regular.json'),
  fileSource('cfbd', 'cfbd/pregame_wp_2024_postseason.json'),
  fileSource('cfbd', 'cfbd/pregame_wp_2025_snapshot_v2.json'),
  // With betting_2025.csv beside it: the closing lines come in the same import.
  fileSource('sportsdataverse', 'sportsdataverse-cfb/cfb_schedule_2025.csv'),
  fileSource('statsapi', 'mlb/statsapi/games_2025.csv'),
  fileSource('retrosheet', 'mlb/retrosheet/GL2023.TXT'),
  fileSource('retrosheet', 'mlb/retrosheet/GL2024.TXT'),
  capturedOdds(
    'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_h2h-spreads-totals_american_2022-12-27.json',
    '2022-12-27T21:40:00Z',
  ),
  capturedOdds(
    'fixtures/the-odds-api/captured/americanfootball_ncaaf_odds_us_h2h-spreads-totals_american_2022-12-27.json',
    '2022-12-27T21:40:00Z',
  ),
  capturedOdds(
    'fixtures/the-odds-api/captured/americanfootball_nfl_odds_us_spreads_american_2023-01-17.json',
    '2023-01-17T02:10:00Z',
  ),
];

/** The stored files that are missing from history/. */
export const missingStoredFiles = () =>
  STORED_FILES.filter(({ file }) => {
    const resolved = historyFile(file);
    return !resolved || !existsSync(resolved);
  }).map(({ file }) => file);
