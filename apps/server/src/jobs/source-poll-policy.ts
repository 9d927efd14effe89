/**
 * How often a live source is polled (docs/decisions/067): a pure function of the clock, the sport's games and
 * the source's last answers, so the calendar is tested without timers or a network.
 *
 * - live: one of the sport's games is being played (kicked off, not final, within the live window): every
 *   `liveEveryMs` of the source (30 s for the scoreboards, 60 s for nflverse's file);
 * - game-day: the sport has a game today or kicking off within the next hours: every 15 minutes;
 * - idle: once a day.
 * A metered source (CFBD, docs/decisions/073-cfbd-live-source.md) sets a floor: it is never polled more often than that, whatever the cadence.
 * A failure backs off: the wait doubles with each failure in a row, from 1 minute up to an hour, and is never
 * shorter than a Retry-After the source asked for.
 */

export type PollCadence = 'live' | 'game-day' | 'idle';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const GAME_DAY_EVERY_MS = 15 * MINUTE_MS;
export const IDLE_EVERY_MS = 24 * HOUR_MS;
/** A game counts as being played from its kickoff until final, for at most this long (a rain delay included). */
export const LIVE_WINDOW_MS = 6 * HOUR_MS;
/** Kickoffs this close count as the sport's game day (the schedule, lines and late changes before kickoff). */
export const GAME_DAY_AHEAD_MS = 12 * HOUR_MS;
const FIRST_BACKOFF_MS = MINUTE_MS;
const LONGEST_BACKOFF_MS = HOUR_MS;

export interface SportGames {
  /** Games kicked off within the live window and not over (scheduled past kickoff, or in progress). */
  playing: number;
  /** The next kickoff still to come, if any. */
  nextKickoff: Date | null;
}

export function cadenceOf(games: SportGames, now: Date): PollCadence {
  if (games.playing > 0) return 'live';
  if (games.nextKickoff && games.nextKickoff.getTime() - now.getTime() <= GAME_DAY_AHEAD_MS) return 'game-day';
  return 'idle';
}

export function cadenceEveryMs(cadence: PollCadence, liveEveryMs: number, floorMs = 0): number {
  const every = cadence === 'live' ? liveEveryMs : cadence === 'game-day' ? GAME_DAY_EVERY_MS : IDLE_EVERY_MS;
  return Math.max(every, floorMs);
}

/**
 * When the source is next due after a poll at `now`: its cadence's wait after a success; after `failures`
 * failures in a row, the back-off (at least the source's Retry-After).
 */
export function nextPollAt(input: {
  now: Date;
  cadence: PollCadence;
  liveEveryMs: number;
  failures: number;
  retryAfterMs?: number | undefined;
  /** The source's floor: the shortest wait after a success. */
  floorMs?: number | undefined;
}): Date {
  const every = cadenceEveryMs(input.cadence, input.liveEveryMs, input.floorMs);
  if (input.failures === 0) return new Date(input.now.getTime() + every);
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** (input.failures - 1), LONGEST_BACKOFF_MS);
  return new Date(input.now.getTime() + Math.max(backoff, input.retryAfterMs ?? 0));
}

/**
 * Whether a source is due: never polled, its time has come, or the calendar has moved it to a faster cadence
 * than the one it was last polled at (a game kicked off while the source was on its daily wait), once the faster
 * cadence's wait (never shorter than the source's floor) has passed since the last fetch.
 */
export function isDue(
  state: { nextPollAt: Date | null; cadence: PollCadence | null; failures: number },
  cadence: PollCadence,
  now: Date,
  lastFetchAt: Date | null,
  liveEveryMs: number,
  floorMs = 0,
): boolean {
  if (!state.nextPollAt || state.nextPollAt <= now) return true;
  if (state.failures > 0 || state.cadence === cadence) return false;
  const every = cadenceEveryMs(cadence, liveEveryMs, floorMs);
  const faster = every < cadenceEveryMs(state.cadence ?? 'idle', liveEveryMs, floorMs);
  return faster && (!lastFetchAt || now.getTime() - lastFetchAt.getTime() >= every);
}
