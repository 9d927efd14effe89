import { type DbExecutor, rows } from '@pass/db';
import { SPORTS } from '@pass/domain';
import { sql } from 'drizzle-orm';
import type { PollCadence } from '../../jobs/source-poll-policy.js';

/** The SQL of the live sources' polling state (source_polls, docs/decisions/067). */

export interface SourcePollRow {
  key: string;
  enabled: boolean;
  lastFetchAt: Date | null;
  lastStatus: number | null;
  lastOutcome: 'changed' | 'unchanged' | 'failed' | null;
  lastSummary: Record<string, unknown> | null;
  lastChangedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  failures: number;
  etag: string | null;
  bodyHash: string | null;
  cadence: PollCadence | null;
  nextPollAt: Date | null;
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export async function listSourcePolls(db: DbExecutor): Promise<Map<string, SourcePollRow>> {
  const found = await rows<Record<string, unknown>>(db, sql`select * from source_polls`);
  return new Map(
    found.map((row) => [
      String(row.key),
      {
        key: String(row.key),
        enabled: Boolean(row.enabled),
        lastFetchAt: date(row.last_fetch_at),
        lastStatus: row.last_status === null ? null : Number(row.last_status),
        lastOutcome: (row.last_outcome as SourcePollRow['lastOutcome']) ?? null,
        lastSummary: (row.last_summary as Record<string, unknown> | null) ?? null,
        lastChangedAt: date(row.last_changed_at),
        lastError: (row.last_error as string | null) ?? null,
        lastErrorAt: date(row.last_error_at),
        failures: Number(row.failures),
        etag: (row.etag as string | null) ?? null,
        bodyHash: (row.body_hash as string | null) ?? null,
        cadence: (row.cadence as PollCadence | null) ?? null,
        nextPollAt: date(row.next_poll_at),
      },
    ]),
  );
}

/** A poll that got an answer: its status, the conditional state to send back, and what it imported. */
export async function recordPollAnswer(
  db: DbExecutor,
  key: string,
  answer: {
    at: Date;
    status: number;
    changed: boolean;
    etag: string | null;
    bodyHash: string | null;
    summary: Record<string, unknown> | null;
    cadence: PollCadence;
    nextPollAt: Date;
  },
): Promise<void> {
  const at = answer.at.toISOString();
  await db.execute(sql`insert into source_polls (key, last_fetch_at, last_status, last_outcome, last_summary,
        last_changed_at, failures, etag, body_hash, cadence, next_poll_at, updated_at)
      values (${key}, ${at}::timestamptz, ${answer.status}, ${answer.changed ? 'changed' : 'unchanged'},
        ${answer.summary === null ? null : JSON.stringify(answer.summary)}::jsonb,
        ${answer.changed ? at : null}::timestamptz, 0, ${answer.etag}, ${answer.bodyHash}, ${answer.cadence},
        ${answer.nextPollAt.toISOString()}::timestamptz, now())
      on conflict (key) do update set last_fetch_at = excluded.last_fetch_at, last_status = excluded.last_status,
        last_outcome = excluded.last_outcome,
        last_summary = coalesce(excluded.last_summary, source_polls.last_summary),
        last_changed_at = coalesce(excluded.last_changed_at, source_polls.last_changed_at), failures = 0,
        etag = excluded.etag, body_hash = excluded.body_hash, cadence = excluded.cadence,
        next_poll_at = excluded.next_poll_at, updated_at = now()`);
}

/** A poll that failed: the error, one more failure in a row, and the back-off's next time. */
export async function recordPollFailure(
  db: DbExecutor,
  key: string,
  failure: { at: Date; status: number | null; error: string; cadence: PollCadence; nextPollAt: Date },
): Promise<void> {
  const at = failure.at.toISOString();
  await db.execute(sql`insert into source_polls (key, last_fetch_at, last_status, last_outcome, last_error,
        last_error_at, failures, cadence, next_poll_at, updated_at)
      values (${key}, ${at}::timestamptz, ${failure.status}, 'failed', ${failure.error}, ${at}::timestamptz, 1,
        ${failure.cadence}, ${failure.nextPollAt.toISOString()}::timestamptz, now())
      on conflict (key) do update set last_fetch_at = excluded.last_fetch_at, last_status = excluded.last_status,
        last_outcome = 'failed', last_error = excluded.last_error, last_error_at = excluded.last_error_at,
        failures = source_polls.failures + 1, cadence = excluded.cadence, next_poll_at = excluded.next_poll_at,
        updated_at = now()`);
}

/** Switches a source on or off; switched on again, it is due at once. */
export async function setSourceEnabled(db: DbExecutor, key: string, enabled: boolean): Promise<void> {
  await db.execute(sql`insert into source_polls (key, enabled, updated_at) values (${key}, ${enabled}, now())
      on conflict (key) do update set enabled = excluded.enabled,
        next_poll_at = case when excluded.enabled then null else source_polls.next_poll_at end,
        failures = case when excluded.enabled then 0 else source_polls.failures end, updated_at = now()`);
}

/**
 * Per sport, from real events: games being played (kicked off within the live window, not over) and the next
 * kickoff to come. Demo games never make a real source poll faster.
 */
export async function listSportGames(
  db: DbExecutor,
  now: Date,
  liveWindowMs: number,
  aheadMs: number,
): Promise<Map<string, { playing: number; nextKickoff: Date | null }>> {
  const from = new Date(now.getTime() - liveWindowMs).toISOString();
  const to = new Date(now.getTime() + aheadMs).toISOString();
  const at = now.toISOString();
  const found = await rows<{ sport: string; playing: number; next_kickoff: string | Date | null }>(
    db,
    sql`select sport,
          count(*) filter (where kickoff_at <= ${at}::timestamptz)::int as playing,
          min(kickoff_at) filter (where kickoff_at > ${at}::timestamptz) as next_kickoff
        from events
        -- Every sport named, so the (sport, kickoff) index serves this on every tick.
        where sport = any(${sql.param([...SPORTS])}::text[])
          and kickoff_at between ${from}::timestamptz and ${to}::timestamptz
          and status in ('scheduled', 'in_progress') and not is_demo
        group by sport`,
  );
  return new Map(
    found.map((row) => [row.sport, { playing: Number(row.playing), nextKickoff: date(row.next_kickoff) }]),
  );
}

/**
 * The live sources' stored answers older than `before`, except the newest of each address (what the next
 * conditional GET of a command-line import compares with): a game polled every 30 s stores an answer each time its
 * score moves, and only the recent ones are worth keeping to look into.
 */
export async function pruneLiveResponses(db: DbExecutor, sources: readonly string[], before: Date): Promise<number> {
  const [result] = await rows<{ n: number }>(
    db,
    sql`with deleted as (
          delete from raw_responses r
          where r.source = any(${sql.param([...sources])}::text[])
            and r.fetched_at < ${before.toISOString()}::timestamptz
            and exists (select 1 from raw_responses n
              where n.source = r.source and n.location = r.location and n.fetched_at > r.fetched_at)
          returning 1)
        select count(*)::int as n from deleted`,
  );
  return Number(result?.n ?? 0);
}

/** A sport's weeks whose real games are being played or kick off within `aheadMs`, as the events have them. */
export async function listWeeksDue(
  db: DbExecutor,
  sport: string,
  now: Date,
  liveWindowMs: number,
  aheadMs: number,
): Promise<{ season: number; seasonType: 'regular' | 'postseason'; week: number }[]> {
  const found = await rows<{ season: number; season_type: string; week: number }>(
    db,
    sql`select distinct season, season_type, week from events
        where sport = ${sport}
          and kickoff_at between ${new Date(now.getTime() - liveWindowMs).toISOString()}::timestamptz
            and ${new Date(now.getTime() + aheadMs).toISOString()}::timestamptz
          and status in ('scheduled', 'in_progress') and not is_demo
        order by season, season_type desc, week`,
  );
  return found.map((row) => ({
    season: Number(row.season),
    seasonType: row.season_type === 'postseason' ? 'postseason' : 'regular',
    week: Number(row.week),
  }));
}

export interface SourceBudgetRow {
  remaining: number;
  reportedAt: Date;
}

/** What a metered source may still spend, as its last answer reported it (source_budgets). */
export async function getSourceBudget(db: DbExecutor, source: string): Promise<SourceBudgetRow | null> {
  const [row] = await rows<{ remaining: number; reported_at: string | Date }>(
    db,
    sql`select remaining, reported_at from source_budgets where source = ${source}`,
  );
  return row ? { remaining: Number(row.remaining), reportedAt: new Date(row.reported_at) } : null;
}

export async function recordSourceBudget(db: DbExecutor, source: string, budget: SourceBudgetRow): Promise<void> {
  await db.execute(sql`insert into source_budgets (source, remaining, reported_at, updated_at)
      values (${source}, ${budget.remaining}, ${budget.reportedAt.toISOString()}::timestamptz, now())
      on conflict (source) do update set remaining = excluded.remaining, reported_at = excluded.reported_at,
        updated_at = now()`);
}
