import type { DbExecutor } from '@pass/db';
import { linesOfRecord } from '../sports/sports.service.js';
import * as repository from './closing.repository.js';
import type { LockedAtsGame } from './closing.repository.js';

/**
 * Closing spreads of pool slate games (DESIGN.md section 6, decision record 029). In an `ats` pool each
 * slate game keeps its close: the line of record (`linesOfRecord`, the rule that froze its spread) as it
 * stood when the game locked, from the last quotes fetched by then and never after kickoff. It is written
 * with the lock by the first request that sees it, and worked out again whenever grading reaches the game
 * (a result, a correction, lines imported late), so a game nobody looked at still gets its close and a
 * quote of before the lock that arrived late corrects it. Each pick's CLV is read from it (`poolPickClv`).
 */

/** A locked game as its close is worked out: its teams and the instant it locked. */
type LockedGame = Pick<LockedAtsGame, 'eventId' | 'homeTeam' | 'awayTeam' | 'lockedAt'>;

/**
 * The close of each of these locked games as the quotes stand now: the line of record, home side, as it stood
 * at the game's lock (null without one), by game.
 */
export async function closingSpreadsAtLock<G extends LockedGame>(
  db: DbExecutor,
  games: readonly G[],
): Promise<Map<G, number | null>> {
  const byLock = new Map<number, G[]>();
  for (const game of games) {
    const at = game.lockedAt.getTime();
    // Appended in place: copying the list per game made a Sunday of 20,000 locked slate games quadratic.
    const locked = byLock.get(at);
    if (locked) locked.push(game);
    else byLock.set(at, [game]);
  }
  const closes = new Map<G, number | null>();
  for (const [at, locked] of byLock) {
    const events = [...new Map(locked.map((game) => [game.eventId, game])).values()].map((game) => ({
      id: game.eventId,
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
    }));
    const lines = await linesOfRecord(db, events, new Date(at));
    for (const game of locked) closes.set(game, lines.get(game.eventId)?.homeSpread ?? null);
  }
  return closes;
}

/** The closes of these locked games as the quotes stand now; the games whose stored close differs. */
async function closesOf(db: DbExecutor, games: readonly LockedAtsGame[]) {
  const closes = await closingSpreadsAtLock(db, games);
  const changed: { poolWeekId: number; eventId: number; closingHomeSpread: number | null }[] = [];
  for (const game of games) {
    const close = closes.get(game) ?? null;
    if (close !== game.closingHomeSpread) {
      changed.push({ poolWeekId: game.poolWeekId, eventId: game.eventId, closingHomeSpread: close });
    }
  }
  return changed;
}

/**
 * Records the close of these locked games of an `ats` pool where it is not stored yet or differs, and
 * returns the close of each (by event id).
 */
export async function recordCloses(
  db: DbExecutor,
  games: readonly LockedAtsGame[],
): Promise<Map<number, number | null>> {
  const changed = await closesOf(db, games);
  await repository.recordClosingSpreads(db, changed);
  const closes = new Map(games.map((game) => [game.eventId, game.closingHomeSpread]));
  for (const close of changed) closes.set(close.eventId, close.closingHomeSpread);
  return closes;
}

/**
 * Grading reached these events (ledger `gradeEvents`, after the locks of those under way are kept): every
 * locked slate game of theirs in an `ats` pool gets its close, or has it corrected.
 */
export async function recordClosesOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<void> {
  const games = await repository.lockedAtsGamesOfEvents(db, eventIds);
  if (games.length === 0) return;
  await repository.recordClosingSpreads(db, await closesOf(db, games));
}
