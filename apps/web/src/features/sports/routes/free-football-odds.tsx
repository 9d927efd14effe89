import { OddsScreen } from '../components/odds-screen';

/** This week of NFL odds from every book, free (no login). */
export default function FreeFootballOddsRoute() {
  return <OddsScreen route="free-football-odds" sport={'americanfootball_nfl'} free teamRoute="football-team" />;
}
