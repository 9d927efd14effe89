import { OddsScreen } from '../components/odds-screen';

/** This week of college football odds from every book, free (no login). */
export default function FreeCollegeFootballOddsRoute() {
  return (
    <OddsScreen
      route="free-college-football-odds"
      sport={'americanfootball_ncaaf'}
      free
      teamRoute="ncaa-football-team"
    />
  );
}
