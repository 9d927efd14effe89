import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';
import { easternToUtc } from '../us-eastern-time.js';
import { parseCsvWithHeader } from './csv.js';
import {
  type GameLine,
  negate,
  parseOptionalNumber,
  type ParseResult,
  type Skipped,
  type SourceGame,
} from './types.js';

export const NFLVERSE_GAME_TYPES = ['REG', 'WC', 'DIV', 'CON', 'SB'] as const;
export type NflverseGameType = (typeof NFLVERSE_GAME_TYPES)[number];

/** nflverse's closing line, converted to the sportsbook sign convention, with the prices of each side. */
export interface NflverseLine extends GameLine {
  homeSpreadPrice: number | null;
  awaySpreadPrice: number | null;
  overPrice: number | null;
  underPrice: number | null;
}

export interface NflverseGame extends SourceGame {
  source: 'nflverse';
  gameType: NflverseGameType;
  /** ESPN event id, which joins ESPN scoreboards and CFBD-style ids. */
  espnId: string | null;
  /** Closing line; null when nflverse has none yet (future games). */
  closing: NflverseLine | null;
}

const REQUIRED = [
  'game_id',
  'season',
  'game_type',
  'week',
  'gameday',
  'gametime',
  'away_team',
  'away_score',
  'home_team',
  'home_score',
  'location',
  'spread_line',
  'total_line',
  'away_moneyline',
  'home_moneyline',
];

/**
 * nflverse `games.csv` (schedules, scores and closing lines since 1999; the pandas export of the same table
 * parses too). nflverse's `spread_line` is positive when the HOME team is favoured, the opposite of every
 * sportsbook, so the home spread here is `-spread_line`. Kickoff times are US Eastern wall-clock times.
 */
export function parseNflverseGames(text: string, options: { registry?: TeamRegistry } = {}): ParseResult<NflverseGame> {
  const registry = options.registry ?? teamRegistry;
  const records: NflverseGame[] = [];
  const skipped: Skipped[] = [];

  for (const row of parseCsvWithHeader(text, REQUIRED)) {
    const skip = (reason: string) => skipped.push({ line: row.line, reason: `${row.get('game_id')}: ${reason}` });
    const gameType = row.get('game_type') as NflverseGameType;
    if (!NFLVERSE_GAME_TYPES.includes(gameType)) {
      skip(`unknown game_type "${row.get('game_type')}"`);
      continue;
    }
    const season = parseOptionalNumber(row.get('season'));
    const week = parseOptionalNumber(row.get('week'));
    if (typeof season !== 'number' || typeof week !== 'number') {
      skip('season or week missing');
      continue;
    }
    const gameday = row.get('gameday');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(gameday)) {
      skip(`bad gameday "${gameday}"`);
      continue;
    }
    // nflverse writes times as HH:MM; 1999 games and far-future ones have none.
    const gametime = row.get('gametime');
    const kickoff = gametime === '' ? null : easternToUtc(gameday, gametime);
    if (kickoff === undefined) {
      skip(`bad gametime "${gametime}"`);
      continue;
    }
    const home = registry.resolve('americanfootball_nfl', row.get('home_team'), 'nflverse');
    const away = registry.resolve('americanfootball_nfl', row.get('away_team'), 'nflverse');
    if (!home || !away) {
      skip(`unknown team "${home ? row.get('away_team') : row.get('home_team')}"`);
      continue;
    }
    const numbers = {
      homeScore: parseOptionalNumber(row.get('home_score')),
      awayScore: parseOptionalNumber(row.get('away_score')),
      spreadLine: parseOptionalNumber(row.get('spread_line')),
      total: parseOptionalNumber(row.get('total_line')),
      homeMoneyline: parseOptionalNumber(row.get('home_moneyline')),
      awayMoneyline: parseOptionalNumber(row.get('away_moneyline')),
      homeSpreadPrice: parseOptionalNumber(row.get('home_spread_odds')),
      awaySpreadPrice: parseOptionalNumber(row.get('away_spread_odds')),
      overPrice: parseOptionalNumber(row.get('over_odds')),
      underPrice: parseOptionalNumber(row.get('under_odds')),
    };
    const malformed = Object.entries(numbers).find(([, value]) => value === undefined);
    if (malformed) {
      skip(`${malformed[0]} is not a number`);
      continue;
    }
    const n = numbers as { [K in keyof typeof numbers]: number | null };
    const played = n.homeScore !== null && n.awayScore !== null;
    const line: NflverseLine = {
      homeSpread: n.spreadLine === null ? null : negate(n.spreadLine),
      total: n.total,
      homeMoneyline: n.homeMoneyline,
      awayMoneyline: n.awayMoneyline,
      homeSpreadPrice: n.homeSpreadPrice,
      awaySpreadPrice: n.awaySpreadPrice,
      overPrice: n.overPrice,
      underPrice: n.underPrice,
    };
    records.push({
      source: 'nflverse',
      sourceId: row.get('game_id'),
      sport: 'americanfootball_nfl',
      // nflverse's season column already files January/February playoff games under the season before.
      season,
      week,
      seasonType: gameType === 'REG' ? 'regular' : 'postseason',
      gameType,
      kickoff: kickoff?.toISOString() ?? null,
      date: gameday,
      home: home.abbr,
      away: away.abbr,
      homeScore: played ? n.homeScore : null,
      awayScore: played ? n.awayScore : null,
      neutralSite: row.get('location') === 'Neutral',
      status: played ? 'final' : 'scheduled',
      espnId: row.get('espn').replace(/\.0$/, '') || null,
      closing: Object.values(line).every((value) => value === null) ? null : line,
    });
  }
  return { records, skipped };
}
