import { slateGameState, teamOutcome } from './grading.js';
import { isLocked, lmsGame, lockInstant } from './picks.js';
import { instantMs, type PoolSeason, type PoolWeekData } from './types.js';

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

function weekResult(season: PoolSeason, week: PoolWeekData, memberId: string, now: Date) {
  const team = week.sheets.find((sheet) => sheet.memberId === memberId)?.lmsTeam ?? null;
  const game = team === null ? undefined : lmsGame(week.slate, team);
  if (!game) {
    // A slate without games, or one that had all locked before the member joined, could not be picked from.
    const joinedAt = season.members.find((member) => member.id === memberId)?.joinedAt;
    const lastLock = Math.max(...week.slate.map(lockInstant));
    if (week.slate.length === 0 || (joinedAt !== undefined && instantMs(joinedAt) > lastLock)) {
      return { memberId, team: null, outcome: 'carried' as const };
    }
    const closed = week.slate.every((slateGame) => isLocked(slateGame, now));
    return { memberId, team: null, outcome: closed ? ('no_pick' as const) : ('pending' as const) };
  }
  const state = slateGameState(game, week.window, now);
  if (state === 'void') return { memberId, team, outcome: 'carried' as const };
  if (state === 'pending') return { memberId, team, outcome: 'pending' as const };
  const outcome = teamOutcome(team!, game, season.settings.winBasis);
  return { memberId, team, outcome: outcome === 'win' ? ('advanced' as const) : ('eliminated' as const) };
}

/**
 * Last Man Standing over the season's weeks at `now`. `lastWeek`: the pool's last week, after which the
 * survivors share the win.
 */
export function lastManStanding(season: PoolSeason, now: Date, lastWeek?: number): LmsStanding {
  let survivors = season.members.map((member) => member.id).sort();
  const weeks: LmsWeek[] = [];
  const eliminatedIn = new Map<string, number>();
  if (!season.settings.lastManStanding) return { weeks, survivors: [], eliminatedIn, winners: [] };
  let decidedSoFar = true;
  let winners: string[] = [];
  for (const week of sortedWeeks(season)) {
    if (survivors.length <= 1 && decidedSoFar && weeks.length > 0) break;
    const results = survivors.map((memberId) => weekResult(season, week, memberId, now));
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
    if (decidedSoFar && (survivors.length === 1 || week.week === lastWeek)) winners = survivors;
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
