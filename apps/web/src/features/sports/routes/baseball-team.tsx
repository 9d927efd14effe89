import { TeamScreen } from '../components/team-screen';

/** An MLB team this season. */
export default function BaseballTeamRoute() {
  return <TeamScreen route="baseball-team" sport={'baseball_mlb'} teamRoute="baseball-team" />;
}
