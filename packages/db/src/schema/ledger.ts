import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { events } from './sports.js';

/**
 * The ledger: picks, simulated bets and real bets in one table. Each entry keeps the line and price it was
 * taken at, so grading and closing line value never depend on later quotes. Enumerations are stored with
 * the specification's numeric values (packages/domain/src/enums.ts).
 */
export const userBets = pgTable(
  'user_bets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    // Copied from the event so statistics read one table.
    sport: text('sport').notNull(),
    season: integer('season').notNull(),
    week: integer('week'),
    betMode: smallint('bet_mode').notNull(),
    betKind: smallint('bet_kind').notNull(),
    betType: smallint('bet_type').notNull(),
    /** The team picked (moneyline, spread); null for totals. */
    betTeam: text('bet_team'),
    /** The spread from the picked team's side, or the total. */
    line: real('line'),
    /** American odds; null for picks. */
    price: integer('price'),
    stakeCents: integer('stake_cents'),
    book: text('book'),
    teaserPoints: real('teaser_points'),
    /** 1, or 2 and 3 for double and triple plays. */
    multiplier: smallint('multiplier').notNull().default(1),
    isSimulated: boolean('is_simulated').notNull(),
    source: text('source', { enum: ['manual', 'teller', 'sync', 'demo'] }).notNull(),
    /** A real bet recorded after its game started (allowed for real bets only, and marked). */
    recordedAfterStart: boolean('recorded_after_start').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * SHA-256 of the normalised request that stored the entry: the same Idempotency-Key with another body is
     * refused (409). Null for entries stored before it was kept.
     */
    requestHash: text('request_hash'),
    status: smallint('status').notNull(),
    outcome: text('outcome', { enum: ['win', 'loss', 'push', 'void'] }),
    /** Points for picks, profit in cents for bets; null until graded. */
    reward: integer('reward'),
    closingLine: real('closing_line'),
    closingPrice: integer('closing_price'),
    /** Points for spreads and totals, implied probability for moneylines; positive means the close was beaten. */
    clv: real('clv'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_bets_idempotency_key').on(table.userId, table.idempotencyKey),
    index('user_bets_user_sport_season_idx').on(table.userId, table.sport, table.season),
    index('user_bets_event_idx').on(table.eventId),
    index('user_bets_open_idx')
      .on(table.eventId)
      .where(sql`${table.gradedAt} is null and ${table.deletedAt} is null`),
  ],
);

/**
 * Each member's ledger version: raised in the same transaction as every change to the member's entries
 * (a new entry, an edit, a cancel, a grade), so a cached statistics answer is current exactly when it was
 * built at the version the database holds now, whichever server instance built it. No row reads as 0.
 */
export const ledgerVersions = pgTable('ledger_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Parlays (docs/decisions/035, 082-parlay-slip): one ticket of 2 to 10 legs, a single entry of the
 * member's ledger with one stake and one result. Kept apart from user_bets, whose rows are each on one game:
 * a parlay's legs are in parlay_legs. The first leg's kickoff closes it to changes; it is graded when a leg
 * loses or its last leg ends.
 */
export const parlays = pgTable(
  'parlays',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The sport, season and week of its first leg by kickoff (legs may be of other sports and seasons): the
    // statistics count the ticket there, once.
    sport: text('sport').notNull(),
    season: integer('season').notNull(),
    week: integer('week'),
    isSimulated: boolean('is_simulated').notNull(),
    stakeCents: integer('stake_cents').notNull(),
    /** The ticket's own American price, when the member gave one; else the legs' product is the price. */
    ticketPrice: integer('ticket_price'),
    book: text('book'),
    /** The earliest kickoff of its legs: the parlay is open until then. */
    firstKickoffAt: timestamp('first_kickoff_at', { withTimezone: true }).notNull(),
    /** Recorded after its first leg's game had started: shown as such, and left out of closing line value. */
    recordedAfterStart: boolean('recorded_after_start').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    outcome: text('outcome', { enum: ['win', 'loss', 'push', 'void'] }),
    /** Profit in cents; null until graded. */
    reward: integer('reward'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('parlays_idempotency_key').on(table.userId, table.idempotencyKey),
    index('parlays_user_sport_season_idx').on(table.userId, table.sport, table.season),
  ],
);

/** A parlay's legs: each a side of one game at the line and price it was taken at, graded like a single bet. */
export const parlayLegs = pgTable(
  'parlay_legs',
  {
    id: serial('id').primaryKey(),
    parlayId: integer('parlay_id')
      .notNull()
      .references(() => parlays.id, { onDelete: 'cascade' }),
    /** The leg's place on the ticket, from 0. */
    position: smallint('position').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    betKind: smallint('bet_kind').notNull(),
    betType: smallint('bet_type').notNull(),
    betTeam: text('bet_team'),
    line: real('line'),
    /** American odds of the leg. */
    price: integer('price').notNull(),
    outcome: text('outcome', { enum: ['win', 'loss', 'push', 'void'] }),
  },
  (table) => [
    uniqueIndex('parlay_legs_parlay_position').on(table.parlayId, table.position),
    // A same-game parlay has several legs on one game, each on its own market.
    uniqueIndex('parlay_legs_parlay_event_kind').on(table.parlayId, table.eventId, table.betKind),
    index('parlay_legs_event_idx').on(table.eventId),
  ],
);
