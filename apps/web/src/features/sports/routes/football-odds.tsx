import { OddsScreen } from '../components/odds-screen';

/** This week of NFL odds from every book. */
export default function FootballOddsRoute() {
  return <OddsScreen route="football-odds" sport={'americanfootball_nfl'} teamRoute="football-team" />;
}
