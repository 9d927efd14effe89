import { PoolsScreen } from '../components/pools-screen';

export default function Football2023PoolsRoute() {
  return <PoolsScreen route="football-2023-pools" sport="americanfootball_nfl" fixedSeason={2023} />;
}
