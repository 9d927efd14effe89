import type { SportKey } from '@pass/contracts';

// Apart from replay.ts (grading, schemas): the route table reads the demo's address with these before the screen loads.

/** The sports the replay offers, in the order of the selector. */
export const REPLAY_SPORTS: SportKey[] = ['americanfootball_nfl', 'americanfootball_ncaaf', 'baseball_mlb'];

export const isReplaySport = (value: string | null): value is SportKey =>
  value !== null && (REPLAY_SPORTS as string[]).includes(value);
