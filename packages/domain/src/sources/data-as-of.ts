import type { GameStatus } from './types.js';

/**
 * The data time of an import ("as of"): the moment the data describes the world at. A live API answer is
 * as of its fetch time. A stored file carries no trustworthy date of its own (a file's mtime is when it was
 * copied), so its time is what its content proves: the end of the latest game it has a final result of.
 * A file with no finals proves only that it was written before its first game, so it gets that early time
 * and never beats a file with results (docs/decisions/022).
 */

/** What the data time is read from: a game's time and whether the file holds its result. */
export interface DatedGame {
  /** Kickoff or first pitch in UTC (ISO 8601), when known. */
  kickoff: string | null;
  /** The date the source files the game under (YYYY-MM-DD). */
  date: string;
  status: GameStatus;
}

/** A typical game's length and a little more: a final is known this long after its kickoff. */
export const GAME_LENGTH_HOURS = 4;
/** A game without a result this long before the data time was not played (it would have a result by then). */
export const UNPLAYED_AFTER_HOURS = 24;

const HOUR_MS = 3_600_000;

/** A game's instant for data times: its kickoff, else midday US Eastern of its date. */
export function gameInstant(game: Pick<DatedGame, 'kickoff' | 'date'>): number {
  return game.kickoff !== null ? Date.parse(game.kickoff) : Date.parse(`${game.date}T17:00:00Z`);
}

/**
 * The data time of a file's games: the latest final's kickoff plus a game's length; without finals, the
 * earliest game's time; never later than `now` (a file cannot know the future). A file with no games is as
 * of the epoch: it can change nothing anyway.
 */
export function fileDataAsOf(games: readonly DatedGame[], now: Date): Date {
  let latestFinal = -Infinity;
  let earliest = Infinity;
  for (const game of games) {
    const instant = gameInstant(game);
    if (Number.isNaN(instant)) continue;
    earliest = Math.min(earliest, instant);
    if (game.status === 'final') latestFinal = Math.max(latestFinal, instant + GAME_LENGTH_HOURS * HOUR_MS);
  }
  const proven = latestFinal > -Infinity ? latestFinal : earliest < Infinity ? earliest : 0;
  return new Date(Math.min(proven, now.getTime()));
}

/**
 * The status a source's game is observed with at its data time: a game still `scheduled`, without a result,
 * more than a day before the data time was never played (App State–Liberty, 2024-09-28) and is `cancelled`
 * by that observation. A game after the data time keeps `scheduled`: its result is simply not in the data.
 */
export function observedStatus(
  game: DatedGame & { homeScore: number | null; awayScore: number | null },
  asOf: Date,
): GameStatus {
  if (game.status !== 'scheduled' || game.homeScore !== null || game.awayScore !== null) return game.status;
  return gameInstant(game) < asOf.getTime() - UNPLAYED_AFTER_HOURS * HOUR_MS ? 'cancelled' : 'scheduled';
}
