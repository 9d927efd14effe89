import { slateGameState, teamOutcome } from './grading.js';
import { isLocked, lmsGame, lockInstant } from './picks.js';
import { instantMs, type PoolSeason, type PoolWeekData, type WinBasis } from './types.js';

/**
 * Last Man Standing (DESIGN.md section 6; readings in decision record 026): each week a survivor picks one
 * team of that week's slate, never a team they used before; on the pool's win basis a win advances and a loss
 * or push eliminates. A pick on a void game carries: the member survives the week, the team is not used, and
 * they pick again the next week. A survivor without a pick once the week's last slate game has locked is
 * eliminated. If every remaining survivor is eliminated in the same week, they all survive it. The last one
 * standing wins; survivors still standing after the pool's last week share the win.
 */

export type LmsOutcome = 'advanced' | 'carried' | 'eliminated' | 'no_pick' | 'pending';

export interface LmsWeek {
  week: number;
  survivorsBefore: string[];
  /** Each survivor's result this week (eliminations before the "everyone out" rule). */
  results: { memberId: string; team: string | null; outcome: LmsOutcome }[];
  /** Every survivor was eliminated this week, so all of them survive it. */
  everyoneOut: boolean;
  survivorsAfter: string[];
  /** No survivor's result is pending. */
  complete: boolean;
}

export interface LmsStanding {
  weeks: LmsWeek[];
  /** Standing now (pending members included). */
  survivors: string[];
  /** The week each eliminated member went out. */
  eliminatedIn: Map<string, number>;
  /** The winner, or the survivors who share the win; empty until decided. */
  winners: string[];
}

const sortedWeeks = (season: PoolSeason) => [...season.weeks].sort((a, b) => a.week - b.week);

/** A member's Last Man Standing pick of a week and how it stands at `now`, whether or not they still survive. */
export interface LmsResult {
  memberId: string;
  team: string | null;
  outcome: LmsOutcome;
}

/** The week's Last Man Standing result of one member (joined at `joinedAt`), on the pool's win basis. */
export function lmsWeekResult(
  week: PoolWeekData,
  member: { id: string; joinedAt?: string | undefined },
  winBasis: WinBasis,
  now: Date,
): LmsResult {
  const memberId = member.id;
  const team = week.sheets.find((sheet) => sheet.memberId === memberId)?.lmsTeam ?? null;
  const game = team === null ? undefined : lmsGame(week.slate, team);
  if (!game) {
    // A slate without games, or one that had all locked before the member joined, could not be picked from.
    const lastLock = Math.max(...week.slate.map(lockInstant));
    if (week.slate.length === 0 || (member.joinedAt !== undefined && instantMs(member.joinedAt) > lastLock)) {
      return { memberId, team: null, outcome: 'carried' };
    }
    const closed = week.slate.every((slateGame) => isLocked(slateGame, now));
    return { memberId, team: null, outcome: closed ? 'no_pick' : 'pending' };
  }
  const state = slateGameState(game, week.window, now);
  if (state === 'void') return { memberId, team, outcome: 'carried' };
  if (state === 'pending') return { memberId, team, outcome: 'pending' };
  const outcome = teamOutcome(team!, game, winBasis);
  return { memberId, team, outcome: outcome === 'win' ? 'advanced' : 'eliminated' };
}

/**
 * Last Man Standing over the season's weeks at `now`. `lastWeek`: the pool's last week, after which the
 * survivors share the win.
 */
export function lastManStanding(season: PoolSeason, now: Date, lastWeek?: number): LmsStanding {
  const weeks = sortedWeeks(season).map((week) => ({
    week: week.week,
    results: season.members.map((member) => lmsWeekResult(week, member, season.settings.winBasis, now)),
  }));
  return lastManStandingOfWeeks(
    season.members.map((member) => member.id),
    weeks,
    { enabled: season.settings.lastManStanding, lastWeek },
  );
}

/**
 * Last Man Standing from each week's results of every member (lmsWeekResult; the weeks in any order): what
 * a server keeping each week's totals reads back.
 */
export function lastManStandingOfWeeks(
  memberIds: readonly string[],
  resultsByWeek: readonly { week: number; results: readonly LmsResult[] }[],
  options: { enabled: boolean; lastWeek?: number | undefined },
): LmsStanding {
  let survivors = [...memberIds].sort();
  const weeks: LmsWeek[] = [];
  const eliminatedIn = new Map<string, number>();
  if (!options.enabled) return { weeks, survivors: [], eliminatedIn, winners: [] };
  let decidedSoFar = true;
  let winners: string[] = [];
  for (const week of [...resultsByWeek].sort((a, b) => a.week - b.week)) {
    if (survivors.length <= 1 && decidedSoFar && weeks.length > 0) break;
    const results = survivors.map(
      (memberId) =>
        week.results.find((result) => result.memberId === memberId) ?? {
          memberId,
          team: null,
          outcome: 'pending' as const,
        },
    );
    const out = results.filter((result) => result.outcome === 'eliminated' || result.outcome === 'no_pick');
    const everyoneOut = out.length === survivors.length && survivors.length > 0;
    const before = survivors;
    if (!everyoneOut) {
      for (const result of out) eliminatedIn.set(result.memberId, week.week);
      survivors = survivors.filter((memberId) => !out.some((result) => result.memberId === memberId));
    }
    const complete = results.every((result) => result.outcome !== 'pending');
    decidedSoFar &&= complete;
    weeks.push({ week: week.week, survivorsBefore: before, results, everyoneOut, survivorsAfter: survivors, complete });
    if (decidedSoFar && (survivors.length === 1 || week.week === options.lastWeek)) winners = survivors;
  }
  return { weeks, survivors, eliminatedIn, winners };
}

/**
 * The teams a member has used in Last Man Standing before `beforeWeek`: every pick not on a void game
 * (a pending pick counts: its game may yet be played).
 */
export function usedLmsTeams(season: PoolSeason, memberId: string, beforeWeek: number, now: Date): string[] {
  const used: string[] = [];
  for (const week of sortedWeeks(season)) {
    if (week.week >= beforeWeek) break;
    const team = week.sheets.find((sheet) => sheet.memberId === memberId)?.lmsTeam ?? null;
    const game = team === null ? undefined : lmsGame(week.slate, team);
    if (team !== null && game && slateGameState(game, week.window, now) !== 'void') used.push(team);
  }
  return used;
}
