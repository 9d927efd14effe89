/**
 * What the live fan-out benchmark (live-fanout.ts) says over IPC to its client processes (live-fanout-clients.ts)
 * and its stand-in ESPN (live-fanout-espn.ts), and the two rules they share: how a change is told from its frames,
 * and the clock.
 */

export type ClientCommand =
  | { type: 'open'; url: string; origin: string; cookies: string[]; channels: string[]; batch: number }
  | { type: 'expect'; change: number; games: number }
  | { type: 'status'; change: number }
  | { type: 'close' };

export type ClientReport =
  | { type: 'opened'; ms: number }
  | { type: 'delivered'; change: number; first: number[]; last: number[] }
  | { type: 'status'; change: number; waiting: number; sockets: number }
  | { type: 'failed'; error: string }
  | { type: 'closed' };

export type StandInCommand = { type: 'serve'; version: number; body: string };

export type StandInReport =
  | { type: 'listening'; port: number }
  | { type: 'serving'; version: number; at: number }
  | { type: 'answered'; version: number; at: number };

/** Every game of change k has a home score of 3k: a frame names its change. */
export const homeScoreOf = (change: number) => 3 * change;

/** The change a frame's home score names, or undefined. */
export const changeOfHomeScore = (home: number) => (Number.isInteger(home / 3) ? home / 3 : undefined);

/**
 * `process.hrtime` in milliseconds: the machine's monotonic clock, which every process on it reads alike, so the
 * stand-in ESPN's stamps and the clients' compare.
 */
export const monotonicMs = () => Number(process.hrtime.bigint() / 1000n) / 1000;
