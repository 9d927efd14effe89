import {
  gradeWeekSheet,
  scoringRules,
  slateGameState,
  type GradedPick,
  type GradedWeek,
  type ScoringRules,
} from './grading.js';
import { withDefaultPicks } from './default-picks.js';
import { isLocked, lockInstant, visibleSheet } from './picks.js';
import { byKickoff } from './slate.js';
import {
  instantMs,
  type DefaultPicks,
  type PoolMember,
  type PoolPick,
  type PoolSeason,
  type PoolWeekData,
  type SlateGame,
  type WinBasis,
} from './types.js';
import {
  droppableWeek,
  firstByMember,
  tiebreakerError,
  weekTotals,
  weekTotalsOfMembers,
  type MemberWeekTotals,
  type WeekTotals,
} from './week-totals.js';

/**
 * Standings, weekly results and winners, head-to-head, points still possible and the what-if view
 * (DESIGN.md section 6; decision record 026). All derived from the picks and the games' results at `now`;
 * season standings add up the weeks' totals (week-totals.ts), the unit a server may keep between changes.
 */

/** A member's row in a ranking (season standings or one week). */
export interface RankedRow {
  memberId: string;
  rank: number;
  points: number;
  wins: number;
  losses: number;
  pushes: number;
  /** Summed tiebreaker error over the weeks whose last game is final (one week's for a weekly row). */
  tiebreakerError: number;
  /** The submission compared last: of the latest week with a decided game (that week's for a weekly row). */
  submittedAt: string | null;
  /**
   * The weeks left out of `points` in a pool that drops each member's worst weeks, in week order (none for a
   * weekly row, and in other pools).
   */
  droppedWeeks: number[];
}

type Unranked = Omit<RankedRow, 'rank'>;

const submissionMs = (row: Unranked) =>
  row.submittedAt === null ? Number.POSITIVE_INFINITY : instantMs(row.submittedAt);

/** Points, then wins, then smaller tiebreaker error, then the earlier submission. */
function compareRows(a: Unranked, b: Unranked): number {
  return (
    b.points - a.points ||
    b.wins - a.wins ||
    a.tiebreakerError - b.tiebreakerError ||
    (submissionMs(a) === submissionMs(b) ? 0 : submissionMs(a) < submissionMs(b) ? -1 : 1)
  );
}

/** Ranks rows; rows equal on every criterion share a rank (1, 1, 3), listed by member id. */
function rank(rows: Unranked[]): RankedRow[] {
  const sorted = [...rows].sort((a, b) => compareRows(a, b) || (a.memberId < b.memberId ? -1 : 1));
  return sorted.map((row, index) => {
    let first = index;
    while (first > 0 && compareRows(sorted[first - 1]!, row) === 0) first -= 1;
    return { ...row, rank: first + 1 };
  });
}

const sheetOf = (week: PoolWeekData, memberId: string) => week.sheets.find((sheet) => sheet.memberId === memberId);
const sortedWeeks = (season: PoolSeason) => [...season.weeks].sort((a, b) => a.week - b.week);

/** Every member's every week, graded under the rules (the pool's own by default). */
/** Each stored week of the season with every member's graded sheet. */
export type GradedSeason = ReturnType<typeof gradeSeason>;

export function gradeSeason(season: PoolSeason, now: Date, rules: ScoringRules = scoringRules(season.settings)) {
  return sortedWeeks(season).map((week) => ({
    week,
    graded: season.members.map((member) =>
      gradeWeekSheet({
        week: week.week,
        slate: week.slate,
        window: week.window,
        sheet: sheetOf(week, member.id),
        member,
        rules,
        now,
      }),
    ),
  }));
}

/** Each week's totals from the season graded (gradeSeason). */
export function seasonWeekTotals(season: PoolSeason, weeks: GradedSeason, now: Date): WeekTotals[] {
  const pool = { members: season.members, winBasis: season.settings.winBasis };
  return weeks.map(({ week, graded }) => weekTotals(week, graded, now, pool));
}

/** What season standings read of a week's totals: a browser is sent only these of the weeks already played. */
export interface StandingsWeek {
  week: number;
  started: boolean;
  members: readonly (Pick<
    MemberWeekTotals,
    'memberId' | 'points' | 'wins' | 'losses' | 'pushes' | 'tiebreakerError' | 'submittedAt'
  > &
    Partial<Pick<MemberWeekTotals, 'droppable'>>)[];
}

/**
 * The weeks a member's season total leaves out: their `count` lowest-scoring droppable weeks (complete, and
 * in the pool for the whole week), the earlier week first on equal points. At least one droppable week always
 * stays in (a pool dropping one week does not read 0 for everyone after its first week).
 */
export function droppedWeeksOf(
  rows: readonly { week: number; points: number; droppable?: boolean | undefined }[],
  count: number,
): number[] {
  if (count <= 0) return [];
  const droppable = rows.filter((row) => row.droppable === true);
  return droppable
    .sort((a, b) => a.points - b.points || a.week - b.week)
    .slice(0, Math.min(count, droppable.length - 1))
    .map((row) => row.week)
    .sort((a, b) => a - b);
}

/**
 * Season standings from the weeks' totals: points (less each member's `dropWorstWeeks` worst droppable weeks),
 * then wins, then the summed tiebreaker error, then the earlier submission of the latest week with a decided
 * game. Wins and the tiebreaker count every week, dropped or not. The weeks may come in any order.
 */
export function standingsOfWeeks(
  memberIds: readonly string[],
  weeks: readonly StandingsWeek[],
  dropWorstWeeks = 0,
): RankedRow[] {
  const ordered = [...weeks].sort((a, b) => a.week - b.week);
  const latest = [...ordered].reverse().find((week) => week.started);
  const rowsOf = rowsByMember(ordered);
  const latestOf = firstByMember(latest?.members ?? []);
  return rank(
    memberIds.map((memberId) => {
      const mine = rowsOf.get(memberId) ?? [];
      const sum = (field: 'points' | 'wins' | 'losses' | 'pushes') =>
        mine.reduce((total, { row }) => total + row[field], 0);
      const droppedWeeks = droppedWeeksOf(
        mine.map(({ week, row }) => ({ week, points: row.points, droppable: row.droppable })),
        dropWorstWeeks,
      );
      const dropped = mine
        .filter(({ week }) => droppedWeeks.includes(week))
        .reduce((total, { row }) => total + row.points, 0);
      return {
        memberId,
        points: sum('points') - dropped + 0,
        droppedWeeks,
        wins: sum('wins'),
        losses: sum('losses'),
        pushes: sum('pushes'),
        tiebreakerError: mine.reduce((total, { row }) => total + (row.tiebreakerError ?? 0), 0),
        submittedAt: latestOf.get(memberId)?.submittedAt ?? null,
      };
    }),
  );
}

/**
 * Each member's rows of the weeks (in the order given), each with its week's number: one pass over the weeks,
 * where looking each member up in every week would cost members² × weeks (a pool's answer after every result).
 * The rows are referred to, not copied: a copy of each stored row cost more than the rest of the answer.
 */
function rowsByMember<Row extends { memberId: string }>(
  weeks: readonly { week: number; members: readonly Row[] }[],
): Map<string, { week: number; row: Row }[]> {
  const rowsOf = new Map<string, { week: number; row: Row }[]>();
  for (const { week, members } of weeks) {
    for (const row of members) {
      const rows = rowsOf.get(row.memberId);
      if (rows) rows.push({ week, row });
      else rowsOf.set(row.memberId, [{ week, row }]);
    }
  }
  return rowsOf;
}

/** Season standings: points, then wins, then the summed tiebreaker error, then the earlier submission. */
export function standings(
  season: PoolSeason,
  now: Date,
  rules: ScoringRules = scoringRules(season.settings),
  /** The season already graded under `rules` (gradeSeason), when the caller needs it for more than this. */
  weeks: GradedSeason = gradeSeason(season, now, rules),
): RankedRow[] {
  return standingsOfWeeks(
    season.members.map((member) => member.id),
    seasonWeekTotals(season, weeks, now),
    season.settings.dropWorstWeeks ?? 0,
  );
}

/**
 * Each member's closing line value averaged over their graded picks (won, lost or pushed) whose game has a
 * closing spread, in points from the picked side (decision records 026 and 029), from the weeks' totals; null
 * for a member without one, and for everyone in a `straight` pool, which has no frozen spreads. Rounded to 4
 * decimals, as the ledger's averages are.
 */
export function averageClvOfWeeks(
  memberIds: readonly string[],
  weeks: readonly WeekTotals[],
): Map<string, number | null> {
  const rowsOf = rowsByMember([...weeks].sort((a, b) => a.week - b.week));
  return new Map(
    memberIds.map((memberId) => {
      const mine = rowsOf.get(memberId) ?? [];
      const total = mine.reduce((sum, { row }) => sum + row.clvSum, 0);
      const count = mine.reduce((sum, { row }) => sum + row.clvCount, 0);
      return [memberId, count === 0 ? null : Math.round((total / count) * 10_000) / 10_000 + 0];
    }),
  );
}

/** Each member's average closing line value over the season (averageClvOfWeeks). */
export function averageClv(
  season: PoolSeason,
  now: Date,
  weeks: GradedSeason = gradeSeason(season, now),
): Map<string, number | null> {
  return averageClvOfWeeks(
    season.members.map((member) => member.id),
    seasonWeekTotals(season, weeks, now),
  );
}

export interface WeekResults {
  week: number;
  /** Every slate game is decided. */
  complete: boolean;
  /** Members ranked on the week alone, with their graded picks. */
  rows: (RankedRow & { picks: GradedWeek['picks'] })[];
  /**
   * The week's winners: rank 1 (several on an exact tie), named only once the week is complete (every slate
   * game final or void: cancelled, moved out of the window, or postponed past its end); none before.
   */
  winners: string[];
}

/** Points per member per week, each week ranked the way the season is, and its winners. */
export function weeklyResults(
  season: PoolSeason,
  now: Date,
  rules: ScoringRules = scoringRules(season.settings),
): WeekResults[] {
  return gradeSeason(season, now, rules).map(({ week, graded: everyone }) => {
    // A member no longer in the pool stays in the weeks under way or played while they were (so a past week
    // still adds up), and is in none after.
    const firstLock = Math.min(...week.slate.map((game) => lockInstant(game)));
    const inWeek = new Set(
      season.members
        .filter((member) => !member.leftAt || instantMs(member.leftAt) > firstLock)
        .map((member) => member.id),
    );
    const graded = everyone.filter((row) => inWeek.has(row.memberId));
    const rows = rank(
      graded.map((row) => ({
        memberId: row.memberId,
        points: row.points + 0,
        wins: row.wins,
        losses: row.losses,
        pushes: row.pushes,
        tiebreakerError: tiebreakerError(week, sheetOf(week, row.memberId), now) ?? 0,
        submittedAt: sheetOf(week, row.memberId)?.submittedAt ?? null,
        droppedWeeks: [],
      })),
    ).map((row) => ({ ...row, picks: graded.find((graded) => graded.memberId === row.memberId)!.picks }));
    // A week without members is complete when its games are; a week without games has nothing to win.
    const complete =
      week.slate.length > 0 && week.slate.every((game) => slateGameState(game, week.window, now) !== 'pending');
    return {
      week: week.week,
      complete: graded.every((row) => row.complete),
      rows,
      winners: complete ? rows.filter((row) => row.rank === 1).map((row) => row.memberId) : [],
    };
  });
}

export interface HeadToHead {
  a: string;
  b: string;
  /** Complete weeks, by points: who won each. */
  weeks: { week: number; aPoints: number; bPoints: number; winner: 'a' | 'b' | 'tie' }[];
  aWon: number;
  bWon: number;
  tied: number;
  /** The locked slate games (the ones whose picks are visible), with both members' sides. */
  games: {
    week: number;
    gameId: string;
    aTeam: string | null;
    bTeam: string | null;
    /** Each side's confidence in a confidence pool (null without a pick, and in other pools). */
    aConfidence: number | null;
    bConfidence: number | null;
    /** Each side's pick was a default pick the pool gave at the lock. */
    aAuto: boolean;
    bAuto: boolean;
    agree: boolean;
  }[];
  agreed: number;
  disagreed: number;
}

/** Two members side by side: weeks won, lost and tied on points, and where their picks agree. */
export function headToHead(
  season: PoolSeason,
  a: string,
  b: string,
  now: Date,
  rules: ScoringRules = scoringRules(season.settings),
): HeadToHead {
  const weeks: HeadToHead['weeks'] = [];
  for (const { week, graded } of gradeSeason(season, now, rules)) {
    const aWeek = graded.find((row) => row.memberId === a);
    const bWeek = graded.find((row) => row.memberId === b);
    if (!aWeek || !bWeek || !aWeek.complete || week.slate.length === 0) continue;
    const winner = aWeek.points > bWeek.points ? 'a' : aWeek.points < bWeek.points ? 'b' : 'tie';
    weeks.push({ week: week.week, aPoints: aWeek.points + 0, bPoints: bWeek.points + 0, winner });
  }
  const games: HeadToHead['games'] = [];
  for (const week of sortedWeeks(season)) {
    // Each side's sheet with the default picks the pool gave at the locks.
    const sheets = new Map(
      [a, b].map((memberId) => {
        const member = season.members.find((candidate) => candidate.id === memberId);
        const sheet = sheetOf(week, memberId);
        const effective = member
          ? withDefaultPicks({
              slate: week.slate,
              sheet,
              member,
              defaultPicks: rules.defaultPicks,
              confidence: rules.confidence,
              now,
            })
          : sheet;
        return [memberId, effective] as const;
      }),
    );
    const pickOf = (memberId: string, gameId: string) =>
      sheets.get(memberId)?.picks.find((pick) => pick.gameId === gameId);
    const confidenceOf = (memberId: string, gameId: string) =>
      rules.confidence ? (pickOf(memberId, gameId)?.confidence ?? null) : null;
    for (const game of [...week.slate].sort(byKickoff)) {
      if (!isLocked(game, now)) continue;
      const aTeam = pickOf(a, game.id)?.team ?? null;
      const bTeam = pickOf(b, game.id)?.team ?? null;
      games.push({
        week: week.week,
        gameId: game.id,
        aTeam,
        bTeam,
        aConfidence: confidenceOf(a, game.id),
        bConfidence: confidenceOf(b, game.id),
        aAuto: pickOf(a, game.id)?.auto === true,
        bAuto: pickOf(b, game.id)?.auto === true,
        agree: aTeam !== null && aTeam === bTeam,
      });
    }
  }
  const bothPicked = games.filter((game) => game.aTeam !== null && game.bTeam !== null);
  return {
    a,
    b,
    weeks,
    aWon: weeks.filter((week) => week.winner === 'a').length,
    bWon: weeks.filter((week) => week.winner === 'b').length,
    tied: weeks.filter((week) => week.winner === 'tie').length,
    games,
    agreed: bothPicked.filter((game) => game.agree).length,
    disagreed: bothPicked.filter((game) => !game.agree).length,
  };
}

export interface PointsPossible {
  memberId: string;
  /** Points scored this week so far (decided games, missed picks from their lock). */
  weekPoints: number;
  /** The most the member can still add this week: every remaining game played and won. Never negative. */
  remaining: number;
  /** weekPoints + remaining. */
  weekPossible: number;
  seasonPoints: number;
  seasonPossible: number;
}

/**
 * Points still possible this week for each member: the points scored plus every undecided game won, at its
 * pick's multiplier where the pick has locked; a game still open may be picked (or re-picked) and won, and
 * while the week's double or triple play is not locked on a game, the biggest one the pool allows may still
 * go on an open game. Assumes the remaining games are played (a void would only lower it).
 *
 * Under confidence scoring a locked pick still to be decided adds its confidence, and the open games the
 * largest confidences not held by a locked pick (with every value given, each open pick's own confidence:
 * they may still be swapped among the open games, not taken from a locked one).
 */
export function pointsStillPossible(
  season: PoolSeason,
  weekNumber: number,
  now: Date,
  rules: ScoringRules = scoringRules(season.settings),
): PointsPossible[] {
  const week = season.weeks.find((candidate) => candidate.week === weekNumber);
  const graded = gradeSeason(season, now, rules);
  const table = standings(season, now, rules, graded);
  const drops = season.settings.dropWorstWeeks ?? 0;
  const totals = drops > 0 ? seasonWeekTotals(season, graded, now) : [];
  const biggestPlay = !rules.multipliers ? 1 : season.settings.triplePlay ? 3 : season.settings.doublePlay ? 2 : 1;
  return season.members.map((member) => {
    const seasonPoints = table.find((row) => row.memberId === member.id)!.points;
    if (!week) {
      return {
        memberId: member.id,
        weekPoints: 0,
        remaining: 0,
        weekPossible: 0,
        seasonPoints,
        seasonPossible: seasonPoints,
      };
    }
    const sheet = sheetOf(week, member.id);
    const mine = gradeWeekSheet({
      week: week.week,
      slate: week.slate,
      window: week.window,
      sheet,
      member,
      rules,
      now,
    });
    const games = new Map(week.slate.map((game) => [game.id, game]));
    const open = mine.picks.filter((pick) => pick.outcome === 'pending' && !isLocked(games.get(pick.gameId)!, now));
    const lockedPending = mine.picks.filter(
      (pick) => pick.outcome === 'pending' && isLocked(games.get(pick.gameId)!, now),
    );
    const playLockedIn = mine.picks.some(
      (pick) => pick.multiplier > 1 && !open.some((openPick) => openPick.gameId === pick.gameId),
    );
    const remaining = rules.confidence
      ? lockedPending.reduce((sum, pick) => sum + (pick.confidence ?? 0), 0) +
        largestFreeConfidences(week, mine.picks, open.length, now).reduce((sum, value) => sum + value, 0)
      : lockedPending.reduce((sum, pick) => sum + rules.winPoints * pick.multiplier, 0) +
        open.length * rules.winPoints +
        (open.length > 0 && !playLockedIn ? (biggestPlay - 1) * rules.winPoints : 0);
    const weekPossible = mine.points + remaining;
    return {
      memberId: member.id,
      weekPoints: mine.points + 0,
      remaining,
      weekPossible,
      seasonPoints,
      seasonPossible:
        drops > 0 ? seasonPossibleAfterDrops(totals, week, member, weekPossible, drops) : seasonPoints + remaining,
    };
  });
}

/**
 * The season total, after drops, if the week ends at `weekPossible`: every remaining game played (so the week is
 * complete) and won. Completing the week may make it one of the dropped weeks, or push another one out: the
 * total after drops never falls as one week's points rise, so the best week gives the best season.
 */
function seasonPossibleAfterDrops(
  totals: readonly WeekTotals[],
  week: PoolWeekData,
  member: PoolMember,
  weekPossible: number,
  drops: number,
): number {
  const rows = totals.flatMap((candidate) => {
    const row = candidate.members.find((other) => other.memberId === member.id);
    if (!row) return [];
    return candidate.week === week.week
      ? [{ week: candidate.week, points: weekPossible, droppable: droppableWeek(week, true, member) }]
      : [{ week: candidate.week, points: row.points, droppable: row.droppable }];
  });
  const dropped = droppedWeeksOf(rows, drops);
  return rows.filter((row) => !dropped.includes(row.week)).reduce((sum, row) => sum + row.points, 0) + 0;
}

/**
 * The `count` largest confidences of a week (1 to the slate's size) that no locked pick holds: what the open
 * games can still carry.
 */
export function largestFreeConfidences(
  week: Pick<PoolWeekData, 'slate'>,
  picks: readonly Pick<GradedPick, 'gameId' | 'confidence'>[],
  count: number,
  now: Date,
): number[] {
  const locked = new Set(week.slate.filter((game) => isLocked(game, now)).map((game) => game.id));
  const held = new Set(picks.filter((pick) => locked.has(pick.gameId)).map((pick) => pick.confidence));
  const free: number[] = [];
  for (let value = week.slate.length; value >= 1 && free.length < count; value -= 1) {
    if (!held.has(value)) free.push(value);
  }
  return free;
}

/**
 * The changes the what-if view offers: other rules, `confidence` (the season replayed under confidence scoring,
 * `replayConfidence`), or `ended_now`, the games under way ending at their current scores (the standings "if the
 * games ended now", docs/decisions/066).
 */
export type WhatIfRule = 'straight' | 'half_point_push' | 'no_plays' | 'confidence' | 'ended_now';

const isPlaying = (game: SlateGame) =>
  game.status === 'in_progress' && game.homeScore !== null && game.awayScore !== null;

/** The week with every game under way (both scores known) ended at its current score; the same week when none is. */
export function weekIfEndedNow(week: PoolWeekData): PoolWeekData {
  if (!week.slate.some(isPlaying)) return week;
  return { ...week, slate: week.slate.map((game) => (isPlaying(game) ? { ...game, status: 'final' as const } : game)) };
}

/**
 * The standings if the games under way ended now, from the totals of the weeks already decided and the weeks
 * still being played: the same rows as `whatIf(season, now, ['ended_now'])`'s, with nothing but the weeks in
 * play graded. A browser works them out as the scores move, from the picks it may see (every pick of a game
 * that has locked, which is every pick a game under way or ended can score).
 */
export function standingsIfEndedNow(input: {
  members: readonly PoolMember[];
  winBasis: WinBasis;
  /** Confidence scoring (absent: off). */
  confidence?: boolean;
  /** The side given on a game left unpicked at its lock (absent: none). */
  defaultPicks?: DefaultPicks;
  /** How many of each member's worst complete weeks leave their total (absent: 0). */
  dropWorstWeeks?: number;
  /** The weeks whose totals no game under way can change. */
  settled: readonly StandingsWeek[];
  /** The weeks still being played, with the games' current scores. */
  open: readonly PoolWeekData[];
  now: Date;
}): RankedRow[] {
  const { members, winBasis, now } = input;
  const scoring = { winBasis, confidence: input.confidence === true, defaultPicks: input.defaultPicks ?? 'none' };
  const open = input.open.map((week) => weekTotalsOfMembers(weekIfEndedNow(week), members, scoring, now));
  return standingsOfWeeks(
    members.map((member) => member.id),
    [...input.settled, ...open],
    input.dropWorstWeeks ?? 0,
  );
}

/** The season with every game under way (both scores known) ended at its current score. */
export function seasonIfEndedNow(season: PoolSeason): PoolSeason {
  if (!season.weeks.some((week) => week.slate.some(isPlaying))) return season;
  return { ...season, weeks: season.weeks.map(weekIfEndedNow) };
}

/**
 * The picked side's spread, by which a confidence replay ranks a pick (negative: favoured): the frozen spread,
 * else the closing one, else none known, read as a pick'em (0).
 */
function replaySpread(game: SlateGame, team: string): number {
  const home = game.frozenHomeSpread ?? game.closingHomeSpread ?? null;
  if (home === null) return 0;
  return (team === game.home ? home : -home) + 0;
}

/**
 * The confidences a replay under confidence scoring gives a member's picks of a week, by game id: the members
 * never ranked them, so the picks are ranked by how strongly the picked side was favoured by the game's spread
 * (`replaySpread`). The biggest favourite picked gets N (the slate's size), the next N − 1, and so on down to
 * the underdogs; equal spreads go by kickoff, the earlier higher, then by game id. Picks of games not on the
 * slate get none.
 */
export function replayedConfidences(slate: readonly SlateGame[], picks: readonly PoolPick[]): Map<string, number> {
  const games = new Map(slate.map((game) => [game.id, game]));
  const ordered = picks
    .filter((pick) => games.has(pick.gameId))
    .map((pick) => ({ pick, game: games.get(pick.gameId)! }))
    .sort((a, b) => replaySpread(a.game, a.pick.team) - replaySpread(b.game, b.pick.team) || byKickoff(a.game, b.game));
  return new Map(ordered.map(({ pick }, index) => [pick.gameId, slate.length - index]));
}

/**
 * The season replayed under confidence scoring (decision record 086): every sheet's picks take the
 * confidences `replayedConfidences` gives them, double and triple plays dropped. A confidence pool's season is
 * returned as it is: its members gave their own ranks.
 *
 * With a viewer, the other members' picks are ranked among those the viewer may see (`visibleSheet`: the
 * picks of games that have locked), so a replayed rank never tells where a member's open picks are; once a
 * week's every game has locked the ranks are the same for every viewer.
 */
export function replayConfidence(season: PoolSeason, now: Date, viewerId?: string): PoolSeason {
  if (season.settings.confidence === true) return season;
  return {
    ...season,
    settings: { ...season.settings, doublePlay: false, triplePlay: false, confidence: true },
    weeks: season.weeks.map((week) => ({
      ...week,
      sheets: week.sheets.map((stored) => {
        const sheet = viewerId === undefined ? stored : visibleSheet(stored, viewerId, week.slate, now);
        const ranks = replayedConfidences(week.slate, sheet.picks);
        return {
          ...sheet,
          picks: sheet.picks.map((pick) => ({ ...pick, play: null, confidence: ranks.get(pick.gameId) ?? null })),
        };
      }),
    })),
  };
}

/** The pool's rules with the what-if changes applied. */
export function whatIfRules(settings: PoolSeason['settings'], changes: readonly WhatIfRule[]): ScoringRules {
  const rules = scoringRules(settings);
  const confidence = rules.confidence || changes.includes('confidence');
  return {
    ...rules,
    winBasis: changes.includes('straight') ? 'straight' : rules.winBasis,
    pushPoints: changes.includes('half_point_push') ? rules.winPoints / 2 : rules.pushPoints,
    multipliers: changes.includes('no_plays') || confidence ? false : rules.multipliers,
    confidence,
  };
}

export interface WhatIfRow {
  memberId: string;
  actual: RankedRow;
  whatIf: RankedRow;
  /** Places gained (positive) or lost under the other rules. */
  rankChange: number;
}

/**
 * The season's standings under the pool's rules and under the changed ones, side by side. `viewerId`: whose
 * answer it is, which a confidence replay ranks others' picks for (`replayConfidence`); absent, every pick.
 */
export function whatIf(season: PoolSeason, now: Date, changes: readonly WhatIfRule[], viewerId?: string): WhatIfRow[] {
  const actual = standings(season, now);
  const replayed = changes.includes('confidence') ? replayConfidence(season, now, viewerId) : season;
  const other = standings(
    changes.includes('ended_now') ? seasonIfEndedNow(replayed) : replayed,
    now,
    whatIfRules(season.settings, changes),
  );
  return actual.map((row) => {
    const whatIfRow = other.find((candidate) => candidate.memberId === row.memberId)!;
    return { memberId: row.memberId, actual: row, whatIf: whatIfRow, rankChange: row.rank - whatIfRow.rank };
  });
}
