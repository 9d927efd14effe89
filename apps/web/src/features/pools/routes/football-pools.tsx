import { PoolsScreen } from '../components/pools-screen';

export default function FootballPoolsRoute() {
  return <PoolsScreen route="football-pools" sport="americanfootball_nfl" />;
}
