import { TeamScreen } from '../components/team-screen';

/** An NFL team this season. */
export default function FootballTeamRoute() {
  return <TeamScreen route="football-team" sport={'americanfootball_nfl'} teamRoute="football-team" />;
}
