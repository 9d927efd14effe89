import { createHash } from 'node:crypto';
import {
  CreateBetBody,
  type BetEntry,
  type BetListResponse,
  type ListBetsQuery,
  type UpdateBetBody,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { dollarsToCents, Status, type Sport } from '@pass/domain';
import { AppError } from '../../errors.js';
import { checkDraft, isPick, isTeaser } from './drafts.service.js';
import * as repository from './entries.repository.js';
import type { EntryRow, NewEntry, Source } from './entry-rows.js';
import { getEvent } from './events.repository.js';
import { gradeEntriesById, hasStarted } from './grading.service.js';
import { bumpLedgerVersions } from './ledger-versions.repository.js';

/**
 * A member's picks and bets: each shown as the API answers it, stored once per idempotency key, read, listed,
 * and changed or cancelled until its game starts.
 */

// ---------------------------------------------------------------------------------------------------------
// Presentation

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
/** A real column's value as answers show it: `digits` places, never -0. */
export const roundReal = (value: number | null, digits = 4) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits + 0;

/** The status as shown: an open entry whose game has started is pending. */
function shownStatus(entry: EntryRow, now: Date): number {
  return entry.status === Status.open && hasStarted(entry.event, now) ? Status.pending : entry.status;
}

export function toBetEntry(entry: EntryRow, now: Date): BetEntry {
  const { event } = entry;
  return {
    id: entry.id,
    event_id: entry.eventId,
    sport: entry.sport as Sport,
    season: entry.season,
    week: entry.week,
    yr_week: entry.week === null ? null : entry.season * 100 + entry.week,
    event: {
      home_team: event.homeTeam,
      away_team: event.awayTeam,
      kickoff: iso(event.kickoffAt),
      game_date: event.gameDate,
      status: event.status,
      event_scores: { home: event.homeScore, away: event.awayScore },
    },
    bet_mode: entry.betMode as BetEntry['bet_mode'],
    bet_kind: entry.betKind as BetEntry['bet_kind'],
    bet_type: entry.betType as BetEntry['bet_type'],
    bet_team: entry.betTeam,
    line: roundReal(entry.line, 2),
    price: entry.price,
    stake_cents: entry.stakeCents,
    book: entry.book,
    teaser_points: roundReal(entry.teaserPoints, 2),
    multiplier: entry.multiplier,
    is_simulated: entry.isSimulated,
    source: entry.source,
    recorded_after_start: entry.recordedAfterStart,
    status: shownStatus(entry, now) as BetEntry['status'],
    outcome: entry.outcome,
    reward: entry.reward,
    closing_line: roundReal(entry.closingLine, 2),
    closing_price: entry.closingPrice,
    // Logged after its game started: no closing line value, whenever it was stored.
    clv: entry.recordedAfterStart ? null : roundReal(entry.clv),
    graded_at: iso(entry.gradedAt),
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Entries

const bad = (field: string, message: string) => AppError.badRequest(`body.${field}`, message);

export interface CreateInput {
  userId: number;
  idempotencyKey: string;
  body: CreateBetBody;
  source: Source;
  now: Date;
}

/** Defaults the server applies to a missing field: a body that states them is the same request. */
const CREATE_DEFAULTS: Partial<Record<keyof CreateBetBody, unknown>> = { is_simulated: true, multiplier: 1 };
const CREATE_FIELDS = (Object.keys(CreateBetBody.shape) as (keyof CreateBetBody)[]).sort();

/**
 * What makes two requests for a new entry the same (docs/decisions/009): the endpoint (its source) and
 * every field of the parsed body, in a fixed order, with absent fields as their default or null, the team
 * upper-cased and the stake in cents. Key order, spacing, unknown keys and `"line": null` against no line
 * make no difference; any other change of value does.
 */
export function requestHash(source: Source, body: CreateBetBody): string {
  const normalised = CREATE_FIELDS.map((field) => {
    const value = body[field] ?? CREATE_DEFAULTS[field] ?? null;
    if (field === 'bet_team' && typeof value === 'string') return [field, value.toUpperCase()];
    if (field === 'stake' && typeof value === 'number') return [field, dollarsToCents(value)];
    return [field, value];
  });
  return createHash('sha256')
    .update(JSON.stringify([source, normalised]))
    .digest('hex');
}

/** The stored entry of a retried key, unless the key was first used with another request (409). */
function sameRequest(entry: EntryRow, hash: string): EntryRow {
  // Entries stored before hashes were kept have none: they answer as they always did.
  if (entry.requestHash !== null && entry.requestHash !== hash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for an entry with a different body: send a new key for a new entry',
      [{ field: 'headers.idempotency-key', message: 'was already used with a different body' }],
    );
  }
  return entry;
}

/**
 * Stores a pick or bet, once per idempotency key: the same key with the same request again returns the
 * stored entry (created false), also when two requests race (INSERT … ON CONFLICT DO NOTHING, then the
 * winner's row is read); the same key with another request is a 409 and stores nothing.
 */
export async function createEntry(
  db: Database,
  input: CreateInput,
  options: { beforeInsert?: (tx: DbExecutor, entry: NewEntry) => Promise<void> } = {},
): Promise<{ entry: BetEntry; created: boolean }> {
  const { userId, idempotencyKey, body, now } = input;
  const hash = requestHash(input.source, body);
  const existing = await repository.findByKey(db, userId, idempotencyKey);
  if (existing) return { entry: toBetEntry(sameRequest(existing, hash), now), created: false };

  const event = await getEvent(db, body.event_id);
  if (!event) throw bad('event_id', `there is no event ${body.event_id}`);
  const draft = checkDraft(
    {
      betMode: body.bet_mode,
      betKind: body.bet_kind,
      betType: body.bet_type,
      betTeam: body.bet_team ?? null,
      line: body.line ?? null,
      price: body.price ?? null,
      stakeCents: body.stake === null || body.stake === undefined ? null : dollarsToCents(body.stake),
      book: body.book ?? null,
      teaserPoints: body.teaser_points ?? null,
      multiplier: body.multiplier ?? 1,
      isSimulated: body.is_simulated ?? true,
    },
    event,
  );
  const started = hasStarted(event, now);
  // Picks and simulated bets close at kickoff; a real bet may be recorded later, and is marked as such.
  if (started && (isPick(draft.betMode) || draft.isSimulated)) {
    throw bad('event_id', 'the game has started: picks and simulated bets close at kickoff');
  }
  const values: NewEntry = {
    ...draft,
    userId,
    eventId: event.id,
    sport: event.sport,
    season: event.season,
    week: event.week,
    source: input.source,
    recordedAfterStart: started,
    idempotencyKey,
    requestHash: hash,
    status: started ? Status.pending : Status.open,
  };
  const decided = event.status === 'final' || event.status === 'cancelled' || event.status === 'postponed';
  const insert = async (tx: DbExecutor) => {
    await options.beforeInsert?.(tx, values);
    const inserted = await repository.insertEntry(tx, values, now);
    if (inserted && decided) {
      await gradeEntriesById(tx, [inserted.id], now);
      return repository.findByKey(tx, userId, idempotencyKey);
    }
    return inserted;
  };
  // A single INSERT is its own transaction; the teller's balance check and late grading need one around them.
  const inserted = options.beforeInsert || decided ? await db.transaction(insert) : await insert(db);
  if (inserted) return { entry: toBetEntry(inserted, now), created: true };
  // Another request with the same key won the race: answer with its entry.
  const winner = await repository.findByKey(db, userId, idempotencyKey);
  if (!winner) throw new AppError('CONFLICT', 'The entry for this Idempotency-Key could not be read; try again');
  return { entry: toBetEntry(sameRequest(winner, hash), now), created: false };
}

export async function getEntry(db: DbExecutor, userId: number, id: number, now: Date): Promise<BetEntry> {
  const entry = await repository.getOwnEntry(db, userId, id);
  if (!entry) throw AppError.notFound(`No entry ${id}`);
  return toBetEntry(entry, now);
}

export async function listEntries(
  db: DbExecutor,
  userId: number,
  query: ListBetsQuery,
  now: Date,
): Promise<BetListResponse> {
  const { entries, total } = await repository.listOwnEntries(db, userId, query, now);
  return {
    data: entries.map((entry) => toBetEntry(entry, now)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The entry, if it is the member's and its game has not started (else 404 or 400). */
async function changeableEntry(db: DbExecutor, userId: number, id: number, now: Date): Promise<EntryRow> {
  const entry = await repository.getOwnEntry(db, userId, id);
  if (!entry) throw AppError.notFound(`No entry ${id}`);
  if (hasStarted(entry.event, now) || entry.status !== Status.open) {
    throw AppError.badRequest('params.id', 'its game has started: the entry can no longer be changed');
  }
  return entry;
}

export async function updateEntry(
  db: Database,
  userId: number,
  id: number,
  body: UpdateBetBody,
  now: Date,
): Promise<BetEntry> {
  return db.transaction(async (tx) => {
    const entry = await changeableEntry(tx, userId, id, now);
    // A teller bet is held against the paper bankroll and a synced one mirrors the book's own record:
    // either may be cancelled, but only an entry recorded by hand is changed here.
    if (entry.source !== 'manual') {
      throw AppError.badRequest(
        'params.id',
        `was recorded by ${entry.source === 'teller' ? 'the teller' : 'sync'}: it can be cancelled, not changed`,
      );
    }
    const pick = (key: keyof UpdateBetBody) => Object.prototype.hasOwnProperty.call(body, key);
    const betType = body.bet_type ?? entry.betType;
    const draft = checkDraft(
      {
        betMode: entry.betMode,
        betKind: entry.betKind,
        betType,
        betTeam: pick('bet_team') ? (body.bet_team ?? null) : entry.betTeam,
        line: pick('line') ? (body.line ?? null) : entry.line,
        price: pick('price') ? (body.price ?? null) : entry.price,
        stakeCents: pick('stake')
          ? body.stake === null || body.stake === undefined
            ? null
            : dollarsToCents(body.stake)
          : entry.stakeCents,
        book: pick('book') ? (body.book ?? null) : entry.book,
        // Kept while the entry stays a teaser; a type that is no teaser has none.
        teaserPoints: pick('teaser_points')
          ? (body.teaser_points ?? null)
          : isTeaser(betType)
            ? entry.teaserPoints
            : null,
        multiplier: entry.multiplier,
        isSimulated: entry.isSimulated,
      },
      entry.event,
    );
    await repository.updateEntry(tx, id, draft, now);
    await bumpLedgerVersions(tx, [userId]);
    return toBetEntry((await repository.getOwnEntry(tx, userId, id))!, now);
  });
}

/** Cancels an entry before its game starts: status canceled and soft-deleted (it leaves every list). */
export async function cancelEntry(db: Database, userId: number, id: number, now: Date): Promise<BetEntry> {
  return db.transaction(async (tx) => {
    const entry = await changeableEntry(tx, userId, id, now);
    await repository.cancelEntry(tx, id, Status.canceled, now);
    await bumpLedgerVersions(tx, [userId]);
    return toBetEntry({ ...entry, status: Status.canceled, updatedAt: now }, now);
  });
}
