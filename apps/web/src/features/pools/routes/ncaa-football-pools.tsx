import { PoolsScreen } from '../components/pools-screen';

export default function NcaaFootballPoolsRoute() {
  return <PoolsScreen route="ncaa-football-pools" sport="americanfootball_ncaaf" />;
}
