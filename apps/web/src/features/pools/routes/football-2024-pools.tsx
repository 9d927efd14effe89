import { PoolsScreen } from '../components/pools-screen';

export default function Football2024PoolsRoute() {
  return <PoolsScreen route="football-2024-pools" sport="americanfootball_nfl" fixedSeason={2024} />;
}
