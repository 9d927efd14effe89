/**
 * What the live benchmarks (live-fanout.ts, live-standings.ts) say over IPC to their client processes
 * (live-fanout-clients.ts) and their stand-in ESPN (live-fanout-espn.ts), and the two rules they share: how a
 * change is told from its frames, and the clock.
 */

/**
 * The pool standings screen behind a socket (live-standings.ts): its pool, and the event ids of the pool's slate
 * of the week being played, whose frames it works the standings if the games ended now out again from.
 */
export interface ViewerSpec {
  poolId: number;
  games: number[];
}

/** One `live-standings` read of a viewer, on the monotonic clock: sent, answered (or given up), and how it ended. */
export interface Ask {
  sent: number;
  ended: number;
  /** The HTTP status; 0 for a network error; -1 when a newer ask replaced it before its answer (abandoned). */
  status: number;
  /** A network error's code (e.g. ECONNRESET, ETIMEDOUT). */
  error?: string;
}

export type ClientCommand =
  | {
      type: 'open';
      url: string;
      origin: string;
      cookies: string[];
      channels: string[];
      batch: number;
      /** With viewers (one per cookie, in order): the app's HTTP origin they ask, e.g. http://127.0.0.1:1234. */
      viewers?: { httpUrl: string; specs: ViewerSpec[] };
    }
  | { type: 'expect'; change: number; games: number }
  | { type: 'status'; change: number }
  /** Every viewer asks once (and again if it fails), as its screen opens, `batch` at a time; answered with `asked`. */
  | { type: 'ask-all'; batch: number }
  /** Every viewer asks once more, `batch` at a time, and compares the answer with the last it had; `verified`. */
  | { type: 'verify'; batch: number }
  /** Every ask made since the last `collect`; answered with `asks`. */
  | { type: 'collect' }
  | { type: 'close' };

export type ClientReport =
  | { type: 'opened'; ms: number }
  | { type: 'delivered'; change: number; first: number[]; last: number[] }
  /**
   * Each viewer's first answer to an ask sent once its socket had the change's games of its whole slate; `failed`:
   * the viewers whose ask for it failed, retries and all.
   */
  | { type: 'refreshed'; change: number; at: number[]; failed: number }
  | { type: 'status'; change: number; waiting: number; sockets: number; unrefreshed: number }
  /** The answer times of the screens' first asks, those that failed after retries, and the status of each retried. */
  | { type: 'asked'; ms: number[]; failed: number; retried: number[] }
  | { type: 'verified'; viewers: number; differing: number; failed: number }
  | { type: 'asks'; asks: Ask[] }
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
