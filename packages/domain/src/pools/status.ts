import { Status, type StatusValue } from '../enums.js';
import { slateGameState } from './grading.js';
import { isLocked } from './picks.js';
import { instantMs, type SlateGame, type WeekWindow } from './types.js';

/**
 * The specification's statuses for pools and pool picks (DESIGN.md section 6, "Status transitions").
 */

/**
 * A pool is `open` while guests may join, `confirmed` once its first pool week has started (the first slate
 * game has locked), `closed` when the Lifeguard ends it, `completed` after its last week is graded.
 */
export function poolStatus(input: {
  /** When the Lifeguard ended the pool, if they did. */
  endedAt: string | null;
  /** The first kickoff of the pool's first week (its slate), once known. */
  firstKickoff: string | null;
  /** Every slate game of the pool's last week is decided. */
  lastWeekComplete: boolean;
  now: Date;
}): StatusValue {
  if (input.endedAt !== null && instantMs(input.endedAt) <= input.now.getTime()) return Status.closed;
  if (input.lastWeekComplete) return Status.completed;
  if (input.firstKickoff !== null && input.now.getTime() >= instantMs(input.firstKickoff)) return Status.confirmed;
  return Status.open;
}

/** A pool pick is `open` until its game starts, `pending` while it runs, `completed` once graded (or void). */
export function poolPickStatus(game: SlateGame, window: WeekWindow, now: Date): StatusValue {
  if (slateGameState(game, window, now) !== 'pending') return Status.completed;
  return isLocked(game, now) ? Status.pending : Status.open;
}
