import type { GameStatus } from '../sources/types.js';
import { instantMs, type PoolProblem, type SlateGame, type WinBasis } from './types.js';

/**
 * A pool week's slate (DESIGN.md section 6): the Lifeguard's choice before the week's first kickoff, else
 * the first `gamesPerWeek` games of the week by kickoff. `ats` pools freeze each slate game's spread at
 * publish, from the line of record of that moment.
 */

/** A game of the sport week, as the slate is chosen from it. */
export interface WeekGame {
  id: string;
  home: string;
  away: string;
  kickoff: string;
  status: GameStatus;
  /** The line of record now (home side, −3: home favoured by 3), or null when there is none. */
  homeSpread: number | null;
  /** Where that line comes from, as a slate shows it ("median of 6 books"); null without a line. */
  lineSource?: string | null;
}

/** Kickoff order, ties broken by id, so the same games always give the same order. */
export function byKickoff<G extends { id: string; kickoff: string }>(a: G, b: G): number {
  return instantMs(a.kickoff) - instantMs(b.kickoff) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether a game can go on a slate that is being filled: not called off, and with a line in an `ats` pool. */
const playable = (game: WeekGame, winBasis: WinBasis) =>
  game.status !== 'cancelled' && game.status !== 'postponed' && (winBasis === 'straight' || game.homeSpread !== null);

/** Whether the Lifeguard may put a game on the slate now (what validateSlate accepts): playable and not started. */
export function openForSlate(
  game: Pick<WeekGame, 'kickoff' | 'status' | 'homeSpread'>,
  winBasis: WinBasis,
  now: Date,
): boolean {
  return (
    game.status === 'scheduled' &&
    now.getTime() < instantMs(game.kickoff) &&
    (winBasis === 'straight' || game.homeSpread !== null)
  );
}

/**
 * The slate filled without the Lifeguard: the first `gamesPerWeek` games of the week by kickoff (ties by
 * id), passing over games already cancelled or postponed and, in an `ats` pool, games without a line. A
 * week with fewer such games has a shorter slate.
 */
export function autoSlate(weekGames: readonly WeekGame[], gamesPerWeek: number, winBasis: WinBasis): WeekGame[] {
  return weekGames
    .filter((game) => playable(game, winBasis))
    .sort(byKickoff)
    .slice(0, gamesPerWeek);
}

/** The week's first kickoff among all of its games: the Lifeguard's deadline to choose the slate. */
export function slateDeadline(weekGames: readonly Pick<WeekGame, 'kickoff'>[]): string | undefined {
  const first = Math.min(...weekGames.map((game) => instantMs(game.kickoff)));
  return Number.isFinite(first) ? new Date(first).toISOString() : undefined;
}

/**
 * Every problem with a Lifeguard's slate published at `now`: published after the week's first kickoff, a
 * game not of this week (or twice), a game that has started or is called off, an `ats` game without a line,
 * or the wrong count (`gamesPerWeek`, or every playable game of a week that has fewer).
 */
export function validateSlate(input: {
  gameIds: readonly string[];
  weekGames: readonly WeekGame[];
  gamesPerWeek: number;
  winBasis: WinBasis;
  now: Date;
}): PoolProblem[] {
  const { gameIds, weekGames, gamesPerWeek, winBasis, now } = input;
  const problems: PoolProblem[] = [];
  const deadline = slateDeadline(weekGames);
  if (deadline !== undefined && now.getTime() >= instantMs(deadline)) {
    problems.push({
      field: 'slate',
      reason: 'week_started',
      message: `The week's first game kicked off at ${deadline}; its slate is filled by kickoff order`,
    });
  }
  const byId = new Map(weekGames.map((game) => [game.id, game]));
  const seen = new Set<string>();
  for (const id of gameIds) {
    const game = byId.get(id);
    const refuse = (reason: string, message: string) => problems.push({ field: 'slate', reason, message, gameId: id });
    if (seen.has(id)) {
      refuse('duplicate', `Game ${id} is on the slate twice`);
      continue;
    }
    seen.add(id);
    if (!game) {
      refuse('not_this_week', `Game ${id} is not a game of this week`);
      continue;
    }
    const name = `${game.away} at ${game.home}`;
    if (now.getTime() >= instantMs(game.kickoff) || game.status === 'in_progress' || game.status === 'final') {
      refuse('started', `${name} has already kicked off`);
    } else if (game.status === 'cancelled' || game.status === 'postponed') {
      refuse('called_off', `${name} is ${game.status}`);
    } else if (winBasis === 'ats' && game.homeSpread === null) {
      refuse('no_line', `${name} has no line to freeze yet`);
    }
  }
  const available = weekGames.filter((game) => playable(game, winBasis)).length;
  const wanted = Math.min(gamesPerWeek, available);
  if (seen.size !== wanted) {
    problems.push({
      field: 'slate',
      reason: 'count',
      message: `The slate holds ${wanted} game${wanted === 1 ? '' : 's'}, not ${seen.size}`,
    });
  }
  return problems;
}

/**
 * The slate games as published: the games in kickoff order with their spread frozen (`ats` pools; a
 * `straight` pool freezes nothing) and no result yet.
 */
export function publishSlate(games: readonly WeekGame[], winBasis: WinBasis): SlateGame[] {
  return [...games].sort(byKickoff).map((game) => ({
    id: game.id,
    home: game.home,
    away: game.away,
    kickoff: game.kickoff,
    status: game.status,
    homeScore: null,
    awayScore: null,
    frozenHomeSpread: winBasis === 'ats' ? game.homeSpread : null,
    frozenLineSource: winBasis === 'ats' && game.homeSpread !== null ? (game.lineSource ?? null) : null,
  }));
}

/** The week's last slate game by kickoff (ties: the greatest id): the tiebreaker's game. */
export function tiebreakerGame<G extends { id: string; kickoff: string }>(slate: readonly G[]): G | undefined {
  return [...slate].sort(byKickoff).at(-1);
}

/** The spread a team gets in an `ats` game, from its own side (home −3 → away +3). */
export function frozenSpreadFor(game: SlateGame, team: string): number | null {
  if (game.frozenHomeSpread === null) return null;
  const line = team === game.home ? game.frozenHomeSpread : -game.frozenHomeSpread;
  return line + 0;
}
