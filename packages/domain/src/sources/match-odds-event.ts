import type { Sport } from '../enums.js';
import type { OddsEvent } from './odds-api.js';

/** What the matcher needs of a game from any source. */
export interface MatchableGame {
  sport: Sport;
  home: string;
  away: string;
  kickoff: string | null;
}

export type OddsEventMatch<G> =
  | {
      matched: true;
      game: G;
      /** Minutes from the game's kickoff to the event's commence_time (positive: the event is later). */
      offsetMinutes: number;
      /** The event names the game's home team as away: neutral sites are where sources disagree. */
      swapped: boolean;
    }
  | { matched: false; reason: string };

const HOUR_MS = 3_600_000;

/**
 * The game an Odds API event is about. The event id is The Odds API's own, so the match is by sport, the
 * two teams (already resolved through the registry's aliases) and kickoff within a window, ±36 hours by
 * default: wide enough for a flexed or moved game, narrow enough never to reach the teams' next meeting.
 * Home and away may be swapped (neutral sites). The nearest game wins; a miss says why.
 */
export function matchOddsEvent<G extends MatchableGame>(
  event: Pick<OddsEvent, 'id' | 'sport' | 'home' | 'away' | 'commenceTime'>,
  candidates: readonly G[],
  options: { windowHours?: number } = {},
): OddsEventMatch<G> {
  const windowHours = options.windowHours ?? 36;
  const commence = new Date(event.commenceTime).getTime();
  const label = `${event.away} at ${event.home}`;
  const sameTeams = candidates.filter(
    (game) =>
      game.sport === event.sport &&
      ((game.home === event.home && game.away === event.away) ||
        (game.home === event.away && game.away === event.home)),
  );
  const timed = sameTeams
    .filter((game): game is G & { kickoff: string } => game.kickoff !== null)
    .map((game) => ({ game, offset: new Date(game.kickoff).getTime() - commence }))
    .sort((a, b) => Math.abs(a.offset) - Math.abs(b.offset));

  const nearest = timed[0];
  if (!nearest) {
    return {
      matched: false,
      reason:
        sameTeams.length > 0
          ? `${event.sport} ${label} (${event.id}): the games between these teams have no kickoff time`
          : `${event.sport} ${label} (${event.id}): no game between these teams among ${candidates.length} candidates`,
    };
  }
  if (Math.abs(nearest.offset) > windowHours * HOUR_MS) {
    const hours = Math.round(nearest.offset / HOUR_MS);
    return {
      matched: false,
      reason:
        `${event.sport} ${label} (${event.id}): no game between these teams within ${windowHours} h of ` +
        `${event.commenceTime}; the nearest kicks off ${nearest.game.kickoff} (${hours > 0 ? '+' : ''}${hours} h)`,
    };
  }
  return {
    matched: true,
    game: nearest.game,
    // `+ 0` turns a rounded −0 into 0.
    offsetMinutes: Math.round(-nearest.offset / 60_000) + 0,
    swapped: nearest.game.home !== event.home,
  };
}
