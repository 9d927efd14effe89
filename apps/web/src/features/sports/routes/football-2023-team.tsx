import { TeamScreen } from '../components/team-screen';

/** An NFL team in 2023. */
export default function Football2023TeamRoute() {
  return (
    <TeamScreen
      route="football-2023-team"
      sport={'americanfootball_nfl'}
      fixedSeason={2023}
      teamRoute="football-2023-team"
    />
  );
}
