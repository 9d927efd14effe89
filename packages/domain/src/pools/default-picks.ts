import { isLocked, lockInstant } from './picks.js';
import { byKickoff } from './slate.js';
import {
  instantMs,
  type DefaultPicks,
  type PoolMember,
  type PoolPick,
  type SlateGame,
  type WeekSheet,
} from './types.js';

/**
 * Default picks (decision record on dropped weeks and default picks): in a pool that gives them, a member who
 * has not picked a slate game when it locks is given a side, the favourite or the home team. They are worked
 * out here, from the sheet, the slate and `now`, wherever a sheet is graded (standings, week totals, the grid,
 * head-to-head, points still possible, what-if, the browser's "if the games ended now"), and never stored: a
 * lock moved or a line corrected gives the same answer everywhere.
 */

/** The favourite of a game: by its frozen spread, else its closing spread, else (or on a pick'em) the home team. */
export function favouriteOf(game: Pick<SlateGame, 'home' | 'away' | 'frozenHomeSpread' | 'closingHomeSpread'>): string {
  const spread = game.frozenHomeSpread ?? game.closingHomeSpread ?? null;
  return spread !== null && spread > 0 ? game.away : game.home;
}

/** Whether a member was in the pool at an instant (joined at or before it, not gone by then). */
export function memberAt(member: Pick<PoolMember, 'joinedAt' | 'leftAt'>, at: number): boolean {
  return instantMs(member.joinedAt) <= at && !(member.leftAt && instantMs(member.leftAt) <= at);
}

/** Locked games in the order they locked (kickoff order, then id, on the same instant). */
const byLock = (a: SlateGame, b: SlateGame) => lockInstant(a) - lockInstant(b) || byKickoff(a, b);

/**
 * The member's sheet with a default pick on every slate game that has locked without their pick while they
 * were in the pool. An auto pick carries no play; in a confidence pool it takes the smallest rank not held by
 * a pick of a game that locked no later (the member's own, and earlier auto picks, in lock order), so it never
 * changes once shown, whatever the member does with their open picks after. Returns the sheet itself when
 * nothing is added.
 */
export function withDefaultPicks(input: {
  slate: readonly SlateGame[];
  sheet: WeekSheet | undefined;
  member: Pick<PoolMember, 'id' | 'joinedAt' | 'leftAt'>;
  defaultPicks: DefaultPicks | undefined;
  confidence: boolean;
  now: Date;
}): WeekSheet | undefined {
  const { slate, sheet, member, defaultPicks, confidence, now } = input;
  if (!defaultPicks || defaultPicks === 'none') return sheet;
  const picks = sheet?.picks ?? [];
  const picked = new Set(picks.map((pick) => pick.gameId));
  const missing = slate.filter(
    (game) => !picked.has(game.id) && isLocked(game, now) && memberAt(member, lockInstant(game)),
  );
  if (missing.length === 0) return sheet;
  const games = new Map(slate.map((game) => [game.id, game]));
  const added: PoolPick[] = [];
  for (const game of [...missing].sort(byLock)) {
    const lock = lockInstant(game);
    let rank: number | null = null;
    if (confidence) {
      const held = new Set(
        [...picks, ...added]
          .filter((pick) => {
            const other = games.get(pick.gameId);
            return other !== undefined && isLocked(other, now) && lockInstant(other) <= lock;
          })
          .map((pick) => pick.confidence),
      );
      rank = 1;
      while (held.has(rank)) rank += 1;
    }
    added.push({
      gameId: game.id,
      team: defaultPicks === 'home' ? game.home : favouriteOf(game),
      play: null,
      ...(confidence ? { confidence: rank } : {}),
      auto: true,
    });
  }
  return {
    ...(sheet ?? { memberId: member.id, lmsTeam: null, tiebreaker: null, submittedAt: null }),
    picks: [...picks, ...added],
  };
}
