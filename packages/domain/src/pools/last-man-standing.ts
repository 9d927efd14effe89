import { slateGameState, teamOutcome } from './grading.js';
import { isLocked, lmsGame, lmsGames, lockInstant } from './picks.js';
import { instantMs, type PoolSeason, type PoolWeekData, type WinBasis } from './types.js';

/**
 * Last Man Standing (DESIGN.md section 6; readings in decision records 026 and the one on survivor strikes and
 * buy-back): each week a survivor picks one team playing that week (a slate game or one of the week's
 * survivor-only games), never a team they used before; on the pool's win basis a win advances and a loss or push
 * is a strike. A pick on a void game carries: the member survives the week, the team is not used, and they pick
 * again the next week. A survivor without a pick once the week's last game has locked takes a strike too. A
 * survivor goes out at the strike after the pool's allowed strikes (0: the first). If every remaining survivor
 * goes out in the same week, they all survive it and nobody's strike that week counts. With a buy-back week, a
 * member who went out in that week or before comes back once by picking in the week right after: their strikes
 * start again from 0, their used teams stay used. The last one standing wins; survivors still standing after the
 * pool's last week share the win.
 */

export type LmsOutcome = 'advanced' | 'carried' | 'eliminated' | 'no_pick' | 'pending';

export interface LmsWeek {
  week: number;
  survivorsBefore: string[];
  /** Members who bought back in this week (they are among this week's results). */
  boughtBack: string[];
  /**
   * Each result this week of the survivors and those buying back (eliminations before the strikes and the
   * "everyone out" rule).
   */
  results: { memberId: string; team: string | null; outcome: LmsOutcome }[];
  /** Members who lost, pushed or missed this week and stay standing on a strike. */
  struck: string[];
  /** Every survivor was eliminated this week, so all of them survive it. */
  everyoneOut: boolean;
  survivorsAfter: string[];
  /** No survivor's result is pending (nor a pick of a member who may still buy back). */
  complete: boolean;
}

/** One member's Last Man Standing standing: what the survivor board shows. */
export interface LmsMemberStanding {
  memberId: string;
  alive: boolean;
  /** Strikes taken since the season's start or the buy-back (whichever came later). */
  strikesUsed: number;
  /** The week the member bought back in, or null. */
  boughtBackIn: number | null;
  /** The week the member went out (the latest, after a buy-back), or null while alive. */
  outWeek: number | null;
}

export interface LmsStanding {
  weeks: LmsWeek[];
  /** Standing now (pending members included). */
  survivors: string[];
  /** The week each eliminated member went out. */
  eliminatedIn: Map<string, number>;
  /** Every member's standing, by member id (empty when the pool plays without Last Man Standing). */
  members: LmsMemberStanding[];
  /** The winner, or the survivors who share the win; empty until decided. */
  winners: string[];
}

/** How a pool plays Last Man Standing. */
export interface LmsOptions {
  enabled: boolean;
  /** The pool's last week, after which the survivors share the win. */
  lastWeek?: number | undefined;
  /** Strikes a survivor may take before the one that puts them out (absent: 0). */
  strikes?: number | undefined;
  /** The last week a member may go out in and still buy back (absent or null: no buy-back). */
  buyBackWeek?: number | null | undefined;
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
  const games = lmsGames(week);
  const team = week.sheets.find((sheet) => sheet.memberId === memberId)?.lmsTeam ?? null;
  const game = team === null ? undefined : lmsGame(games, team);
  if (!game) {
    // A week without games, or one that had all locked before the member joined, could not be picked from.
    const lastLock = Math.max(...games.map(lockInstant));
    if (games.length === 0 || (member.joinedAt !== undefined && instantMs(member.joinedAt) > lastLock)) {
      return { memberId, team: null, outcome: 'carried' };
    }
    const closed = games.every((candidate) => isLocked(candidate, now));
    return { memberId, team: null, outcome: closed ? 'no_pick' : 'pending' };
  }
  const state = slateGameState(game, week.window, now);
  if (state === 'void') return { memberId, team, outcome: 'carried' };
  if (state === 'pending') return { memberId, team, outcome: 'pending' };
  const outcome = teamOutcome(team!, game, winBasis);
  return { memberId, team, outcome: outcome === 'win' ? 'advanced' : 'eliminated' };
}

/** The Last Man Standing options of a season's settings. */
export function lmsOptionsOf(
  settings: PoolSeason['settings'],
  lastWeek?: number,
): LmsOptions & { strikes: number; buyBackWeek: number | null } {
  return {
    enabled: settings.lastManStanding,
    lastWeek,
    strikes: settings.survivorStrikes ?? 0,
    buyBackWeek: settings.survivorBuyBackWeek ?? null,
  };
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
    lmsOptionsOf(season.settings, lastWeek),
  );
}

/** A result that costs a strike: a loss or push, or no team once the week's last game has locked. */
const isStrike = (result: LmsResult) => result.outcome === 'eliminated' || result.outcome === 'no_pick';

/**
 * Last Man Standing from each week's results of every member (lmsWeekResult; the weeks in any order): what
 * a server keeping each week's totals reads back.
 */
export function lastManStandingOfWeeks(
  memberIds: readonly string[],
  resultsByWeek: readonly { week: number; results: readonly LmsResult[] }[],
  options: LmsOptions,
): LmsStanding {
  let survivors = [...memberIds].sort();
  const weeks: LmsWeek[] = [];
  const eliminatedIn = new Map<string, number>();
  if (!options.enabled) return { weeks, survivors: [], eliminatedIn, members: [], winners: [] };
  const allowedStrikes = options.strikes ?? 0;
  const buyBackWeek = options.buyBackWeek ?? null;
  const strikesUsed = new Map<string, number>();
  const boughtBackIn = new Map<string, number>();
  // The members who went out the week before `week` and may still buy back in it.
  const mayBuyBackIn = (week: number) =>
    buyBackWeek === null
      ? []
      : [...eliminatedIn]
          .filter(([memberId, out]) => out === week - 1 && out <= buyBackWeek && !boughtBackIn.has(memberId))
          .map(([memberId]) => memberId)
          .sort();
  let decidedSoFar = true;
  let winners: string[] = [];
  for (const week of [...resultsByWeek].sort((a, b) => a.week - b.week)) {
    const candidates = mayBuyBackIn(week.week);
    if (survivors.length <= 1 && decidedSoFar && weeks.length > 0 && candidates.length === 0) break;
    const resultOf = (memberId: string): LmsResult =>
      week.results.find((result) => result.memberId === memberId) ?? { memberId, team: null, outcome: 'pending' };
    // The pick is the buy-back: a team for this week brings the member back; no team, they stay out.
    const boughtBack = candidates.filter((memberId) => resultOf(memberId).team !== null);
    const waitingOnBuyBack = candidates.some(
      (memberId) => resultOf(memberId).team === null && resultOf(memberId).outcome === 'pending',
    );
    for (const memberId of boughtBack) {
      boughtBackIn.set(memberId, week.week);
      eliminatedIn.delete(memberId);
      strikesUsed.set(memberId, 0);
    }
    const before = survivors;
    const playing = [...survivors, ...boughtBack].sort();
    const results = playing.map(resultOf);
    const strikes = results.filter(isStrike);
    const out = strikes.filter((result) => (strikesUsed.get(result.memberId) ?? 0) >= allowedStrikes);
    const everyoneOut = out.length === playing.length && playing.length > 0;
    const struck: string[] = [];
    survivors = playing;
    if (!everyoneOut) {
      for (const result of strikes) {
        if (out.includes(result)) eliminatedIn.set(result.memberId, week.week);
        else {
          strikesUsed.set(result.memberId, (strikesUsed.get(result.memberId) ?? 0) + 1);
          struck.push(result.memberId);
        }
      }
      survivors = playing.filter((memberId) => !out.some((result) => result.memberId === memberId));
    }
    const complete = results.every((result) => result.outcome !== 'pending') && !waitingOnBuyBack;
    decidedSoFar &&= complete;
    weeks.push({
      week: week.week,
      survivorsBefore: before,
      boughtBack,
      results,
      struck,
      everyoneOut,
      survivorsAfter: survivors,
      complete,
    });
    const lastStanding = survivors.length === 1 && mayBuyBackIn(week.week + 1).length === 0;
    if (decidedSoFar && (lastStanding || week.week === options.lastWeek)) winners = survivors;
  }
  const members = [...memberIds].sort().map((memberId): LmsMemberStanding => ({
    memberId,
    alive: survivors.includes(memberId),
    strikesUsed: strikesUsed.get(memberId) ?? 0,
    boughtBackIn: boughtBackIn.get(memberId) ?? null,
    outWeek: eliminatedIn.get(memberId) ?? null,
  }));
  return { weeks, survivors, eliminatedIn, members, winners };
}

/**
 * Whether a member may make a Last Man Standing pick for `week`, from the standing of the weeks before it: still
 * standing, or out the week before with the buy-back still theirs to use (the pick is the buy-back).
 */
export function lmsMayPick(
  standingBefore: LmsStanding,
  memberId: string,
  week: number,
  buyBackWeek: number | null | undefined,
): boolean {
  if (standingBefore.survivors.includes(memberId)) return true;
  const member = standingBefore.members.find((candidate) => candidate.memberId === memberId);
  if (!member || buyBackWeek == null || member.boughtBackIn !== null) return false;
  return member.outWeek !== null && member.outWeek === week - 1 && member.outWeek <= buyBackWeek;
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
    const game = team === null ? undefined : lmsGame(lmsGames(week), team);
    if (team !== null && game && slateGameState(game, week.window, now) !== 'void') used.push(team);
  }
  return used;
}
