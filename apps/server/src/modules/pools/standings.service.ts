import type {
  HeadToHeadResponse,
  LiveStandingsResponse,
  PointsPossibleResponse,
  PoolStanding,
  PoolStandingRow,
  PoolStandingsResponse,
  WeeklyResultsResponse,
  WhatIfResponse,
} from '@pass/contracts';
import type { Database, DbExecutor } from '@pass/db';
import {
  averageClvOfWeeks,
  displayName,
  gradeSeason,
  headToHead,
  isLocked,
  lastManStandingOfWeeks,
  lastPoolWeek,
  lmsResultsOfWeeks,
  pointsStillPossible,
  standings,
  standingsOfWeeks,
  visibleSheet,
  weeklyResults,
  whatIf,
  type PoolSeason,
  type RankedRow,
  type Sport,
  type WhatIfRow,
  type WhatIfRule,
  type WeekTotals,
} from '@pass/domain';
import { AppError } from '../../errors.js';
import { addToSetOf } from '../../lib/collections.js';
import { waitingForBackground } from '../../lib/event-loop.js';
import { closingSpreadsAtLock } from './closing.service.js';
import type { CachedStats, StatsCache } from '../ledger/stats-cache.js';
import * as poolsRepository from './pools.repository.js';
import type { MemberWithName, PoolRow } from './pools.repository.js';
import { poolWeekOf, requireFound, requireMembership } from './pools.service.js';
import * as weekTotalsRepository from './week-totals.repository.js';
import type { StatesMembersAndWeeks } from './week-totals.repository.js';
import { loadSeason } from './slates.service.js';
import {
  membersAndWeekTotals,
  weekTotalsIfEndedNow,
  weekTotalsWithOpenWeeks,
  type PoolWeekTotals,
} from './week-totals.service.js';

/** For grading: the pools holding changed games have stale cached standings (their version moves on). */
export { bumpPoolsOfEvents } from './standings.repository.js';

/**
 * Standings, the weekly results grid, head-to-head, points still possible and the what-if view (DESIGN.md
 * section 6; decision record 026): the domain's functions over the stored picks and the events' results at
 * the server clock's `now`. The season standings add up each week's stored totals (decision 059); the
 * serialised standings are cached per pool (the ledger's StatsCache) at the pool's version and until the next
 * instant time alone changes them.
 */

/** A member's username (their identity) and how they are shown (`displayName`). */
interface MemberNames {
  username: string;
  name: string;
}

const shownAs = (member: { username: string; name: string | null }): MemberNames => ({
  username: member.username,
  name: displayName(member),
});

const namesOf = (members: readonly MemberWithName[]) =>
  new Map(members.map((member) => [String(member.id), shownAs(member)]));

const nameFields = (names: Map<string, MemberNames>, memberId: string): MemberNames =>
  names.get(memberId) ?? { username: '', name: '' };

const rowOf = (row: RankedRow, names: Map<string, MemberNames>): PoolStandingRow => ({
  member_id: Number(row.memberId),
  ...nameFields(names, row.memberId),
  rank: row.rank,
  points: row.points,
  wins: row.wins,
  losses: row.losses,
  pushes: row.pushes,
  tiebreaker_error: row.tiebreakerError,
});

async function seasonOf(db: DbExecutor, pool: PoolRow, now: Date) {
  const members = await poolsRepository.currentMembers(db, [pool.id]);
  const season = await loadSeason(db, pool, now, members);
  const names = namesOf(members);
  return { season, names };
}

/**
 * The standings' answer from each week's totals (week-totals.service.ts): the stored ones where current, the
 * others worked out again from just their weeks; with the stretch of time it holds for (until its weeks' next
 * lock or window end, when time alone changes their totals).
 */
async function standingsBody(
  db: Database,
  pool: PoolRow,
  now: Date,
  weeks?: StatesMembersAndWeeks,
): Promise<CachedStats> {
  // The answer does not wait for the weeks it worked out to be stored: the next read finds them.
  const [read] = await membersAndWeekTotals(db, [pool], now, { store: 'after' }, weeks);
  return answerOf(pool, read!.members, read!.totals, now);
}

/** The cache's entry of a pool's standings from its members and week totals as of `now` (nothing read). */
function answerOf(pool: PoolRow, members: readonly MemberWithName[], totals: PoolWeekTotals, now: Date): CachedStats {
  const body = Buffer.from(JSON.stringify(standingsBodyOf(pool, members, totals.weeks)));
  return { version: pool.version, body, from: now.getTime(), until: totals.until };
}

/** The standings' answer of a pool from its current members and week totals (nothing read). */
function standingsBodyOf(
  pool: PoolRow,
  members: readonly MemberWithName[],
  weeks: readonly WeekTotals[],
): PoolStandingsResponse {
  const names = namesOf(members);
  const memberIds = members.map((member) => String(member.id));
  const clv = averageClvOfWeeks(memberIds, weeks);
  const rows = standingsOfWeeks(memberIds, weeks, pool.dropWorstWeeks).map((row) => ({
    ...rowOf(row, names),
    avg_clv: clv.get(row.memberId) ?? null,
    dropped_weeks: row.droppedWeeks,
  }));
  let lms: PoolStandingsResponse['data']['last_man_standing'] = null;
  if (pool.lastManStanding) {
    const standing = lastManStandingOfWeeks(memberIds, lmsResultsOfWeeks(weeks), {
      enabled: true,
      lastWeek: lastPoolWeek(pool.sport as Sport, pool.season),
      strikes: pool.survivorStrikes,
      buyBackWeek: pool.survivorBuyBackWeek,
    });
    lms = {
      survivors: standing.survivors.map(Number),
      eliminated: [...standing.eliminatedIn].map(([memberId, week]) => ({ member_id: Number(memberId), week })),
      winners: standing.winners.map(Number),
    };
  }
  return { data: { pool: { id: pool.id, name: pool.name }, rows, last_man_standing: lms } };
}

const standingsKey = (poolId: number) => `pool:${poolId}`;

/**
 * The pool's standings as JSON bytes: from the cache when built at the pool's current version within the same
 * stretch of time (until the next lock or week end), else built and kept.
 */
export async function standingsAnswer(
  db: Database,
  cache: StatsCache,
  input: { poolId: number; userId: number; now: Date },
): Promise<Buffer> {
  // The pool's row, read with the membership, carries its version: no second read of it. When that is not the
  // version of the answer kept here, the same statement reads what the answer is worked out from.
  const found = requireFound(
    await weekTotalsRepository.findMembershipWithWeeks(db, {
      poolId: input.poolId,
      userId: input.userId,
      knownVersion: cache.versionHeld(standingsKey(input.poolId), input.now.getTime()) ?? -1,
      now: input.now,
    }),
  );
  return cachedStandings(db, cache, found.pool, input.now, found.weeks ?? undefined);
}

/**
 * The standings' bytes of a pool the caller is known to be in (its row as read, with its version): cached when
 * built at the pool's current version within the same stretch of time (until its next lock or week end), else
 * built and kept. A read after a change costs no statement to learn that its answer is to be built.
 */
async function cachedStandings(
  db: Database,
  cache: StatsCache,
  pool: PoolRow,
  now: Date,
  /** What the answer is worked out from, when the caller has read it with the pool's row. */
  weeks?: StatesMembersAndWeeks,
): Promise<Buffer> {
  const key = standingsKey(pool.id);
  const at = now.getTime();
  noteRead(cache, pool.id);
  const cached = cache.get(key, pool.version, at);
  if (cached) return cached.body;
  // A run keeping many pools' answers that has this pool still to do does it next, with others, in fewer
  // statements than this read alone would take: the read waits for that instead of doing the same work beside it.
  const kept = standingsRuns.get(cache)?.bringForward(pool.id, pool.version);
  // Meanwhile the run does not give way to this read.
  if (kept) await waitingForBackground(kept);
  // Not one transaction: each week's stored totals carry the version of their inputs, and a change committed
  // while this runs has raised the pool's version, so this answer is not served once it is read back.
  const answer = await cache.resolve(key, pool.version, () => standingsBody(db, pool, now, weeks), at);
  return answer.body;
}

/**
 * A run keeping the standings answers of many pools in batches (the room pass after a result): a read of a pool
 * it has still to do asks for it to come in the next batch.
 */
export interface StandingsRun {
  /**
   * Settles once the pool's answer is kept, or the run is over; null when the run has no such pool left to do
   * at `version` (the pool's version the read has just read) or later.
   */
  bringForward(poolId: number, version: number): Promise<void> | null;
}

/** The run under way, per standings cache: one at a time in an instance (createRoomNotices runs one at a time). */
const standingsRuns = new WeakMap<StatsCache, StandingsRun>();

/** Makes `run` the one reads of this cache ask; the returned function ends that. */
export function registerStandingsRun(cache: StatsCache, run: StandingsRun): () => void {
  standingsRuns.set(cache, run);
  return () => {
    if (standingsRuns.get(cache) === run) standingsRuns.delete(cache);
  };
}

/**
 * The pools whose standings were asked of each cache: a run keeps the answers of those only, so a pool nobody
 * reads costs no answer and no room in the cache. Forgotten all at once past MAX_POOLS_NOTED_READ.
 */
const poolsRead = new WeakMap<StatsCache, Set<number>>();
const MAX_POOLS_NOTED_READ = 50_000;

function noteRead(cache: StatsCache, poolId: number): void {
  const read = addToSetOf(poolsRead, cache, poolId);
  if (read.size > MAX_POOLS_NOTED_READ) {
    read.clear();
    read.add(poolId);
  }
}

/**
 * Keeps the standings answers of pools whose week totals the caller has just worked out (the room pass after a
 * result, decision 059), of the pools read from this cache: each pool's answer at the version it was listed at,
 * as a read of it would build it, so the reads after a Sunday's finals find their answers built. Reads nothing.
 */
export function keepStandingsAnswers(
  cache: StatsCache,
  worked: readonly { pool: PoolRow; members: readonly MemberWithName[]; totals: PoolWeekTotals }[],
  now: Date,
): void {
  const read = poolsRead.get(cache);
  for (const { pool, members, totals } of worked) {
    if (read?.has(pool.id)) cache.set(standingsKey(pool.id), answerOf(pool, members, totals, now));
  }
}

/**
 * A member's place in the pool's season standings, read from the same cached answer as the standings page
 * (never scored a second way): their rank, out of how many members, and their season points.
 */
export async function memberStanding(
  db: Database,
  cache: StatsCache,
  input: { pool: PoolRow; memberId: number; now: Date },
): Promise<PoolStanding | null> {
  const body = JSON.parse(
    (await cachedStandings(db, cache, input.pool, input.now)).toString('utf8'),
  ) as PoolStandingsResponse;
  const rows = body.data.rows;
  const row = rows.find((candidate) => candidate.member_id === input.memberId);
  return row ? { rank: row.rank, of: rows.length, points: row.points } : null;
}

/** The weekly results grid: each week's picks graded, ranked on the week, with its winners. */
export async function results(
  db: Database,
  input: { poolId: number; userId: number; now: Date },
): Promise<WeeklyResultsResponse> {
  return db.transaction(async (tx) => {
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId);
    const { season: current, names } = await seasonOf(tx, pool, input.now);
    // Members no longer in the pool keep their rows in the weeks they were in, marked removed.
    const past = await poolsRepository.pastMembers(tx, pool.id);
    for (const gone of past) names.set(String(gone.id), shownAs(gone));
    const removed = new Set(past.map((gone) => String(gone.id)));
    const season: PoolSeason = {
      ...current,
      members: [
        ...current.members,
        ...past.map((gone) => ({
          id: String(gone.id),
          joinedAt: gone.joinedAt.toISOString(),
          leftAt: gone.leftAt.toISOString(),
        })),
      ],
    };
    const viewer = String(member.id);
    return {
      data: {
        pool: { id: pool.id, name: pool.name },
        weeks: weeklyResults(season, input.now).map((week) => {
          const slate = season.weeks.find((candidate) => candidate.week === week.week)?.slate ?? [];
          const locked = new Set(slate.filter((game) => isLocked(game, input.now)).map((game) => game.id));
          return {
            week: week.week,
            complete: week.complete,
            winners: week.winners.map(Number),
            rows: week.rows.map((row) => ({
              ...rowOf(row, names),
              removed: removed.has(row.memberId),
              picks: row.picks.map((pick) => {
                // Another member's pick of a game not yet locked stays hidden.
                const hidden = row.memberId !== viewer && !locked.has(pick.gameId);
                return {
                  event_id: Number(pick.gameId),
                  team: hidden ? null : pick.team,
                  multiplier: hidden ? 1 : pick.multiplier,
                  // A confidence is revealed with its pick, at the lock.
                  confidence: hidden ? null : pick.confidence,
                  // A default pick exists only once its game has locked.
                  auto: hidden ? false : pick.auto,
                  outcome: pick.outcome,
                  points: pick.points,
                };
              }),
            })),
          };
        }),
      },
    };
  });
}

export async function compareMembers(
  db: Database,
  input: { poolId: number; userId: number; a: number; b: number; now: Date },
): Promise<HeadToHeadResponse> {
  return db.transaction(async (tx) => {
    const { pool } = await requireMembership(tx, input.poolId, input.userId);
    const { season, names } = await seasonOf(tx, pool, input.now);
    const a = String(input.a);
    const b = String(input.b);
    if (!names.has(a) || !names.has(b)) throw AppError.notFound('No such member of this pool');
    const result = headToHead(season, a, b, input.now);
    return {
      data: {
        pool: { id: pool.id, name: pool.name },
        a: { member_id: input.a, ...nameFields(names, a), weeks_won: result.aWon },
        b: { member_id: input.b, ...nameFields(names, b), weeks_won: result.bWon },
        tied: result.tied,
        weeks: result.weeks.map((week) => ({
          week: week.week,
          a_points: week.aPoints,
          b_points: week.bPoints,
          winner: week.winner,
        })),
        games: result.games.map((game) => ({
          week: game.week,
          event_id: Number(game.gameId),
          a_team: game.aTeam,
          b_team: game.bTeam,
          a_confidence: game.aConfidence,
          b_confidence: game.bConfidence,
          a_auto: game.aAuto,
          b_auto: game.bAuto,
          agree: game.agree,
        })),
        agreed: result.agreed,
        disagreed: result.disagreed,
      },
    };
  });
}

export async function pointsPossible(
  db: Database,
  input: { poolId: number; userId: number; week: number; now: Date },
): Promise<PointsPossibleResponse> {
  return db.transaction(async (tx) => {
    const { pool } = await requireMembership(tx, input.poolId, input.userId);
    if (!poolWeekOf(pool, input.week)) throw AppError.notFound('No such week in this pool');
    const { season, names } = await seasonOf(tx, pool, input.now);
    return {
      data: {
        pool: { id: pool.id, name: pool.name },
        week: input.week,
        rows: pointsStillPossible(season, input.week, input.now).map((row) => ({
          member_id: Number(row.memberId),
          ...nameFields(names, row.memberId),
          week_points: row.weekPoints,
          remaining: row.remaining,
          week_possible: row.weekPossible,
          season_points: row.seasonPoints,
          season_possible: row.seasonPossible,
        })),
      },
    };
  });
}

/** The season's standings under other rules, side by side with the real ones. */
export async function whatIfStandings(
  db: Database,
  input: { poolId: number; userId: number; rules: WhatIfRule[]; now: Date },
): Promise<WhatIfResponse> {
  const rules = [...new Set(input.rules)];
  // The standings if the games ended now alone: asked again by every open standings screen as scores move, so
  // from the stored week totals and the weeks still being played (weekTotalsIfEndedNow), not the whole season.
  if (rules.length === 1 && rules[0] === 'ended_now') return endedNowStandings(db, input);
  return db.transaction(async (tx) => {
    const { pool, member } = await requireMembership(tx, input.poolId, input.userId);
    if (rules.includes('straight') && pool.winBasis === 'straight') {
      throw AppError.badRequest('querystring.rules', 'this pool is already straight up: it has no spreads to drop');
    }
    if (rules.includes('confidence') && pool.confidence) {
      throw AppError.badRequest('querystring.rules', 'this pool already scores confidence points');
    }
    const { season, names } = await seasonOf(tx, pool, input.now);
    const replayed = rules.includes('confidence') ? await withClosingSpreads(tx, season) : season;
    // The replay ranks others' picks among those this member may see (reveal at lock).
    return whatIfAnswer(pool, rules, names, whatIf(replayed, input.now, rules, String(member.id)));
  });
}

/**
 * The season with the close of each locked slate game that has no spread of its own (a `straight` pool's,
 * which freezes none and keeps no close), worked out as an `ats` pool's is (closing.service.ts): what a
 * confidence replay ranks such games by (decision record 086). Games still open have none yet.
 */
async function withClosingSpreads(db: DbExecutor, season: PoolSeason): Promise<PoolSeason> {
  const unranked = season.weeks.flatMap((week) =>
    week.slate
      .filter((game) => game.frozenHomeSpread === null && game.closingHomeSpread == null && game.lockedAt != null)
      .map((game) => ({
        game,
        eventId: Number(game.id),
        homeTeam: game.home,
        awayTeam: game.away,
        lockedAt: new Date(game.lockedAt!),
      })),
  );
  if (unranked.length === 0) return season;
  const closes = await closingSpreadsAtLock(db, unranked);
  const byGame = new Map(unranked.map((entry) => [entry.game, closes.get(entry) ?? null]));
  return {
    ...season,
    weeks: season.weeks.map((week) => ({
      ...week,
      slate: week.slate.map((game) => (byGame.has(game) ? { ...game, closingHomeSpread: byGame.get(game)! } : game)),
    })),
  };
}

/** The what-if view for `ended_now` alone: the same rows as the domain's whatIf over the season. */
async function endedNowStandings(
  db: Database,
  input: { poolId: number; userId: number; now: Date },
): Promise<WhatIfResponse> {
  const { pool } = await requireMembership(db, input.poolId, input.userId);
  const { members, actual, endedNow } = await weekTotalsIfEndedNow(db, pool, input.now);
  const names = namesOf(members);
  const memberIds = members.map((member) => String(member.id));
  const actualRows = standingsOfWeeks(memberIds, actual, pool.dropWorstWeeks);
  const endedRows = endedNow ? standingsOfWeeks(memberIds, endedNow, pool.dropWorstWeeks) : actualRows;
  const rows = actualRows.map((row) => {
    const ended = endedRows.find((candidate) => candidate.memberId === row.memberId)!;
    return { memberId: row.memberId, actual: row, whatIf: ended, rankChange: row.rank - ended.rank };
  });
  return whatIfAnswer(pool, ['ended_now'], names, rows);
}

/**
 * What a standings screen works out "if the games ended now" from as scores move (decision 072): the totals of
 * the complete weeks and the weeks still being played with the picks the caller may see. The browser grades
 * those with the domain's standingsIfEndedNow, so a score change costs the server nothing.
 */
export async function liveStandingsBase(
  db: Database,
  input: { poolId: number; userId: number; now: Date },
): Promise<LiveStandingsResponse> {
  const { pool, member } = await requireMembership(db, input.poolId, input.userId);
  const { members, actual, open } = await weekTotalsWithOpenWeeks(db, pool, input.now);
  const viewer = String(member.id);
  return {
    data: {
      pool: { id: pool.id, name: pool.name },
      as_of: input.now.toISOString(),
      win_basis: pool.winBasis,
      confidence: pool.confidence,
      drop_worst_weeks: pool.dropWorstWeeks,
      default_picks: pool.defaultPicks,
      members: members.map((row) => ({
        member_id: row.id,
        username: row.username,
        joined_at: row.joinedAt.toISOString(),
      })),
      settled_weeks: actual
        .filter((week) => week.complete)
        .map((week) => ({
          week: week.week,
          started: week.started,
          members: week.members.map((row) => ({
            member_id: Number(row.memberId),
            points: row.points,
            wins: row.wins,
            losses: row.losses,
            pushes: row.pushes,
            tiebreaker_error: row.tiebreakerError,
            submitted_at: row.submittedAt,
            droppable: row.droppable,
          })),
        })),
      open_weeks: open.map((week) => ({
        week: week.week,
        window: week.window,
        games: week.slate.map((game) => ({
          event_id: Number(game.id),
          home_team: game.home,
          away_team: game.away,
          kickoff: game.kickoff,
          locked_at: game.lockedAt ?? null,
          status: game.status,
          home_score: game.homeScore,
          away_score: game.awayScore,
          frozen_home_spread: game.frozenHomeSpread,
          closing_home_spread: game.closingHomeSpread ?? null,
        })),
        // Reveal at lock (DESIGN.md section 6): of others' sheets only what has locked, as the week's grid shows.
        sheets: members.map((row) => {
          const id = String(row.id);
          const stored = week.sheets.find((sheet) => sheet.memberId === id) ?? { memberId: id, picks: [] };
          const sheet = visibleSheet(stored, viewer, week.slate, input.now);
          return {
            member_id: row.id,
            picks: sheet.picks.map((pick) => ({
              event_id: Number(pick.gameId),
              team: pick.team,
              play: pick.play ?? null,
              confidence: pick.confidence ?? null,
            })),
            tiebreaker: sheet.tiebreaker ?? null,
            submitted_at: sheet.submittedAt ?? null,
          };
        }),
      })),
    },
  };
}

function whatIfAnswer(
  pool: PoolRow,
  rules: WhatIfRule[],
  names: Map<string, MemberNames>,
  rows: readonly WhatIfRow[],
): WhatIfResponse {
  const strip = (ranked: RankedRow) => ({
    rank: ranked.rank,
    points: ranked.points,
    wins: ranked.wins,
    losses: ranked.losses,
    pushes: ranked.pushes,
    tiebreaker_error: ranked.tiebreakerError,
  });
  return {
    data: {
      pool: { id: pool.id, name: pool.name },
      rules,
      rows: rows.map((row) => ({
        member_id: Number(row.memberId),
        ...nameFields(names, row.memberId),
        actual: strip(row.actual),
        what_if: strip(row.whatIf),
        rank_change: row.rankChange,
      })),
    },
  };
}

/**
 * A week's results as the weekly results mail gives them (decision 042): each current member's points and
 * rank on the week, the week's winners and each member's place in the season. Null until every slate game
 * of the week is decided, and for a week never stored or without a slate.
 */
export async function weekResultsSummary(
  db: DbExecutor,
  pool: PoolRow,
  weekNumber: number,
  now: Date,
): Promise<{
  of: number;
  winners: string[];
  members: { memberId: number; weekRank: number; weekPoints: number; seasonRank: number; seasonPoints: number }[];
} | null> {
  const { season, names } = await seasonOf(db, pool, now);
  const stored = season.weeks.find((week) => week.week === weekNumber);
  if (!stored || stored.slate.length === 0) return null;
  const graded = gradeSeason(season, now);
  const week = weeklyResults(season, now).find((candidate) => candidate.week === weekNumber);
  if (!week || !week.complete) return null;
  const seasonRows = new Map(standings(season, now, undefined, graded).map((row) => [row.memberId, row]));
  return {
    of: week.rows.length,
    // The results mail names the week's winners as the pool shows them.
    winners: week.winners.map((memberId) => nameFields(names, memberId).name),
    members: week.rows.map((row) => ({
      memberId: Number(row.memberId),
      weekRank: row.rank,
      weekPoints: row.points,
      seasonRank: seasonRows.get(row.memberId)?.rank ?? row.rank,
      seasonPoints: seasonRows.get(row.memberId)?.points ?? 0,
    })),
  };
}
