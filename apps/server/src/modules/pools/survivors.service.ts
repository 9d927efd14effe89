import type { SurvivorBoardResponse } from '@pass/contracts';
import type { Database } from '@pass/db';
import {
  displayName,
  isLocked,
  lastManStandingOfWeeks,
  lastPoolWeek,
  lmsGame,
  lmsResultsOfWeeks,
  type SlateGame,
  type Sport,
} from '@pass/domain';
import { requireMembership } from './pools.service.js';
import { keepLocks, toSlateGame } from './slates.service.js';
import { membersAndWeekTotals } from './week-totals.service.js';
import * as weeksRepository from './weeks.repository.js';

/**
 * The survivor board (the decision record on survivor strikes and buy-back): Last Man Standing member by member,
 * from the stored week totals (decision 059) like the standings, with each week's team shown by the reveal rule of
 * the week view: the caller's own always, another member's once its game has locked, and a missing team once
 * every game of the week has.
 */
export async function survivorBoard(
  db: Database,
  input: { poolId: number; userId: number; now: Date },
): Promise<SurvivorBoardResponse> {
  const { pool, member } = await requireMembership(db, input.poolId, input.userId);
  const base = {
    pool: { id: pool.id, name: pool.name },
    strikes_allowed: pool.survivorStrikes,
    buy_back_week: pool.survivorBuyBackWeek,
  };
  if (!pool.lastManStanding) return { data: { ...base, winners: [], members: [] } };
  // The members read with the weeks' states, in one statement: stored totals never miss a member.
  const [read] = await membersAndWeekTotals(db, [pool], input.now);
  const { members } = read!;
  const weeks = read!.totals.weeks;
  const standing = lastManStandingOfWeeks(
    members.map((row) => String(row.id)),
    lmsResultsOfWeeks(weeks),
    {
      enabled: true,
      lastWeek: lastPoolWeek(pool.sport as Sport, pool.season),
      strikes: pool.survivorStrikes,
      buyBackWeek: pool.survivorBuyBackWeek,
    },
  );
  // Each week's games with their locks as a member's read keeps them (written nowhere): the slate and the
  // survivor-only games alike, since a team of either is a Last Man Standing pick.
  const weekRows = await weeksRepository.weeksOf(db, pool.id);
  const stored = await weeksRepository.slatesOfWeekIds(
    db,
    weekRows.map((row) => row.id),
  );
  const gamesOf = new Map<number, SlateGame[]>();
  for (const row of weekRows) {
    const games = (stored.get(row.id) ?? []).map(toSlateGame);
    gamesOf.set(row.week, await keepLocks(db, pool, row.id, games, input.now, false));
  }
  const viewer = String(member.id);
  const byMember = new Map(standing.members.map((row) => [row.memberId, row]));
  return {
    data: {
      ...base,
      winners: standing.winners.map(Number),
      members: members.map((row) => {
        const id = String(row.id);
        const own = byMember.get(id);
        return {
          member_id: row.id,
          username: row.username,
          name: displayName(row),
          alive: own?.alive ?? true,
          out_week: own?.outWeek ?? null,
          strikes_used: own?.strikesUsed ?? 0,
          bought_back_in: own?.boughtBackIn ?? null,
          weeks: [...weeks]
            .sort((a, b) => a.week - b.week)
            .map((week) => {
              const totals = week.members.find((candidate) => candidate.memberId === id);
              const games = gamesOf.get(week.week) ?? [];
              const team = totals?.lmsTeam ?? null;
              const game = team === null ? undefined : lmsGame(games, team);
              const shown =
                id === viewer ||
                (game !== undefined && isLocked(game, input.now)) ||
                (games.length > 0 && games.every((candidate) => isLocked(candidate, input.now)));
              return shown
                ? { week: week.week, team, outcome: totals?.lmsOutcome ?? null, hidden: false }
                : { week: week.week, team: null, outcome: null, hidden: true };
            }),
        };
      }),
    },
  };
}
