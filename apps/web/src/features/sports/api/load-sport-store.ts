import type { SportKey } from '@pass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { currentWeekQuery } from './get-current-week';
import { seasonWeeksQuery } from './get-season-weeks';
import { teamsQuery } from './get-teams';

/**
 * The specification's sport store: a season's weeks and the sport's teams, loaded into the query cache so
 * the screen finds them. Without a season, the current one (from the current week) is loaded. Never throws:
 * a screen shows its own error state for what did not load.
 */
export async function loadSportStore(queryClient: QueryClient, sport: SportKey, season?: number): Promise<void> {
  const teams = queryClient.prefetchQuery(teamsQuery(sport));
  let resolved = season;
  if (resolved === undefined) {
    resolved = await queryClient
      .fetchQuery(currentWeekQuery(sport))
      .then((week) => week.season)
      .catch(() => undefined);
  }
  await Promise.all([
    teams,
    resolved === undefined ? undefined : queryClient.prefetchQuery(seasonWeeksQuery(sport, resolved)),
  ]);
}
