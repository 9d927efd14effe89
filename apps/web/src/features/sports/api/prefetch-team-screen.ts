import type { SportKey } from '@pass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { almanacQuery } from './get-almanac';
import { bookEventsQuery } from './get-book-events';
import { currentWeekQuery } from './get-current-week';
import { standingsQuery } from './get-standings';
import { findTeam, teamsQuery } from './get-teams';
import { tipsQuery } from './get-tips';

/**
 * What the team screen shows, asked for as soon as its route is chosen, while the screen's code still loads:
 * the current week and the teams, then the season's almanac, standings and trends and this week's games. The
 * screen's own queries (same keys) find them answered or on their way, instead of starting one after the other
 * once the screen has rendered. Failures are left to the screen, which asks again and shows them.
 */
export async function prefetchTeamScreen(
  queryClient: QueryClient,
  sport: SportKey,
  teamParam: string,
  fixedSeason?: number,
): Promise<void> {
  const [current, teams] = await Promise.all([
    queryClient.fetchQuery(currentWeekQuery(sport)).catch(() => undefined),
    queryClient.fetchQuery(teamsQuery(sport)).catch(() => undefined),
  ]);
  const season = fixedSeason ?? current?.season;
  if (season === undefined || !teams) return;
  const abbv = findTeam(teams, teamParam)?.abbv ?? teamParam;
  await Promise.all([
    queryClient.prefetchQuery(almanacQuery(sport, abbv, season)),
    queryClient.prefetchQuery(standingsQuery(sport, season)),
    queryClient.prefetchQuery(tipsQuery(sport, season)),
    season === current?.season ? queryClient.prefetchQuery(bookEventsQuery(sport)) : undefined,
  ]);
}
