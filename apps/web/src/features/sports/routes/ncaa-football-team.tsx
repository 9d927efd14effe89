import { TeamScreen } from '../components/team-screen';

/** A college football team this season. */
export default function NcaaFootballTeamRoute() {
  return <TeamScreen route="ncaa-football-team" sport={'americanfootball_ncaaf'} teamRoute="ncaa-football-team" />;
}
