import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';

/** The NFC: its divisions and standings. */
export default function FootballConferenceNfcRoute() {
  return (
    <ConferencesScreen
      route="football-conference-nfc"
      sport={'americanfootball_nfl'}
      title="NFC"
      conferences={['NFC']}
      teamRoute="football-team"
      links={
        <>
          <RouteButton to="football-conference-afc" variant="outlined" size="small">
            AFC
          </RouteButton>
          <RouteButton to="football-schedule" variant="outlined" size="small">
            Schedule
          </RouteButton>
        </>
      }
    />
  );
}
