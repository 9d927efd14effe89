import {
  gradeWeekSheet,
  poolPickClv,
  scoringRules,
  slateGameState,
  teamOutcome,
  type GradedWeek,
  type PickOutcome,
} from './grading.js';
import { memberAt } from './default-picks.js';
import { lmsGame, lmsGames, lockInstant } from './picks.js';
import { tiebreakerGame } from './slate.js';
import { lmsWeekResult, type LmsOutcome, type LmsResult } from './last-man-standing.js';
import {
  instantMs,
  type PoolMember,
  type PoolScoring,
  type PoolWeekData,
  type WeekSheet,
  type WinBasis,
} from './types.js';

/**
 * What one week adds to the season standings, member by member. Season standings are the sum of their weeks'
 * totals (standings.ts), so a server that keeps each week's totals, and works out again only the weeks a
 * change touches, answers exactly what a full recomputation would.
 */

/** One member's totals for one week. */
export interface MemberWeekTotals {
  memberId: string;
  points: number;
  wins: number;
  /** Losses and missed picks. */
  losses: number;
  pushes: number;
  /** |guess − actual total| of the week's last slate game once it is final; null before (or without it). */
  tiebreakerError: number | null;
  /** The member's own last submission of the week, if any. */
  submittedAt: string | null;
  /** The closing line value of the week's graded picks with a closing spread: their sum and count. */
  clvSum: number;
  clvCount: number;
  /** The member's Last Man Standing pick of the week and how it stands, whether or not they still survive. */
  lmsTeam: string | null;
  lmsOutcome: LmsOutcome;
  /** Eliminated by a push (the room is told "pushed" rather than "lost"). */
  lmsPushed: boolean;
  /**
   * The week may leave the member's season total in a pool that drops worst weeks: it is complete and the
   * member was in the pool at every one of its locks (`droppableWeek`).
   */
  droppable: boolean;
}

export interface WeekTotals {
  week: number;
  /** Whether any slate game is decided (final or void): the latest such week's submissions break ties. */
  started: boolean;
  /** Every slate game is decided (final or void), and there is at least one: "standings after week N". */
  complete: boolean;
  members: MemberWeekTotals[];
}

/** The outcomes of a pick whose game was played and graded (not void, missed or pending). */
const GRADED: ReadonlySet<PickOutcome> = new Set(['win', 'loss', 'push']);

/** The tiebreaker of one member's week: |guess − actual total| of the week's last slate game. */
export function tiebreakerError(week: PoolWeekData, sheet: WeekSheet | undefined, now: Date): number | null {
  return errorFrom(tiebreakerTotal(week, now), sheet);
}

/** The actual total of the week's tiebreaker game (its last slate game) once it is final; null before. */
function tiebreakerTotal(week: PoolWeekData, now: Date): number | null {
  const game = tiebreakerGame(week.slate);
  if (!game || slateGameState(game, week.window, now) !== 'final') return null;
  if (game.homeScore === null || game.awayScore === null) return null;
  return game.homeScore + game.awayScore;
}

/** A sheet's tiebreaker error against the week's actual total. No guess reads as a guess of 0 (decision record 026). */
const errorFrom = (total: number | null, sheet: WeekSheet | undefined): number | null =>
  total === null ? null : Math.abs((sheet?.tiebreaker ?? 0) - total);

/**
 * Whether a week can be one of a member's dropped weeks: every slate game is decided (at least one), and the
 * member was in the pool from its first lock to its last (a week joined part-way, or before joining, counts
 * as it scored and is never dropped).
 */
export function droppableWeek(
  week: Pick<PoolWeekData, 'slate'>,
  complete: boolean,
  member: Pick<PoolMember, 'joinedAt' | 'leftAt'> | undefined,
): boolean {
  return droppableIn(lockSpan(week), complete, member);
}

/** The instants of the week's first and last lock; null for a week without slate games. */
function lockSpan(week: Pick<PoolWeekData, 'slate'>): { first: number; last: number } | null {
  if (week.slate.length === 0) return null;
  const locks = week.slate.map((game) => lockInstant(game));
  return { first: Math.min(...locks), last: Math.max(...locks) };
}

function droppableIn(
  span: { first: number; last: number } | null,
  complete: boolean,
  member: Pick<PoolMember, 'joinedAt' | 'leftAt'> | undefined,
): boolean {
  if (!complete || !member || span === null) return false;
  return memberAt(member, span.first) && memberAt(member, span.last);
}

/** Each member's first row among `rows` (a week has one sheet, and one totals row, per member). */
export function firstByMember<Row extends { memberId: string }>(rows: readonly Row[]): Map<string, Row> {
  const firstOf = new Map<string, Row>();
  for (const row of rows) if (!firstOf.has(row.memberId)) firstOf.set(row.memberId, row);
  return firstOf;
}

/** The week's totals from its members' graded sheets (gradeWeekSheet) at `now`, on the pool's win basis. */
export function weekTotals(
  week: PoolWeekData,
  graded: readonly GradedWeek[],
  now: Date,
  pool: { members: readonly PoolMember[]; winBasis: WinBasis },
): WeekTotals {
  const games = new Map(week.slate.map((game) => [game.id, game]));
  const decided = week.slate.filter((game) => slateGameState(game, week.window, now) !== 'pending').length;
  const complete = decided > 0 && decided === week.slate.length;
  // What is the same for every member, worked out once: a full pool's week is hundreds of picks.
  const tiebreakerActual = tiebreakerTotal(week, now);
  const locks = lockSpan(week);
  const sheetOf = firstByMember(week.sheets);
  const memberOf = new Map(pool.members.map((member) => [member.id, member]));
  return {
    week: week.week,
    started: decided > 0,
    complete,
    members: graded.map((row) => {
      const sheet = sheetOf.get(row.memberId);
      let clvSum = 0;
      let clvCount = 0;
      for (const pick of row.picks) {
        const game = games.get(pick.gameId);
        if (!game || pick.team === null || !GRADED.has(pick.outcome)) continue;
        const clv = poolPickClv(game, pick.team, game.closingHomeSpread ?? null);
        if (clv === null) continue;
        clvSum += clv;
        clvCount += 1;
      }
      const poolMember = memberOf.get(row.memberId);
      const member = poolMember ?? { id: row.memberId };
      const lms = lmsWeekResult(week, member, pool.winBasis, now);
      const lmsPlayed =
        lms.outcome === 'eliminated' && lms.team !== null ? lmsGame(lmsGames(week), lms.team) : undefined;
      return {
        memberId: row.memberId,
        points: row.points,
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        tiebreakerError: errorFrom(tiebreakerActual, sheet),
        submittedAt: sheet?.submittedAt ?? null,
        clvSum,
        clvCount,
        lmsTeam: lms.team,
        lmsOutcome: lms.outcome,
        lmsPushed: lmsPlayed !== undefined && teamOutcome(lms.team!, lmsPlayed, pool.winBasis) === 'push',
        droppable: droppableIn(locks, complete, poolMember),
      };
    }),
  };
}

/**
 * One week's totals worked out from its slate and sheets under the pool's own rules (its win basis, and
 * confidence scoring where it plays it), for its current members (the unit a server stores, and what a browser
 * works out for the weeks still being played).
 */
export function weekTotalsOfMembers(
  week: PoolWeekData,
  members: readonly PoolMember[],
  scoring: PoolScoring,
  now: Date,
): WeekTotals {
  const { winBasis } = scoring;
  const rules = scoringRules(scoring);
  const sheetOf = firstByMember(week.sheets);
  const graded = members.map((member) =>
    gradeWeekSheet({
      week: week.week,
      slate: week.slate,
      window: week.window,
      sheet: sheetOf.get(member.id),
      member,
      rules,
      now,
    }),
  );
  return weekTotals(week, graded, now, { members, winBasis });
}

/**
 * The first instant after `now` at which time alone changes the week's totals: a slate game's lock (a missing
 * pick starts to count as a loss; a survivor-only game's too, for a missing Last Man Standing team) or the end of the week's window (a postponed game not played by then is
 * void). Null when neither is still to come: only a change to the week's games, sheets or members changes
 * its totals after that.
 */
export function weekTotalsChangeAt(week: PoolWeekData, now: Date): number | null {
  const at = now.getTime();
  const instants = [...lmsGames(week).map((game) => lockInstant(game)), instantMs(week.window.end)].filter(
    (instant) => instant > at,
  );
  return instants.length > 0 ? Math.min(...instants) : null;
}

/** Each week's Last Man Standing results, as lastManStandingOfWeeks reads them. */
export function lmsResultsOfWeeks(weeks: readonly WeekTotals[]): { week: number; results: LmsResult[] }[] {
  return weeks.map((week) => ({
    week: week.week,
    results: week.members.map((row) => ({ memberId: row.memberId, team: row.lmsTeam, outcome: row.lmsOutcome })),
  }));
}

/**
 * The teams a member has used in Last Man Standing before `beforeWeek`, from the weeks' totals: as
 * usedLmsTeams reads the season (a pick on a void game, or on no game of the slate, is not used; a pending
 * one is).
 */
export function usedLmsTeamsOfWeeks(weeks: readonly WeekTotals[], memberId: string, beforeWeek: number): string[] {
  return [...weeks]
    .filter((week) => week.week < beforeWeek)
    .sort((a, b) => a.week - b.week)
    .flatMap((week) => {
      const row = week.members.find((candidate) => candidate.memberId === memberId);
      return row && row.lmsTeam !== null && row.lmsOutcome !== 'carried' ? [row.lmsTeam] : [];
    });
}
