import type { Sport } from '../enums.js';
import { teamRegistry } from '../teams/all-teams.js';
import type { TeamRegistry } from '../teams/registry.js';

/**
 * A schedule source's game and an event another source created first (The Odds API lists a week's games
 * before nflverse does) are one game when they have the same sport and the same two teams, home and away
 * either way round (neutral sites), and kick off close enough together. The schedule then keys the
 * existing event instead of adding a second one.
 */

/** What the matcher needs of a game or an event. */
export interface SchedulableGame {
  sport: Sport;
  home: string;
  away: string;
  /** Kickoff or first pitch in UTC (ISO 8601), when known. */
  kickoff: string | null;
  /** The date the source files the game under (YYYY-MM-DD). */
  date: string;
}

const HOUR_MS = 3_600_000;

/**
 * How far apart two kickoffs of one game may be. Football teams play once a week, so ±36 h takes in a
 * flexed or moved game and never reaches the teams' next meeting; baseball teams meet on consecutive days
 * in a series, so a baseball game is matched within ±12 h, and a doubleheader's two games by nearest time.
 */
export function scheduleMatchWindowHours(sport: Sport): number {
  return sport === 'baseball_mlb' ? 12 : 36;
}

/**
 * The instant a game is compared at: its kickoff, else (football only) noon US Eastern of its date, which
 * is within a day of any kickoff that date. A baseball game without a time has no instant: a series plays
 * the same teams every day, and sources file night games under different dates (UTC or local), so a date
 * cannot tell which game of the series it is.
 */
export function scheduleInstant(game: Pick<SchedulableGame, 'sport' | 'kickoff' | 'date'>): number | null {
  if (game.kickoff !== null) return Date.parse(game.kickoff);
  if (game.sport === 'baseball_mlb') return null;
  return Date.parse(`${game.date}T17:00:00Z`);
}

const pairKey = (registry: TeamRegistry, game: Pick<SchedulableGame, 'sport' | 'home' | 'away'>) => {
  const canonical = (team: string) => registry.resolve(game.sport, team)?.abbr ?? team;
  return `${game.sport}|${[canonical(game.home), canonical(game.away)].sort().join('|')}`;
};

/**
 * Pairs games with candidate events one to one: among all pairs of the same sport and teams within the
 * sport's window, the closest in time are taken first, so each event is claimed by at most one game and a
 * doubleheader's games go to the events nearest them. Games and events that pair with nothing are left out.
 */
export function matchScheduleGames<G extends SchedulableGame, E extends SchedulableGame>(
  games: readonly G[],
  events: readonly E[],
  options: { registry?: TeamRegistry } = {},
): Map<G, E> {
  const registry = options.registry ?? teamRegistry;
  const eventsByPair = new Map<string, { event: E; instant: number }[]>();
  for (const event of events) {
    const instant = scheduleInstant(event);
    if (instant === null) continue;
    const key = pairKey(registry, event);
    eventsByPair.set(key, [...(eventsByPair.get(key) ?? []), { event, instant }]);
  }

  const pairs: { game: G; event: E; distance: number }[] = [];
  for (const game of games) {
    const instant = scheduleInstant(game);
    if (instant === null) continue;
    const window = scheduleMatchWindowHours(game.sport) * HOUR_MS;
    for (const candidate of eventsByPair.get(pairKey(registry, game)) ?? []) {
      const distance = Math.abs(candidate.instant - instant);
      if (distance <= window) pairs.push({ game, event: candidate.event, distance });
    }
  }
  pairs.sort((a, b) => a.distance - b.distance);

  const matched = new Map<G, E>();
  const claimed = new Set<E>();
  for (const { game, event } of pairs) {
    if (matched.has(game) || claimed.has(event)) continue;
    matched.set(game, event);
    claimed.add(event);
  }
  return matched;
}
