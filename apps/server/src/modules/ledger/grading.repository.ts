import { chunks, column, type DbExecutor, rows } from '@pass/db';
import { sql } from 'drizzle-orm';
import { dateOrNull, numberOrNull, type Outcome } from './entry-rows.js';

/**
 * The SQL of grading: it reads every entry of a batch of events in one query and writes its grades back in one
 * statement per 5,000 entries (unnest of arrays).
 */

/** What grading reads of an entry and its event. */
export interface GradableRow {
  id: number;
  userId: number;
  eventId: number;
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
  teaserPoints: number | null;
  multiplier: number;
  status: number;
  outcome: Outcome | null;
  reward: number | null;
  closingLine: number | null;
  closingPrice: number | null;
  clv: number | null;
  /** Recorded after its game started: its closing line is kept, its closing line value is not figured. */
  recordedAfterStart?: boolean;
  gradedAt: Date | null;
  /** When the entry was stored (the database's clock); null for an entry that is never stored (the replay's). */
  createdAt: Date | null;
}

function toGradable(row: Record<string, unknown>): GradableRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    eventId: Number(row.event_id),
    betMode: Number(row.bet_mode),
    betKind: Number(row.bet_kind),
    betType: Number(row.bet_type),
    betTeam: (row.bet_team as string | null) ?? null,
    line: numberOrNull(row.line),
    price: numberOrNull(row.price),
    stakeCents: numberOrNull(row.stake_cents),
    teaserPoints: numberOrNull(row.teaser_points),
    multiplier: Number(row.multiplier),
    status: Number(row.status),
    outcome: (row.outcome as Outcome | null) ?? null,
    reward: numberOrNull(row.reward),
    closingLine: numberOrNull(row.closing_line),
    closingPrice: numberOrNull(row.closing_price),
    clv: numberOrNull(row.clv),
    recordedAfterStart: Boolean(row.recorded_after_start),
    gradedAt: dateOrNull(row.graded_at),
    createdAt: dateOrNull(row.created_at),
  };
}

const GRADABLE_COLUMNS = sql`b.id, b.user_id, b.event_id, b.bet_mode, b.bet_kind, b.bet_type, b.bet_team, b.line, b.price,
  b.stake_cents, b.teaser_points, b.multiplier, b.status, b.outcome, b.reward, b.closing_line, b.closing_price, b.clv,
  b.recorded_after_start, b.graded_at, b.created_at`;

/** Every entry of these events that is not deleted: one query for the whole batch. */
export async function listGradableEntriesOfEvents(db: DbExecutor, eventIds: readonly number[]): Promise<GradableRow[]> {
  if (eventIds.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${GRADABLE_COLUMNS} from user_bets b
        where b.event_id = any(${column(eventIds, 'int')}) and b.deleted_at is null`,
  );
  return found.map(toGradable);
}

export async function listGradableEntries(db: DbExecutor, ids: readonly number[]): Promise<GradableRow[]> {
  if (ids.length === 0) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${GRADABLE_COLUMNS} from user_bets b where b.id = any(${column(ids, 'int')}) and b.deleted_at is null`,
  );
  return found.map(toGradable);
}

export interface ClosingQuote {
  eventId: number;
  market: 'h2h' | 'spreads' | 'totals';
  outcome: string;
  price: number;
  point: number | null;
}

export interface GradeWrite {
  id: number;
  status: number;
  outcome: Outcome | null;
  reward: number | null;
  closingLine: number | null;
  closingPrice: number | null;
  clv: number | null;
  gradedAt: Date | null;
}

const GRADE_BATCH = 5000;

/**
 * Writes grades back: one statement per 5,000 entries; `now` (the server clock) is their updated_at. A grade
 * is never stamped before its entry was stored (decision 018): `regrade` already takes the later of the two,
 * and the database settles what a JavaScript date cannot hold, the microseconds of `created_at`.
 */
export async function writeGrades(db: DbExecutor, grades: readonly GradeWrite[], now: Date): Promise<void> {
  for (const batch of chunks(grades, GRADE_BATCH)) {
    await db.execute(sql`update user_bets b set status = v.status, outcome = v.outcome, reward = v.reward,
        closing_line = v.closing_line, closing_price = v.closing_price, clv = v.clv,
        graded_at = case when v.graded_at is null then null else greatest(v.graded_at, b.created_at) end,
        updated_at = ${now.toISOString()}::timestamptz
      from unnest(${column(
        batch.map((grade) => grade.id),
        'int',
      )}, ${column(
        batch.map((grade) => grade.status),
        'smallint',
      )}, ${column(
        batch.map((grade) => grade.outcome),
        'text',
      )}, ${column(
        batch.map((grade) => grade.reward),
        'int',
      )}, ${column(
        batch.map((grade) => grade.closingLine),
        'real',
      )}, ${column(
        batch.map((grade) => grade.closingPrice),
        'int',
      )}, ${column(
        batch.map((grade) => grade.clv),
        'real',
      )}, ${column(
        batch.map((grade) => grade.gradedAt?.toISOString() ?? null),
        'timestamptz',
      )}) as v(id, status, outcome, reward, closing_line, closing_price, clv, graded_at)
      where b.id = v.id`);
  }
}

/**
 * Entries take their game's week again when an import renumbered it (decision 024: one week numbering);
 * returns the members whose entries moved.
 */
export async function syncEntryWeeks(db: DbExecutor, eventIds: readonly number[]): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const moved = await rows<{ user_id: unknown }>(
    db,
    sql`update user_bets b set week = e.week from events e
        where e.id = b.event_id and b.event_id = any(${column(eventIds, 'int')}) and b.week is distinct from e.week
        returning b.user_id`,
  );
  return moved.map((row) => Number(row.user_id));
}
