import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';
import { SPORT_INFO } from '../lib/sports';

/** The American and National Leagues by division, with standings. */
export default function BaseballHomeRoute() {
  return (
    <ConferencesScreen
      route="baseball-home"
      sport={'baseball_mlb'}
      title={`MLB ${SPORT_INFO.baseball_mlb.words.league.toLowerCase()}s`}
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
