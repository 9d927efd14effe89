import { createHash } from 'node:crypto';
import type { SyncBet, SyncBetListResponse, SyncSlip, SyncSummaryResponse } from '@pass/contracts';
import type { Database, DbExecutor, SyncSummary } from '@pass/db';
import { BetKind, BetMode, BetType, betTypeOfLine, MAX_PARLAY_LEGS, parlayLegsProblem, Status } from '@pass/domain';
import { AppError } from '../../errors.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { BetHistory, BetHistoryFormat, RowError } from '../../providers/sportsbooks/bet-history.js';
import { gradeEntriesById, gradeParlaysById, hasStarted, kickoffOf } from '../ledger/grading.service.js';
import * as ledgerWrites from '../ledger/synced-writes.service.js';
import { checkDraft, type Draft } from '../ledger/drafts.service.js';
import type { NewEntry } from '../ledger/entry-rows.js';
import type { LedgerEvent } from '../ledger/ledger-event.js';
import type { SyncAccountRow } from './sync-accounts.repository.js';
import { FOOTBALL_AHEAD_HOURS, GameIndex, LOAD_WINDOW_HOURS, matchLeg, type LegMatch } from './sync-matching.js';
import * as repository from './sync-import.repository.js';
import type { NewSyncBet, SyncBetWithGrade } from './sync-import.repository.js';

/**
 * The sync of one linked account's bets (decision 051): the file or batch is kept as it came, each bet once by
 * the book's own id, and each new bet matched to its games and written to the ledger as a real-money entry or
 * parlay (source `sync`), graded by the ledger's own engine. A bet that cannot be matched is kept `rejected`
 * with the reason, matched again once its game is stored (sync-rematch.service.ts), or for the member to choose its
 * game, record by hand or set aside. All of it in one transaction.
 */

export type SyncImportSummary = SyncSummaryResponse['data'];

export interface SyncImportInput {
  account: SyncAccountRow;
  history: BetHistory;
  /** The file or batch as received, kept with the upload. */
  content: string;
  fileName?: string | undefined;
  batchKey?: string | undefined;
  now: Date;
  /** Given a turn between steps of matching and of settling kept bets (lib/event-loop.ts's yield by default). */
  yieldTurn?: () => Promise<void>;
}

/**
 * How often one linked account, and one member across their accounts, may sync (an export upload or a batch
 * of slips, by session or by token): enough for the bet-sync client's batches, too few for a burst to keep
 * the server busy. Counted where the server's other limits are (in Redis when REDIS_URL is set).
 */
export const SYNC_WRITE_RATE = { perAccount: 10, perMember: 20, windowMs: 60_000 } as const;

/** Counts one sync write to the account; 429 once the account or its member has had their share this minute. */
export async function limitSyncWrites(limiter: RateLimiter, account: SyncAccountRow): Promise<void> {
  const perAccount = await limiter.hit(`sync-write:account:${account.id}`, SYNC_WRITE_RATE.windowMs);
  if (perAccount.count > SYNC_WRITE_RATE.perAccount) {
    throw AppError.rateLimited(
      perAccount.retryAfterSeconds,
      `At most ${SYNC_WRITE_RATE.perAccount} syncs (uploads or batches of slips) a minute to one account; wait ${perAccount.retryAfterSeconds} s`,
    );
  }
  const perMember = await limiter.hit(`sync-write:member:${account.userId}`, SYNC_WRITE_RATE.windowMs);
  if (perMember.count > SYNC_WRITE_RATE.perMember) {
    throw AppError.rateLimited(
      perMember.retryAfterSeconds,
      `At most ${SYNC_WRITE_RATE.perMember} syncs (uploads or batches of slips) a minute across your accounts; wait ${perMember.retryAfterSeconds} s`,
    );
  }
}

/** Bets matched, or kept bets settled, between two turns of the event loop. */
const BETS_PER_TURN = 200;

const HOUR_MS = 3_600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The SHA-256 of a file's text, a megabyte at a time with the event loop's turn between (one 10 MB hash is long). */
async function sha256InTurns(text: string, yieldTurn: () => Promise<void>): Promise<string> {
  const hash = createHash('sha256');
  for (const [index, piece] of repository.textPieces(text, HASH_PIECE_CHARS).entries()) {
    if (index > 0) await yieldTurn();
    hash.update(piece);
  }
  return hash.digest('hex');
}
const HASH_PIECE_CHARS = 1024 * 1024;

/** Why a slip cannot become a ledger entry, or the entry's values; null team for a total. */
export type Placement =
  | { ok: true; kind: 'single'; entry: NewEntry; event: LedgerEvent }
  | { ok: true; kind: 'parlay'; parlay: ledgerWrites.NewParlay; legs: ledgerWrites.NewParlayLeg[] }
  | { ok: false; reason: string };

function draftOf(slip: SyncSlip, leg: SyncSlip['legs'][number], team: string | null, stakeCents: number): Draft {
  const betKind =
    leg.market === 'moneyline' ? BetKind.moneyline : leg.market === 'spread' ? BetKind.spread : BetKind.totals;
  const line = leg.market === 'moneyline' ? null : (leg.line ?? null);
  const betType =
    leg.market === 'moneyline'
      ? BetType.to_win
      : leg.market === 'total'
        ? leg.selection === 'Over'
          ? BetType.over
          : BetType.under
        : (betTypeOfLine(BetKind.spread, line) ?? (leg.price < 0 ? BetType.favored : BetType.underdog));
  return {
    betMode: BetMode.bet_on,
    betKind,
    betType,
    betTeam: team,
    line,
    price: slip.kind === 'single' ? (slip.price ?? leg.price) : leg.price,
    stakeCents,
    book: null,
    teaserPoints: null,
    multiplier: 1,
    isSimulated: slip.bonus,
  };
}

/** Checks a draft against its game with the ledger's own rules; the ledger's reason when it refuses. */
function checked(draft: Draft, event: LedgerEvent): Draft | string {
  try {
    return checkDraft(draft, event);
  } catch (error) {
    if (error instanceof AppError) return error.message.replace(/^body\./, '');
    throw error;
  }
}

/**
 * Places a slip: each leg matched among `games` (or, given one index a leg, among its own), then the ledger's checks.
 */
export function place(
  slip: SyncSlip,
  account: SyncAccountRow,
  games: GameIndex | readonly GameIndex[],
  now: Date,
): Placement {
  if (slip.kind === 'teaser') {
    return {
      ok: false,
      reason: `a ${slip.legs.length}-game teaser: the ledger holds a teaser on one game only, so record its legs by hand`,
    };
  }
  const stakeCents = slip.stake_cents;
  if (stakeCents <= 0) return { ok: false, reason: 'the bet has no stake (a bonus bet without its amount)' };
  const matches: Extract<LegMatch, { matched: true }>[] = [];
  for (const [index, leg] of slip.legs.entries()) {
    const match = matchLeg(leg, slip.placed_at, games instanceof GameIndex ? games : games[index]!);
    if (!match.matched)
      return { ok: false, reason: slip.legs.length > 1 ? `leg ${index + 1}: ${match.reason}` : match.reason };
    matches.push(match);
  }
  const idempotencyKey = `sync:${account.id}:${slip.book_bet_id}`;
  const requestHash = sha256(JSON.stringify(['sync', account.id, slip]));
  if (slip.kind === 'single') {
    const [match] = matches;
    const draft = checked(draftOf(slip, slip.legs[0]!, match!.team, stakeCents), match!.event);
    if (typeof draft === 'string') return { ok: false, reason: draft };
    const event = match!.event;
    const started = hasStarted(event, now);
    return {
      ok: true,
      kind: 'single',
      event,
      entry: {
        ...draft,
        book: account.book,
        userId: account.userId,
        eventId: event.id,
        sport: event.sport,
        season: event.season,
        week: event.week,
        source: 'sync',
        recordedAfterStart: started,
        idempotencyKey,
        requestHash,
        status: started ? Status.pending : Status.open,
      },
    };
  }
  if (slip.legs.length > MAX_PARLAY_LEGS) {
    return { ok: false, reason: `a parlay of ${slip.legs.length} legs: the ledger holds at most ${MAX_PARLAY_LEGS}` };
  }
  // Legs may be of several sports and seasons; legs on one game (a same-game parlay) need the ticket's price.
  const legs: ledgerWrites.NewParlayLeg[] = [];
  for (const [index, match] of matches.entries()) {
    const { event } = match;
    const draft = checked(draftOf(slip, slip.legs[index]!, match.team, stakeCents), event);
    if (typeof draft === 'string') return { ok: false, reason: `leg ${index + 1}: ${draft}` };
    legs.push({
      position: index,
      eventId: event.id,
      betKind: draft.betKind,
      betType: draft.betType,
      betTeam: draft.betTeam,
      line: draft.line,
      price: slip.legs[index]!.price,
    });
  }
  const problem = parlayLegsProblem(
    legs.map((leg) => ({ eventId: leg.eventId, kind: leg.betKind })),
    slip.price ?? null,
  );
  // (The count of legs is the book's: a ticket it calls a parlay is kept as one.)
  if (problem && problem.field !== 'legs') {
    const leg = 'index' in problem ? `leg ${problem.index + 1}: ` : '';
    return {
      ok: false,
      reason: `${leg}${problem.field === 'ticket_price' ? 'the ticket price ' : ''}${problem.reason}`,
    };
  }
  const kickoffs = matches.map((match) => kickoffOf(match.event).getTime());
  const firstKickoff = Math.min(...kickoffs);
  const firstEvent = matches[kickoffs.indexOf(firstKickoff)]!.event;
  const started = firstKickoff <= now.getTime() || matches.some((match) => hasStarted(match.event, now));
  return {
    ok: true,
    kind: 'parlay',
    legs,
    parlay: {
      userId: account.userId,
      sport: firstEvent.sport,
      season: firstEvent.season,
      week: firstEvent.week,
      isSimulated: slip.bonus,
      stakeCents,
      ticketPrice: slip.price ?? null,
      book: account.book,
      firstKickoffAt: new Date(firstKickoff),
      recordedAfterStart: started,
      idempotencyKey,
      requestHash,
      status: started ? Status.pending : Status.open,
    },
  };
}

/**
 * The games any leg could be on: from the earliest time named less two days to the latest plus two days, a week after
 * the bet for a football leg without the book's start.
 */
export async function loadGames(db: DbExecutor, slips: readonly SyncSlip[]): Promise<GameIndex> {
  // A loop, not Math.min(...times): spreading a large upload's times would overflow the call stack.
  let earliest = Infinity;
  let latest = -Infinity;
  const see = (at: number) => {
    earliest = Math.min(earliest, at);
    latest = Math.max(latest, at);
  };
  for (const slip of slips) {
    const placed = Date.parse(slip.placed_at);
    see(placed);
    for (const leg of slip.legs) {
      if (leg.event_start) see(Date.parse(leg.event_start));
      // Without the book's start, a football leg's game may be days after the bet.
      else if (leg.sport !== 'baseball_mlb') see(placed + FOOTBALL_AHEAD_HOURS * HOUR_MS);
    }
  }
  if (earliest === Infinity) return new GameIndex([]);
  const window = LOAD_WINDOW_HOURS * HOUR_MS;
  return new GameIndex(await repository.listGamesBetween(db, new Date(earliest - window), new Date(latest + window)));
}

const summaryResponse = (summary: SyncSummary, rowErrors: readonly RowError[]): SyncImportSummary => ({
  ...summary,
  row_errors: [...rowErrors],
});

/**
 * Syncs a file or batch for one account (see above). The same batch key again answers the first sync's summary
 * and stores nothing; the same file again keeps no second copy and, its bets being kept, adds nothing.
 */
export async function importSyncSlips(db: Database, input: SyncImportInput): Promise<SyncImportSummary> {
  const { account, history, now } = input;
  const yieldTurn = input.yieldTurn ?? yieldToEventLoop;
  return db.transaction(async (tx) => {
    if (input.batchKey !== undefined) {
      const earlier = await repository.findUploadByBatch(tx, account.id, input.batchKey);
      if (earlier) return summaryResponse(earlier.summary, earlier.rowErrors);
    }
    const digest = await sha256InTurns(input.content, yieldTurn);
    const sameFile =
      input.batchKey === undefined ? await repository.findUploadByContent(tx, account.id, digest) : undefined;
    const summary: SyncSummary = {
      rows: history.rows,
      bets: history.slips.length,
      stored: 0,
      duplicates: 0,
      matched: 0,
      rejected: 0,
    };
    const uploadId =
      sameFile?.id ??
      (await repository.insertUpload(tx, {
        accountId: account.id,
        format: history.format satisfies BetHistoryFormat,
        fileName: input.fileName ?? null,
        byteSize: Buffer.byteLength(input.content),
        sha256: digest,
        content: null,
        batchKey: input.batchKey ?? null,
        summary,
        // Written once, with the summary, at the end.
        rowErrors: [],
        createdAt: now,
      }));
    if (!sameFile) await repository.insertUploadParts(tx, uploadId, input.content, yieldTurn);

    const kept = new Map(
      (await repository.listKeptBets(tx, account.id, [...new Set(history.slips.map((slip) => slip.book_bet_id))])).map(
        (bet) => [bet.bookBetId, bet],
      ),
    );
    const fresh: SyncSlip[] = [];
    const seen = new Set<string>();
    for (const [index, slip] of history.slips.entries()) {
      // Awaited queries alone never leave PGlite's turn: many kept bets settled at once would hold the server.
      if (index % BETS_PER_TURN === BETS_PER_TURN - 1) await yieldTurn();
      const earlier = kept.get(slip.book_bet_id);
      if (earlier || seen.has(slip.book_bet_id)) {
        summary.duplicates += 1;
        const payout = slip.payout_cents ?? null;
        if (earlier && (earlier.bookResult !== slip.result || earlier.payoutCents !== payout)) {
          await repository.updateBookSettlement(
            tx,
            earlier.id,
            { bookResult: slip.result, payoutCents: payout, slip },
            now,
          );
        }
        continue;
      }
      seen.add(slip.book_bet_id);
      fresh.push(slip);
    }

    const games = await loadGames(tx, fresh);
    const placements: Placement[] = [];
    for (const [index, slip] of fresh.entries()) {
      if (index % BETS_PER_TURN === BETS_PER_TURN - 1) await yieldTurn();
      placements.push(place(slip, account, games, now));
    }
    // The ledger's writes go in bulk: the entries, then the parlays, each as if inserted one at a time.
    const singles = placements.flatMap((placement) =>
      placement.ok && placement.kind === 'single' ? [placement.entry] : [],
    );
    const tickets = placements.flatMap((placement) =>
      placement.ok && placement.kind === 'parlay' ? [{ parlay: placement.parlay, legs: placement.legs }] : [],
    );
    const entryIds = (await ledgerWrites.insertEntries(tx, singles, now)).values();
    const parlayIds = (await ledgerWrites.insertParlays(tx, tickets, now)).values();
    const rows: NewSyncBet[] = [];
    const entriesToGrade: number[] = [];
    const parlaysToGrade: number[] = [];
    for (const [index, slip] of fresh.entries()) {
      const placement = placements[index]!;
      let userBetId: number | null = null;
      let parlayId: number | null = null;
      let reason: string | null = null;
      if (!placement.ok) reason = placement.reason;
      else if (placement.kind === 'single') {
        const id = entryIds.next().value;
        if (id === undefined) reason = 'the ledger already holds this bet';
        else {
          userBetId = id;
          if (hasStarted(placement.event, now)) entriesToGrade.push(id);
        }
      } else {
        const id = parlayIds.next().value;
        if (id === undefined) reason = 'the ledger already holds this parlay';
        else {
          parlayId = id;
          parlaysToGrade.push(id);
        }
      }
      summary.stored += 1;
      if (reason === null) summary.matched += 1;
      else summary.rejected += 1;
      rows.push({
        accountId: account.id,
        userId: account.userId,
        bookBetId: slip.book_bet_id,
        uploadId,
        status: reason === null ? 'matched' : 'rejected',
        rejectReason: reason,
        slip,
        placedAt: new Date(slip.placed_at),
        stakeCents: slip.stake_cents,
        payoutCents: slip.payout_cents ?? null,
        bonus: slip.bonus,
        bookResult: slip.result,
        bookPrice: slip.price ?? (slip.kind === 'single' ? slip.legs[0]!.price : null),
        legCount: slip.legs.length,
        userBetId,
        parlayId,
        createdAt: now,
        updatedAt: now,
      });
    }
    await repository.insertSyncBets(tx, rows);
    // The ledger's engine grades what was synced after its games were played, in this same transaction.
    await gradeEntriesById(tx, entriesToGrade, now);
    await gradeParlaysById(tx, parlaysToGrade, now);
    if (parlaysToGrade.length > 0) await ledgerWrites.bumpLedgerVersions(tx, [account.userId]);
    if (!sameFile) await repository.updateUploadSummary(tx, uploadId, summary, history.rowErrors);
    await repository.recordAccountSync(tx, account.id, summary, now);
    return summaryResponse(summary, history.rowErrors);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The member's synced bets

const OUR_RESULT = { win: 'won', loss: 'lost', push: 'void', void: 'void' } as const;

/** Both the book and PA$$ have settled the bet and they differ; a cash-out is the member's choice, not a result. */
export function disagrees(bookResult: string, outcome: SyncBetWithGrade['outcome']): boolean {
  if (outcome === null || !['won', 'lost', 'void'].includes(bookResult)) return false;
  return OUR_RESULT[outcome] !== bookResult;
}

export function toSyncBet(bet: SyncBetWithGrade): SyncBet {
  const slip = bet.slip as SyncSlip;
  return {
    id: bet.id,
    account_id: bet.accountPublicId,
    book: bet.book,
    book_bet_id: bet.bookBetId,
    kind: slip.kind,
    placed_at: bet.placedAt.toISOString(),
    status: bet.dismissedAt !== null ? 'dismissed' : bet.status,
    reject_reason: bet.rejectReason,
    stake_cents: bet.stakeCents,
    payout_cents: bet.payoutCents,
    bonus: bet.bonus,
    book_price: bet.bookPrice,
    leg_count: bet.legCount,
    user_bet_id: bet.userBetId,
    parlay_id: bet.parlayId,
    book_result: bet.bookResult as SyncBet['book_result'],
    outcome: bet.outcome,
    disagrees: disagrees(bet.bookResult, bet.outcome),
    slip,
    dismissed_at: bet.dismissedAt?.toISOString() ?? null,
    created_at: bet.createdAt.toISOString(),
    updated_at: bet.updatedAt.toISOString(),
  };
}

export async function listMemberSyncBets(
  db: DbExecutor,
  userId: number,
  query: { account_id?: string | undefined; status?: SyncBet['status'] | undefined; limit: number; offset: number },
): Promise<SyncBetListResponse> {
  const { bets, total } = await repository.listSyncBets(db, userId, {
    accountPublicId: query.account_id,
    status: query.status,
    limit: query.limit,
    offset: query.offset,
  });
  return { data: bets.map(toSyncBet), total, limit: query.limit, offset: query.offset };
}

/** Sets a rejected bet aside (again: no change); a matched bet is the ledger's, cancelled there, not here. */
export async function dismissSyncBet(db: Database, userId: number, id: number, now: Date): Promise<SyncBet> {
  return db.transaction(async (tx) => {
    const bet = await repository.getOwnSyncBet(tx, userId, id);
    if (!bet) throw AppError.notFound(`No synced bet ${id}`);
    if (bet.status !== 'rejected') {
      throw AppError.badRequest('params.betId', 'is matched to a ledger entry: cancel the entry in the ledger instead');
    }
    if (bet.dismissedAt === null) await repository.dismissSyncBet(tx, id, now);
    return toSyncBet((await repository.getOwnSyncBet(tx, userId, id))!);
  });
}
