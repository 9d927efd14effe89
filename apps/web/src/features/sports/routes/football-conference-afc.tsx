import { RouteButton } from '../../../components/route-link';
import { ConferencesScreen } from '../components/conferences-screen';

/** The AFC: its divisions and standings. */
export default function FootballConferenceAfcRoute() {
  return (
    <ConferencesScreen
      route="football-conference-afc"
      sport={'americanfootball_nfl'}
      title="AFC"
      conferences={['AFC']}
      teamRoute="football-team"
      links={
        <>
          <RouteButton to="football-conference-nfc" variant="outlined" size="small">
            NFC
          </RouteButton>
          <RouteButton to="football-schedule" variant="outlined" size="small">
            Schedule
          </RouteButton>
        </>
      }
    />
  );
}
