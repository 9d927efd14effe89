import { TeamScreen } from '../components/team-screen';

/** An NFL team in 2024. */
export default function Football2024TeamRoute() {
  return (
    <TeamScreen
      route="football-2024-team"
      sport={'americanfootball_nfl'}
      fixedSeason={2024}
      teamRoute="football-2024-team"
    />
  );
}
