import { PoolsScreen } from '../components/pools-screen';

export default function ClassicFootballPoolsRoute() {
  return <PoolsScreen route="classic-football-pools" sport="americanfootball_nfl" fixedSeason={2022} />;
}
