import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import { parseCsv } from './csv.js';
import { parseOptionalNumber, type ParseResult, type Skipped, type SourceGame } from './types.js';

export interface RetrosheetGame extends SourceGame {
  source: 'retrosheet';
  /** 0 for a single game, 1 or 2 for the games of a doubleheader. */
  gameNumber: 0 | 1 | 2;
  dayNight: 'D' | 'N' | null;
  parkId: string;
  /** Set when the game was suspended and completed on a later date (Retrosheet field 14). */
  completionInfo: string | null;
  /** Retrosheet field 15: 'V' or 'H' for the team awarded a forfeit, else null. */
  forfeit: string | null;
}

/**
 * Retrosheet game logs (`GLyyyy.TXT`): no header, 161 quoted fields per game (field list in
 * history/README.md and Retrosheet's glfields). The logs have no game id and no start time, so
 * the key is Retrosheet's event-file id, home code + date + game number (`SDN202403200`), which tells the
 * two games of a doubleheader apart. Team codes are Retrosheet's (`NYA`, `SLN`, `ANA`, `CHA`).
 *
 * Retrosheet notice: the information used here was obtained free of charge from and is copyrighted by
 * Retrosheet. Interested parties may contact Retrosheet at www.retrosheet.org.
 */
export function parseRetrosheetGameLog(
  text: string,
  options: { registry?: TeamRegistry } = {},
): ParseResult<RetrosheetGame> {
  const registry = options.registry ?? teamRegistry;
  const records: RetrosheetGame[] = [];
  const skipped: Skipped[] = [];

  for (const { line, fields } of parseCsv(text)) {
    // 1-based field numbers as Retrosheet documents them.
    const f = (n: number) => fields[n - 1] ?? '';
    const skip = (reason: string) => skipped.push({ line, reason });
    if (fields.length < 17) {
      skip(`expected 161 fields, found ${fields.length}`);
      continue;
    }
    const ymd = /^(\d{4})(\d{2})(\d{2})$/.exec(f(1));
    const gameNumber = Number(f(2));
    if (!ymd || !(gameNumber === 0 || gameNumber === 1 || gameNumber === 2)) {
      skip(`bad date "${f(1)}" or game number "${f(2)}"`);
      continue;
    }
    const away = registry.resolve('baseball_mlb', f(4), 'retrosheet');
    const home = registry.resolve('baseball_mlb', f(7), 'retrosheet');
    if (!home || !away) {
      skip(`unknown team "${home ? f(4) : f(7)}"`);
      continue;
    }
    const awayScore = parseOptionalNumber(f(10));
    const homeScore = parseOptionalNumber(f(11));
    if (typeof awayScore !== 'number' || typeof homeScore !== 'number') {
      skip(`scores "${f(10)}"/"${f(11)}" unreadable`);
      continue;
    }
    const dayNight = f(13);
    records.push({
      source: 'retrosheet',
      sourceId: `${f(7)}${f(1)}${gameNumber}`,
      sport: 'baseball_mlb',
      season: Number(ymd[1]),
      week: null,
      seasonType: 'regular',
      kickoff: null,
      date: `${ymd[1]}-${ymd[2]}-${ymd[3]}`,
      home: home.abbr,
      away: away.abbr,
      homeScore,
      awayScore,
      neutralSite: false, // settled below, once every park of the file is known
      status: 'final',
      gameNumber,
      dayNight: dayNight === 'D' || dayNight === 'N' ? dayNight : null,
      parkId: f(17),
      completionInfo: f(14) || null,
      forfeit: f(15) || null,
    });
  }
  markNeutralSites(records);
  return { records, skipped };
}

/**
 * Retrosheet logs games in Seoul, London, Mexico City, Williamsport or Rickwood Field under a designated
 * home team; only the park tells. A game counts as neutral-site when its park is not the one its home
 * team used most in the file, which needs a season's log (a lone game is always at "its" park).
 */
function markNeutralSites(games: RetrosheetGame[]): void {
  const parkCounts = new Map<string, Map<string, number>>();
  for (const game of games) {
    const counts = parkCounts.get(game.home) ?? new Map<string, number>();
    counts.set(game.parkId, (counts.get(game.parkId) ?? 0) + 1);
    parkCounts.set(game.home, counts);
  }
  const homePark = new Map(
    [...parkCounts].map(([team, counts]) => [team, [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]]),
  );
  for (const game of games) game.neutralSite = game.parkId !== homePark.get(game.home);
}
