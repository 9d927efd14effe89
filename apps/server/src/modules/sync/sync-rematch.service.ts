import type {
  SyncBet,
  SyncBetCandidatesResponse,
  SyncCandidateGame,
  SyncCandidateLeg,
  SyncMatchBody,
  SyncSlip,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import { easternDateOf, easternToUtc, SPORTS, teamRegistry, type Sport } from '@pass/domain';
import { AppError } from '../../errors.js';
import { gradeEntriesById, gradeParlaysById, hasStarted } from '../ledger/grading.service.js';
import * as ledgerWrites from '../ledger/synced-writes.service.js';
import type { LedgerEvent } from '../ledger/ledger-event.js';
import { loadGames, place, toSyncBet, type Placement } from './sync-import.service.js';
import * as repository from './sync-import.repository.js';
import {
  addDays,
  doubleheaderNumbers,
  GameIndex,
  gameDay,
  matchLeg,
  matchTime,
  splitGame,
  teamOfGame,
} from './sync-matching.js';
import * as rematchRepository from './sync-rematch.repository.js';

/**
 * Synced bets that could not be matched when they arrived (decision 051), matched later: by themselves once
 * their games are stored (after each import of games and each upload), or on the games the member chooses.
 * Either way the bet is placed exactly as a sync places it (`place`: the ledger's own checks, the same
 * idempotency key), written as a real-money entry or parlay with source `sync`, graded by the ledger's engine
 * and linked, in one transaction. A bet set aside is never touched; a teaser over several games never fits.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Rejected bets read at a time. */
const PAGE = 500;
/**
 * The bets whose games are loaded together: at most this many, placed within this span (one load per chunk is most
 * of the cost: 1,374 rejected bets over a year take about 1 s on PGlite with 60-day chunks, 1.5 s with 14-day ones).
 */
const CHUNK_SIZE = 500;
const CHUNK_SPAN_MS = 60 * DAY_MS;

export interface RematchScope {
  /** Only this member's bets (after an upload); every member's by default. */
  userId?: number | undefined;
}

export interface RematchSummary {
  /** Rejected bets tried again. */
  checked: number;
  /** Of them, now matched to the ledger. */
  matched: number;
}

type Placed = Extract<Placement, { ok: true }>;

/**
 * Writes a placed bet to the ledger, grades it and links the synced bet, if the bet is still rejected and not set
 * aside (locked until the transaction ends, so a re-match and the member's choice never both place it). False
 * when it is not, or the ledger already holds the entry.
 */
async function writePlacement(tx: DbExecutor, betId: number, userId: number, placement: Placed, now: Date) {
  if (!(await rematchRepository.lockRejectedBet(tx, betId))) return false;
  let userBetId: number | null = null;
  let parlayId: number | null = null;
  if (placement.kind === 'single') {
    const inserted = await ledgerWrites.insertEntry(tx, placement.entry, now);
    if (!inserted) return false;
    userBetId = inserted.id;
    // The ledger's engine grades a bet whose game has started (a final regrades at once), as a sync does.
    if (hasStarted(placement.event, now)) await gradeEntriesById(tx, [inserted.id], now);
  } else {
    const id = await ledgerWrites.insertParlay(tx, placement.parlay, placement.legs, now);
    if (id === undefined) return false;
    parlayId = id;
    await gradeParlaysById(tx, [id], now);
    await ledgerWrites.bumpLedgerVersions(tx, [userId]);
  }
  await rematchRepository.markMatched(tx, betId, { userBetId, parlayId }, now);
  return true;
}

/**
 * Why a bet that now matches is not placed by itself: the member recorded it by hand (the only way before bets could
 * be matched later), and a second entry would count the stake twice. Choosing its game places it all the same.
 */
const recordedByHandReason = (entryId: number) =>
  `your ledger already holds this bet, recorded by hand (entry ${entryId}): set this one aside, or choose its game to add it as well`;

/** Bets ordered by when they were placed, in runs whose games are loaded at once. */
function byPeriod(bets: readonly rematchRepository.RejectedBet[]): rematchRepository.RejectedBet[][] {
  const sorted = [...bets].sort((a, b) => a.bet.placedAt.getTime() - b.bet.placedAt.getTime());
  const chunks: rematchRepository.RejectedBet[][] = [];
  let current: rematchRepository.RejectedBet[] = [];
  for (const bet of sorted) {
    const first = current[0];
    if (
      first &&
      (current.length >= CHUNK_SIZE || bet.bet.placedAt.getTime() - first.bet.placedAt.getTime() > CHUNK_SPAN_MS)
    ) {
      chunks.push(current);
      current = [];
    }
    current.push(bet);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Tries every rejected bet not set aside again (one member's with `scope.userId`) against the games stored now,
 * by the rule a sync matches with. Each bet that now matches becomes its ledger entry or parlay, graded and linked,
 * in its own transaction; one that still does not keeps its status, with the new reason when the reason changed
 * (its game came, but two games fit). A single the member already recorded by hand (same game, side and stake) is not
 * placed a second time: its reason says so. Running it again changes nothing. A bet whose writing fails is left as it was
 * and the others are still tried; the first failure is thrown at the end.
 */
export async function rematchRejectedSyncBets(
  db: Database,
  now: Date,
  scope: RematchScope = {},
): Promise<RematchSummary> {
  const summary: RematchSummary = { checked: 0, matched: 0 };
  let failure: unknown;
  let afterId = 0;
  for (;;) {
    const page = await rematchRepository.listRejectedBets(db, scope, afterId, PAGE);
    if (page.length === 0) break;
    afterId = page.at(-1)!.bet.id;
    for (const chunk of byPeriod(page)) {
      const games = await loadGames(
        db,
        chunk.map(({ bet }) => bet.slip as SyncSlip),
      );
      for (const { bet, account } of chunk) {
        summary.checked += 1;
        try {
          let placement = place(bet.slip as SyncSlip, account, games, now);
          if (placement.ok && placement.kind === 'single') {
            const twin = await rematchRepository.findEntryRecordedByHand(db, placement.entry);
            if (twin) placement = { ok: false, reason: recordedByHandReason(twin.id) };
          }
          if (!placement.ok) {
            if (placement.reason !== bet.rejectReason) {
              await rematchRepository.updateRejectReason(db, bet.id, placement.reason, now);
            }
          } else if (await db.transaction((tx) => writePlacement(tx, bet.id, account.userId, placement, now))) {
            summary.matched += 1;
          }
        } catch (error) {
          // One bet's failure (its game removed by an import meanwhile) does not hold up the others; the next run
          // tries it again, and the caller hears of the first failure once all were tried.
          failure ??= error;
        }
      }
    }
    if (page.length < PAGE) break;
  }
  if (failure !== undefined) throw failure;
  return summary;
}

// ---------------------------------------------------------------------------------------------------------
// The member chooses the games

/** How long before the bet was placed its game may have started (a live bet), and how long after it. */
const CANDIDATES_BEFORE_MS = 6 * HOUR_MS;
const CANDIDATES_AFTER_MS = 7 * DAY_MS;
/** Around the start the book gave, when it gave one (the importers' window). */
const CANDIDATES_AROUND_START_MS = 36 * HOUR_MS;
/** The most games listed for one leg. */
const MAX_CANDIDATES = 200;

const teamName = (sport: string, abbr: string) => teamRegistry.get(sport as Sport, abbr)?.name ?? abbr;

/** The teams of each sport the book's game name names, as `sport|abbr`: each team a name several teams go by could be. */
function namedTeams(slip: SyncSlip, leg: SyncSlip['legs'][number]): Set<string> {
  const names = splitGame(leg.event) ?? [leg.event];
  const date = leg.event_start ?? slip.placed_at;
  const named = new Set<string>();
  for (const sport of leg.sport ? [leg.sport] : SPORTS) {
    for (const name of names) {
      const match = teamRegistry.resolveName(sport, name, { date });
      for (const team of match ? ('team' in match ? [match.team] : match.candidates) : []) {
        named.add(`${sport}|${team.abbr}`);
      }
    }
  }
  return named;
}

function pickedTeam(slip: SyncSlip, leg: SyncSlip['legs'][number], event: LedgerEvent): string | null {
  if (leg.market === 'total') return null;
  const picked = teamOfGame(event.sport as Sport, leg.selection, event, leg.event_start ?? slip.placed_at);
  return picked && 'team' in picked ? picked.team.abbr : null;
}

/**
 * The games to choose from for one leg: the stored games of the leg's sport on the Eastern date the bet was placed
 * and the next (whatever their hour: a bet placed late on the day of an early game is still on it), from 6 hours
 * before the bet was placed to 7 days after, and within 36 h of the book's start when it gave one. Ordered: the game
 * sync matched, then games between the teams the book named (every team a shared name could be), then games of one
 * of them, each group on the bet's days first, then by time. So the games of that day between those teams are always
 * offered when stored, and otherwise the day's games of either team.
 */
async function candidateGames(
  db: DbExecutor,
  slip: SyncSlip,
  leg: SyncSlip['legs'][number],
  matched: LedgerEvent | undefined,
): Promise<SyncCandidateGame[]> {
  const placed = Date.parse(slip.placed_at);
  const placedDay = easternDateOf(new Date(placed));
  const betDays = new Set([placedDay, addDays(placedDay, 1)]);
  const windows: [number, number][] = [
    [placed - CANDIDATES_BEFORE_MS, placed + CANDIDATES_AFTER_MS],
    [easternToUtc(placedDay, '00:00')!.getTime(), easternToUtc(addDays(placedDay, 2), '00:00')!.getTime()],
  ];
  if (leg.event_start) {
    const start = Date.parse(leg.event_start);
    windows.push([start - CANDIDATES_AROUND_START_MS, start + CANDIDATES_AROUND_START_MS]);
  }
  const sports: readonly string[] = leg.sport ? [leg.sport] : SPORTS;
  const found = new Map<number, LedgerEvent>();
  for (const [from, to] of windows) {
    for (const event of await repository.listGamesBetween(db, new Date(from), new Date(to))) {
      const at = matchTime(event);
      if (sports.includes(event.sport) && ((at >= from && at <= to) || betDays.has(gameDay(event)))) {
        found.set(event.id, event);
      }
    }
  }
  if (matched) found.set(matched.id, matched);
  const named = namedTeams(slip, leg);
  const anchor = leg.event_start ? Date.parse(leg.event_start) : placed;
  const namedCount = (event: LedgerEvent) =>
    Number(named.has(`${event.sport}|${event.homeTeam}`)) + Number(named.has(`${event.sport}|${event.awayTeam}`));
  const onBetDays = (event: LedgerEvent) => Number(betDays.has(gameDay(event)));
  const games = [...found.values()];
  const numbers = doubleheaderNumbers(games);
  return games
    .sort(
      (a, b) =>
        Number(b.id === matched?.id) - Number(a.id === matched?.id) ||
        namedCount(b) - namedCount(a) ||
        onBetDays(b) - onBetDays(a) ||
        Math.abs(matchTime(a) - anchor) - Math.abs(matchTime(b) - anchor) ||
        a.id - b.id,
    )
    .slice(0, MAX_CANDIDATES)
    .map((event) => ({
      event_id: event.id,
      sport: event.sport as Sport,
      season: event.season,
      week: event.week,
      kickoff_at: event.kickoffAt?.toISOString() ?? null,
      game_date: event.gameDate,
      status: event.status,
      home_team: event.homeTeam,
      away_team: event.awayTeam,
      home_name: teamName(event.sport, event.homeTeam),
      away_name: teamName(event.sport, event.awayTeam),
      picked_team: pickedTeam(slip, leg, event),
      names_teams: namedCount(event) > 0,
      game_number: numbers.get(event.id) ?? null,
    }));
}

/** The games to choose from for each leg of one of the member's synced bets; another member's is not found. */
export async function listSyncBetCandidates(
  db: DbExecutor,
  userId: number,
  id: number,
): Promise<SyncBetCandidatesResponse['data']> {
  const bet = await repository.getOwnSyncBet(db, userId, id);
  if (!bet) throw AppError.notFound(`No synced bet ${id}`);
  const slip = bet.slip as SyncSlip;
  if (slip.kind === 'teaser') {
    return { bet: toSyncBet(bet), placeable: false, reason: bet.rejectReason, legs: [] };
  }
  const games = await loadGames(db, [slip]);
  const legs: SyncCandidateLeg[] = [];
  for (const [position, leg] of slip.legs.entries()) {
    const match = matchLeg(leg, slip.placed_at, games);
    legs.push({
      position,
      matched_event_id: match.matched ? match.event.id : null,
      reason: match.matched ? null : match.reason,
      games: await candidateGames(db, slip, leg, match.matched ? match.event : undefined),
    });
  }
  return { bet: toSyncBet(bet), placeable: true, reason: null, legs };
}

/** The field a placement's refusal is about: "leg 2: …" is the second leg's game. */
function refusedField(reason: string): string {
  const leg = /^leg (\d+)\b/.exec(reason);
  return leg ? `body.legs.${Number(leg[1]) - 1}` : 'body.legs.0';
}

/**
 * Places one of the member's rejected bets on the games (and teams) the member chose, by the rule a sync places
 * with: the chosen game stands for the book's description of it, then the ledger's own checks apply. The bet
 * becomes its entry or parlay, graded and linked. Anything wrong is a 400 naming the field, and changes nothing.
 */
export async function matchSyncBetByHand(
  db: Database,
  userId: number,
  id: number,
  body: SyncMatchBody,
  now: Date,
): Promise<SyncBet> {
  return db.transaction(async (tx) => {
    const bet = await repository.getOwnSyncBet(tx, userId, id);
    if (!bet) throw AppError.notFound(`No synced bet ${id}`);
    if (bet.status !== 'rejected') {
      throw AppError.badRequest('params.betId', 'is matched to a ledger entry already');
    }
    if (bet.dismissedAt !== null) {
      throw AppError.badRequest('params.betId', 'is set aside: it stays out of the ledger');
    }
    const slip = bet.slip as SyncSlip;
    if (slip.kind === 'teaser') {
      throw AppError.badRequest(
        'params.betId',
        `is a ${slip.legs.length}-game teaser: the ledger holds a teaser on one game only, so record its legs by hand`,
      );
    }
    if (body.legs.length !== slip.legs.length) {
      throw AppError.badRequest(
        'body.legs',
        `must give a game for each of the bet's ${slip.legs.length} ${slip.legs.length === 1 ? 'leg' : 'legs'}`,
      );
    }
    const events = new Map(
      (await rematchRepository.listEvents(tx, [...new Set(body.legs.map((leg) => leg.event_id))])).map((event) => [
        event.id,
        event,
      ]),
    );
    const legs = body.legs.map((chosen, index): SyncSlip['legs'][number] => {
      const field = `body.legs.${index}`;
      const leg = slip.legs[index]!;
      const event = events.get(chosen.event_id);
      if (!event) throw AppError.badRequest(`${field}.event_id`, `no game ${chosen.event_id} is stored`);
      if (leg.sport && leg.sport !== event.sport) {
        throw AppError.badRequest(
          `${field}.event_id`,
          `is a game of ${event.sport}, and the book's leg is of ${leg.sport}`,
        );
      }
      const teams = `${event.awayTeam} or ${event.homeTeam}`;
      let selection = leg.selection;
      if (leg.market === 'total') {
        if (chosen.team !== undefined) throw AppError.badRequest(`${field}.team`, 'a total has no team');
      } else {
        if (chosen.team === undefined) {
          throw AppError.badRequest(`${field}.team`, `is required for a ${leg.market}: ${teams}`);
        }
        const team = [event.homeTeam, event.awayTeam].find(
          (candidate) => candidate.toLowerCase() === chosen.team!.toLowerCase(),
        );
        if (!team) throw AppError.badRequest(`${field}.team`, `must be ${teams}`);
        selection = teamName(event.sport, team);
      }
      // The game as the book would have named it exactly: its teams, its sport and its start.
      return {
        ...leg,
        sport: event.sport as Sport,
        event: `${teamName(event.sport, event.awayTeam)} @ ${teamName(event.sport, event.homeTeam)}`,
        event_start: new Date(matchTime(event)).toISOString(),
        selection,
      };
    });
    const account = await rematchRepository.getAccount(tx, bet.accountId);
    if (!account) throw AppError.notFound(`No synced bet ${id}`);
    // Each leg is matched among its chosen game alone: a parlay on both games of a doubleheader stays as chosen.
    const chosenGames = body.legs.map((chosen) => new GameIndex([events.get(chosen.event_id)!]));
    const placement = place({ ...slip, legs }, account, chosenGames, now);
    if (!placement.ok) throw AppError.badRequest(refusedField(placement.reason), placement.reason);
    if (!(await writePlacement(tx, bet.id, userId, placement, now))) {
      throw new AppError('CONFLICT', 'The ledger already holds this bet');
    }
    return toSyncBet((await repository.getOwnSyncBet(tx, userId, id))!);
  });
}
