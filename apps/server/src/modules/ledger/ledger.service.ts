import { createHash } from 'node:crypto';
import {
  CreateBetBody,
  StatsResponse,
  TELLER_START_CENTS,
  type BetEntry,
  type BetListResponse,
  type BetOutcome,
  type EventResultBody,
  type EventResultResponse,
  type ListBetsQuery,
  type OutcomeResponse,
  type StatsQuery,
  type StatsSummaryRow,
  type StatsTotals,
  type TeamStats,
  type TellerBetBody,
  type TellerResponse,
  type UpdateBetBody,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  BetKind,
  BetMode,
  BetType,
  betTypeLineConflict,
  gradeEntry,
  GradingError,
  OddsError,
  Status,
  streaks,
  type GradingErrorCode,
  type Sport,
} from '@pass/domain';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { invalidateSportCache } from '../sports/sports.service.js';
import { gradableOf, gradeEntriesById, gradeEvent, hasStarted } from './grading.service.js';
import * as repository from './ledger.repository.js';
import type { CachedStats, StatsCache } from './stats-cache.js';
import type { AggregateRow, EntryRow, LedgerEvent, NewEntry, Source } from './ledger.repository.js';

export { gradeEvent, gradeEvents } from './grading.service.js';
export type { AggregateRow } from './ledger.repository.js';

// ---------------------------------------------------------------------------------------------------------
// Presentation

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const real = (value: number | null, digits = 4) =>
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
    line: real(entry.line, 2),
    price: entry.price,
    stake_cents: entry.stakeCents,
    book: entry.book,
    teaser_points: real(entry.teaserPoints, 2),
    multiplier: entry.multiplier,
    is_simulated: entry.isSimulated,
    source: entry.source,
    recorded_after_start: entry.recordedAfterStart,
    status: shownStatus(entry, now) as BetEntry['status'],
    outcome: entry.outcome,
    reward: entry.reward,
    closing_line: real(entry.closingLine, 2),
    closing_price: entry.closingPrice,
    clv: real(entry.clv),
    graded_at: iso(entry.gradedAt),
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Validation

/** The fields of an entry as validation sees them (stake already in cents). */
export interface Draft {
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
  book: string | null;
  teaserPoints: number | null;
  multiplier: number;
  isSimulated: boolean;
}

const FIELD_OF: Record<GradingErrorCode, string> = {
  unknown_mode: 'bet_mode',
  kind_type_mismatch: 'bet_type',
  team_not_in_event: 'bet_team',
  line_missing: 'line',
  bad_teaser_points: 'teaser_points',
  bad_multiplier: 'multiplier',
  price_missing: 'price',
  stake_missing: 'stake',
  scores_missing: 'event_id',
};

const isPick = (mode: number) => mode === BetMode.pick_on || mode === BetMode.pick_against;
const isTeaser = (type: number) => type === BetType.tease_dog || type === BetType.tease_fav;
const bad = (field: string, message: string) => AppError.badRequest(`body.${field}`, message);

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Checks a draft against its event and normalises it: the team as the event spells it, no team for totals,
 * no line for moneylines. The rules of grading itself (a type that fits the kind, a team in the game, a line
 * where one is needed) are the domain's: its GradingError becomes a 400 naming the field.
 */
export function checkDraft(draft: Draft, event: LedgerEvent, at = 'body'): Draft {
  const bad = (field: string, message: string) => AppError.badRequest(`${at}.${field}`, message);
  const normalised = { ...draft };
  if (isPick(draft.betMode)) {
    if (draft.price !== null) throw bad('price', 'a pick has no price (only bets do)');
    if (draft.stakeCents !== null) throw bad('stake', 'a pick has no stake (only bets do)');
    if (!draft.isSimulated) throw bad('is_simulated', 'a pick is never a real bet');
  } else {
    if (draft.price === null) throw bad('price', 'is required for a bet');
    if (draft.stakeCents === null) throw bad('stake', 'is required for a bet');
    if (draft.stakeCents <= 0) throw bad('stake', 'must be more than 0');
    if (draft.multiplier !== 1) throw bad('multiplier', 'double and triple plays are for picks, not bets');
  }
  if (draft.teaserPoints !== null && !isTeaser(draft.betType)) {
    throw bad('teaser_points', 'only goes with bet types 6 (tease_dog) and 7 (tease_fav)');
  }
  if (draft.betKind === BetKind.totals) normalised.betTeam = null;
  else if (draft.betTeam !== null) {
    const match = [event.homeTeam, event.awayTeam].find((team) => team.toLowerCase() === draft.betTeam!.toLowerCase());
    if (!match) throw bad('bet_team', `must be ${event.awayTeam} or ${event.homeTeam}`);
    normalised.betTeam = match;
  } else throw bad('bet_team', `is required for a moneyline or spread: ${event.awayTeam} or ${event.homeTeam}`);
  if (draft.betKind === BetKind.moneyline) normalised.line = null;
  // The type of a spread follows its line: "favoured" at +3.5 is a contradiction, not a guess to make.
  const conflict = betTypeLineConflict(normalised.betKind, normalised.betType, normalised.line);
  if (conflict !== null) throw bad('bet_type', conflict);
  try {
    gradeEntry(gradableOf(normalised), {
      status: 'scheduled',
      homeTeam: event.homeTeam,
      awayTeam: event.awayTeam,
      homeScore: null,
      awayScore: null,
    });
  } catch (error) {
    if (error instanceof GradingError) throw bad(FIELD_OF[error.code], error.message);
    if (error instanceof OddsError) throw bad('price', error.message);
    throw error;
  }
  return normalised;
}

// ---------------------------------------------------------------------------------------------------------
// Entries

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

  const event = await repository.getEvent(db, body.event_id);
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
    await repository.bumpLedgerVersions(tx, [userId]);
    return toBetEntry((await repository.getOwnEntry(tx, userId, id))!, now);
  });
}

/** Cancels an entry before its game starts: status canceled and soft-deleted (it leaves every list). */
export async function cancelEntry(db: Database, userId: number, id: number, now: Date): Promise<BetEntry> {
  return db.transaction(async (tx) => {
    const entry = await changeableEntry(tx, userId, id, now);
    await repository.cancelEntry(tx, id, Status.canceled, now);
    await repository.bumpLedgerVersions(tx, [userId]);
    return toBetEntry({ ...entry, status: Status.canceled, updatedAt: now }, now);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Results

/** Sets an event's result (the admin's "finish the game") and grades its entries, in one transaction. */
export async function setEventResult(
  db: Database,
  eventId: number,
  body: EventResultBody,
  now: Date,
): Promise<EventResultResponse['data']> {
  const { event, graded } = await db.transaction(async (tx) => {
    const event = await repository.setEventResult(
      tx,
      eventId,
      {
        status: body.status,
        homeScore: body.status === 'scheduled' ? null : (body.home_score ?? null),
        awayScore: body.status === 'scheduled' ? null : (body.away_score ?? null),
      },
      now,
    );
    if (!event) throw AppError.notFound(`No event ${eventId}`);
    return { event, graded: await gradeEvent(tx, eventId, now) };
  });
  invalidateSportCache(db, event.sport);
  return {
    event_id: event.id,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    graded,
  };
}

/**
 * Clears the result the admin entered on an event (it stood over every import and the demo): the game has no
 * result until the next import or demo run that observes it, and its entries are graded again meanwhile.
 * 404 for an unknown event, and for an event whose result no admin entered.
 */
export async function clearEventResult(db: Database, eventId: number, now: Date): Promise<EventResultResponse['data']> {
  const { event, graded } = await db.transaction(async (tx) => {
    const event = await repository.clearAdminResult(tx, eventId);
    if (!event) {
      const [known] = await repository.listEvents(tx, [eventId]);
      throw AppError.notFound(known ? `Event ${eventId} has no result entered by the admin` : `No event ${eventId}`);
    }
    return { event, graded: await gradeEvent(tx, eventId, now) };
  });
  invalidateSportCache(db, event.sport);
  return {
    event_id: event.id,
    status: event.status,
    event_scores: { home: event.homeScore, away: event.awayScore },
    graded,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Outcomes and statistics

/** The specification's rule: statistics need a season, with this exact message. */
export function requireStatsSeason(value: string | undefined, field: string): number {
  const season = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(season) || season < 1900 || season > 2200) {
    throw new AppError('BAD_REQUEST', 'Season must be specified for BetStats', [{ field, message: 'must be a year' }]);
  }
  return season;
}

/** Whether bet_team was the favourite: a negative spread, else a negative price on its side; null for totals. */
function favoredOf(row: repository.OutcomeRow): boolean | null {
  if (row.betKind === BetKind.totals) return null;
  if (row.betKind === BetKind.spread) return row.line === null ? null : row.line < 0;
  if (row.betType === BetType.favored) return true;
  if (row.betType === BetType.underdog) return false;
  // A price is the held side's: for an against mode that is the other team.
  const held = row.price ?? row.closingPrice;
  if (held === null) return null;
  const heldFavored = held < 0;
  return row.betMode === BetMode.pick_against || row.betMode === BetMode.bet_against ? !heldFavored : heldFavored;
}

export async function listOutcomes(
  db: DbExecutor,
  userId: number,
  sport: Sport,
  season: number,
  page: { limit: number; offset: number },
): Promise<OutcomeResponse> {
  const { rows, total } = await repository.listOutcomes(db, userId, sport, season, page);
  return {
    sport,
    season,
    total,
    data: rows.map((row): BetOutcome => ({
      event_id: row.eventId,
      event_scores: { home: row.homeScore, away: row.awayScore },
      bet_mode: row.betMode as BetOutcome['bet_mode'],
      bet_kind: row.betKind as BetOutcome['bet_kind'],
      bet_type: row.betType as BetOutcome['bet_type'],
      bet_team: row.betTeam,
      reward: row.reward,
      favored: favoredOf(row),
    })),
  };
}

/**
 * Team abbreviations in code-point order: the same as the locale's for them, and sorting a season's few
 * thousand summary rows with localeCompare took longer than the query that found them.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ratio = (value: number, of: number) => (of === 0 ? null : Math.round((value / of) * 10_000) / 10_000);

/** The totals of a group of graded entries: record, points, profit, ROI and units (the demo's replay too). */
export function totalsOf(row: AggregateRow | undefined): StatsTotals {
  if (!row) {
    return {
      entries: 0,
      wins: 0,
      losses: 0,
      pushes: 0,
      voids: 0,
      record: '0-0-0',
      picks: { count: 0, points: 0 },
      bets: { count: 0, staked_cents: 0, profit_cents: 0, roi: null, units: null },
    };
  }
  const averageStake = row.stakedBets === 0 ? 0 : row.stakedCents / row.stakedBets;
  return {
    entries: row.entries,
    wins: row.wins,
    losses: row.losses,
    pushes: row.pushes,
    voids: row.voids,
    record: `${row.wins}-${row.losses}-${row.pushes}`,
    picks: { count: row.picks, points: row.pickPoints },
    bets: {
      count: row.bets,
      staked_cents: row.stakedCents,
      profit_cents: row.profitCents,
      roi: ratio(row.profitCents, row.stakedCents),
      units: ratio(row.profitCents, averageStake),
    },
  };
}

/**
 * A member's statistics of a sport's season: the specification's summary rows (reward by team × week ×
 * mode × kind × type) and totals by team, week, mode, kind, type, book and side (favourite or underdog),
 * per-team streaks and average CLV. Only the member's own entries go in, so the answer changes exactly when
 * the member's ledger version does. The database does the counting (one GROUPING SETS query); JavaScript
 * only shapes the rows that come back.
 */
export async function getStats(db: DbExecutor, userId: number, sport: Sport, season: number): Promise<StatsResponse> {
  const aggregates = await repository.aggregateStats(db, userId, sport, season);
  const bySet = (set: AggregateRow['set']) => aggregates.filter((row) => row.set === set);
  const teamRows = bySet('team').filter((row) => row.team !== null);
  // Parlays have no kind (nor team, type or side): the kind set's row without one is their total.
  const parlayRow = bySet('kind').find((row) => row.betKind === null);
  const summaryRows = bySet('summary').filter((row) => row.betKind !== null);
  const undated = summaryRows.some((row) => row.team !== null && row.week === null);
  const datedPeriods = undated ? await repository.listTeamPeriodRewards(db, userId, sport, season) : [];
  // Each team's reward per week, picks and bets apart, from the summary rows (already aggregated).
  const weekly = new Map<string, Map<number, number>>();
  for (const row of summaryRows) {
    if (row.team === null || row.week === null || row.betMode === null) continue;
    const key = `${row.team}|${row.betMode <= 2}`;
    const weeks = weekly.get(key) ?? new Map<number, number>();
    weeks.set(row.week, (weeks.get(row.week) ?? 0) + (row.betMode <= 2 ? row.pickPoints : row.profitCents));
    weekly.set(key, weeks);
  }
  const rewardsOf = (team: string, pick: boolean) => [
    ...[...(weekly.get(`${team}|${pick}`) ?? new Map<number, number>())]
      .sort((a, b) => a[0] - b[0])
      .map(([, reward]) => reward),
    ...datedPeriods.filter((period) => period.team === team && period.pick === pick).map((period) => period.reward),
  ];
  const yrWeek = (week: number | null) => (week === null ? null : season * 100 + week);
  const all = bySet('all')[0];

  const summary = summaryRows.map((row): StatsSummaryRow => ({
    reward: row.betMode !== null && row.betMode <= 2 ? row.pickPoints : row.profitCents,
    team: row.team,
    yr_week: yrWeek(row.week),
    bet_mode: row.betMode as StatsSummaryRow['bet_mode'],
    bet_kind: row.betKind as StatsSummaryRow['bet_kind'],
    bet_type: row.betType as StatsSummaryRow['bet_type'],
    nbr: row.week,
  }));
  summary.sort(
    (a, b) =>
      (a.yr_week ?? 0) - (b.yr_week ?? 0) ||
      byCodePoint(a.team ?? '', b.team ?? '') ||
      a.bet_mode - b.bet_mode ||
      a.bet_kind - b.bet_kind ||
      a.bet_type - b.bet_type,
  );

  return {
    sport,
    season,
    data: summary,
    totals: totalsOf(all),
    by_team: teamRows
      .map((row): TeamStats => ({
        team: row.team!,
        ...totalsOf(row),
        ats: { wins: row.atsWins, losses: row.atsLosses, pushes: row.atsPushes },
        streak: { picks: streaks(rewardsOf(row.team!, true)), bets: streaks(rewardsOf(row.team!, false)) },
      }))
      .sort((a, b) => a.team.localeCompare(b.team)),
    by_week: bySet('week')
      .map((row) => ({ yr_week: yrWeek(row.week), nbr: row.week, ...totalsOf(row) }))
      .sort((a, b) => (a.nbr ?? 0) - (b.nbr ?? 0)),
    by_mode: bySet('mode')
      .map((row) => ({ bet_mode: row.betMode as StatsSummaryRow['bet_mode'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_mode - b.bet_mode),
    by_kind: bySet('kind')
      .filter((row) => row.betKind !== null)
      .map((row) => ({ bet_kind: row.betKind as StatsSummaryRow['bet_kind'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_kind - b.bet_kind),
    by_type: bySet('type')
      .filter((row) => row.betType !== null)
      .map((row) => ({ bet_type: row.betType as StatsSummaryRow['bet_type'], ...totalsOf(row) }))
      .sort((a, b) => a.bet_type - b.bet_type),
    by_book: bySet('book')
      .map((row) => ({ book: row.book, ...totalsOf(row) }))
      .sort((a, b) => (a.book ?? '').localeCompare(b.book ?? '')),
    parlays: totalsOf(parlayRow),
    by_side: bySet('side')
      .filter((row) => row.heldFavored !== null)
      .map((row) => ({ side: row.heldFavored ? ('favored' as const) : ('underdog' as const), ...totalsOf(row) }))
      .sort((a, b) => a.side.localeCompare(b.side)),
    clv: {
      spread: { count: all?.clvSpreadCount ?? 0, average: real(all?.clvSpreadAverage ?? null) },
      totals: { count: all?.clvTotalsCount ?? 0, average: real(all?.clvTotalsAverage ?? null) },
      moneyline: { count: all?.clvMoneylineCount ?? 0, average: real(all?.clvMoneylineAverage ?? null) },
    },
  };
}

/** The member's ledger version: raised with every change to their entries (see stats-cache.ts). */
export function getLedgerVersion(db: DbExecutor, userId: number): Promise<number> {
  return repository.getLedgerVersion(db, userId);
}

/**
 * Names the shape of the statistics answer, so an ETag given out before the contract changed (a deploy) is
 * not taken for the new answer at the same ledger version.
 */
const STATS_FORMAT = createHash('sha256')
  .update(JSON.stringify(z.toJSONSchema(StatsResponse)))
  .digest('base64url')
  .slice(0, 10);

/**
 * The ETag of a member's statistics at a ledger version. It names the member too: a browser that two
 * members use in turn must not revalidate one's answer as the other's.
 */
export function statsEtag(request: Omit<StatsRequest, 'version'>, version: number): string {
  const { userId, sport, season, rows } = request;
  return `"stats-${STATS_FORMAT}-${userId}-${sport}-${season}-${rows}-${version}"`;
}

export interface StatsRequest {
  userId: number;
  sport: Sport;
  season: number;
  rows: StatsQuery['rows'];
  /** The ledger version read for this request. */
  version: number;
}

/**
 * A member's statistics as the JSON bytes they are sent as, with the ledger version they were built at:
 * from the cache when it holds them at `request.version`, else built and cached. A build reads the version
 * and the entries in one repeatable-read snapshot, so the bytes are exactly those of the version they are
 * kept under, whatever another instance commits meanwhile.
 */
export function getStatsAnswer(db: Database, cache: StatsCache, request: StatsRequest): Promise<CachedStats> {
  const { userId, sport, season, rows } = request;
  return cache.resolve(`${userId}|${sport}|${season}|${rows}`, request.version, async () => {
    const { version, stats } = await db.transaction(
      async (tx) => ({
        version: await repository.getLedgerVersion(tx, userId),
        stats: await getStats(tx, userId, sport, season),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const { data, ...totals } = stats;
    // Checked against the contract once, when built, rather than on every answer.
    const value = StatsResponse.parse(rows === 'summary' ? { ...totals, data } : totals);
    return { version, body: Buffer.from(JSON.stringify(value)) };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Teller

export async function getTeller(db: DbExecutor, userId: number, now: Date): Promise<TellerResponse['data']> {
  const [totals, open, history] = await Promise.all([
    repository.tellerTotals(db, userId),
    repository.listTellerOpen(db, userId),
    repository.listTellerHistory(db, userId, TELLER_START_CENTS),
  ]);
  const balance = TELLER_START_CENTS + totals.settledCents;
  return {
    start_cents: TELLER_START_CENTS,
    balance_cents: balance,
    open_stakes_cents: totals.openStakesCents,
    available_cents: balance - totals.openStakesCents,
    open: open.map((entry) => toBetEntry(entry, now)),
    history: history.map((row) => ({
      entry_id: row.entryId,
      event_id: row.eventId,
      settled_at: row.settledAt.toISOString(),
      outcome: row.outcome,
      reward: row.reward,
      balance_cents: row.balanceCents,
    })),
  };
}

/** A simulated moneyline bet against the paper bankroll; refused when the stake exceeds what is available. */
export async function placeTellerBet(
  db: Database,
  input: { userId: number; idempotencyKey: string; body: TellerBetBody; now: Date },
): Promise<{ entry: BetEntry; created: boolean }> {
  const { body } = input;
  return createEntry(
    db,
    {
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      source: 'teller',
      now: input.now,
      body: {
        event_id: body.event_id,
        bet_mode: BetMode.bet_on,
        bet_kind: BetKind.moneyline,
        bet_type: BetType.to_win,
        bet_team: body.bet_team,
        price: body.price,
        stake: body.stake,
        book: body.book ?? null,
        is_simulated: true,
      },
    },
    {
      beforeInsert: async (tx, entry) => {
        await repository.lockUser(tx, input.userId);
        // A retry racing its first request: the insert will find the key taken and answer with that entry.
        if (await repository.findByKey(tx, input.userId, input.idempotencyKey)) return;
        const totals = await repository.tellerTotals(tx, input.userId);
        const available = TELLER_START_CENTS + totals.settledCents - totals.openStakesCents;
        if ((entry.stakeCents ?? 0) > available) {
          throw bad('stake', `is more than the ${(available / 100).toFixed(2)} dollars available`);
        }
      },
    },
  );
}
