import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';

/** The American and National Leagues by division, with standings. */
export default function BaseballHomeRoute() {
  return (
    <ConferencesScreen
      route="baseball-home"
      sport={'baseball_mlb'}
      title="MLB conferences"
      teamRoute="baseball-team"
      links={
        <>
          <RouteButton to="baseball-schedule" variant="outlined" size="small">
            Schedule
          </RouteButton>
        </>
      }
    />
  );
}
