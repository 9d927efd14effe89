import type { userBets } from '@pass/db';
import { sql } from 'drizzle-orm';
import type { EventStatus, LedgerEvent } from './ledger-event.js';

/**
 * An entry and its game as the ledger's SQL reads them (user_bets joined to events): the row types, the columns
 * a read selects and the mapping of a raw row, shared by the entries', grading's, statistics' and teller's
 * repositories.
 */

export type Outcome = 'win' | 'loss' | 'push' | 'void';
export type Source = 'manual' | 'teller' | 'sync' | 'demo';

/** A row of user_bets as the table defines it (the schema is the one description of its columns). */
type UserBetRow = typeof userBets.$inferSelect;

/** An entry with the game it is on. */
export type EntryRow = Omit<UserBetRow, 'deletedAt'> & { event: LedgerEvent };

/** The values of a new entry: every column the service decides; ids, grading and times come later. */
export type NewEntry = Pick<
  UserBetRow,
  | 'userId'
  | 'eventId'
  | 'sport'
  | 'season'
  | 'week'
  | 'betMode'
  | 'betKind'
  | 'betType'
  | 'betTeam'
  | 'line'
  | 'price'
  | 'stakeCents'
  | 'book'
  | 'teaserPoints'
  | 'multiplier'
  | 'isSimulated'
  | 'source'
  | 'recordedAfterStart'
  | 'idempotencyKey'
  | 'requestHash'
  | 'status'
>;

/** A nullable column read as a number. */
export const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
/** A nullable timestamp read as a Date. */
export const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/** Kickoff, or noon UTC of the game date when the kickoff is unknown (as closing quotes are filed). */
export const KICKOFF = sql`coalesce(e.kickoff_at, (e.game_date || 'T12:00:00Z')::timestamptz)`;

/** The game's columns of a read that joins it (events as e), prefixed e_ as `toEntry` reads them. */
export const EVENT_COLUMNS = sql`e.id as e_id, e.sport as e_sport, e.season as e_season, e.week as e_week,
  e.kickoff_at as e_kickoff_at, e.game_date as e_game_date, e.home_team as e_home_team, e.away_team as e_away_team,
  e.status as e_status, e.home_score as e_home_score, e.away_score as e_away_score`;

/** Every column of an entry (user_bets as b) but deleted_at. */
export const ENTRY_COLUMNS = sql`b.id, b.user_id, b.event_id, b.sport, b.season, b.week, b.bet_mode, b.bet_kind, b.bet_type,
  b.bet_team, b.line, b.price, b.stake_cents, b.book, b.teaser_points, b.multiplier, b.is_simulated, b.source,
  b.recorded_after_start, b.idempotency_key, b.request_hash, b.status, b.outcome, b.reward, b.closing_line, b.closing_price, b.clv,
  b.graded_at, b.created_at, b.updated_at`;

/** A game from a raw row; `prefix` when its columns are a join's (EVENT_COLUMNS). */
export function toEvent(row: Record<string, unknown>, prefix = ''): LedgerEvent {
  const get = (key: string) => row[`${prefix}${key}`];
  return {
    id: Number(get('id')),
    sport: String(get('sport')),
    season: Number(get('season')),
    week: numberOrNull(get('week')),
    kickoffAt: dateOrNull(get('kickoff_at')),
    gameDate: String(get('game_date')),
    homeTeam: String(get('home_team')),
    awayTeam: String(get('away_team')),
    status: get('status') as EventStatus,
    homeScore: numberOrNull(get('home_score')),
    awayScore: numberOrNull(get('away_score')),
  };
}

/** An entry from a raw row selected as ENTRY_COLUMNS and EVENT_COLUMNS. */
export function toEntry(row: Record<string, unknown>): EntryRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    eventId: Number(row.event_id),
    sport: String(row.sport),
    season: Number(row.season),
    week: numberOrNull(row.week),
    betMode: Number(row.bet_mode),
    betKind: Number(row.bet_kind),
    betType: Number(row.bet_type),
    betTeam: (row.bet_team as string | null) ?? null,
    line: numberOrNull(row.line),
    price: numberOrNull(row.price),
    stakeCents: numberOrNull(row.stake_cents),
    book: (row.book as string | null) ?? null,
    teaserPoints: numberOrNull(row.teaser_points),
    multiplier: Number(row.multiplier),
    isSimulated: Boolean(row.is_simulated),
    source: row.source as Source,
    recordedAfterStart: Boolean(row.recorded_after_start),
    idempotencyKey: String(row.idempotency_key),
    requestHash: (row.request_hash as string | null) ?? null,
    status: Number(row.status),
    outcome: (row.outcome as Outcome | null) ?? null,
    reward: numberOrNull(row.reward),
    closingLine: numberOrNull(row.closing_line),
    closingPrice: numberOrNull(row.closing_price),
    clv: numberOrNull(row.clv),
    gradedAt: dateOrNull(row.graded_at),
    createdAt: dateOrNull(row.created_at)!,
    updatedAt: dateOrNull(row.updated_at)!,
    event: toEvent(row, 'e_'),
  };
}
