import type { DbExecutor } from '@pass/db';
import {
  BetKind,
  BetMode,
  BetType,
  gradeEntry,
  gradeParlay,
  GradingError,
  isSameGameParlay,
  outcomeOf,
  moneylineClv,
  OddsError,
  spreadClv,
  Status,
  totalClv,
  type BetKindValue,
  type BetModeValue,
  type BetTypeValue,
  type EventResult,
  type GradableEntry,
} from '@pass/domain';
import { recordClosesOfEvents } from '../pools/closing.service.js';
import { bumpPoolsOfEvents } from '../pools/standings.service.js';
import { linesOfRecordByIds } from '../sports/sports.service.js';
import { listEvents } from './events.repository.js';
import * as repository from './grading.repository.js';
import type { ClosingQuote, GradableRow, GradeWrite } from './grading.repository.js';
import type { LedgerEvent } from './ledger-event.js';
import { bumpLedgerVersions } from './ledger-versions.repository.js';
import * as parlayRepository from './parlays.repository.js';
import type { ParlayGradeWrite, ParlayWithLegs } from './parlays.repository.js';

/**
 * Grading of the ledger (DESIGN.md section 6): every entry of an event whose status is final, cancelled or
 * postponed gets its outcome and reward (domain `gradeEntry`), status completed and graded_at; every entry
 * of an event that has started gets its closing line and CLV. Grading again (a corrected score, a late
 * closing line) rewrites only the entries whose grade changed. An event taken back to scheduled or in
 * progress returns its entries to open or pending. The members whose entries changed get their ledger
 * version raised by one statement after the last write, in the caller's transaction.
 */

/** Events per batch: one query reads all their entries, one reads their closing quotes. */
const EVENT_BATCH = 500;

const isAgainst = (mode: number) => mode === BetMode.pick_against || mode === BetMode.bet_against;

export function kickoffOf(event: Pick<LedgerEvent, 'kickoffAt' | 'gameDate'>): Date {
  return event.kickoffAt ?? new Date(`${event.gameDate}T12:00:00Z`);
}

/** Started: past kickoff, or no longer scheduled (in progress, final, postponed, cancelled). */
export function hasStarted(event: LedgerEvent, now: Date): boolean {
  return event.status !== 'scheduled' || kickoffOf(event).getTime() <= now.getTime();
}

export function gradableOf(row: {
  betMode: number;
  betKind: number;
  betType: number;
  betTeam: string | null;
  line: number | null;
  price: number | null;
  stakeCents: number | null;
  teaserPoints: number | null;
  multiplier: number;
}): GradableEntry {
  const pick = row.betMode === BetMode.pick_on || row.betMode === BetMode.pick_against;
  return {
    mode: row.betMode as BetModeValue,
    kind: row.betKind as BetKindValue,
    type: row.betType as BetTypeValue,
    team: row.betTeam,
    line: row.line,
    ...(pick ? { multiplier: row.multiplier } : { price: row.price, stake: row.stakeCents }),
    ...(row.teaserPoints === null ? {} : { teaserPoints: row.teaserPoints }),
  };
}

const resultOf = (event: LedgerEvent): EventResult => ({
  status: event.status,
  homeTeam: event.homeTeam,
  awayTeam: event.awayTeam,
  homeScore: event.homeScore,
  awayScore: event.awayScore,
});

/** Closing quotes by event, market and outcome, as `closingOf` and `regrade` read them. */
export type QuoteMap = Map<string, ClosingQuote>;
const quoteKey = (eventId: number, market: string, outcome: string) => `${eventId}|${market}|${outcome}`;

/**
 * The closing line of these events for closing line value: the line of record (DESIGN.md section 6, decision
 * record 034; the source file's closing line, else the books' median before kickoff) as one closing quote per
 * market and side, keyed for `closingOf` and `regrade`. A spread's or total's price is the source's, else the
 * books' median price on that side.
 */
export async function listClosingQuoteMap(db: DbExecutor, eventIds: readonly number[]): Promise<QuoteMap> {
  const { events, lines } = await linesOfRecordByIds(db, eventIds);
  const map: QuoteMap = new Map();
  const put = (
    eventId: number,
    market: ClosingQuote['market'],
    outcome: string,
    price: number | null,
    point: number | null,
  ) => {
    if (price === null || (market !== 'h2h' && point === null)) return;
    map.set(quoteKey(eventId, market, outcome), { eventId, market, outcome, price, point });
  };
  for (const event of events) {
    const line = lines.get(event.id);
    if (!line) continue;
    const { homeSpread, total, prices } = line;
    const awaySpread = homeSpread === null ? null : -homeSpread + 0;
    // A line without a price for its side still closes the point: the standard −110 stands in, as importers do.
    const priced = (price: number | null, point: number | null) => (point === null ? null : (price ?? -110));
    put(event.id, 'spreads', event.homeTeam, priced(prices.homeSpread, homeSpread), homeSpread);
    put(event.id, 'spreads', event.awayTeam, priced(prices.awaySpread, awaySpread), awaySpread);
    put(event.id, 'totals', 'Over', priced(prices.over, total), total);
    put(event.id, 'totals', 'Under', priced(prices.under, total), total);
    put(event.id, 'h2h', event.homeTeam, line.homeMoneyline, null);
    put(event.id, 'h2h', event.awayTeam, line.awayMoneyline, null);
  }
  return map;
}

/** The closing line and CLV of an entry, from its event's closing quotes; nulls where the market has none. */
export function closingOf(
  row: Pick<GradableRow, 'eventId' | 'betMode' | 'betKind' | 'betType' | 'betTeam' | 'line' | 'price'>,
  event: LedgerEvent,
  quotes: QuoteMap,
): { closingLine: number | null; closingPrice: number | null; clv: number | null } {
  const none = { closingLine: null, closingPrice: null, clv: null };
  const quote = (market: string, outcome: string) => quotes.get(quoteKey(event.id, market, outcome));
  const against = isAgainst(row.betMode);
  const round = (value: number) => Math.round(value * 10_000) / 10_000 + 0;
  if (row.betKind === BetKind.totals) {
    const over = quote('totals', 'Over');
    const under = quote('totals', 'Under');
    const closingLine = over?.point ?? under?.point ?? null;
    if (closingLine === null) return none;
    const named = row.betType === BetType.under ? 'under' : 'over';
    const held = against ? (named === 'over' ? 'under' : 'over') : named;
    const closingPrice = (held === 'over' ? over : under)?.price ?? null;
    const clv = row.line === null ? null : round(totalClv(held, row.line, closingLine));
    return { closingLine, closingPrice, clv };
  }
  const team = row.betTeam;
  if (team === null || (team !== event.homeTeam && team !== event.awayTeam)) return none;
  const opponent = team === event.homeTeam ? event.awayTeam : event.homeTeam;
  const heldTeam = against ? opponent : team;
  if (row.betKind === BetKind.spread) {
    const own = quote('spreads', team);
    const other = quote('spreads', opponent);
    const closingLine = own?.point ?? (other?.point === null || other?.point === undefined ? null : -other.point + 0);
    if (closingLine === null) return none;
    const closingPrice = quote('spreads', heldTeam)?.price ?? null;
    // Both lines are from the named team's side; a fade holds the other side, so its value is the opposite.
    const clv = row.line === null ? null : round((against ? -1 : 1) * spreadClv(row.line, closingLine));
    return { closingLine, closingPrice, clv };
  }
  const closingPrice = quote('h2h', heldTeam)?.price ?? null;
  if (closingPrice === null) return none;
  const clv = row.price === null ? null : round(moneylineClv(row.price, closingPrice));
  return { closingLine: null, closingPrice, clv };
}

const sameReal = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(Math.fround(a) - Math.fround(b)) < 1e-6;

/**
 * When an entry is graded: now, but never before the entry was stored. A real bet recorded after its game
 * is graded in the request that stores it, and `created_at` comes from the database's clock, which is read
 * after the ledger's and may run ahead of it (a fixed clock in tests, another host in production).
 */
export function gradingTime(now: Date, createdAt: Date | null): Date {
  return createdAt !== null && createdAt.getTime() > now.getTime() ? createdAt : now;
}

/** What an entry's row should hold now; undefined when it already does. */
export function regrade(row: GradableRow, event: LedgerEvent, quotes: QuoteMap, now: Date): GradeWrite | undefined {
  if (row.status === Status.canceled || row.status === Status.deleted) return undefined;
  const started = hasStarted(event, now);
  const closing = started ? closingOf(row, event, quotes) : { closingLine: null, closingPrice: null, clv: null };
  // An entry logged after its game started was taken with the game under way: beating the close says nothing of
  // the member's eye for a line, so it has no closing line value and stays out of the averages.
  if (row.recordedAfterStart === true) closing.clv = null;
  let next: Omit<GradeWrite, 'id' | 'closingLine' | 'closingPrice' | 'clv'>;
  const scoresMissing = event.status === 'final' && (event.homeScore === null || event.awayScore === null);
  try {
    // A final without both scores is not decided yet: grading it would be grading a guess.
    const result = resultOf(event);
    const grade = gradeEntry(gradableOf(row), scoresMissing ? { ...result, status: 'in_progress' } : result);
    if (grade) {
      const unchanged = row.status === Status.completed && row.outcome === grade.outcome && row.reward === grade.reward;
      // A grade stamped before its entry (as one could be before decision 018) is stamped again.
      const stamped = row.gradedAt !== null && row.gradedAt.getTime() >= (row.createdAt?.getTime() ?? 0);
      next = {
        status: Status.completed,
        outcome: grade.outcome,
        reward: grade.reward,
        gradedAt: unchanged && stamped ? row.gradedAt : gradingTime(now, row.createdAt),
      };
    } else {
      next = { status: started ? Status.pending : Status.open, outcome: null, reward: null, gradedAt: null };
    }
  } catch (error) {
    if (!(error instanceof GradingError) && !(error instanceof OddsError)) throw error;
    // An entry that cannot be graded as written (its team left the event after a correction): rejected.
    next = { status: Status.rejected, outcome: null, reward: null, gradedAt: null };
  }
  const write: GradeWrite = { id: row.id, ...next, ...closing };
  const same =
    row.status === write.status &&
    row.outcome === write.outcome &&
    row.reward === write.reward &&
    sameReal(row.closingLine, write.closingLine) &&
    row.closingPrice === write.closingPrice &&
    sameReal(row.clv, write.clv) &&
    (row.gradedAt?.getTime() ?? null) === (write.gradedAt?.getTime() ?? null);
  return same ? undefined : write;
}

/** Writes the grades that changed; adds the members whose entries changed to `members`. */
async function gradeRows(
  db: DbExecutor,
  entries: readonly GradableRow[],
  events: ReadonlyMap<number, LedgerEvent>,
  now: Date,
  members: Set<number>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const started = [...events.values()].filter((event) => hasStarted(event, now)).map((event) => event.id);
  const withEntries = new Set(entries.map((entry) => entry.eventId));
  const quotes = await listClosingQuoteMap(
    db,
    started.filter((id) => withEntries.has(id)),
  );
  const writes: GradeWrite[] = [];
  for (const entry of entries) {
    const event = events.get(entry.eventId);
    if (!event) continue;
    const write = regrade(entry, event, quotes, now);
    if (write) {
      writes.push(write);
      members.add(entry.userId);
    }
  }
  await repository.writeGrades(db, writes, now);
  return writes.length;
}

/**
 * Grades every entry of these events (see above). One query reads the entries of each batch of 500 events,
 * one their closing quotes, and the changes go back 5,000 rows a statement. Returns the entries changed.
 */
export async function gradeEvents(db: DbExecutor, eventIds: readonly number[], now: Date): Promise<number> {
  const unique = [...new Set(eventIds)];
  // Pool standings are derived from these results too: their pools' cached standings are no longer current.
  await bumpPoolsOfEvents(db, unique, now);
  // Their slate games that have locked keep their closing spread, whether or not anyone looked at them.
  await recordClosesOfEvents(db, unique);
  const members = new Set<number>();
  let changed = 0;
  for (let index = 0; index < unique.length; index += EVENT_BATCH) {
    const batch = unique.slice(index, index + EVENT_BATCH);
    for (const member of await repository.syncEntryWeeks(db, batch)) members.add(member);
    const entries = await repository.listGradableEntriesOfEvents(db, batch);
    if (entries.length === 0) continue;
    const events = await listEvents(db, [...new Set(entries.map((entry) => entry.eventId))]);
    changed += await gradeRows(db, entries, new Map(events.map((event) => [event.id, event])), now, members);
  }
  for (let index = 0; index < unique.length; index += EVENT_BATCH) {
    const parlays = await parlayRepository.listParlaysOfEvents(db, unique.slice(index, index + EVENT_BATCH));
    changed += await gradeParlays(db, parlays, now, members);
  }
  await bumpLedgerVersions(db, members);
  return changed;
}

/**
 * What a parlay's row and its legs should hold now; undefined when they already do. Each leg is graded as a
 * single bet on its game would be; the ticket by the domain's `gradeParlay`: a loss as soon as a leg loses,
 * else a grade once its last leg ends. A leg that cannot be graded as written rejects the ticket.
 */
export function regradeParlay(parlay: ParlayWithLegs, now: Date): ParlayGradeWrite | undefined {
  if (parlay.status === Status.canceled || parlay.status === Status.deleted) return undefined;
  const started =
    parlay.firstKickoffAt.getTime() <= now.getTime() || parlay.legs.some((leg) => hasStarted(leg.event, now));
  let next: Omit<ParlayGradeWrite, 'id'>;
  try {
    const legs = parlay.legs.map((leg) => {
      const event = leg.event;
      const scoresMissing = event.status === 'final' && (event.homeScore === null || event.awayScore === null);
      const result = resultOf(event);
      const outcome = outcomeOf(
        {
          mode: BetMode.bet_on,
          kind: leg.betKind as BetKindValue,
          type: leg.betType as BetTypeValue,
          team: leg.betTeam,
          line: leg.line,
        },
        scoresMissing ? { ...result, status: 'in_progress' } : result,
      );
      return { id: leg.id, price: leg.price, outcome };
    });
    const grade = gradeParlay({
      stakeCents: parlay.stakeCents,
      ticketPrice: parlay.ticketPrice,
      sameGame: isSameGameParlay(parlay.legs),
      legs,
    });
    const legOutcomes = legs.map(({ id, outcome }) => ({ id, outcome }));
    if (grade) {
      const unchanged =
        parlay.status === Status.completed && parlay.outcome === grade.outcome && parlay.reward === grade.reward;
      next = {
        status: Status.completed,
        outcome: grade.outcome,
        reward: grade.reward,
        gradedAt: unchanged && parlay.gradedAt !== null ? parlay.gradedAt : gradingTime(now, parlay.createdAt),
        legs: legOutcomes,
      };
    } else {
      next = {
        status: started ? Status.pending : Status.open,
        outcome: null,
        reward: null,
        gradedAt: null,
        legs: legOutcomes,
      };
    }
  } catch (error) {
    if (!(error instanceof GradingError) && !(error instanceof OddsError)) throw error;
    next = {
      status: Status.rejected,
      outcome: null,
      reward: null,
      gradedAt: null,
      legs: parlay.legs.map((leg) => ({ id: leg.id, outcome: null })),
    };
  }
  const same =
    parlay.status === next.status &&
    parlay.outcome === next.outcome &&
    parlay.reward === next.reward &&
    (parlay.gradedAt?.getTime() ?? null) === (next.gradedAt?.getTime() ?? null) &&
    parlay.legs.every((leg, index) => leg.outcome === next.legs[index]?.outcome);
  return same ? undefined : { id: parlay.id, ...next };
}

/** Writes the parlay grades that changed, 5,000 a statement; adds their members to `members`. */
async function gradeParlays(
  db: DbExecutor,
  parlays: readonly ParlayWithLegs[],
  now: Date,
  members: Set<number>,
): Promise<number> {
  const writes: ParlayGradeWrite[] = [];
  for (const parlay of parlays) {
    const write = regradeParlay(parlay, now);
    if (!write) continue;
    writes.push(write);
    members.add(parlay.userId);
  }
  await parlayRepository.writeParlayGrades(db, writes, now);
  return writes.length;
}

/** Grades one event's entries. */
export function gradeEvent(db: DbExecutor, eventId: number, now: Date): Promise<number> {
  return gradeEvents(db, [eventId], now);
}

/** Grades some entries (a real bet recorded after its game ended). */
export async function gradeEntriesById(db: DbExecutor, ids: readonly number[], now: Date): Promise<number> {
  const entries = await repository.listGradableEntries(db, ids);
  if (entries.length === 0) return 0;
  const events = await listEvents(db, [...new Set(entries.map((entry) => entry.eventId))]);
  const members = new Set<number>();
  const changed = await gradeRows(db, entries, new Map(events.map((event) => [event.id, event])), now, members);
  await bumpLedgerVersions(db, members);
  return changed;
}

/** Grades some parlays (synced tickets whose games may already have been played). */
export async function gradeParlaysById(db: DbExecutor, ids: readonly number[], now: Date): Promise<number> {
  const members = new Set<number>();
  let changed = 0;
  for (let index = 0; index < ids.length; index += EVENT_BATCH) {
    const parlays = await parlayRepository.listParlaysByIds(db, ids.slice(index, index + EVENT_BATCH));
    changed += await gradeParlays(db, parlays, now, members);
  }
  await bumpLedgerVersions(db, members);
  return changed;
}
