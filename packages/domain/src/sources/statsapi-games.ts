import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import { parseCsvWithHeader } from './csv.js';
import { inferMlbLocalDates } from './mlb-local-dates.js';
import { specialVenueOf } from './mlb-venues.js';
import { parseOptionalNumber, type ParseResult, type Skipped, type SourceGame } from './types.js';

export interface StatsApiGame extends SourceGame {
  source: 'statsapi';
  /** The file's own date, the UTC date of first pitch; `date` is the local date inferred from it. */
  utcDate: string;
  /** The venue of a game away from both clubs' parks (mlb-venues.ts), else null. */
  venue: string | null;
}

/**
 * The MLB Stats API schedule export in history/ (`mlb/statsapi/games_2025.csv`: `game_pk, date,
 * season, home, away, home_score, away_score, …`). Keyed by `game_pk`, the Stats API's game id. Its `date`
 * is the UTC date of first pitch (night games fall on the next day), and it has no start time, so
 * doubleheaders are told apart by `game_pk` alone and each game's local date is inferred season by season
 * (mlb-local-dates.ts; decision record 025). It has no park either: games at special venues (the Tokyo
 * Series) are neutral from the facts of mlb-venues.ts. Teams are the Stats API's 2025 names ("Athletics").
 */
export function parseStatsApiGamesCsv(
  text: string,
  options: { registry?: TeamRegistry } = {},
): ParseResult<StatsApiGame> {
  const registry = options.registry ?? teamRegistry;
  const records: StatsApiGame[] = [];
  const skipped: Skipped[] = [];
  const startersOf = new Map<string, string[]>();
  for (const row of parseCsvWithHeader(text, [
    'game_pk',
    'date',
    'season',
    'home',
    'away',
    'home_score',
    'away_score',
  ])) {
    const gamePk = row.get('game_pk');
    const skip = (reason: string) => skipped.push({ line: row.line, reason: `${gamePk}: ${reason}` });
    const season = parseOptionalNumber(row.get('season'));
    const date = row.get('date');
    if (!/^\d+$/.test(gamePk) || typeof season !== 'number' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      skip('game_pk, season or date unreadable');
      continue;
    }
    const home = registry.resolve('baseball_mlb', row.get('home'), 'statsapi');
    const away = registry.resolve('baseball_mlb', row.get('away'), 'statsapi');
    if (!home || !away) {
      skip(`unknown team "${home ? row.get('away') : row.get('home')}"`);
      continue;
    }
    const homeScore = parseOptionalNumber(row.get('home_score'));
    const awayScore = parseOptionalNumber(row.get('away_score'));
    if (homeScore === undefined || awayScore === undefined) {
      skip('score unreadable');
      continue;
    }
    const final = homeScore !== null && awayScore !== null;
    // The starting pitchers (MLBAM ids, where the file has them) help date the games (mlb-local-dates.ts).
    startersOf.set(
      gamePk,
      [row.get('home_sp_id'), row.get('away_sp_id')].filter((id) => /^\d+$/.test(id)),
    );
    records.push({
      source: 'statsapi',
      sourceId: gamePk,
      sport: 'baseball_mlb',
      season,
      week: null,
      seasonType: 'regular',
      kickoff: null,
      date,
      utcDate: date,
      home: home.abbr,
      away: away.abbr,
      homeScore: final ? homeScore : null,
      awayScore: final ? awayScore : null,
      neutralSite: false,
      status: final ? 'final' : 'scheduled',
      venue: null,
    });
  }
  for (const record of records) {
    const venue = specialVenueOf(record);
    if (venue) {
      record.neutralSite = venue.neutral;
      record.venue = venue.venue;
    }
  }
  for (const season of new Set(records.map((record) => record.season))) {
    const ofSeason = records.filter((record) => record.season === season);
    const localDates = inferMlbLocalDates(
      ofSeason.map((record) => ({
        ...record,
        knownLocalDate: specialVenueOf(record)?.date,
        starters: startersOf.get(record.sourceId),
      })),
    );
    for (const record of ofSeason) record.date = localDates.get(record.sourceId) ?? record.date;
  }
  return { records, skipped };
}
