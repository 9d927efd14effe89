import { createHash } from 'node:crypto';
import type { CreateParlayBody, ListParlaysQuery, ParlayEntry, ParlayListResponse } from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  BetMode,
  BetType,
  dollarsToCents,
  isSameGameParlay,
  parlayStandingAmericanPrice,
  parlayStandingFraction,
  profitCentsAtDecimal,
  Status,
  type Sport,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { checkDraft } from './drafts.service.js';
import { listEvents } from './events.repository.js';
import { gradeParlaysById, hasStarted, kickoffOf } from './grading.service.js';
import { bumpLedgerVersions } from './ledger-versions.repository.js';
import * as repository from './parlays.repository.js';
import type { NewParlayLeg, ParlayWithLegs } from './parlays.repository.js';

/**
 * Parlays (DESIGN.md section 6, docs/decisions/035 and 082-parlay-slip): a ticket of 2 to 10 legs, of any sports
 * and seasons, on different games or (with the ticket's price) several markets of one game; one stake, stated
 * real or simulated. Each leg is checked as a single bet on its game would be; the ticket is graded with its legs
 * by the ledger's grading (grading.service.ts). A real ticket may be recorded after its first game started.
 */

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The status as shown: an open parlay whose first leg has started is pending. */
function shownStatus(parlay: ParlayWithLegs, now: Date): number {
  if (parlay.status !== Status.open) return parlay.status;
  const started =
    parlay.firstKickoffAt.getTime() <= now.getTime() || parlay.legs.some((leg) => hasStarted(leg.event, now));
  return started ? Status.pending : Status.open;
}

export function toParlayEntry(parlay: ParlayWithLegs, now: Date): ParlayEntry {
  // The ticket as it stands: legs that pushed or were void have dropped out of its price.
  const sameGame = isSameGameParlay(parlay.legs);
  const standing = {
    ticketPrice: parlay.ticketPrice,
    sameGame,
    legs: parlay.legs.map((leg) => ({ price: leg.price, dropped: leg.outcome === 'push' || leg.outcome === 'void' })),
  };
  const decimal = parlayStandingFraction(standing);
  return {
    id: parlay.id,
    sport: parlay.sport as Sport,
    season: parlay.season,
    week: parlay.week,
    is_simulated: parlay.isSimulated,
    stake_cents: parlay.stakeCents,
    ticket_price: parlay.ticketPrice,
    same_game: sameGame,
    recorded_after_start: parlay.recordedAfterStart,
    price: parlayStandingAmericanPrice(standing),
    decimal_price: Math.round((Number(decimal.numerator) / Number(decimal.denominator)) * 10_000) / 10_000,
    payout_cents: parlay.stakeCents + profitCentsAtDecimal(parlay.stakeCents, decimal),
    book: parlay.book,
    first_kickoff: parlay.firstKickoffAt.toISOString(),
    status: shownStatus(parlay, now) as ParlayEntry['status'],
    outcome: parlay.outcome,
    reward: parlay.reward,
    legs: parlay.legs.map((leg) => ({
      event_id: leg.eventId,
      sport: leg.event.sport as Sport,
      season: leg.event.season,
      event: {
        home_team: leg.event.homeTeam,
        away_team: leg.event.awayTeam,
        kickoff: iso(leg.event.kickoffAt),
        game_date: leg.event.gameDate,
        status: leg.event.status,
        event_scores: { home: leg.event.homeScore, away: leg.event.awayScore },
      },
      bet_kind: leg.betKind as ParlayEntry['legs'][number]['bet_kind'],
      bet_type: leg.betType as ParlayEntry['legs'][number]['bet_type'],
      bet_team: leg.betTeam,
      line: leg.line === null ? null : Math.round(leg.line * 100) / 100 + 0,
      price: leg.price,
      outcome: leg.outcome,
    })),
    graded_at: iso(parlay.gradedAt),
    created_at: parlay.createdAt.toISOString(),
    updated_at: parlay.updatedAt.toISOString(),
  };
}

/**
 * What makes two requests for a new parlay the same (as for single entries, decision 009): every field of the
 * parsed body in a fixed order, absent ones as null, teams upper-cased, the stake in cents.
 */
export function parlayRequestHash(body: CreateParlayBody): string {
  const normalised = {
    legs: body.legs.map((leg) => [
      leg.event_id,
      leg.bet_kind,
      leg.bet_type,
      leg.bet_team?.toUpperCase() ?? null,
      leg.line ?? null,
      leg.price,
    ]),
    stake: dollarsToCents(body.stake),
    is_simulated: body.is_simulated,
    ticket_price: body.ticket_price ?? null,
    book: body.book ?? null,
  };
  return createHash('sha256')
    .update(JSON.stringify(['parlay', normalised]))
    .digest('hex');
}

function sameRequest(parlay: ParlayWithLegs, hash: string): ParlayWithLegs {
  if (parlay.requestHash !== hash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a parlay with a different body: send a new key for a new parlay',
      [{ field: 'headers.idempotency-key', message: 'was already used with a different body' }],
    );
  }
  return parlay;
}

const bad = (field: string, message: string) => AppError.badRequest(`body.${field}`, message);

/**
 * Stores a parlay, once per idempotency key (a retry with the same body returns the stored parlay, created
 * false; the same key with another body is a 409). Every leg must pass the rules of a single bet on its game.
 * A simulated ticket closes at its first kickoff; a real one recorded later is marked `recordedAfterStart` (it
 * was placed live, or logged late) and graded at once as far as its games allow.
 */
export async function createParlay(
  db: Database,
  input: { userId: number; idempotencyKey: string; body: CreateParlayBody; now: Date },
): Promise<{ parlay: ParlayEntry; created: boolean }> {
  const { userId, idempotencyKey, body, now } = input;
  const hash = parlayRequestHash(body);
  const existing = await repository.findParlayByKey(db, userId, idempotencyKey);
  if (existing) return { parlay: toParlayEntry(sameRequest(existing, hash), now), created: false };

  const events = new Map(
    (await listEvents(db, [...new Set(body.legs.map((leg) => leg.event_id))])).map((event) => [event.id, event]),
  );
  const stakeCents = dollarsToCents(body.stake);
  const legs: NewParlayLeg[] = [];
  let started = false;
  for (const [index, leg] of body.legs.entries()) {
    const at = `legs.${index}`;
    const event = events.get(leg.event_id);
    if (!event) throw bad(`${at}.event_id`, `there is no event ${leg.event_id}`);
    if (hasStarted(event, now)) {
      // Play money closes at kickoff, as for single bets; real money may be logged after a live bet.
      if (body.is_simulated) {
        throw bad(`${at}.event_id`, 'the game has started: simulated parlays close at their first kickoff');
      }
      started = true;
    }
    if (leg.bet_type === BetType.tease_dog || leg.bet_type === BetType.tease_fav) {
      throw bad(`${at}.bet_type`, 'teasers are not parlay legs: use 3 (underdog) or 4 (favored) for a spread');
    }
    const draft = checkDraft(
      {
        betMode: BetMode.bet_on,
        betKind: leg.bet_kind,
        betType: leg.bet_type,
        betTeam: leg.bet_team ?? null,
        line: leg.line ?? null,
        price: leg.price,
        stakeCents,
        book: null,
        teaserPoints: null,
        multiplier: 1,
        isSimulated: body.is_simulated,
      },
      event,
      `body.${at}`,
    );
    legs.push({
      position: index,
      eventId: event.id,
      betKind: draft.betKind,
      betType: draft.betType,
      betTeam: draft.betTeam,
      line: draft.line,
      price: leg.price,
    });
  }
  if (body.legs.length === 0) throw bad('legs', 'a parlay needs at least 2 legs');
  const kickoffs = body.legs.map((leg) => kickoffOf(events.get(leg.event_id)!).getTime());
  const firstKickoffAt = new Date(Math.min(...kickoffs));
  // The ticket's sport, season and week are its first game's: legs of other sports keep their own games.
  const firstEvent = events.get(body.legs[kickoffs.indexOf(firstKickoffAt.getTime())]!.event_id)!;
  const decided = [...events.values()].some(
    (event) => event.status === 'final' || event.status === 'cancelled' || event.status === 'postponed',
  );

  const id = await db.transaction(async (tx) => {
    const inserted = await repository.insertParlay(
      tx,
      {
        userId,
        sport: firstEvent.sport,
        season: firstEvent.season,
        week: firstEvent.week,
        isSimulated: body.is_simulated,
        stakeCents,
        ticketPrice: body.ticket_price ?? null,
        book: body.book ?? null,
        firstKickoffAt,
        recordedAfterStart: started,
        idempotencyKey,
        requestHash: hash,
        status: started ? Status.pending : Status.open,
      },
      legs,
      now,
    );
    if (inserted !== undefined) await bumpLedgerVersions(tx, [userId]);
    // A ticket logged once some of its games are decided is graded as far as they allow.
    if (inserted !== undefined && decided) await gradeParlaysById(tx, [inserted], now);
    return inserted;
  });
  if (id !== undefined) {
    return { parlay: toParlayEntry((await repository.getOwnParlay(db, userId, id))!, now), created: true };
  }
  // Another request with the same key won the race: answer with its parlay.
  const winner = await repository.findParlayByKey(db, userId, idempotencyKey);
  if (!winner) throw new AppError('CONFLICT', 'The parlay for this Idempotency-Key could not be read; try again');
  return { parlay: toParlayEntry(sameRequest(winner, hash), now), created: false };
}

export async function getParlay(db: DbExecutor, userId: number, id: number, now: Date): Promise<ParlayEntry> {
  const parlay = await repository.getOwnParlay(db, userId, id);
  if (!parlay) throw AppError.notFound(`No parlay ${id}`);
  return toParlayEntry(parlay, now);
}

export async function listParlays(
  db: DbExecutor,
  userId: number,
  query: ListParlaysQuery,
  now: Date,
): Promise<ParlayListResponse> {
  const { parlays, total } = await repository.listOwnParlays(db, userId, query);
  return {
    data: parlays.map((parlay) => toParlayEntry(parlay, now)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/** Cancels a parlay before its first leg's kickoff: status canceled and soft-deleted (it leaves every list). */
export async function cancelParlay(db: Database, userId: number, id: number, now: Date): Promise<ParlayEntry> {
  return db.transaction(async (tx) => {
    const parlay = await repository.getOwnParlay(tx, userId, id);
    if (!parlay) throw AppError.notFound(`No parlay ${id}`);
    if (shownStatus(parlay, now) !== Status.open) {
      throw AppError.badRequest('params.id', 'its first game has started: the parlay can no longer be cancelled');
    }
    await repository.cancelParlay(tx, id, Status.canceled, now);
    await bumpLedgerVersions(tx, [userId]);
    return toParlayEntry({ ...parlay, status: Status.canceled, updatedAt: now }, now);
  });
}
