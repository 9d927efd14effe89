import { z } from 'zod';
import { Text } from './boundary.js';
import { BetKindField, BetModeField, BetTypeField, StatsResponse, StatsTotals, StatusField } from './ledger.js';
import { SeasonWeek, SportKey } from './sports.js';

/**
 * The demo: a past season replayed with a fixed strategy, so a visitor sees picks and bets graded week by
 * week without signing up. Entries are graded and summed exactly as a member's are (the same grading,
 * closing-line rule and totals as `/api/user/stats`); nothing is stored.
 *
 * `sport` and `season` are plain text here and checked by the server, so that an unknown sport or a bad
 * season gets the specification's sport-store message ('Illegal Argument for SportStore') naming the field.
 */
export const DemoReplayParams = z.object({ sport: Text });
export type DemoReplayParams = z.infer<typeof DemoReplayParams>;

/** `season`: a year of 2022 or later; without it, the most recent completed season, real data before demo. */
export const DemoReplayQuery = z.object({ season: Text.optional() });
export type DemoReplayQuery = z.infer<typeof DemoReplayQuery>;

/** The strategy the replay follows, in words the screens show as they are. */
export const ReplayStrategy = z.object({
  key: z.literal('home-underdogs'),
  name: z.string(),
  summary: z.string(),
  rules: z.array(z.string()),
  picks_per_week: z.number().int(),
  bet_stake_cents: z.number().int(),
});
export type ReplayStrategy = z.infer<typeof ReplayStrategy>;

/** The lines the strategy saw for a game (one book's, before kickoff); spreads from each team's side. */
export const ReplayLines = z.object({
  book: z.string().nullable(),
  home_spread: z.number().nullable(),
  home_spread_price: z.number().int().nullable(),
  away_spread: z.number().nullable(),
  away_spread_price: z.number().int().nullable(),
  home_price: z.number().int().nullable(),
  away_price: z.number().int().nullable(),
  total: z.number().nullable(),
  over_price: z.number().int().nullable(),
  under_price: z.number().int().nullable(),
});
export type ReplayLines = z.infer<typeof ReplayLines>;

export const ReplayGame = z.object({
  event_id: z.number().int(),
  kickoff: z.string().nullable(),
  game_date: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  neutral_site: z.boolean(),
  status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
  event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  lines: ReplayLines,
});
export type ReplayGame = z.infer<typeof ReplayGame>;

/** A pick or simulated bet of the replay, graded as a member's entry would be. */
export const ReplayEntry = z.object({
  event_id: z.number().int(),
  bet_mode: BetModeField,
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: z.string().nullable(),
  /** The spread from bet_team's side; null for moneylines. */
  line: z.number().nullable(),
  /** Bets only: the American price taken. */
  price: z.number().int().nullable(),
  stake_cents: z.number().int().nullable(),
  /** open 1 before kickoff, pending 3 while the game runs, completed 8 once graded. */
  status: StatusField,
  outcome: z.enum(['win', 'loss', 'push', 'void']).nullable(),
  /** Picks: points; bets: profit in cents. Null until graded. */
  reward: z.number().int().nullable(),
  closing_line: z.number().nullable(),
  closing_price: z.number().int().nullable(),
  clv: z.number().nullable(),
});
export type ReplayEntry = z.infer<typeof ReplayEntry>;

/** Average closing line value, as in a member's stats. */
export const ReplayClv = StatsResponse.shape.clv;
export type ReplayClv = z.infer<typeof ReplayClv>;

export const ReplayWeek = SeasonWeek.omit({ games: true }).extend({
  /** season × 100 + week, e.g. 202407. */
  yr_week: z.number().int(),
  /** The games picked this week, with the lines the strategy saw. */
  games: z.array(ReplayGame),
  entries: z.array(ReplayEntry),
  /** This week's graded entries. */
  totals: StatsTotals,
  /** The season so far, this week included. */
  running: StatsTotals,
  running_clv: ReplayClv,
});
export type ReplayWeek = z.infer<typeof ReplayWeek>;

/** A season the replay can show: one with final games. */
export const ReplaySeason = z.object({
  season: z.number().int(),
  /** Generated demo data, not a real season. */
  is_demo: z.boolean(),
  /** Every game is decided. */
  complete: z.boolean(),
  finals: z.number().int(),
});
export type ReplaySeason = z.infer<typeof ReplaySeason>;

/** The replay; with no final games in the database, `season` is null and every list is empty. */
export const DemoReplayResponse = z.object({
  sport: SportKey,
  season: z.number().int().nullable(),
  is_demo: z.boolean(),
  complete: z.boolean(),
  seasons: z.array(ReplaySeason),
  strategy: ReplayStrategy,
  weeks: z.array(ReplayWeek),
  totals: StatsTotals,
  clv: ReplayClv,
  by_kind: z.array(StatsTotals.extend({ bet_kind: BetKindField })),
  by_team: z.array(StatsTotals.extend({ team: z.string() })),
});
export type DemoReplayResponse = z.infer<typeof DemoReplayResponse>;
