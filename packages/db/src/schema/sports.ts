import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Games of every sport. Teams are the registry's abbreviations (packages/domain/src/teams); the season is
 * the year it starts in. A source's own id finds the row again (event_source_keys), so a re-import
 * updates in place.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    season: integer('season').notNull(),
    /** Football weeks (postseason continues the count); null where the sport has none. */
    week: integer('week'),
    seasonType: text('season_type', { enum: ['regular', 'postseason'] }).notNull(),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }),
    /** The date the schedule files the game under (US Eastern for the NFL), for games without a kickoff time. */
    gameDate: text('game_date').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    neutralSite: boolean('neutral_site').notNull().default(false),
    status: text('status', { enum: ['scheduled', 'in_progress', 'final', 'postponed', 'cancelled'] }).notNull(),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /**
     * Where the schedule fields (teams, date, week, season type, neutral site) and the result fields
     * (status, scores) came from, and the data time of each: an import replaces a group only with better
     * evidence (docs/decisions/022). A null time is data stored before provenance was kept: older than any.
     */
    scheduleSource: text('schedule_source'),
    scheduleAsOf: timestamp('schedule_as_of', { withTimezone: true }),
    /** The kickoff's own: a source without a kickoff time never erases one. */
    kickoffSource: text('kickoff_source'),
    kickoffAsOf: timestamp('kickoff_as_of', { withTimezone: true }),
    resultSource: text('result_source'),
    resultAsOf: timestamp('result_as_of', { withTimezone: true }),
    /**
     * A game under way as its result's source last showed it (docs/decisions/066): the quarter or inning, the
     * football clock and the source's line ("3rd Quarter 4:12", "Bottom 9th"). Null unless in progress.
     */
    livePeriod: integer('live_period'),
    liveClock: text('live_clock'),
    liveDetail: text('live_detail'),
    /** Generated for the demo season, shown as such. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_sport_season_week_idx').on(table.sport, table.season, table.week),
    index('events_sport_kickoff_idx').on(table.sport, table.kickoffAt),
    index('events_home_team_idx').on(table.sport, table.homeTeam, table.season),
    index('events_away_team_idx').on(table.sport, table.awayTeam, table.season),
  ],
);

/** The ids sources give a game (nflverse game_id, The Odds API event id, MLB game_pk, …). */
export const eventSourceKeys = pgTable(
  'event_source_keys',
  {
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The data time of the quotes this source last wrote for the event: only as new a set replaces them. */
    quotesAsOf: timestamp('quotes_as_of', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.sourceKey] }),
    index('event_source_keys_event_idx').on(table.eventId),
  ],
);

/**
 * Every quote ever fetched: line history, the latest line per book and closing lines all come from here.
 * Prices are integer American odds; `outcome` is a team abbreviation, or 'Over' / 'Under'.
 */
export const oddsQuotes = pgTable(
  'odds_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    book: text('book').notNull(),
    market: text('market', { enum: ['h2h', 'spreads', 'totals'] }).notNull(),
    outcome: text('outcome').notNull(),
    price: integer('price').notNull(),
    point: real('point'),
    /** When the book last changed it, as the source says; fetched_at is when we saw it. */
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  // The identity key also serves every read (they all start from event ids, most by book, market and outcome, in
  // fetch order); a second index on (event, book, market, fetched_at) cost about an eighth of each quote's write
  // and served nothing the key does not (docs/decisions/019).
  (table) => [
    uniqueIndex('odds_quotes_identity_key').on(table.eventId, table.book, table.market, table.outcome, table.fetchedAt),
  ],
);

/** Responses and files exactly as received, kept before parsing so a format change can be re-parsed. */
export const rawResponses = pgTable(
  'raw_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    /** The URL fetched (without the API key) or the file imported. */
    location: text('location').notNull(),
    /** SHA-256 of the body: the same file imported twice is stored once. */
    bodyHash: text('body_hash').notNull(),
    body: text('body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('raw_responses_source_hash_key').on(table.source, table.bodyHash)],
);

/** One run of an importer: what it did, for the admin's import screen. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    trigger: text('trigger', { enum: ['cli', 'schedule', 'admin', 'first-run'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Skip reasons with counts, quota headers, and the like. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (table) => [index('import_runs_source_started_idx').on(table.source, sql`${table.startedAt} desc`)],
);

/**
 * Each live source the scheduler polls (docs/decisions/067), one row per source and sport ("espn:baseball_mlb"):
 * what its last answer was, the ETag and body hash a conditional GET sends back, when it is next due and how
 * many failures in a row back it off. The admin switches a source off here; every instance reads the same rows.
 */
export const sourcePolls = pgTable('source_polls', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
  /** The HTTP status of the last answer (304 unchanged), null when none came. */
  lastStatus: integer('last_status'),
  lastOutcome: text('last_outcome', { enum: ['changed', 'unchanged', 'failed'] }),
  /** The import the last changed answer made: added, updated, unchanged and skipped games. */
  lastSummary: jsonb('last_summary').$type<Record<string, unknown>>(),
  lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** Failures in a row: the back-off doubles with each. */
  failures: integer('failures').notNull().default(0),
  etag: text('etag'),
  bodyHash: text('body_hash'),
  /** The calendar's cadence at the last poll: live, game-day or idle. */
  cadence: text('cadence'),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a metered source may still spend, as its last answer reported it (CFBD's `X-CallLimit-Remaining`,
 * docs/decisions/073-cfbd-live-source.md), one row per source: read back by every instance and after a restart,
 * so calls stop below the reserve whoever polls, and shown on the admin's imports screen.
 */
export const sourceBudgets = pgTable('source_budgets', {
  source: text('source').primaryKey(),
  /** Calls (or credits) left, as last reported. */
  remaining: integer('remaining').notNull(),
  /** When the answer that reported it came. */
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The refresh scheduler's jobs (odds, scores, schedules): when each last started, finished, succeeded and
 * failed. Every server instance reads and writes the same rows, so whichever instance holds the jobs' lock
 * knows what is due, and a restart neither repeats a job that just ran nor forgets its last error.
 */
export const schedulerJobs = pgTable('scheduler_jobs', {
  job: text('job').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Kept on the scores job: when games were last seen being played (one more scores run follows them). */
  liveGamesSeenAt: timestamp('live_games_seen_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
