import type { Sport } from '../enums.js';

/** A row or object a parser could not turn into a record, and why. `line` for text formats, `id` for JSON. */
export type Skipped = { line: number; reason: string } | { id: string; reason: string };

/** What every source parser returns: the records it understood and an account of the rest. */
export interface ParseResult<T> {
  records: T[];
  skipped: Skipped[];
}

/** Event statuses of DESIGN.md section 5. */
export const GAME_STATUSES = ['scheduled', 'in_progress', 'final', 'postponed', 'cancelled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export type GameSource = 'nflverse' | 'cfbd' | 'sportsdataverse' | 'statsapi' | 'retrosheet' | 'espn';

/**
 * A game under way as a live source shows it (docs/decisions/066): shown on every open screen, never graded
 * (only a final is). It travels with the result it was seen with.
 */
export interface LiveState {
  /** The quarter or inning (overtime continues the count); null where the source gives none. */
  period: number | null;
  /** The football clock as the source prints it ("4:12"); null in baseball and at breaks. */
  clock: string | null;
  /** The source's line for people: "3rd Quarter 4:12", "Bottom 9th", "Halftime", "Rain Delay". */
  detail: string;
}

/** Whether two live states show the same thing (null and absent alike). */
export function sameLiveState(a: LiveState | null | undefined, b: LiveState | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.period === b.period && a.clock === b.clock && a.detail === b.detail;
}

/**
 * A game as a source describes it, with teams already resolved to registry abbreviations. Keyed by the
 * source's own id (`sourceId`) so a re-import updates in place.
 */
export interface SourceGame {
  source: GameSource;
  sourceId: string;
  sport: Sport;
  /** The season it belongs to: January/February football games count for the season before. */
  season: number;
  week: number | null;
  seasonType: 'regular' | 'postseason';
  /** Kickoff / first pitch in UTC (ISO 8601), or null when the source gives only a date. */
  kickoff: string | null;
  /**
   * The calendar date the source files the game under (YYYY-MM-DD): the US Eastern schedule date for
   * nflverse, the local date for Retrosheet, the UTC date for the Stats API export (see its README).
   */
  date: string;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
  /** Played at neither team's stadium; `home` is then the designated home team. */
  neutralSite: boolean;
  status: GameStatus;
  /** A game under way: its period, clock and the source's line; absent from sources that tell only finals. */
  live?: LiveState | null;
}

/** A closing or pre-game line, home-team view, sportsbook sign convention: −3 means home favoured by 3. */
export interface GameLine {
  homeSpread: number | null;
  total: number | null;
  homeMoneyline: number | null;
  awayMoneyline: number | null;
}

/** An integer, or null for an empty cell; undefined when the cell holds something that is not a number. */
export function parseOptionalNumber(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'NA') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

/** Negation without producing −0, which would print and compare oddly. */
export function negate(value: number): number {
  return value === 0 ? 0 : -value;
}
