import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import { followedCollegeGame } from './cfbd-games.js';
import { parseCsvWithHeader } from './csv.js';
import { parseOptionalNumber, type GameStatus, type ParseResult, type Skipped, type SourceGame } from './types.js';

export interface SportsdataverseGame extends SourceGame {
  source: 'sportsdataverse';
}

/** ESPN's pre-game spread and total for a game (`betting_YYYY.csv`), home view, negative = home favoured. */
export interface SportsdataverseLine {
  gameId: string;
  season: number;
  week: number;
  homeSpread: number;
  total: number | null;
}

const STATUSES: Record<string, GameStatus> = {
  STATUS_FINAL: 'final',
  STATUS_SCHEDULED: 'scheduled',
  STATUS_IN_PROGRESS: 'in_progress',
  STATUS_HALFTIME: 'in_progress',
  STATUS_END_PERIOD: 'in_progress',
  STATUS_POSTPONED: 'postponed',
  STATUS_CANCELED: 'cancelled',
};

/**
 * sportsdataverse `cfb_schedule_YYYY.csv` (ESPN-derived results). Teams are joined on ESPN team ids,
 * not names; as in the CFBD parser, games with an FBS team are kept (against FCS opponents too) and the rest skipped.
 */
export function parseSportsdataverseSchedule(
  text: string,
  options: { registry?: TeamRegistry } = {},
): ParseResult<SportsdataverseGame> {
  const registry = options.registry ?? teamRegistry;
  const records: SportsdataverseGame[] = [];
  const skipped: Skipped[] = [];
  const rows = parseCsvWithHeader(text, [
    'game_id',
    'season',
    'week',
    'season_type',
    'game_date',
    'home_id',
    'away_id',
  ]);
  for (const row of rows) {
    const skip = (reason: string) => skipped.push({ line: row.line, reason: `${row.get('game_id')}: ${reason}` });
    const season = parseOptionalNumber(row.get('season'));
    const week = parseOptionalNumber(row.get('week'));
    const kickoff = new Date(row.get('game_date'));
    if (typeof season !== 'number' || typeof week !== 'number' || Number.isNaN(kickoff.getTime())) {
      skip('season, week or game_date missing');
      continue;
    }
    const side = (prefix: 'home' | 'away') => registry.byId('americanfootball_ncaaf', 'espn', row.get(`${prefix}_id`));
    const teams = followedCollegeGame(registry, season, side('home'), side('away'), {
      home: row.get('home_team'),
      away: row.get('away_team'),
    });
    if (typeof teams === 'string') {
      skip(teams);
      continue;
    }
    const { home, away } = teams;
    const status = STATUSES[row.get('status')] ?? 'scheduled';
    const homeScore = parseOptionalNumber(row.get('home_score'));
    const awayScore = parseOptionalNumber(row.get('away_score'));
    const final = status === 'final' && typeof homeScore === 'number' && typeof awayScore === 'number';
    records.push({
      source: 'sportsdataverse',
      sourceId: row.get('game_id'),
      sport: 'americanfootball_ncaaf',
      season,
      week,
      seasonType: row.get('season_type') === '3' ? 'postseason' : 'regular',
      kickoff: kickoff.toISOString(),
      date: kickoff.toISOString().slice(0, 10),
      home: home.abbr,
      away: away.abbr,
      homeScore: final ? homeScore : null,
      awayScore: final ? awayScore : null,
      neutralSite: row.get('neutral_site') === 'true',
      status,
    });
  }
  return { records, skipped };
}

/**
 * sportsdataverse `betting_YYYY.csv`. Rows with `game_spread_available=false` or `odds_source=default`
 * hold placeholder numbers, not a line, and are skipped.
 */
export function parseSportsdataverseBetting(text: string): ParseResult<SportsdataverseLine> {
  const records: SportsdataverseLine[] = [];
  const skipped: Skipped[] = [];
  const rows = parseCsvWithHeader(text, ['game_id', 'season', 'week', 'home_team_spread', 'over_under']);
  for (const row of rows) {
    const gameId = row.get('game_id');
    if (row.get('game_spread_available') !== 'true' || row.get('odds_source') === 'default') {
      skipped.push({ line: row.line, reason: `${gameId}: no line (placeholder values)` });
      continue;
    }
    const season = parseOptionalNumber(row.get('season'));
    const week = parseOptionalNumber(row.get('week'));
    const homeSpread = parseOptionalNumber(row.get('home_team_spread'));
    const total = parseOptionalNumber(row.get('over_under'));
    if (
      typeof season !== 'number' ||
      typeof week !== 'number' ||
      typeof homeSpread !== 'number' ||
      total === undefined
    ) {
      skipped.push({ line: row.line, reason: `${gameId}: season, week, spread or total unreadable` });
      continue;
    }
    records.push({ gameId, season, week, homeSpread, total });
  }
  return { records, skipped };
}
