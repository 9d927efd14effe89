import type { ReactNode } from 'react';
import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';
import { SPORT_INFO } from '../lib/sports';

/**
 * The baseball menu: the leagues at a glance, the schedule a click away, and the member's baseball pools
 * (`pools`: Pool Party's section, which app/ fills so that neither feature imports the other).
 */
export default function BaseballMenuRoute({ pools }: { pools?: ReactNode }) {
  return (
    <ConferencesScreen
      route="baseball-menu"
      sport={'baseball_mlb'}
      title="Baseball"
      teamRoute="baseball-team"
      links={
        <>
          <RouteButton to="baseball-schedule" variant="outlined" size="small">
            Schedule
          </RouteButton>
          <RouteButton to="baseball-home" variant="outlined" size="small">
            {SPORT_INFO.baseball_mlb.words.league}s
          </RouteButton>
        </>
      }
    >
      {pools}
    </ConferencesScreen>
  );
}
