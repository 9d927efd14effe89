import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
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
 * Pool Party (DESIGN.md section 6; decision records 026 and 027). The tables keep what members and the
 * Lifeguard decided and what must never move afterwards (a slate game's lock, its frozen spread, a sheet's
 * submission time, a member's joining time). Standings, survivors and results are derived from these and the
 * events' results by the pure rules in packages/domain/src/pools; the one thing kept of them is each week's
 * totals (`pool_week_totals`), worked out by those rules and worked out again when what they depend on moves.
 */

/** A pool and its settings (the domain's PoolSettings, one column each). */
export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    lifeguardId: integer('lifeguard_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    iconColor: text('icon_color').notNull(),
    iconBackground: text('icon_background').notNull(),
    sport: text('sport').notNull(),
    season: integer('season').notNull(),
    startWeek: integer('start_week').notNull(),
    gamesPerWeek: smallint('games_per_week').notNull(),
    winBasis: text('win_basis', { enum: ['ats', 'straight'] }).notNull(),
    doublePlay: boolean('double_play').notNull(),
    triplePlay: boolean('triple_play').notNull(),
    lastManStanding: boolean('last_man_standing').notNull(),
    /** Confidence points: picks ranked 1..N each week, a win scoring its rank (migration 0027). */
    confidence: boolean('confidence').notNull().default(false),
    /** Last Man Standing strikes (0–3) before the one that puts a survivor out (migration 0028). */
    survivorStrikes: smallint('survivor_strikes').notNull().default(0),
    /** The last week a member who went out may buy back in Last Man Standing; null: no buy-back. */
    survivorBuyBackWeek: integer('survivor_buy_back_week'),
    /** How many of each member's worst complete weeks leave their season total, 0–3 (migration 0029). */
    dropWorstWeeks: smallint('drop_worst_weeks').notNull().default(0),
    /** The side given on a game left unpicked at its lock: none, the favourite or the home team (migration 0029). */
    defaultPicks: text('default_picks', { enum: ['none', 'favourites', 'home'] })
      .notNull()
      .default('none'),
    /**
     * The stored part of the specification's pool status: open (1) until the Lifeguard ends it, then closed
     * (4). Confirmed (2) and completed (8) follow from the slate's locks and results and are derived on read.
     */
    status: smallint('status').notNull().default(1),
    /**
     * Raised in the same transaction as every change a pool's standings depend on (a pick, a slate, a member
     * joining or leaving, a result of one of its slate games): a cached standings answer is current exactly
     * when it was built at the version the database holds now.
     */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * Set while the admin has suspended the pool (decision 049): it is read-only for everyone (no picks,
     * invitations, chat posts or settings) and shows a banner. Cleared when the admin lifts it.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The admin's reason, shown in the pool's banner. */
    suspendedReason: text('suspended_reason'),
  },
  (table) => [
    index('pools_lifeguard_active_idx')
      .on(table.lifeguardId)
      .where(sql`${table.endedAt} is null`),
  ],
);

/** A pool's members: its Lifeguard and guests. A member who left or was removed keeps the row (their picks). */
export const poolMembers = pgTable(
  'pool_members',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['lifeguard', 'guest'] }).notNull(),
    /** Games that locked before it are not counted for the member (decision 026). */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pool_members_pool_user').on(table.poolId, table.userId),
    index('pool_members_user_idx').on(table.userId),
  ],
);

/**
 * An invitation: to an email address (mailed with its link) or a shareable link (no address). Only the
 * token's SHA-256 is stored; the token itself is in the link alone.
 */
export const poolInvitations = pgTable(
  'pool_invitations',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased; null for a shareable link. */
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** An emailed invitation is used once; a shareable link is never used up (it closes with joining). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pool_invitations_token').on(table.tokenHash),
    index('pool_invitations_pool_idx').on(table.poolId),
    // The per-address limit counts a Lifeguard's invitations to an address across all of their pools.
    index('pool_invitations_inviter_email_idx').on(table.inviterId, table.email),
  ],
);

/** A pool week once its slate is fixed (published by the Lifeguard or filled automatically). */
export const poolWeeks = pgTable(
  'pool_weeks',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    /** The sport week (sports calendar, decision 024). */
    week: integer('week').notNull(),
    slateSource: text('slate_source', { enum: ['lifeguard', 'auto'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Raised in the same transaction as every change the week's totals depend on (a result or a kickoff of one
     * of its games, a sheet, its slate, the pool's members or settings): its stored totals are current while
     * they were worked out at this version and `totalsUntil` has not come (decision 059).
     */
    inputsVersion: integer('inputs_version').notNull().default(0),
    /** The inputs version the stored totals were worked out at; null until they first are. */
    totalsVersion: integer('totals_version'),
    /**
     * The stretch of time the stored totals hold for: from the server clock's instant they were worked out at
     * (a clock set back finds them not yet current) until time alone changes them (a lock, the window's end;
     * null: never).
     */
    totalsFrom: timestamp('totals_from', { withTimezone: true }),
    totalsUntil: timestamp('totals_until', { withTimezone: true }),
    /** Whether a slate game was decided when the totals were worked out (the domain's WeekTotals.started). */
    totalsStarted: boolean('totals_started').notNull().default(false),
    /** Whether every slate game was decided when the totals were worked out (the domain's WeekTotals.complete). */
    totalsComplete: boolean('totals_complete').notNull().default(false),
  },
  (table) => [uniqueIndex('pool_weeks_pool_week').on(table.poolId, table.week)],
);

/** Each member's totals of a pool week (the domain's MemberWeekTotals): standings add up these rows. */
export const poolWeekTotals = pgTable(
  'pool_week_totals',
  {
    poolWeekId: integer('pool_week_id')
      .notNull()
      .references(() => poolWeeks.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => poolMembers.id, { onDelete: 'cascade' }),
    points: doublePrecision('points').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    pushes: integer('pushes').notNull(),
    tiebreakerError: integer('tiebreaker_error'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    clvSum: doublePrecision('clv_sum').notNull(),
    clvCount: integer('clv_count').notNull(),
    lmsTeam: text('lms_team'),
    lmsOutcome: text('lms_outcome', { enum: ['advanced', 'carried', 'eliminated', 'no_pick', 'pending'] }).notNull(),
    /** Eliminated by a push (MemberWeekTotals.lmsPushed). */
    lmsPushed: boolean('lms_pushed').notNull().default(false),
    /** The week may be one of the member's dropped weeks (MemberWeekTotals.droppable; migration 0029). */
    droppable: boolean('droppable').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.poolWeekId, table.memberId] })],
);

/** The games of a week's slate, each with the spread frozen at publish and its lock once reached. */
export const poolSlateGames = pgTable(
  'pool_slate_games',
  {
    poolWeekId: integer('pool_week_id')
      .notNull()
      .references(() => poolWeeks.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    /** The line of record at publish, home side (−3: home favoured by 3); null in `straight` pools. */
    frozenHomeSpread: real('frozen_home_spread'),
    /**
     * Where the frozen spread came from, as the slate shows it ("median of 6 books", "nflverse's line"); null in
     * `straight` pools and for slates published before it was kept.
     */
    frozenLineSource: text('frozen_line_source'),
    /** Set once the game locks, so a later kickoff (a game moved) never reopens its picks. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * The closing spread, home side: the line of record as it stood at the lock (decision 029); `ats` pools
     * only, null until the game has locked. Each pick's closing line value is its frozen spread against it.
     */
    closingHomeSpread: real('closing_home_spread'),
    /**
     * A game of the week off the slate, kept for Last Man Standing only (every team playing that week may be a
     * survivor's pick): frozen, locked and closed like a slate game so its result regrades the week through the
     * same event lookup, but never picked, scored or shown as the slate; every reader of the slate leaves it out.
     */
    survivorOnly: boolean('survivor_only').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.poolWeekId, table.eventId] }),
    // A result of an event finds the pools whose standings it changes.
    index('pool_slate_games_event_idx').on(table.eventId),
  ],
);

/** A member's sheet for a week: Last Man Standing, tiebreaker and the submission time that breaks ties. */
export const poolSheets = pgTable(
  'pool_sheets',
  {
    id: serial('id').primaryKey(),
    poolWeekId: integer('pool_week_id')
      .notNull()
      .references(() => poolWeeks.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => poolMembers.id, { onDelete: 'cascade' }),
    lmsTeam: text('lms_team'),
    tiebreaker: integer('tiebreaker'),
    /** The member's own last submission; a Lifeguard's edit does not move it. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pool_sheets_week_member').on(table.poolWeekId, table.memberId)],
);

/** A member's side in one slate game, with its double or triple play. */
export const poolPicks = pgTable(
  'pool_picks',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => poolSheets.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    team: text('team').notNull(),
    play: text('play', { enum: ['double', 'triple'] }),
    /** In a confidence pool, the pick's rank for the week (1..N, each once per sheet); null elsewhere. */
    confidence: smallint('confidence'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pool_picks_sheet_event').on(table.sheetId, table.eventId),
    index('pool_picks_event_idx').on(table.eventId),
  ],
);

/**
 * The Idempotency-Key of each submitted week of picks (decision 009): a retry with the same key and body
 * returns the stored sheet, the same key with another body is refused, and nothing is stored twice.
 */
export const poolSubmissions = pgTable(
  'pool_submissions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => poolMembers.id, { onDelete: 'cascade' }),
    poolWeekId: integer('pool_week_id')
      .notNull()
      .references(() => poolWeeks.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pool_submissions_key').on(table.memberId, table.idempotencyKey)],
);

/** What the Lifeguard changed on a member's sheet, shown to the pool. */
export const poolEdits = pgTable(
  'pool_edits',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    poolWeekId: integer('pool_week_id').references(() => poolWeeks.id, { onDelete: 'cascade' }),
    /** The member whose sheet changed. */
    memberId: integer('member_id')
      .notNull()
      .references(() => poolMembers.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'restrict' }),
    /** pick, play, lms_team or tiebreaker. */
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pool_edits_pool_idx').on(table.poolId, table.createdAt)],
);

/** The Lifeguard's announcements to the pool. */
export const poolAnnouncements = pgTable(
  'pool_announcements',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pool_announcements_pool_idx').on(table.poolId, table.createdAt)],
);
