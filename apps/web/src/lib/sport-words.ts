import type { SportKey } from '@pass/contracts';

/**
 * Each sport's own words, so a screen never says "points" or "spread" of a baseball game. Shared (not in the
 * sports feature) because the ledger's screens name a bet's market in them too.
 */
export interface SportWords {
  /** What the score counts: "points" or "runs". */
  score: 'points' | 'runs';
  /** The point-spread market's name: "Spread" in football, "Run line" in baseball. */
  spread: 'Spread' | 'Run line';
  /** A record against that line, in short: "ATS" (against the spread) or "RL" (on the run line). */
  spreadRecord: 'ATS' | 'RL';
  /** The top grouping of teams: "Conference" (NFL's AFC/NFC, college conferences) or "League" (AL/NL). */
  league: 'Conference' | 'League';
  /** Whether a game can end tied: NFL yes (rarely), college and MLB never. */
  ties: boolean;
  /** A string of like results: a "run" in football; in baseball a run is scored, so a "streak". */
  streak: 'run' | 'streak';
  /** How a game's place in the season is told: by its week in football, by its date in baseball. */
  period: 'Week' | 'Dates';
}

const FOOTBALL: SportWords = {
  score: 'points',
  spread: 'Spread',
  spreadRecord: 'ATS',
  league: 'Conference',
  ties: true,
  streak: 'run',
  period: 'Week',
};

export const SPORT_VOCABULARY: Record<SportKey, SportWords> = {
  americanfootball_nfl: FOOTBALL,
  americanfootball_ncaaf: { ...FOOTBALL, ties: false },
  baseball_mlb: {
    score: 'runs',
    spread: 'Run line',
    spreadRecord: 'RL',
    league: 'League',
    ties: false,
    streak: 'streak',
    period: 'Dates',
  },
};

/** A sport's words; football's for a sport the app does not know (an older entry's key). */
export function sportWords(sport: string): SportWords {
  return SPORT_VOCABULARY[sport as SportKey] ?? FOOTBALL;
}

/** "PF"/"PA" or "RF"/"RA": the score for and against, in a column's few letters. */
export function scoreForAgainst(words: SportWords): { for: string; against: string } {
  return words.score === 'runs' ? { for: 'RF', against: 'RA' } : { for: 'PF', against: 'PA' };
}

/** "Against the spread" or "On the run line": a record against the handicap line, in words. */
export function spreadRecordText(words: SportWords): string {
  return words.spread === 'Run line' ? 'On the run line' : 'Against the spread';
}

/** A market's name in the sport's words: Moneyline, Spread or Run line, Total. */
export function marketName(sport: string, market: 'h2h' | 'spreads' | 'totals'): string {
  if (market === 'spreads') return sportWords(sport).spread;
  return market === 'h2h' ? 'Moneyline' : 'Total';
}

/** The handicap record as an adjective: "against-the-spread" records, "run line" records. */
export function spreadRecordAdjective(words: SportWords): string {
  return words.spread === 'Run line' ? 'run line' : 'against-the-spread';
}
