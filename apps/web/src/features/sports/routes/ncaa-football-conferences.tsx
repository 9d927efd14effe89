import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';

/** College football by conference, with standings. */
export default function NcaaFootballConferencesRoute() {
  return (
    <ConferencesScreen
      route="ncaa-football-conferences"
      sport={'americanfootball_ncaaf'}
      title="College football conferences"
      teamRoute="ncaa-football-team"
      links={
        <>
          <RouteButton to="ncaa-football-schedule" variant="outlined" size="small">
            Schedule
          </RouteButton>
        </>
      }
    />
  );
}
