import { OddsScreen } from '../components/odds-screen';

/** This week of college football odds from every book. */
export default function NcaaFootballOddsRoute() {
  return <OddsScreen route="ncaa-football-odds" sport={'americanfootball_ncaaf'} teamRoute="ncaa-football-team" />;
}
