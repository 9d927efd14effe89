import { chunks, column, type DbExecutor, importRuns, rows, schedulerJobs } from '@pass/db';
import type { LiveState, Provenance, ResultFacts, ScheduleFacts } from '@pass/domain';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../../lib/clock.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';

/**
 * The SQL of the importers. Bulk work is written as multi-row statements: one round trip per batch, not
 * per game, which is what keeps a full nflverse import (7,000+ games, 40,000+ quotes) within seconds on
 * PGlite as on PostgreSQL. Each batch is one statement of a dozen array parameters (`unnest`), and the event
 * loop gets a turn between batches, so a server importing on PGlite still answers (docs/decisions/019).
 */

export type ImportTrigger = 'cli' | 'schedule' | 'admin' | 'first-run';
export type EventStatus = 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'cancelled';

/** The columns an importer owns, in the form they are compared and written: the merge rule's facts (ISO times). */
export type EventFields = ScheduleFacts & ResultFacts;

/** Where an event's schedule, kickoff and result came from, and their data times (docs/decisions/022). */
export interface EventProvenance {
  schedule: Provenance;
  kickoff: Provenance;
  result: Provenance;
}

/** An event's fields with their provenance: what is written. */
export interface ProvenancedFields extends EventFields {
  provenance: EventProvenance;
}

export interface StoredEvent extends ProvenancedFields {
  id: number;
}

export interface QuoteRow {
  eventId: number;
  book: string;
  market: 'h2h' | 'spreads' | 'totals';
  outcome: string;
  price: number;
  point: number | null;
  quotedAt: string | null;
  fetchedAt: string;
  source: string;
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const EVENT_COLUMNS = sql`e.id, e.sport, e.season, e.week, e.season_type, e.kickoff_at, e.game_date, e.home_team,
  e.away_team, e.neutral_site, e.status, e.home_score, e.away_score, e.schedule_source, e.schedule_as_of,
  e.kickoff_source, e.kickoff_as_of, e.result_source, e.result_as_of, e.live_period, e.live_clock, e.live_detail`;

interface EventRowSql {
  id: number;
  sport: string;
  season: number;
  week: number | null;
  season_type: 'regular' | 'postseason';
  kickoff_at: string | Date | null;
  game_date: string;
  home_team: string;
  away_team: string;
  neutral_site: boolean;
  status: EventStatus;
  home_score: number | null;
  away_score: number | null;
  schedule_source: string | null;
  schedule_as_of: string | Date | null;
  kickoff_source: string | null;
  kickoff_as_of: string | Date | null;
  result_source: string | null;
  result_as_of: string | Date | null;
  live_period: number | null;
  live_clock: string | null;
  live_detail: string | null;
}

/** The live state stored with a result (docs/decisions/066): a line is what marks one. */
export function liveOfRow(row: {
  live_period: number | null;
  live_clock: string | null;
  live_detail: string | null;
}): LiveState | null {
  if (row.live_detail === null) return null;
  return {
    period: row.live_period === null ? null : Number(row.live_period),
    clock: row.live_clock,
    detail: row.live_detail,
  };
}

function toStoredEvent(row: EventRowSql): StoredEvent {
  return {
    id: Number(row.id),
    sport: row.sport,
    season: Number(row.season),
    week: row.week === null ? null : Number(row.week),
    seasonType: row.season_type,
    kickoffAt: iso(row.kickoff_at),
    gameDate: row.game_date,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    neutralSite: row.neutral_site,
    status: row.status,
    homeScore: row.home_score === null ? null : Number(row.home_score),
    awayScore: row.away_score === null ? null : Number(row.away_score),
    live: liveOfRow(row),
    provenance: {
      schedule: { source: row.schedule_source, asOf: iso(row.schedule_as_of) },
      kickoff: { source: row.kickoff_source, asOf: iso(row.kickoff_as_of) },
      result: { source: row.result_source, asOf: iso(row.result_as_of) },
    },
  };
}

/** Every event known under any of the given sources' keys, as `source|key` → event: one query per import. */
export async function listEventsBySourceKeys(
  db: DbExecutor,
  sources: readonly string[],
): Promise<Map<string, StoredEvent>> {
  const found = await rows<EventRowSql & { source: string; source_key: string }>(
    db,
    sql`select k.source, k.source_key, ${EVENT_COLUMNS}
        from event_source_keys k join events e on e.id = k.event_id
        where k.source in (${sql.join(
          sources.map((source) => sql`${source}`),
          sql`, `,
        )})`,
  );
  const byKey = new Map<string, StoredEvent>();
  const byId = new Map<number, StoredEvent>();
  for (const row of found) {
    const id = Number(row.id);
    const event = byId.get(id) ?? toStoredEvent(row);
    byId.set(id, event);
    byKey.set(`${row.source}|${row.source_key}`, event);
  }
  return byKey;
}

/** The events known under some keys of one source, as key → event. */
export async function listEventsByKeys(
  db: DbExecutor,
  source: string,
  keys: readonly string[],
): Promise<Map<string, StoredEvent>> {
  if (keys.length === 0) return new Map();
  const found = await rows<EventRowSql & { source_key: string }>(
    db,
    sql`select k.source_key, ${EVENT_COLUMNS}
        from event_source_keys k join events e on e.id = k.event_id
        where k.source = ${source} and k.source_key = any(${column(keys, 'text')})`,
  );
  return new Map(found.map((row) => [row.source_key, toStoredEvent(row)]));
}

/**
 * Events of a sport with a kickoff in [from, to]: the candidates an Odds API event is matched against.
 * `fromSchedule` tells games a schedule source knows from those the Odds API importer created.
 */
export async function listEventsKickingOffBetween(
  db: DbExecutor,
  sport: string,
  from: Date,
  to: Date,
): Promise<(StoredEvent & { fromSchedule: boolean })[]> {
  const found = await rows<EventRowSql & { from_schedule: boolean }>(
    db,
    sql`select ${EVENT_COLUMNS},
          exists (select 1 from event_source_keys k where k.event_id = e.id and k.source <> 'odds-api') as from_schedule
        from events e
        where e.sport = ${sport}
          and e.kickoff_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz`,
  );
  return found.map((row) => ({ ...toStoredEvent(row), fromSchedule: row.from_schedule }));
}

/**
 * Real events of a sport kicking off in [from, to] that carry no key of the given sources: what a schedule
 * source's new games may turn out to be (events The Odds API created first). Demo events never qualify.
 */
export async function listEventsWithoutKeys(
  db: DbExecutor,
  sport: string,
  sources: readonly string[],
  from: Date,
  to: Date,
): Promise<StoredEvent[]> {
  const found = await rows<EventRowSql>(
    db,
    sql`select ${EVENT_COLUMNS} from events e
        where e.sport = ${sport} and not e.is_demo
          and e.kickoff_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz
          and not exists (select 1 from event_source_keys k
            where k.event_id = e.id and k.source = any(${column(sources, 'text')}))`,
  );
  return found.map(toStoredEvent);
}

/**
 * Deletes the events The Odds API created (its key only, not the demo's, no ledger entry on them) of a sport
 * kicking off in [from, to] that now have a schedule source's game of that sport within the odds matcher's
 * window: had the schedule been loaded first, the odds importer would have skipped them as games the schedule
 * leaves out for a reason (BUF at CIN 2022, abandoned), so any order of imports ends in the same events
 * (docs/decisions/022). Their quotes go with them. Returns how many were deleted.
 */
export async function deleteOddsEventsScheduleLeavesOut(
  db: DbExecutor,
  sport: string,
  from: Date,
  to: Date,
  windowHours: number,
): Promise<number> {
  const [result] = await rows<{ n: number }>(
    db,
    sql`with deleted as (
          delete from events e
          where e.sport = ${sport} and not e.is_demo
            and e.kickoff_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz
            and exists (select 1 from event_source_keys k where k.event_id = e.id and k.source = 'odds-api')
            and not exists (select 1 from event_source_keys k where k.event_id = e.id and k.source <> 'odds-api')
            and not exists (select 1 from user_bets b where b.event_id = e.id)
            and not exists (select 1 from parlay_legs l where l.event_id = e.id)
            and exists (select 1 from events s
              where s.sport = e.sport and s.id <> e.id
                and s.kickoff_at between e.kickoff_at - make_interval(hours => ${windowHours}::int)
                  and e.kickoff_at + make_interval(hours => ${windowHours}::int)
                and exists (select 1 from event_source_keys k where k.event_id = s.id and k.source <> 'odds-api'))
          returning 1)
        select count(*)::int as n from deleted`,
  );
  return Number(result?.n ?? 0);
}

const eventColumns = (events: readonly StoredEvent[]) => sql`unnest(
    ${column(
      events.map((event) => event.id),
      'int',
    )}, ${column(
      events.map((event) => event.sport),
      'text',
    )}, ${column(
      events.map((event) => event.season),
      'int',
    )},
    ${column(
      events.map((event) => event.week),
      'int',
    )}, ${column(
      events.map((event) => event.seasonType),
      'text',
    )}, ${column(
      events.map((event) => event.kickoffAt),
      'timestamptz',
    )},
    ${column(
      events.map((event) => event.gameDate),
      'text',
    )}, ${column(
      events.map((event) => event.homeTeam),
      'text',
    )}, ${column(
      events.map((event) => event.awayTeam),
      'text',
    )},
    ${column(
      events.map((event) => event.neutralSite),
      'boolean',
    )}, ${column(
      events.map((event) => event.status),
      'text',
    )}, ${column(
      events.map((event) => event.homeScore),
      'int',
    )},
    ${column(
      events.map((event) => event.awayScore),
      'int',
    )},
    ${column(
      events.map((event) => event.provenance.schedule.source),
      'text',
    )}, ${column(
      events.map((event) => event.provenance.schedule.asOf),
      'timestamptz',
    )},
    ${column(
      events.map((event) => event.provenance.kickoff.source),
      'text',
    )}, ${column(
      events.map((event) => event.provenance.kickoff.asOf),
      'timestamptz',
    )},
    ${column(
      events.map((event) => event.provenance.result.source),
      'text',
    )}, ${column(
      events.map((event) => event.provenance.result.asOf),
      'timestamptz',
    )},
    ${column(
      events.map((event) => event.live?.period ?? null),
      'int',
    )}, ${column(
      events.map((event) => event.live?.clock ?? null),
      'text',
    )}, ${column(
      events.map((event) => event.live?.detail ?? null),
      'text',
    )}
  ) as v(id, sport, season, week, season_type, kickoff_at, game_date, home_team, away_team, neutral_site, status,
    home_score, away_score, schedule_source, schedule_as_of, kickoff_source, kickoff_as_of, result_source,
    result_as_of, live_period, live_clock, live_detail)`;

/** Rows per statement: each batch is a few tens of milliseconds on PGlite, between two turns of the event loop. */
const BULK_ROWS = 2000;

/**
 * Inserts events in batches. Ids are drawn from the sequence first, so each new event's id is known without
 * relying on the order RETURNING gives rows back in. Demo events are marked as they are written.
 */
export async function insertEvents(
  db: DbExecutor,
  events: readonly ProvenancedFields[],
  options: { isDemo?: boolean } = {},
): Promise<number[]> {
  if (events.length === 0) return [];
  const ids = (
    await rows<{ id: number }>(
      db,
      sql`select nextval(pg_get_serial_sequence('events', 'id'))::int as id from generate_series(1, ${events.length}::int)`,
    )
  ).map((row) => Number(row.id));
  const withIds = events.map((event, index) => ({ ...event, id: ids[index]! }));
  for (const batch of chunks(withIds, BULK_ROWS)) {
    await db.execute(sql`insert into events (id, sport, season, week, season_type, kickoff_at, game_date, home_team,
        away_team, neutral_site, status, home_score, away_score, schedule_source, schedule_as_of, kickoff_source,
        kickoff_as_of, result_source, result_as_of, live_period, live_clock, live_detail, is_demo)
      select *, ${options.isDemo ?? false} from ${eventColumns(batch)}`);
    await yieldToEventLoop();
  }
  return ids;
}

/**
 * Rewrites the importer-owned columns and their provenance of changed events, touching updated_at only for them.
 * Callers go through imports.service's `updateEvents`, which first keeps the locks of pool slate games among them.
 */
export async function updateEvents(db: DbExecutor, events: readonly StoredEvent[]): Promise<void> {
  for (const batch of chunks(events, BULK_ROWS)) {
    await db.execute(sql`update events set sport = v.sport, season = v.season, week = v.week,
        season_type = v.season_type, kickoff_at = v.kickoff_at, game_date = v.game_date, home_team = v.home_team,
        away_team = v.away_team, neutral_site = v.neutral_site, status = v.status, home_score = v.home_score,
        away_score = v.away_score, schedule_source = v.schedule_source, schedule_as_of = v.schedule_as_of,
        kickoff_source = v.kickoff_source, kickoff_as_of = v.kickoff_as_of, result_source = v.result_source,
        result_as_of = v.result_as_of, live_period = v.live_period, live_clock = v.live_clock,
        live_detail = v.live_detail, updated_at = now()
      from ${eventColumns(batch)}
      where events.id = v.id`);
    await yieldToEventLoop();
  }
}

export async function insertSourceKeys(
  db: DbExecutor,
  keys: readonly { source: string; sourceKey: string; eventId: number }[],
): Promise<void> {
  for (const batch of chunks(keys, BULK_ROWS)) {
    await db.execute(sql`insert into event_source_keys (source, source_key, event_id)
      select * from unnest(${column(
        batch.map((key) => key.source),
        'text',
      )}, ${column(
        batch.map((key) => key.sourceKey),
        'text',
      )}, ${column(
        batch.map((key) => key.eventId),
        'int',
      )})
      on conflict do nothing`);
    await yieldToEventLoop();
  }
}

/** How a quote is compared: everything but its id and the source's own update time. */
export function quoteSignature(quote: Pick<QuoteRow, 'book' | 'market' | 'outcome' | 'price' | 'point' | 'fetchedAt'>) {
  return `${quote.book}|${quote.market}|${quote.outcome}|${quote.price}|${quote.point ?? ''}|${Date.parse(quote.fetchedAt)}`;
}

/**
 * The quotes one source wrote for each event of a sport, as sorted signatures per event id. Reading one
 * string per event instead of a row per quote keeps the re-import of 40,000 closing quotes cheap.
 */
export async function listQuoteSignatures(db: DbExecutor, source: string, sport: string): Promise<Map<number, string>> {
  const found = await rows<{ event_id: number; quotes: string }>(
    db,
    sql`select q.event_id, string_agg(q.book || '|' || q.market || '|' || q.outcome || '|' || q.price || '|' ||
          coalesce(q.point::text, '') || '|' || (extract(epoch from q.fetched_at) * 1000)::bigint, ';') as quotes
        from odds_quotes q join events e on e.id = q.event_id
        where q.source = ${source} and e.sport = ${sport}
        group by q.event_id`,
  );
  return new Map(found.map((row) => [Number(row.event_id), row.quotes.split(';').sort().join(';')]));
}

/** The data time of the quotes one source last wrote for each event of a sport (null: unknown, oldest). */
export async function listQuotesAsOf(
  db: DbExecutor,
  source: string,
  sport: string,
): Promise<Map<number, string | null>> {
  const found = await rows<{ event_id: number; as_of: string | Date | null }>(
    db,
    sql`select k.event_id, max(k.quotes_as_of) as as_of
        from event_source_keys k join events e on e.id = k.event_id
        where k.source = ${source} and e.sport = ${sport}
        group by k.event_id`,
  );
  return new Map(found.map((row) => [Number(row.event_id), iso(row.as_of)]));
}

/** Records the data time of a source's quotes of some events, on the source's keys of them. */
export async function setQuotesAsOf(
  db: DbExecutor,
  source: string,
  entries: readonly { eventId: number; asOf: string }[],
): Promise<void> {
  for (const batch of chunks(entries, BULK_ROWS)) {
    await db.execute(sql`update event_source_keys k set quotes_as_of = v.as_of
      from unnest(${column(
        batch.map((entry) => entry.eventId),
        'int',
      )}, ${column(
        batch.map((entry) => entry.asOf),
        'timestamptz',
      )}) as v(event_id, as_of)
      where k.source = ${source} and k.event_id = v.event_id`);
    await yieldToEventLoop();
  }
}

export async function deleteQuotesOfEvents(db: DbExecutor, source: string, eventIds: readonly number[]): Promise<void> {
  for (const batch of chunks(eventIds, BULK_ROWS)) {
    await db.execute(sql`delete from odds_quotes where source = ${source} and event_id = any(${column(batch, 'int')})`);
    await yieldToEventLoop();
  }
}

/**
 * Quotes per statement: a few tens of milliseconds on PGlite, which is about how long a request waits behind
 * an import for the next turn of the event loop. Smaller batches cost no measurable time per quote.
 */
const QUOTE_ROWS = 1000;

/**
 * Inserts quotes, ignoring ones already stored (same event, book, market, outcome and fetch time); returns how
 * many were new. `onBatch` is told the quotes handled so far after each batch.
 */
export async function insertQuotes(
  db: DbExecutor,
  quotes: readonly QuoteRow[],
  options: { onBatch?: (handled: number) => void } = {},
): Promise<number> {
  let inserted = 0;
  let handled = 0;
  for (const batch of chunks(quotes, QUOTE_ROWS)) {
    // Counted in the database: returning a row per quote costs as much again on PGlite.
    const [result] = await rows<{ n: number }>(
      db,
      sql`with inserted as (
          insert into odds_quotes (event_id, book, market, outcome, price, point, quoted_at, fetched_at, source)
          select * from unnest(${column(
            batch.map((quote) => quote.eventId),
            'int',
          )}, ${column(
            batch.map((quote) => quote.book),
            'text',
          )}, ${column(
            batch.map((quote) => quote.market),
            'text',
          )},
            ${column(
              batch.map((quote) => quote.outcome),
              'text',
            )}, ${column(
              batch.map((quote) => quote.price),
              'int',
            )}, ${column(
              batch.map((quote) => quote.point),
              'real',
            )},
            ${column(
              batch.map((quote) => quote.quotedAt),
              'timestamptz',
            )}, ${column(
              batch.map((quote) => quote.fetchedAt),
              'timestamptz',
            )}, ${column(
              batch.map((quote) => quote.source),
              'text',
            )})
          on conflict do nothing
          returning 1)
        select count(*)::int as n from inserted`,
    );
    inserted += Number(result?.n ?? 0);
    handled += batch.length;
    options.onBatch?.(handled);
    await yieldToEventLoop();
  }
  return inserted;
}

/** Stores a body once per (source, hash); returns the row's id and whether it was new. */
export async function storeRawResponse(
  db: DbExecutor,
  raw: { source: string; location: string; bodyHash: string; body: string; headers: Record<string, string> | null },
): Promise<{ id: number; stored: boolean }> {
  const inserted = await rows<{ id: number }>(
    db,
    sql`insert into raw_responses (source, location, body_hash, body, headers)
        values (${raw.source}, ${raw.location}, ${raw.bodyHash}, ${raw.body}, ${raw.headers === null ? null : JSON.stringify(raw.headers)}::jsonb)
        on conflict (source, body_hash) do nothing
        returning id`,
  );
  if (inserted[0]) return { id: Number(inserted[0].id), stored: true };
  // The body is kept once; the row tells where and when it was last received, with that answer's headers: a live
  // source's answer that comes back to an earlier body (a line that moved and moved back) is again the newest of
  // its address, for the next conditional GET and for the lines applied last.
  const [existing] = await rows<{ id: number }>(
    db,
    sql`update raw_responses set location = ${raw.location}, fetched_at = now(),
          headers = coalesce(${raw.headers === null ? null : JSON.stringify(raw.headers)}::jsonb, headers)
        where source = ${raw.source} and body_hash = ${raw.bodyHash}
        returning id`,
  );
  return { id: Number(existing!.id), stored: false };
}

/**
 * The body last stored of a source fetched from `location` (a live source's URL): its SHA-256 (hex) and the ETag
 * it came with, for the next conditional GET. Null when nothing from there was imported yet.
 */
export async function getLastRawResponse(
  db: DbExecutor,
  source: string,
  location: string,
): Promise<{ bodyHash: string; etag: string | null } | null> {
  const [row] = await rows<{ body_hash: string; etag: string | null }>(
    db,
    sql`select body_hash, headers->>'etag' as etag from raw_responses
        where source = ${source} and location = ${location} order by fetched_at desc, id desc limit 1`,
  );
  return row ? { bodyHash: row.body_hash, etag: row.etag } : null;
}

export async function createImportRun(db: DbExecutor, source: string, trigger: ImportTrigger): Promise<number> {
  const [run] = await db
    .insert(importRuns)
    .values({ source, trigger, status: 'running' })
    .returning({ id: importRuns.id });
  return run!.id;
}

export async function finishImportRun(
  db: DbExecutor,
  id: number,
  result:
    | {
        status: 'succeeded';
        added: number;
        updated: number;
        unchanged: number;
        skipped: number;
        detail: Record<string, unknown>;
      }
    | { status: 'failed'; error: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .update(importRuns)
    .set({ ...result, finishedAt: systemClock() })
    .where(eq(importRuns.id, id));
}

/** The quota The Odds API reported on its last answer, as the latest run of that source recorded it. */
export async function getLastOddsApiQuota(
  db: DbExecutor,
): Promise<{ remaining: number; used: number | null; reportedAt: string } | null> {
  const [row] = await rows<{ remaining: string | null; used: string | null; started_at: string | Date }>(
    db,
    sql`select detail->'quota'->>'remaining' as remaining, detail->'quota'->>'used' as used, started_at
        from import_runs
        where source = 'odds-api' and detail->'quota'->>'remaining' is not null
        order by id desc limit 1`,
  );
  if (!row || row.remaining === null) return null;
  return {
    remaining: Number(row.remaining),
    used: row.used === null ? null : Number(row.used),
    reportedAt: new Date(row.started_at).toISOString(),
  };
}

/** An import_runs row as the admin API shows it. */
export interface ImportRunRow {
  id: number;
  source: string;
  trigger: ImportTrigger;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  error: string | null;
  detail: Record<string, unknown> | null;
}

function toImportRun(row: Record<string, unknown>): ImportRunRow {
  return {
    id: Number(row.id),
    source: String(row.source),
    trigger: row.trigger as ImportTrigger,
    status: row.status as ImportRunRow['status'],
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
    added: Number(row.added),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    skipped: Number(row.skipped),
    error: row.error === null ? null : String(row.error),
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown> | null,
  };
}

const RUN_COLUMNS = sql`id, source, trigger, status, started_at, finished_at, added, updated, unchanged, skipped, error,
  detail`;

export async function getImportRun(db: DbExecutor, id: number): Promise<ImportRunRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(db, sql`select ${RUN_COLUMNS} from import_runs where id = ${id}`);
  return row ? toImportRun(row) : undefined;
}

/** The latest run of each source, optionally of one status only. */
export async function listLatestRuns(
  db: DbExecutor,
  status?: ImportRunRow['status'],
): Promise<Map<string, ImportRunRow>> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select distinct on (source) ${RUN_COLUMNS} from import_runs
        ${status ? sql`where status = ${status}` : sql``}
        order by source, id desc`,
  );
  return new Map(found.map((row) => [String(row.source), toImportRun(row)]));
}

/** Per source: runs by status, events keyed and quotes written. */
export async function countBySource(
  db: DbExecutor,
): Promise<Map<string, { runs: number; succeeded: number; failed: number; events: number; quotes: number }>> {
  const counts = new Map<string, { runs: number; succeeded: number; failed: number; events: number; quotes: number }>();
  const entry = (source: string) => {
    let value = counts.get(source);
    if (!value) {
      value = { runs: 0, succeeded: 0, failed: 0, events: 0, quotes: 0 };
      counts.set(source, value);
    }
    return value;
  };
  for (const row of await rows<{ source: string; runs: string; succeeded: string; failed: string }>(
    db,
    sql`select source, count(*) as runs, count(*) filter (where status = 'succeeded') as succeeded,
          count(*) filter (where status = 'failed') as failed
        from import_runs group by source`,
  )) {
    Object.assign(entry(row.source), {
      runs: Number(row.runs),
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
    });
  }
  for (const row of await rows<{ source: string; n: string }>(
    db,
    sql`select source, count(*) as n from event_source_keys group by source`,
  )) {
    entry(row.source).events = Number(row.n);
  }
  for (const row of await rows<{ source: string; n: string }>(
    db,
    sql`select source, count(*) as n from odds_quotes group by source`,
  )) {
    entry(row.source).quotes = Number(row.n);
  }
  return counts;
}

/** A scheduler job's row: when it last started, finished, succeeded and failed. */
export interface SchedulerJobRow {
  job: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  liveGamesSeenAt: Date | null;
}

export async function listSchedulerJobs(db: DbExecutor): Promise<SchedulerJobRow[]> {
  return db
    .select({
      job: schedulerJobs.job,
      lastStartedAt: schedulerJobs.lastStartedAt,
      lastFinishedAt: schedulerJobs.lastFinishedAt,
      lastSuccessAt: schedulerJobs.lastSuccessAt,
      lastErrorAt: schedulerJobs.lastErrorAt,
      lastError: schedulerJobs.lastError,
      liveGamesSeenAt: schedulerJobs.liveGamesSeenAt,
    })
    .from(schedulerJobs);
}

/** Writes some columns of a job's row, creating the row the first time. */
export async function upsertSchedulerJob(
  db: DbExecutor,
  job: string,
  values: Partial<Omit<SchedulerJobRow, 'job'>>,
): Promise<void> {
  const set = { ...values, updatedAt: systemClock() };
  await db
    .insert(schedulerJobs)
    .values({ job, ...set })
    .onConflictDoUpdate({ target: schedulerJobs.job, set });
}
