import { lastManStandingOfWeeks } from './last-man-standing.js';
import { gradeSeason, seasonWeekTotals, standingsOfWeeks } from './standings.js';
import type { PoolSeason } from './types.js';
import { lmsResultsOfWeeks, type WeekTotals } from './week-totals.js';

/**
 * What a pool's chat room should be told of events derived from results and time (decision record 041): a
 * Last Man Standing elimination, and the standings when a week's results change the top of the table. Pure:
 * the server reads what the room was already told (chat_room_notices), passes it here with each week's totals
 * (the stored ones of decision 059, so a room is looked at without reading its season), and writes back what
 * this answers, lines and records in one transaction.
 */

/** How many places at the top of the standings are told: a change among them is news, below them it is not. */
export const STANDINGS_TOLD_PLACES = 3;

/** The standings as last recorded for the room: the order of every member after `week`, with their points. */
export interface StandingsNoticeState {
  /** The last week of the run of complete weeks the standings were taken after; null before the first one. */
  week: number | null;
  /** Member ids, first place first. */
  order: string[];
  /** Each member's season points, in `order`. */
  points: number[];
}

export type LmsOutResult = 'lost' | 'pushed' | 'missed';

/** An elimination the room was told of (or, for one before the room was first looked at, recorded as told). */
export interface LmsOutNoticeState {
  week: number;
  /** The team picked; null for a missed pick. */
  team: string | null;
  result: LmsOutResult;
}

export interface ToldNotices {
  /** Undefined when the room has never been looked at: the first look does not tell old eliminations. */
  standings?: StandingsNoticeState | undefined;
  /** By member id. */
  lmsOut: ReadonlyMap<string, LmsOutNoticeState>;
}

export interface StandingsLine {
  week: number;
  top: { memberId: string; rank: number; points: number }[];
}

export interface RoomNoticeChanges {
  /** The standings state to record, when it differs from the one recorded; with a line when the top changed. */
  standings: { state: StandingsNoticeState; line: StandingsLine | null } | null;
  /** Eliminations to record; `tell` false for those recorded silently on the room's first look. */
  eliminations: { memberId: string; state: LmsOutNoticeState; tell: boolean }[];
  /** Members told as eliminated who are no longer out (a corrected result): their records go, the room is told. */
  reinstated: { memberId: string; week: number }[];
}

/** A pool's season as the room notices read it: each week's totals (week-totals.ts), in any order. */
export interface NoticeSeason {
  /** The current members. */
  memberIds: readonly string[];
  lastManStanding: boolean;
  /** The pool's Last Man Standing strikes and buy-back week (absent: none). */
  survivorStrikes?: number | undefined;
  survivorBuyBackWeek?: number | null | undefined;
  /** The pool's last week (Last Man Standing survivors share the win after it). */
  lastWeek?: number | undefined;
  /** How many of each member's worst complete weeks leave their total (absent: 0), as the standings drop them. */
  dropWorstWeeks?: number | undefined;
  weeks: readonly WeekTotals[];
}

/** The season's weeks up to the last of the first run of complete weeks ("standings after week N"). */
function completeWeeks(weeks: readonly WeekTotals[]): WeekTotals[] {
  const complete: WeekTotals[] = [];
  for (const week of [...weeks].sort((a, b) => a.week - b.week)) {
    if (!week.complete) break;
    complete.push(week);
  }
  return complete;
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The standings after the last complete week, and whether the room should hear of them: only when the members
 * in the first STANDINGS_TOLD_PLACES places, in their order, differ from those last told (so a leader change or
 * a new top 3 is told once, whatever the number of games that made it, and reshuffles below are recorded
 * silently). Incomplete weeks are left out, so a Sunday's games in progress do not move the table back and
 * forth in the room.
 */
function standingsChange(season: NoticeSeason, told: StandingsNoticeState | undefined) {
  const weeks = completeWeeks(season.weeks);
  const last = weeks.at(-1);
  if (!last) {
    // Nothing complete yet: the first look records that, so later eliminations are news.
    if (told) return null;
    return { state: { week: null, order: [], points: [] }, line: null };
  }
  const rows = standingsOfWeeks(season.memberIds, weeks, season.dropWorstWeeks ?? 0);
  const state: StandingsNoticeState = {
    week: last.week,
    order: rows.map((row) => row.memberId),
    points: rows.map((row) => row.points),
  };
  if (told && told.week === state.week && sameList(told.order, state.order) && sameList(told.points, state.points)) {
    return null;
  }
  const top = (order: readonly string[]) => order.slice(0, STANDINGS_TOLD_PLACES);
  const changed = !told || !sameList(top(told.order), top(state.order));
  return {
    state,
    line: changed
      ? {
          week: last.week,
          top: rows
            .slice(0, STANDINGS_TOLD_PLACES)
            .map((row) => ({ memberId: row.memberId, rank: row.rank, points: row.points })),
        }
      : null,
  };
}

/**
 * The eliminations of settled Last Man Standing weeks (no survivor's result pending, so the "everyone out"
 * rule cannot take one back), with the team picked and how it went.
 */
function settledEliminations(season: NoticeSeason) {
  const out = new Map<string, LmsOutNoticeState>();
  const lms = lastManStandingOfWeeks(season.memberIds, lmsResultsOfWeeks(season.weeks), {
    enabled: season.lastManStanding,
    lastWeek: season.lastWeek,
    strikes: season.survivorStrikes,
    buyBackWeek: season.survivorBuyBackWeek,
  });
  for (const week of lms.weeks) {
    if (!week.complete || week.everyoneOut) continue;
    const rows = season.weeks.find((candidate) => candidate.week === week.week)!.members;
    for (const result of week.results) {
      // A strike the member survives on is not an elimination.
      if (week.struck.includes(result.memberId)) continue;
      if (result.outcome === 'no_pick') {
        out.set(result.memberId, { week: week.week, team: null, result: 'missed' });
      } else if (result.outcome === 'eliminated' && result.team !== null) {
        const pushed = rows.find((row) => row.memberId === result.memberId)?.lmsPushed ?? false;
        out.set(result.memberId, { week: week.week, team: result.team, result: pushed ? 'pushed' : 'lost' });
      }
    }
  }
  return { out, lastSettled: lms.weeks.filter((week) => week.complete).at(-1)?.week };
}

/**
 * What to record and tell now, from each week's totals. On the room's first look (no standings recorded),
 * eliminations of weeks before the latest settled one (complete for the standings, or settled for Last Man
 * Standing) are recorded without a line, so a pool already under way is not flooded with old news.
 */
export function roomNoticeChangesOfWeeks(season: NoticeSeason, told: ToldNotices): RoomNoticeChanges {
  const firstLook = told.standings === undefined;
  const { out, lastSettled } = settledEliminations(season);
  // The latest week with settled news, of either kind: on a first look only its eliminations are told.
  const latest = Math.max(
    lastSettled ?? Number.NEGATIVE_INFINITY,
    completeWeeks(season.weeks).at(-1)?.week ?? Number.NEGATIVE_INFINITY,
  );
  const eliminations: RoomNoticeChanges['eliminations'] = [];
  for (const [memberId, state] of out) {
    const before = told.lmsOut.get(memberId);
    if (before && before.week === state.week && before.team === state.team && before.result === state.result) continue;
    const old = firstLook && state.week < latest;
    eliminations.push({ memberId, state, tell: !old });
  }
  const current = new Set(season.memberIds);
  const reinstated = [...told.lmsOut]
    .filter(([memberId]) => season.lastManStanding && !out.has(memberId) && current.has(memberId))
    .map(([memberId, state]) => ({ memberId, week: state.week }));
  return { standings: standingsChange(season, told.standings), eliminations, reinstated };
}

/** roomNoticeChangesOfWeeks of a whole season as loaded, each week's totals worked out at `now`. */
export function roomNoticeChanges(
  season: PoolSeason,
  now: Date,
  told: ToldNotices,
  /** The pool's last week (Last Man Standing survivors share the win after it). */
  lastWeek?: number,
): RoomNoticeChanges {
  return roomNoticeChangesOfWeeks(
    {
      memberIds: season.members.map((member) => member.id),
      lastManStanding: season.settings.lastManStanding,
      survivorStrikes: season.settings.survivorStrikes,
      survivorBuyBackWeek: season.settings.survivorBuyBackWeek,
      lastWeek,
      dropWorstWeeks: season.settings.dropWorstWeeks,
      weeks: seasonWeekTotals(season, gradeSeason(season, now), now),
    },
    told,
  );
}
