import {
  BetKind,
  BetMode,
  BetType,
  hasWholeCents,
  isAmericanPrice,
  MAX_TEASER_POINTS,
  parlayLegsProblem,
  Status,
} from '@pass/domain';
import { z } from 'zod';
import { idField, idParam, MAX_ID, SingleLine, Text } from './boundary.js';
import { SportKey } from './sports.js';

/**
 * The ledger: picks, simulated bets and real bets (one table, `user_bets`), their grading, a member's
 * statistics and the teller's paper bankroll. Enumerations are the specification's numbers
 * (packages/domain/src/enums.ts); names are not accepted.
 *
 * Money: a request's `stake` is in dollars with at most two decimals (`110`, `52.5`, `12.34`) and is stored
 * as whole cents; responses carry `stake_cents`, and a bet's `reward` (its profit) is in cents too. A pick's
 * `reward` is in points (±5, ×2 double play, ×3 triple play).
 */

const values = <T extends Record<string, number>>(enumeration: T) => Object.values(enumeration) as T[keyof T][];
const described = (enumeration: Record<string, number>) =>
  Object.entries(enumeration)
    .map(([name, value]) => `${value} (${name})`)
    .join(', ');
const oneOf = <T extends Record<string, number>>(enumeration: T) => {
  const allowed = values(enumeration);
  return z.literal(allowed as [T[keyof T], ...T[keyof T][]], { error: `must be one of ${described(enumeration)}` });
};

export const BetModeField = oneOf(BetMode);
export const BetKindField = oneOf(BetKind);
export const BetTypeField = oneOf(BetType);
export const StatusField = oneOf(Status);

/** The most a stake may be: $1,000,000. */
export const MAX_STAKE_DOLLARS = 1_000_000;

/** Dollars with at most two decimals, above 0: what a member types. */
export const StakeDollars = z
  .number({ error: 'must be an amount in dollars' })
  .positive('must be more than 0')
  .max(MAX_STAKE_DOLLARS, `must be at most ${MAX_STAKE_DOLLARS} dollars`)
  .refine(hasWholeCents, 'must have at most two decimals (cents)');

/** An American price: whole, and not strictly between −100 and +100. */
export const AmericanPrice = z
  .number({ error: 'must be an American price such as -110 or 150' })
  .int('must be a whole American price')
  .refine(isAmericanPrice, 'must not lie strictly between -100 and 100')
  .refine((value) => Math.abs(value) <= 100_000, 'must be at most 100000 either way');

const Line = z
  .number({ error: 'must be a number of points' })
  .refine((value) => Number.isInteger(value * 2), 'must be a whole or half point')
  .refine((value) => Math.abs(value) <= 500, 'must be within 500 points');
const TeamAbbr = SingleLine.trim().min(1, 'is required').max(10, 'must be a team abbreviation');
const Book = SingleLine.trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters');
/** How far a teaser moves the line in the bettor's favour (DEFAULT_TEASER_POINTS, 6, when absent). */
const TeaserPoints = z
  .number({ error: 'must be a number of points' })
  .positive('must be more than 0')
  .max(MAX_TEASER_POINTS, `must be at most ${MAX_TEASER_POINTS}`);

/** Other headers pass through untouched. */
export const IdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'is required: a key of your own for this entry, so a retry never stores it twice' })
    .min(1, 'must be 1 to 100 characters')
    .max(100, 'must be 1 to 100 characters'),
});
export type IdempotencyKeyHeaders = z.infer<typeof IdempotencyKeyHeaders>;

/**
 * A new pick or bet. Picks (modes 1, 2) have no price or stake and may be a double (2) or triple (3) play;
 * bets (modes 3, 4) need a price and a stake. `line` is the spread from `bet_team`'s side (−3.5 favoured),
 * or the total; a moneyline's line is ignored. `bet_team` (one of the event's teams, any case) is required for
 * moneylines and spreads and ignored for totals. `teaser_points` (default 6)
 * only with tease_dog / tease_fav. `is_simulated` defaults to true; a real bet (false) may be recorded after
 * its game started and is then marked `recorded_after_start`. Send an `Idempotency-Key` header (1–100
 * characters): the same key with the same body again returns the entry stored the first time (200) instead of
 * a second one; the same key with a different body is refused (409) and stores nothing.
 */
export const CreateBetBody = z.object({
  event_id: idField('an event id'),
  bet_mode: BetModeField,
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: TeamAbbr.nullish(),
  line: Line.nullish(),
  price: AmericanPrice.nullish(),
  /** Dollars with cents; stored as whole cents. */
  stake: StakeDollars.nullish(),
  book: Book.nullish(),
  is_simulated: z.boolean({ error: 'must be true or false' }).optional(),
  /** Picks only: 1, 2 (double play) or 3 (triple play). */
  multiplier: z.literal([1, 2, 3], { error: 'must be 1, 2 or 3' }).optional(),
  teaser_points: TeaserPoints.nullish(),
});
export type CreateBetBody = z.infer<typeof CreateBetBody>;

/**
 * What may change until kickoff; the rules of a new entry apply to the result. A teaser's points stay unless
 * `teaser_points` is sent; they go when `bet_type` leaves the teaser types.
 */
export const UpdateBetBody = z
  .object({
    bet_type: BetTypeField.optional(),
    bet_team: TeamAbbr.nullish(),
    line: Line.nullish(),
    price: AmericanPrice.nullish(),
    stake: StakeDollars.nullish(),
    book: Book.nullish(),
    teaser_points: TeaserPoints.nullish(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'must change at least one of bet_type, bet_team, line, price, stake, book, teaser_points',
  );
export type UpdateBetBody = z.infer<typeof UpdateBetBody>;

export const BetParams = z.object({
  id: idParam('an entry id'),
});
export type BetParams = z.infer<typeof BetParams>;

/** The most events one list of entries may be filtered by. */
export const MAX_EVENT_IDS = 300;

const Season = z.coerce.number({ error: 'must be a year' }).int('must be a whole year').min(1900).max(2200);

export const ListBetsQuery = z.object({
  sport: SportKey.optional(),
  season: Season.optional(),
  week: z.coerce.number({ error: 'must be a week number' }).int().min(0).max(99).optional(),
  /** Entries on these events only: ids separated by commas (`12,13,14`), at most 300 (a schedule's week). */
  event_ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'must be event ids separated by commas')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= MAX_ID), 'must be event ids separated by commas')
    .refine((ids) => ids.length <= MAX_EVENT_IDS, `must name at most ${MAX_EVENT_IDS} events`)
    .optional(),
  /** The status as shown (an open entry whose game started reads pending). */
  status: z.coerce.number().pipe(StatusField).optional(),
  mode: z.coerce.number().pipe(BetModeField).optional(),
  kind: z.coerce.number().pipe(BetKindField).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListBetsQuery = z.infer<typeof ListBetsQuery>;

/** A stored pick or bet, with its event. */
export const BetEntry = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  sport: SportKey,
  season: z.number().int(),
  week: z.number().int().nullable(),
  yr_week: z.number().int().nullable(),
  event: z.object({
    home_team: z.string(),
    away_team: z.string(),
    kickoff: z.string().nullable(),
    game_date: z.string(),
    status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
    event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  }),
  bet_mode: BetModeField,
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: z.string().nullable(),
  line: z.number().nullable(),
  price: z.number().int().nullable(),
  stake_cents: z.number().int().nullable(),
  book: z.string().nullable(),
  teaser_points: z.number().nullable(),
  multiplier: z.number().int(),
  is_simulated: z.boolean(),
  source: z.enum(['manual', 'teller', 'sync', 'demo']),
  recorded_after_start: z.boolean(),
  /** open 1 until kickoff, pending 3 while the game runs, completed 8 once graded, canceled 6, rejected 5. */
  status: StatusField,
  outcome: z.enum(['win', 'loss', 'push', 'void']).nullable(),
  /** Picks: points; bets: profit in cents. Null until graded. */
  reward: z.number().int().nullable(),
  /** The closing spread from bet_team's side, or the closing total; null for moneylines. */
  closing_line: z.number().nullable(),
  /** The closing price of the side the entry holds. */
  closing_price: z.number().int().nullable(),
  /** Closing line value, positive when the close was beaten: points (spreads, totals), implied probability (moneylines). */
  clv: z.number().nullable(),
  graded_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BetEntry = z.infer<typeof BetEntry>;

export const BetResponse = z.object({ data: BetEntry });
export type BetResponse = z.infer<typeof BetResponse>;

export const BetListResponse = z.object({
  data: z.array(BetEntry),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type BetListResponse = z.infer<typeof BetListResponse>;

// ---------------------------------------------------------------------------------------------------------
// Results (admin) and grading

export const EventResultParams = z.object({
  id: idParam('an event id'),
});
export type EventResultParams = z.infer<typeof EventResultParams>;

const Score = z.number({ error: 'must be a score' }).int('must be a whole score').min(0).max(999);

/** Sets an event's result and grades its entries. A final needs both scores. */
export const EventResultBody = z
  .object({
    status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
    home_score: Score.nullish(),
    away_score: Score.nullish(),
  })
  .superRefine((body, context) => {
    if (body.status !== 'final') return;
    for (const key of ['home_score', 'away_score'] as const) {
      if (body[key] === null || body[key] === undefined) {
        context.addIssue({ code: 'custom', path: [key], message: 'is required for a final' });
      }
    }
  });
export type EventResultBody = z.infer<typeof EventResultBody>;

export const EventResultResponse = z.object({
  data: z.object({
    event_id: z.number().int(),
    status: z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']),
    event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
    /** Entries whose grade, closing line or status changed. */
    graded: z.number().int(),
  }),
});
export type EventResultResponse = z.infer<typeof EventResultResponse>;

// ---------------------------------------------------------------------------------------------------------
// Outcomes and statistics

export const OutcomeParams = z.object({ sport: SportKey });
export type OutcomeParams = z.infer<typeof OutcomeParams>;

/** `season` is required ('Season must be specified for BetStats'); checked by the server for that message. */
export const OutcomeQuery = z.object({
  season: Text.optional(),
  limit: z.coerce.number().int().min(1).max(20_000).default(5000),
  offset: z.coerce.number().int().min(0).default(0),
});
export type OutcomeQuery = z.infer<typeof OutcomeQuery>;

/** The specification's bet outcome. */
export const BetOutcome = z.object({
  event_id: z.number().int(),
  event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  bet_mode: BetModeField,
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: z.string().nullable(),
  /** Points for picks, profit in cents for bets. */
  reward: z.number().int(),
  /** Whether bet_team was the favourite (negative line or price); null for totals. */
  favored: z.boolean().nullable(),
});
export type BetOutcome = z.infer<typeof BetOutcome>;

export const OutcomeResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  data: z.array(BetOutcome),
  total: z.number().int(),
});
export type OutcomeResponse = z.infer<typeof OutcomeResponse>;

export const StatsParams = z.object({ sport: SportKey, season: Text.optional() });
export type StatsParams = z.infer<typeof StatsParams>;

/**
 * Which entries a statistics answer counts: one kind of money (the domain's `moneyKindOf`: real, simulated or the
 * teller's paper), or all of them together.
 */
export const StatsMoney = z.enum(['real', 'simulated', 'teller', 'all'], {
  error: 'must be real, simulated, teller or all',
});
export type StatsMoney = z.infer<typeof StatsMoney>;

/**
 * `rows=summary` (the default) includes the specification's summary rows in `data`; `rows=none` leaves them
 * out for screens that show only the totals (the summary rows are most of the answer's size). `money` chooses
 * the kind of money counted: real money unless asked otherwise.
 */
export const StatsQuery = z.object({
  rows: z.enum(['summary', 'none'], { error: 'must be summary or none' }).default('summary'),
  money: StatsMoney.default('real'),
});
export type StatsQuery = z.infer<typeof StatsQuery>;

/** The specification's stats summary row: reward by team × week × mode × kind × type. */
export const StatsSummaryRow = z.object({
  /** Points for picks, profit in cents for bets (rows never mix the two: mode is part of the key). */
  reward: z.number().int(),
  /** bet_team; null for totals. */
  team: z.string().nullable(),
  /** season × 100 + week, e.g. 202507; null where the sport has no weeks (MLB). */
  yr_week: z.number().int().nullable(),
  bet_mode: BetModeField,
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  /** The week number. */
  nbr: z.number().int().nullable(),
});
export type StatsSummaryRow = z.infer<typeof StatsSummaryRow>;

/**
 * Totals of a group of graded entries. `wins`/`losses`/`pushes`/`voids` count every entry; `picks` and `bets`
 * split them. ROI = profit / staked (voids not staked); units = profit / average stake (so one unit is the
 * member's own average bet); both null without a staked bet.
 */
export const StatsTotals = z.object({
  entries: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  voids: z.number().int(),
  /** W-L-P, e.g. "12-8-1". */
  record: z.string(),
  picks: z.object({ count: z.number().int(), points: z.number().int() }),
  bets: z.object({
    count: z.number().int(),
    staked_cents: z.number().int(),
    profit_cents: z.number().int(),
    roi: z.number().nullable(),
    units: z.number().nullable(),
  }),
});
export type StatsTotals = z.infer<typeof StatsTotals>;

const WinLossPush = z.object({ wins: z.number().int(), losses: z.number().int(), pushes: z.number().int() });

/**
 * A team's totals in the member's entries. Only the member's own entries count, so the answer changes only
 * when they do; the team's record against the market is the almanac's (`/api/almanac/…`).
 */
export const TeamStats = StatsTotals.extend({
  team: z.string(),
  /** The member's spread entries on this team. */
  ats: WinLossPush,
  /** Streak marks (−1, 0, 1) of the team's weekly reward, oldest first, the last 10 (spec section 4). */
  streak: z.object({ picks: z.array(z.number().int()), bets: z.array(z.number().int()) }),
});
export type TeamStats = z.infer<typeof TeamStats>;

export const StatsResponse = z.object({
  sport: SportKey,
  season: z.number().int(),
  /**
   * The kind of money every figure below counts (`money`, real by default), apart from `by_money`: real money
   * is never summed with play money unless `money=all` asks for it.
   */
  money: StatsMoney,
  /** The season's totals of each kind of money, whichever `money` was asked: what a screen shows beside it. */
  by_money: z.object({ real: StatsTotals, simulated: StatsTotals, teller: StatsTotals }),
  /** The specification's summary rows; left out with `rows=none`. */
  data: z.array(StatsSummaryRow).optional(),
  totals: StatsTotals,
  by_team: z.array(TeamStats),
  by_week: z.array(StatsTotals.extend({ yr_week: z.number().int().nullable(), nbr: z.number().int().nullable() })),
  by_mode: z.array(StatsTotals.extend({ bet_mode: BetModeField })),
  by_kind: z.array(StatsTotals.extend({ bet_kind: BetKindField })),
  by_type: z.array(StatsTotals.extend({ bet_type: BetTypeField })),
  by_book: z.array(StatsTotals.extend({ book: z.string().nullable() })),
  /**
   * The member's graded parlays (docs/decisions/035). Each parlay is one bet in `totals`, `by_week` (its first
   * leg's week), `by_mode` (bet_on) and `by_book`; its legs are not bets of their own, and a parlay has no
   * team, kind, type or side, so it is in none of those groupings nor in the summary rows.
   */
  parlays: StatsTotals.optional(),
  /**
   * Backing the favourite or the underdog: `bet_team` was the favourite when its spread was negative, else
   * when its side's price was (the outcome's `favored`). Totals, and entries without a line or price, are in
   * neither.
   */
  by_side: z.array(StatsTotals.extend({ side: z.enum(['favored', 'underdog']) })),
  /** Average closing line value: points for spreads and totals, implied probability for moneylines. */
  clv: z.object({
    spread: z.object({ count: z.number().int(), average: z.number().nullable() }),
    totals: z.object({ count: z.number().int(), average: z.number().nullable() }),
    moneyline: z.object({ count: z.number().int(), average: z.number().nullable() }),
  }),
});
export type StatsResponse = z.infer<typeof StatsResponse>;

// ---------------------------------------------------------------------------------------------------------
// Teller: a paper bankroll of simulated moneyline bets

/** The teller's starting bankroll: $1,000. */
export const TELLER_START_CENTS = 100_000;

/** A simulated moneyline bet on `bet_team` at `price`; `stake` in dollars (see above). Needs an Idempotency-Key. */
export const TellerBetBody = z.object({
  event_id: idField('an event id'),
  bet_team: TeamAbbr,
  price: AmericanPrice,
  stake: StakeDollars,
  book: Book.nullish(),
});
export type TellerBetBody = z.infer<typeof TellerBetBody>;

export const TellerResponse = z.object({
  data: z.object({
    start_cents: z.number().int(),
    /** Start plus the profit of every settled teller bet. */
    balance_cents: z.number().int(),
    /** Stakes of teller bets not graded yet. */
    open_stakes_cents: z.number().int(),
    /** What a new bet may stake: balance − open stakes. */
    available_cents: z.number().int(),
    open: z.array(BetEntry),
    /** The balance after each settled teller bet, oldest first. */
    history: z.array(
      z.object({
        entry_id: z.number().int(),
        event_id: z.number().int(),
        settled_at: z.string(),
        outcome: z.enum(['win', 'loss', 'push', 'void']),
        reward: z.number().int(),
        balance_cents: z.number().int(),
      }),
    ),
  }),
});
export type TellerResponse = z.infer<typeof TellerResponse>;

// ---------------------------------------------------------------------------------------------------------
// Parlays: one ticket of 2 to 10 legs on different games (docs/decisions/035)

/**
 * One leg of a new parlay: a side of one game, with its price; legs may be of different sports and seasons. As a
 * single bet's fields:
 * `bet_team` (one of the game's teams) for moneylines and spreads, `line` for spreads (from bet_team's side)
 * and totals, `bet_type` fitting the kind and, for a spread, the line. Teasers are not parlay legs.
 */
export const ParlayLegBody = z.object({
  event_id: idField('an event id'),
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: TeamAbbr.nullish(),
  line: Line.nullish(),
  price: AmericanPrice,
});
export type ParlayLegBody = z.infer<typeof ParlayLegBody>;

/**
 * A new parlay. `is_simulated` is required: a parlay is stated real or simulated. `ticket_price` is the
 * ticket's own American price; without it the price is the product of the legs' decimal prices. Legs on one
 * game (a same-game parlay, each leg on its own market) need `ticket_price`: the book prices them together. A
 * real parlay may be recorded after its first game started (then `recorded_after_start`, and no closing line
 * value); a simulated one closes at its first kickoff. Send an `Idempotency-Key` header, as for a single entry.
 */
export const CreateParlayBody = z
  .object({
    legs: z.array(ParlayLegBody, { error: 'must be a list of legs' }),
    stake: StakeDollars,
    is_simulated: z.boolean({ error: 'is required: true for a simulated parlay, false for a real one' }),
    ticket_price: AmericanPrice.nullish(),
    book: Book.nullish(),
  })
  .superRefine((body, context) => {
    const problem = parlayLegsProblem(
      body.legs.map((leg) => ({ eventId: leg.event_id, kind: leg.bet_kind })),
      body.ticket_price,
    );
    if (!problem) return;
    const path = 'index' in problem ? ['legs', problem.index, problem.field] : [problem.field];
    context.addIssue({ code: 'custom', path, message: problem.reason });
  });
export type CreateParlayBody = z.infer<typeof CreateParlayBody>;

export const ParlayParams = z.object({
  id: idParam('a parlay id'),
});
export type ParlayParams = z.infer<typeof ParlayParams>;

export const ListParlaysQuery = z.object({
  sport: SportKey.optional(),
  season: Season.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListParlaysQuery = z.infer<typeof ListParlaysQuery>;

const EventStatusField = z.enum(['scheduled', 'in_progress', 'final', 'postponed', 'cancelled']);
const OutcomeField = z.enum(['win', 'loss', 'push', 'void']);

export const ParlayLeg = z.object({
  event_id: z.number().int(),
  event: z.object({
    home_team: z.string(),
    away_team: z.string(),
    kickoff: z.string().nullable(),
    game_date: z.string(),
    status: EventStatusField,
    event_scores: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  }),
  /** The leg's game's sport and season (a parlay's legs may be of several). */
  sport: SportKey,
  season: z.number().int(),
  bet_kind: BetKindField,
  bet_type: BetTypeField,
  bet_team: z.string().nullable(),
  line: z.number().nullable(),
  price: z.number().int(),
  /** Null until the leg's game is decided. */
  outcome: OutcomeField.nullable(),
});
export type ParlayLeg = z.infer<typeof ParlayLeg>;

/** A stored parlay with its legs in ticket order. */
export const ParlayEntry = z.object({
  id: z.number().int(),
  sport: SportKey,
  season: z.number().int(),
  /** The first leg's week (sport and season too are the first leg's: the statistics count the ticket there). */
  week: z.number().int().nullable(),
  is_simulated: z.boolean(),
  stake_cents: z.number().int(),
  /** The ticket's own American price, when given. */
  ticket_price: z.number().int().nullable(),
  /** Two or more legs on one game: priced by the ticket alone. */
  same_game: z.boolean(),
  /** Recorded after its first game had started: left out of closing line value. */
  recorded_after_start: z.boolean(),
  /**
   * The price of the ticket as it stands: the ticket's own; once legs pushed, a boosted or same-game ticket's
   * price divided by theirs, else the product of the legs still in it.
   */
  price: z.number().int().nullable(),
  decimal_price: z.number(),
  /** What the ticket pays back if it wins from here, stake included, in cents. */
  payout_cents: z.number().int(),
  book: z.string().nullable(),
  first_kickoff: z.string(),
  /** open 1 until the first leg's kickoff, pending 3 after, completed 8 once graded, canceled 6. */
  status: StatusField,
  outcome: OutcomeField.nullable(),
  /** Profit in cents (−stake for a loss, 0 for a push); null until graded. */
  reward: z.number().int().nullable(),
  legs: z.array(ParlayLeg),
  graded_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ParlayEntry = z.infer<typeof ParlayEntry>;

export const ParlayResponse = z.object({ data: ParlayEntry });
export type ParlayResponse = z.infer<typeof ParlayResponse>;

export const ParlayListResponse = z.object({
  data: z.array(ParlayEntry),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ParlayListResponse = z.infer<typeof ParlayListResponse>;
